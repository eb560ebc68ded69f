import { createHash } from 'node:crypto';
import { createReadStream, existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, rmdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { pipeline } from 'node:stream/promises';
import { sql } from 'drizzle-orm';
import * as tar from 'tar';
import { openPglite, openPostgres, queryRows, type Database, type Db } from '../db/client';
import {
  BACKUP_FORMAT,
  BACKUP_VERSION,
  BackupError,
  blobPath,
  FILES_DIR,
  localMigrations,
  MANIFEST,
  ManifestSchema,
  tablePath,
  type Manifest,
  type Migration,
} from './backup-format';
import { makeSpool, workDirOf } from './backup.service';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Where to restore: PostgreSQL at `databaseUrl`, or PGlite in `dataDir/pglite`; files in `dataDir/files`. */
export interface RestoreTarget {
  databaseUrl: string | undefined;
  dataDir: string;
}

/** Rows per INSERT, fewer when they are long (article bodies): one parameter holds them all. */
const INSERT_ROWS = 1000;
const INSERT_BYTES = 4 * 1024 * 1024;

/** True when `dir` is missing or holds folders only (an unused files store keeps `tmp/`). */
async function holdsNoFiles(dir: string): Promise<boolean> {
  if (!existsSync(dir)) return true;
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isDirectory()) return false;
  }
  return true;
}

async function databaseIsEmpty(database: Database): Promise<boolean> {
  const [row] = await queryRows<{ count: number }>(
    database.db,
    sql`select count(*)::int as count from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname in ('public', 'drizzle') and c.relkind in ('r', 'p', 'S', 'v', 'm')`,
  );
  return row?.count === 0;
}

/** The migrations the archive's schema went through, or a refusal. */
function migrationsOf(manifest: Manifest): { upTo: Migration[]; after: Migration[] } {
  const migrations = localMigrations();
  const index = migrations.findIndex((m) => m.when === manifest.migration.when);
  const last = migrations.at(-1);
  if (index < 0) {
    if (last && manifest.migration.when > last.when) {
      throw new BackupError(
        `This backup comes from a newer version of the site (its database is at migration ${manifest.migration.tag ?? manifest.migration.when}; this code knows up to ${last.tag}). Update the code, then restore.`,
      );
    }
    throw new BackupError(
      `This backup's database is at a migration this code does not know (${manifest.migration.tag ?? manifest.migration.when}): restore it with the version of the site that made it.`,
    );
  }
  return { upTo: migrations.slice(0, index + 1), after: migrations.slice(index + 1) };
}

async function countLines(path: string): Promise<number> {
  let lines = 0;
  for await (const line of createInterface({
    input: createReadStream(path),
    crlfDelay: Infinity,
  })) {
    if (line !== '') lines += 1;
  }
  return lines;
}

async function sha256Of(path: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(path), hash);
  return hash.digest('hex');
}

