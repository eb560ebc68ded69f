import { buildApp } from './app';
import { openDatabase } from './db/client';
import { isBrandNewDatabase, loadDemoDataOnce, wantsDemoData } from './demo/seed';
import { EnvError, loadConfig } from './env';
import { recomputePresumedLivingYearly } from './genealogy/presumed-living';
import { warmTribeStats } from './genealogy/tribe-stats';
import { claimDataDir, DataDirInUseError } from './lib/data-dir-owner';
import { makePrivate, usePrivateUmask } from './lib/private-files';
import { resolveJwtSecret } from './lib/secrets';
import { ensureFirstAdmin } from './modules/accounts/bootstrap-admin';

async function main() {
  // Before anything is written: every folder and file of DATA_DIR is the server's user's only.
  usePrivateUmask();
  const config = loadConfig();
  config.jwtSecret = await resolveJwtSecret(config.jwtSecret, config.dataDir);

  // The embedded database must not be opened by two processes (npm run backup finds us here).
  const claim = config.databaseUrl ? undefined : await claimDataDir(config.dataDir, 'server');
  const database = await openDatabase(config);
  const brandNew = await isBrandNewDatabase(database);
  await database.migrate();
  // The living rule's stored presumptions, as of this year (genealogy/presumed-living.ts).
  await recomputePresumedLivingYearly(database.db);
  // What an older version, a hand or PGlite (0666 whatever the umask) left open.
  await makePrivate(config.dataDir);
  await ensureFirstAdmin(database.db, {
    username: config.adminUsername,
    password: config.adminPassword,
    dataDir: config.dataDir,
  });
  const app = await buildApp({ config, database });
  if (wantsDemoData(config.demoData, database.kind, brandNew)) {
    if (await loadDemoDataOnce(database.db)) app.log.info('demonstration data loaded');
  }

  // Graceful shutdown: stop accepting connections, let requests in flight finish (their
  // keep-alive connections get 503 for anything new), close the database (an onClose hook),
  // let go of DATA_DIR, exit 0. A second signal, or SHUTDOWN_TIMEOUT_SECONDS, exits 1.
  let closing = false;
  const exitAfterRelease = (code: number) => {
    // Without a claim (PostgreSQL) there is nothing to release: exit all the same.
    void (claim ? claim.release() : Promise.resolve()).finally(() => process.exit(code));
  };
  const shutdown = (signal: string) => {
    if (closing) {
      app.log.error({ signal }, 'second signal: exiting without waiting for requests in flight');
      exitAfterRelease(1);
      return;
    }
    closing = true;
    const seconds = config.shutdownTimeoutSeconds;
    app.log.info(
      { signal, timeoutSeconds: seconds },
      'shutting down: finishing requests in flight',
    );
    setTimeout(() => {
      app.log.error(
        { timeoutSeconds: seconds },
        'shutdown timed out (SHUTDOWN_TIMEOUT_SECONDS): exiting with requests still in flight',
      );
      exitAfterRelease(1);
    }, seconds * 1000);
    app.close().then(
      async () => {
        await claim?.release();
        app.log.info('stopped');
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
  warmTribeStats(database.db).catch((error: unknown) =>
    app.log.warn({ err: error }, 'the tribe statistics could not be computed at the start'),
  );
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
