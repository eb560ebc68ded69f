import { buildApp } from './app';
import { openDatabase } from './db/client';
import { loadDemoDataOnce } from './db/seed';
import { EnvError, loadConfig } from './env';
import { resolveJwtSecret } from './lib/secrets';
import { ensureFirstAdmin } from './modules/users/bootstrap-admin';

async function main() {
  const config = loadConfig();
  config.jwtSecret = await resolveJwtSecret(config.jwtSecret, config.dataDir);

  const database = await openDatabase(config);
  await database.migrate();
  await ensureFirstAdmin(database.db, {
    username: config.adminUsername,
    password: config.adminPassword,
    dataDir: config.dataDir,
  });
  const app = await buildApp({ config, database });
  if (await loadDemoDataOnce(database.db)) app.log.info('demonstration data loaded');

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    // app.close() waits for in-flight requests, then closes the database (onClose hook).
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  const address = await app.listen({ port: config.port, host: config.host });
  app.log.info(`database: ${database.kind}`);
  // Printed plainly (not only as a JSON log line) so a person sees where to go.
  console.log(`\nБагыш санжырасы is running at ${address.replace('0.0.0.0', '127.0.0.1')}\n`);
}

main().catch((error: unknown) => {
  if (error instanceof EnvError) {
    console.error(error.message);
  } else {
    console.error('Start-up failed:', error);
  }
  process.exit(1);
});