/** Unpacks the archive into `staging` and checks it against its manifest, before the target is touched. */
async function unpackAndCheck(archive: string, staging: string): Promise<Manifest> {
  if (!existsSync(archive)) throw new BackupError(`No such archive: ${archive}`);
  try {
    // Read to the end once before unpacking: a truncated archive then fails before any
    // write, instead of while the unpacker still has writes in flight.
    await tar.list({ file: archive, strict: true });
    await tar.extract({ file: archive, cwd: staging, strict: true });
  } catch (error) {
    throw new BackupError(
      `The archive ${archive} is damaged or incomplete (${(error as Error).message}). Nothing was restored.`,
    );
  }
  const damaged = (what: string) =>
    new BackupError(
      `The archive ${archive} is damaged or incomplete: ${what}. Nothing was restored.`,
    );
  let manifest: Manifest;
  try {
    const parsed = ManifestSchema.safeParse(
      JSON.parse(await readFile(join(staging, MANIFEST), 'utf8')),
    );
    if (!parsed.success) throw damaged(`its ${MANIFEST} is not a ${BACKUP_FORMAT} manifest`);
    manifest = parsed.data;
  } catch (error) {
    if (error instanceof BackupError) throw error;
    throw damaged(`${MANIFEST} is missing or unreadable`);
  }
  if (manifest.version > BACKUP_VERSION) {
    throw new BackupError(
      `This backup uses archive format ${manifest.version}; this code reads up to ${BACKUP_VERSION}. Update the code, then restore.`,
    );
  }
  migrationsOf(manifest);
  for (const table of manifest.tables) {
    const path = join(staging, tablePath(table.name));
    if (!existsSync(path)) throw damaged(`the rows of table ${table.name} are missing`);
    const rows = await countLines(path);
    if (rows !== table.rows) {
      throw damaged(`table ${table.name} has ${rows} rows instead of ${table.rows}`);
    }
  }
  for (const file of manifest.files) {
    const path = join(staging, blobPath(file.key));
    if (!existsSync(path)) throw damaged(`uploaded file ${file.key} is missing`);
    if ((await stat(path)).size !== file.size || (await sha256Of(path)) !== file.key) {
      throw damaged(`uploaded file ${file.key} does not match its checksum`);
    }
  }
  return manifest;
}

/** Applies migrations as drizzle's migrator does, but inside the caller's transaction. */
async function applyMigrations(tx: Tx, migrations: Migration[]): Promise<void> {
  await tx.execute(sql`create schema if not exists drizzle`);
  await tx.execute(
    sql`create table if not exists drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)`,
  );
  for (const migration of migrations) {
    for (const statement of migration.statements) await tx.execute(sql.raw(statement));
    await tx.execute(
      sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${migration.hash}, ${migration.when})`,
    );
  }
}

async function loadTable(tx: Tx, staging: string, table: string): Promise<void> {
  const columns = await queryRows<{ name: string }>(
    tx,
    sql`select attname as name from pg_attribute
        where attrelid = ${`public.${table}`}::regclass and attnum > 0
          and not attisdropped and attgenerated = '' order by attnum`,
  );
  const list = sql.join(
    columns.map((column) => sql.identifier(column.name)),
    sql`, `,
  );
  const insert = (lines: string[]) =>
    tx.execute(
      sql`insert into public.${sql.identifier(table)} (${list}) overriding system value
          select ${list} from json_populate_recordset(null::public.${sql.identifier(table)}, ${`[${lines.join(',')}]`}::json)`,
    );
  let batch: string[] = [];
  let bytes = 0;
  const input = createReadStream(join(staging, tablePath(table)));
  for await (const line of createInterface({ input, crlfDelay: Infinity })) {
    if (line === '') continue;
    batch.push(line);
    bytes += line.length;
    if (batch.length >= INSERT_ROWS || bytes >= INSERT_BYTES) {
      await insert(batch);
      batch = [];
      bytes = 0;
    }
  }
  if (batch.length > 0) await insert(batch);
}

/**
 * The schema as the archive's database had it, its rows, its sequences, then the
 * migrations that came after: one transaction, so a failure leaves nothing behind.
 * Foreign keys are dropped while the rows load (tables refer to each other both
 * ways) and added back, which checks every reference.
 */
async function loadDatabase(tx: Tx, staging: string, manifest: Manifest): Promise<void> {
  const { upTo, after } = migrationsOf(manifest);
  await applyMigrations(tx, upTo);
  const known = new Set(
    (
      await queryRows<{ name: string }>(
        tx,
        sql`select tablename as name from pg_tables where schemaname = 'public'`,
      )
    ).map((row) => row.name),
  );
  const unknown = manifest.tables.filter((table) => !known.has(table.name));
  if (unknown.length > 0) {
    throw new BackupError(
      `The archive has tables that its schema version does not create (${unknown.map((t) => t.name).join(', ')}); it was not made by this site's backup.`,
    );
  }
  const foreignKeys = await queryRows<{ table: string; name: string; definition: string }>(
    tx,
    sql`select c.relname as table, k.conname as name, pg_get_constraintdef(k.oid) as definition
        from pg_constraint k join pg_class c on c.oid = k.conrelid
        join pg_namespace n on n.oid = c.relnamespace
        where k.contype = 'f' and n.nspname = 'public' order by c.relname, k.conname`,
  );
  for (const key of foreignKeys) {
    await tx.execute(
      sql`alter table public.${sql.identifier(key.table)} drop constraint ${sql.identifier(key.name)}`,
    );
  }
  for (const table of manifest.tables) {
    await tx.execute(sql`alter table public.${sql.identifier(table.name)} disable trigger user`);
    await loadTable(tx, staging, table.name);
    await tx.execute(sql`alter table public.${sql.identifier(table.name)} enable trigger user`);
  }
  for (const key of foreignKeys) {
    await tx.execute(
      sql`alter table public.${sql.identifier(key.table)} add constraint ${sql.identifier(key.name)} ${sql.raw(key.definition)}`,
    );
  }
  for (const sequence of manifest.sequences) {
    if (sequence.value === null) continue;
    await tx.execute(
      sql`select setval(${`public.${sequence.name}`}::regclass, ${sequence.value}::bigint, true)`,
    );
  }
  await applyMigrations(tx, after);
}

