/**
 * `npm run restore -- FILE`: restores an archive made by `npm run backup` into an empty
 * target: the PostgreSQL database at DATABASE_URL, or the embedded database in DATA_DIR;
 * uploaded files into DATA_DIR/files (docs/decisions/005-backups.md).
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { EnvError, loadConfig } from '../env';
import { claimDataDir, DataDirInUseError } from '../lib/data-dir-owner';
import { BackupError } from '../backup/backup-format';
import { restoreBackup } from '../backup/restore.service';
import { usePrivateUmask } from '../lib/private-files';

const USAGE =
  'Usage: npm run restore -- FILE   (into DATABASE_URL, or the embedded database in DATA_DIR)';

async function main(): Promise<void> {
  // The archive and anything written in DATA_DIR are the site user's only.
  usePrivateUmask();
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { help: { type: 'boolean' } },
  });
  const [file] = positionals;
  if (values.help || !file || positionals.length > 1) {
    console.log(USAGE);
    process.exitCode = values.help ? 0 : 1;
    return;
  }
  const config = loadConfig();
  const target = config.databaseUrl
    ? `the PostgreSQL database at DATABASE_URL, files into ${resolve(config.dataDir, 'files')}`
    : `the embedded database and files in ${resolve(config.dataDir)}`;
  console.log(`Restoring ${resolve(file)} into ${target} …`);
  const claim = config.databaseUrl ? undefined : await claimDataDir(config.dataDir, 'restore');
  try {
    const manifest = await restoreBackup(resolve(file), {
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
    });
    const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
    console.log(
      `Restored the backup of ${manifest.createdAt} (from ${manifest.source}): ${rows} rows, ${manifest.files.length} files. ` +
        'Start the site as usual; members whose sessions were signed with another JWT secret sign in again.',
    );
  } finally {
    await claim?.release();
  }
}

main().catch((error: unknown) => {
  if (
    error instanceof BackupError ||
    error instanceof EnvError ||
    error instanceof DataDirInUseError
  ) {
    console.error(`Restore failed: ${error.message}`);
  } else {
    console.error('Restore failed:', error);
  }
  process.exit(1);
});
