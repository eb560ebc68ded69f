import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import {
  copyFile,
  link,
  mkdir,
  mkdtemp,
  readdir,
  rm,
  rmdir,
  stat,
  writeFile,
} from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { PassThrough, type Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { sql } from 'drizzle-orm';
import * as tar from 'tar';
import { queryRows, type Database, type Db } from '../db/client';
import { withBlobRemovalsPaused } from '../files/blob-removal-pause';
import type { LocalFileStorage } from '../files/storage/local-storage';
import {
  BACKUP_FORMAT,
  BACKUP_VERSION,
  BackupError,
  blobPath,
  FILES_DIR,
  localMigrations,
  MANIFEST,
  tablePath,
  TABLES_DIR,
  type Manifest,
} from './backup-format';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface BackupSource {
  database: Database;
  storage: LocalFileStorage;
  /** A folder on the same file system as the storage: the archive is assembled there. */
  workDir: string;
}

const FETCH_ROWS = 2000;

/** Where the backups and restores of a data dir assemble their archives. */
export const workDirOf = (dataDir: string) => join(dataDir, 'backup-tmp');

/** Spools older than this were left by a process that died mid-backup (none takes a day). */
const STALE_SPOOL_MS = 24 * 3600 * 1000;

/**
 * A new folder in `workDir`. The work dir goes when its last spool goes, so one
 * finishing meanwhile may remove it between our mkdir and mkdtemp: then again.
 */
export async function makeSpool(workDir: string, prefix: string): Promise<string> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      // Both steps can meet the removal: a recursive mkdir stats what it found existing.
      await mkdir(workDir, { recursive: true });
      return await mkdtemp(join(workDir, prefix));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || attempt >= 3) throw error;
    }
  }
}

/** Removes what a crashed backup or restore left in `workDir` (its hard links keep blobs alive). */
async function removeStaleSpools(workDir: string): Promise<void> {
  for (const name of await readdir(workDir)) {
    const path = join(workDir, name);
    const info = await stat(path).catch(() => undefined);
    if (info && Date.now() - info.mtimeMs > STALE_SPOOL_MS) {
      await rm(path, { recursive: true, force: true });
    }
  }
}

async function writeLines(path: string, next: () => Promise<string[]>): Promise<number> {
  const out = createWriteStream(path, { mode: 0o600 });
  let rows = 0;
  try {
    for (;;) {
      const lines = await next();
      if (lines.length === 0) break;
      rows += lines.length;
      if (!out.write(`${lines.join('\n')}\n`)) await once(out, 'drain');
    }
  } finally {
    out.end();
    await once(out, 'close');
  }
  return rows;
}

/**
 * Writes every table of the `public` schema to `spool` as JSON lines, inside the
 * caller's snapshot, and returns what the manifest needs. A cursor per table keeps
 * memory flat whatever the table's size.
 */
async function dumpSnapshot(tx: Tx, spool: string) {
  const [migration] = await queryRows<{ when: string; count: number }>(
    tx,
    sql`select max(created_at)::text as when, count(*)::int as count from drizzle.__drizzle_migrations`,
  );
  if (!migration?.when)
    throw new BackupError('The database has no migrations applied: nothing to back up.');
  const tableNames = await queryRows<{ name: string }>(
    tx,
    sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p') order by c.relname`,
  );
  await mkdir(join(spool, TABLES_DIR), { recursive: true });
  const tables: Manifest['tables'] = [];
  for (const { name } of tableNames) {
    await tx.execute(
      sql`declare backup_rows no scroll cursor for
          select row_to_json(t)::text as line from public.${sql.identifier(name)} t`,
    );
    const rows = await writeLines(join(spool, tablePath(name)), async () => {
      const batch = await queryRows<{ line: string }>(
        tx,
        sql.raw(`fetch forward ${FETCH_ROWS} from backup_rows`),
      );
      return batch.map((row) => row.line);
    });
    await tx.execute(sql`close backup_rows`);
    tables.push({ name, rows });
  }
  const sequences = await queryRows<{ name: string; value: string | null }>(
    tx,
    sql`select sequencename as name, last_value::text as value from pg_sequences
        where schemaname = 'public' order by sequencename`,
  );
  const keys = await queryRows<{ key: string }>(
    tx,
    sql`select checksum as key from files
        union select thumbnail_checksum from files where thumbnail_checksum is not null`,
  );
  const when = Number(migration.when);
  return {
    migration: {
      when,
      tag: localMigrations().find((m) => m.when === when)?.tag ?? null,
      count: migration.count,
    },
    tables,
    sequences,
    keys: keys.map((row) => row.key).sort(),
  };
}

