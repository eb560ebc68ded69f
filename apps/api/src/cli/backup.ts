/**
 * `npm run backup -- --out FILE [--server URL]`: one consistent archive of the database and
 * the uploaded files (docs/decisions/005-backups.md). On PostgreSQL it connects itself; on the
 * embedded database it asks the running server (found through DATA_DIR/server.json) or, when
 * none runs, opens DATA_DIR itself.
 */
import { createWriteStream, existsSync, readdirSync } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import * as tar from 'tar';
import { openPglite, openPostgres } from '../db/client';
import { EnvError, loadConfig, type Config } from '../env';
import { claimDataDir, dataDirOwner, DataDirInUseError } from '../lib/data-dir-owner';
import { resolveJwtSecret } from '../lib/secrets';
import { BackupError, MANIFEST, ManifestSchema, type Manifest } from '../backup/backup-format';
import { BACKUP_SIGNATURE_HEADER, signBackupRequest } from '../modules/backup/backup.routes';
import { createBackup, workDirOf } from '../backup/backup.service';
import { LocalFileStorage } from '../files/storage/local-storage';
import { usePrivateUmask } from '../lib/private-files';

const USAGE = 'Usage: npm run backup -- --out FILE [--server URL]';

async function throughServer(config: Config, server: string, partial: string): Promise<void> {
  const secret = await resolveJwtSecret(config.jwtSecret, config.dataDir);
  let response: Response;
  try {
    response = await fetch(new URL('/api/backup/', server), {
      headers: { [BACKUP_SIGNATURE_HEADER]: signBackupRequest(secret) },
    });
  } catch (error) {
    throw new BackupError(
      `The server at ${server} does not answer (${(error as Error).message}). Is it running?`,
    );
  }
  if (!response.ok || !response.body) {
    const body = await response.text();
    let detail = body;
    try {
      detail = (JSON.parse(body) as { detail?: string }).detail ?? body;
    } catch {
      // Not JSON: show it as it is.
    }
    const hint =
      response.status === 401 ? ' (the server has another JWT secret: is DATA_DIR the same?)' : '';
    throw new BackupError(`The server at ${server} answered ${response.status}${hint}: ${detail}`);
  }
  await pipeline(Readable.fromWeb(response.body), createWriteStream(partial, { mode: 0o600 }));
}

async function direct(config: Config, partial: string): Promise<void> {
  const pgliteDir = join(config.dataDir, 'pglite');
  if (!config.databaseUrl && (!existsSync(pgliteDir) || readdirSync(pgliteDir).length === 0)) {
    throw new BackupError(
      `No embedded database in ${pgliteDir}: set DATA_DIR (or DATABASE_URL) to the site's.`,
    );
  }
  const claim = config.databaseUrl ? undefined : await claimDataDir(config.dataDir, 'backup');
  try {
    const database = config.databaseUrl
      ? await openPostgres(config.databaseUrl)
      : await openPglite({ dataDir: pgliteDir });
    try {
      await createBackup(
        {
          database,
          storage: new LocalFileStorage(join(config.dataDir, 'files')),
          workDir: workDirOf(config.dataDir),
        },
        createWriteStream(partial, { mode: 0o600 }),
      );
    } finally {
      await database.close();
    }
  } finally {
    await claim?.release();
  }
}

/** Reads the archive to its end (so a cut-off download is caught) and returns its manifest. */
async function readManifest(file: string): Promise<Manifest> {
  let text = '';
  await tar.list({
    file,
    strict: true,
    onReadEntry: (entry) => {
      if (entry.path === MANIFEST) entry.on('data', (chunk: Buffer) => (text += chunk.toString()));
      else entry.resume();
    },
  });
  const parsed = ManifestSchema.safeParse(JSON.parse(text || 'null'));
  if (!parsed.success) throw new BackupError(`${file} has no valid ${MANIFEST}`);
  return parsed.data;
}

async function main(): Promise<void> {
  // The archive and anything written in DATA_DIR are the site user's only.
  usePrivateUmask();
  const { values } = parseArgs({
    options: { out: { type: 'string' }, server: { type: 'string' }, help: { type: 'boolean' } },
  });
  if (values.help || !values.out) {
    console.log(USAGE);
    process.exitCode = values.help ? 0 : 1;
    return;
  }
  const config = loadConfig();
  const out = resolve(values.out);
  const partial = `${out}.partial`;
  const owner = config.databaseUrl ? null : dataDirOwner(config.dataDir);
  if (owner && !owner.url && !values.server) {
    throw new BackupError(
      `The server (process ${owner.pid}) is starting; try again when it serves.`,
    );
  }
  const server = values.server ?? owner?.url ?? undefined;
  const started = performance.now();
  try {
    if (server) {
      console.log(`Taking the backup through the running server at ${server} …`);
      await throughServer(config, server, partial);
    } else {
      console.log(
        `Taking the backup from ${config.databaseUrl ? 'PostgreSQL' : `the embedded database in ${config.dataDir}`} …`,
      );
      await direct(config, partial);
    }
    const manifest = await readManifest(partial);
    await rename(partial, out);
    const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      `Backup written to ${out}: ${manifest.tables.length} tables, ${rows} rows, ${manifest.files.length} files, schema at ${manifest.migration.tag ?? manifest.migration.when} (${seconds} s).`,
    );
    if (manifest.missingFiles.length > 0) {
      // The archive is kept (it holds everything else), but a scheduled run must not look fine.
      console.error(
        `Warning: ${manifest.missingFiles.length} uploaded files that the database names were missing from ${join(config.dataDir, 'files')} (on the server's side when taken through it) and are not in the backup. ` +
          `Is DATA_DIR the site's? Missing: ${manifest.missingFiles.slice(0, 5).join(', ')}${manifest.missingFiles.length > 5 ? ', …' : ''}`,
      );
      process.exitCode = 1;
    }
  } finally {
    await rm(partial, { force: true });
  }
}

main().catch((error: unknown) => {
  if (
    error instanceof BackupError ||
    error instanceof EnvError ||
    error instanceof DataDirInUseError
  ) {
    console.error(`Backup failed: ${error.message}`);
  } else {
    console.error('Backup failed:', error);
  }
  process.exit(1);
});
