import { buildApp } from './app';
import { openDatabase } from './db/client';
import { loadDemoDataOnce } from './db/seed';
import { EnvError, loadConfig } from './env';
import { claimDataDir, DataDirInUseError } from './lib/data-dir-owner';
import { resolveJwtSecret } from './lib/secrets';
import { ensureFirstAdmin } from './modules/users/bootstrap-admin';

async function main() {
  const config = loadConfig();
  config.jwtSecret = await resolveJwtSecret(config.jwtSecret, config.dataDir);

  // The embedded database must not be opened by two processes (npm run backup finds us here).
  const claim = config.databaseUrl ? undefined : await claimDataDir(config.dataDir, 'server');
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
      async () => {
        await claim?.release();
        process.exit(0);
      },
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
  const url = address.replace('0.0.0.0', '127.0.0.1').replace('[::]', '[::1]');
  await claim?.setUrl(url);
  // Printed plainly (not only as a JSON log line) so a person sees where to go.
  console.log(`\nБагыш санжырасы is running at ${url}\n`);
}

main().catch((error: unknown) => {
  if (error instanceof EnvError || error instanceof DataDirInUseError) {
    console.error(error.message);
  } else {
    console.error('Start-up failed:', error);
  }
  process.exit(1);
});