/**
 * A hard link when the storage shares the work dir's file system (no copy), else a copy.
 * Null when the blob is missing.
 */
async function gatherBlob(
  storage: LocalFileStorage,
  key: string,
  target: string,
): Promise<number | null> {
  const source = storage.pathOf(key);
  await mkdir(dirname(target), { recursive: true });
  try {
    await link(source, target);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return null;
    if (code !== 'EXDEV' && code !== 'EPERM') throw error;
    await copyFile(source, target);
  }
  return (await stat(target)).size;
}

export interface PreparedBackup {
  manifest: Manifest;
  /** The archive, gzipped tar; the spooled copy is removed once it has been read or dropped. */
  archive: Readable;
}

/**
 * Takes one consistent backup of the database and the uploaded files and returns
 * it as an archive stream. The rows come from one REPEATABLE READ READ ONLY
 * transaction; every blob those rows name is linked aside before blob removals
 * resume, so a file deleted meanwhile is still in the archive (files uploaded after
 * the snapshot are not). On PGlite the transaction holds the database only while the
 * rows are spooled to disk; the archive is streamed afterwards. A blob that the
 * rows name but the storage lacks (lost before the backup, or a wrong DATA_DIR) does
 * not stop it: everything else is still worth keeping, and `missingFiles` says so.
 */
export async function prepareBackup(source: BackupSource): Promise<PreparedBackup> {
  const spool = await makeSpool(source.workDir, 'backup-');
  await removeStaleSpools(source.workDir);
  const dispose = async () => {
    await rm(spool, { recursive: true, force: true });
    await rmdir(source.workDir).catch(() => undefined); // left when another spool is in it
  };
  try {
    const manifest = await withBlobRemovalsPaused(source.database, async () => {
      const snapshot = await source.database.db.transaction((tx) => dumpSnapshot(tx, spool), {
        isolationLevel: 'repeatable read',
        accessMode: 'read only',
      });
      const files: Manifest['files'] = [];
      const missingFiles: string[] = [];
      for (const key of snapshot.keys) {
        const size = await gatherBlob(source.storage, key, join(spool, blobPath(key)));
        if (size === null) missingFiles.push(key);
        else files.push({ key, size });
      }
      return {
        format: BACKUP_FORMAT,
        version: BACKUP_VERSION,
        createdAt: new Date().toISOString(),
        source: source.database.kind,
        migration: snapshot.migration,
        tables: snapshot.tables,
        sequences: snapshot.sequences,
        files,
        missingFiles,
      } satisfies Manifest;
    });
    await writeFile(join(spool, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
    await mkdir(join(spool, FILES_DIR), { recursive: true });
    const archive = new PassThrough();
    pipeline(
      tar.create({ gzip: true, cwd: spool, portable: true }, [MANIFEST, TABLES_DIR, FILES_DIR]),
      archive,
    )
      .catch((error: unknown) => archive.destroy(error as Error))
      .finally(() => void dispose());
    return { manifest, archive };
  } catch (error) {
    await dispose();
    throw error;
  }
}

/** `prepareBackup`, written to `output`. */
export async function createBackup(source: BackupSource, output: Writable): Promise<Manifest> {
  const { manifest, archive } = await prepareBackup(source);
  await pipeline(archive, output);
  return manifest;
}