/** Moves `from` to `to`, where `to` may exist as an empty folder tree. */
async function moveInto(from: string, to: string): Promise<void> {
  if (existsSync(to)) await rm(to, { recursive: true });
  await rename(from, to);
}

/**
 * Restores an archive made by `createBackup` into an empty target: PostgreSQL at
 * `databaseUrl` (a database without tables) or PGlite in `dataDir/pglite` (missing
 * or empty), and `dataDir/files` (missing or without files). The archive is unpacked
 * and checked first; nothing in the target changes unless it is whole and readable.
 */
export async function restoreBackup(archive: string, target: RestoreTarget): Promise<Manifest> {
  const filesDir = join(target.dataDir, 'files');
  const pgliteDir = join(target.dataDir, 'pglite');
  if (!(await holdsNoFiles(filesDir))) {
    throw new BackupError(
      `${filesDir} already holds uploaded files: restore only into an empty data dir (move it aside first).`,
    );
  }
  if (!target.databaseUrl && existsSync(pgliteDir) && (await readdir(pgliteDir)).length > 0) {
    throw new BackupError(
      `${pgliteDir} already holds a database: restore only into an empty data dir (move it aside first).`,
    );
  }
  if (target.databaseUrl) {
    const database = await openPostgres(target.databaseUrl);
    try {
      if (!(await databaseIsEmpty(database))) {
        throw new BackupError(
          'The PostgreSQL database at DATABASE_URL is not empty: restore only into a new database (createdb …).',
        );
      }
    } finally {
      await database.close();
    }
  }

  const workDir = workDirOf(target.dataDir);
  const staging = await makeSpool(workDir, 'restore-');
  const pgliteStaging = join(staging, 'pglite');
  try {
    const manifest = await unpackAndCheck(archive, staging);
    const database = target.databaseUrl
      ? await openPostgres(target.databaseUrl)
      : await openPglite({ dataDir: pgliteStaging });
    try {
      // Checked again: another restore may have filled it meanwhile.
      if (!(await databaseIsEmpty(database))) {
        throw new BackupError('The target database is not empty any more: nothing was restored.');
      }
      await database.db.transaction((tx) => loadDatabase(tx, staging, manifest));
    } finally {
      await database.close();
    }
    await mkdir(join(staging, FILES_DIR), { recursive: true });
    await moveInto(join(staging, FILES_DIR), filesDir);
    if (!target.databaseUrl) await moveInto(pgliteStaging, pgliteDir);
    return manifest;
  } finally {
    await rm(staging, { recursive: true, force: true, maxRetries: 5 });
    await rmdir(workDir).catch(() => undefined);
  }
}
