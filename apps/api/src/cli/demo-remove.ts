/**
 * `npm run demo:remove`: deletes the demonstration data (persons, clans, articles and news,
 * the poll, places and informants; see `removeDemoData`) from the database at DATABASE_URL or the embedded one in
 * DATA_DIR, and nothing a user added. It refuses, removing nothing, while rows added on the
 * site refer to demonstration persons, and says which. Running it twice is harmless.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { openPglite, openPostgres } from '../db/client';
import { DemoDataInUseError, removeDemoData } from '../demo/seed';
import { EnvError, loadConfig } from '../env';
import { claimDataDir, DataDirInUseError } from '../lib/data-dir-owner';

const USAGE =
  'Usage: npm run demo:remove   (the database at DATABASE_URL, or the embedded one in DATA_DIR; ' +
  'stop the site first when it uses the embedded database)';

class DemoRemoveError extends Error {
  override name = 'DemoRemoveError';
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { help: { type: 'boolean' } } });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const config = loadConfig();
  const pgliteDir = join(config.dataDir, 'pglite');
  if (!config.databaseUrl && (!existsSync(pgliteDir) || readdirSync(pgliteDir).length === 0)) {
    throw new DemoRemoveError(
      `No embedded database in ${pgliteDir}: set DATA_DIR (or DATABASE_URL) to the site's.`,
    );
  }
  // The embedded database must not be open in the server at the same time.
  const claim = config.databaseUrl ? undefined : await claimDataDir(config.dataDir, 'demo-remove');
  try {
    const database = config.databaseUrl
      ? await openPostgres(config.databaseUrl)
      : await openPglite({ dataDir: pgliteDir });
    try {
      // The same migrations the server applies at start: the demo marker comes with them.
      await database.migrate();
      const removed = await removeDemoData(database.db);
      const total =
        removed.persons +
        removed.clans +
        removed.posts +
        removed.polls +
        removed.places +
        removed.sources;
      if (total === 0) {
        console.log('No demonstration data to remove.');
        return;
      }
      console.log(
        `Removed the demonstration data: ${removed.persons} persons, ${removed.clans} clans, ` +
          `${removed.posts} articles and news, ${removed.polls} polls, ` +
          `${removed.places} places, ${removed.sources} informants, ` +
          `${removed.revisions} revisions of demonstration records.`,
      );
      if (removed.kept > 0) {
        console.log(
          `Kept ${removed.kept} demonstration places and informants that rows added on this ` +
            'site use; they are no longer marked as demonstration data.',
        );
      }
    } finally {
      await database.close();
    }
  } finally {
    await claim?.release();
  }
}

main().catch((error: unknown) => {
  if (
    error instanceof DemoDataInUseError ||
    error instanceof DemoRemoveError ||
    error instanceof EnvError ||
    error instanceof DataDirInUseError
  ) {
    console.error(`demo:remove failed: ${error.message}`);
  } else {
    console.error('demo:remove failed:', error);
  }
  process.exit(1);
});
