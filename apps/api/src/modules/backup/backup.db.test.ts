import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { sql } from 'drizzle-orm';
import * as tar from 'tar';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { App } from '../../app';
import { openPglite, openPostgres, queryRows, type Database } from '../../db/client';
import { createTestApp } from '../../test/app';
import { createEmptyPostgresDatabase, testPostgresUrl } from '../../test/databases';
import { withDatabase } from '../../test/global-setup';
import { createTestUser, type TestUser } from '../../test/factories';
import { LOCK_BACKUP, withBlobRemovalsPaused } from '../../files/blob-removal-pause';
import { sweepOrphans } from '../../files/file-blobs';
import { LocalFileStorage } from '../../files/storage/local-storage';
import { multipartBody, pngFile } from '../files/test/fixtures';
import { localMigrations, MANIFEST, type Manifest } from '../../backup/backup-format';
import { signBackupRequest } from './backup.routes';
import { restoreBackup, type RestoreTarget } from '../../backup/restore.service';

const SLOW = 120_000;
const dataDir = mkdtempSync(join(tmpdir(), 'bagysh-backup-test-'));
const work = mkdtempSync(join(tmpdir(), 'bagysh-backup-work-'));
let app: App;
let admin: TestUser;
let member: TestUser;
const cleanups: (() => Promise<void>)[] = [];

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  await rm(dataDir, { recursive: true, force: true });
  await rm(work, { recursive: true, force: true });
});

async function upload(user: TestUser, name: string, content: Buffer): Promise<{ id: number }> {
  const form = multipartBody([
    { name: 'visibility', value: 'public' },
    { name: 'file', filename: name, value: content },
  ]);
  const response = await app.inject({
    method: 'POST',
    url: '/api/files/',
    headers: { ...form.headers, ...user.headers },
    payload: form.payload,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: number }>();
}

async function post(user: TestUser, url: string, payload: object): Promise<{ id: number }> {
  const response = await app.inject({ method: 'POST', url, headers: user.headers, payload });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: number }>();
}

/** Every row of every table (and the migrations), every sequence, every stored blob. */
interface State {
  tables: Record<string, string[]>;
  sequences: Record<string, string | null>;
  migrations: string[];
  files: Record<string, string>;
}

async function stateOf(database: Database, root: string): Promise<State> {
  const tables: Record<string, string[]> = {};
  const names = await queryRows<{ name: string }>(
    database.db,
    sql`select tablename as name from pg_tables where schemaname = 'public' order by 1`,
  );
  for (const { name } of names) {
    const rows = await queryRows<{ line: string }>(
      database.db,
      sql`select row_to_json(t)::text as line from public.${sql.identifier(name)} t order by 1`,
    );
    tables[name] = rows.map((row) => row.line);
  }
  const sequences = Object.fromEntries(
    (
      await queryRows<{ name: string; value: string | null }>(
        database.db,
        sql`select sequencename as name, last_value::text as value from pg_sequences where schemaname = 'public'`,
      )
    ).map((row) => [row.name, row.value]),
  );
  const migrations = (
    await queryRows<{ line: string }>(
      database.db,
      sql`select hash || ' ' || created_at as line from drizzle.__drizzle_migrations order by id`,
    )
  ).map((row) => row.line);
  const files: Record<string, string> = {};
  const filesDir = join(root, 'files');
  if (existsSync(filesDir)) {
    for (const entry of readdirSync(filesDir, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile()) continue;
      const path = join(entry.parentPath, entry.name);
      files[relative(filesDir, path)] = createHash('sha256')
        .update(readFileSync(path))
        .digest('hex');
    }
  }
  return { tables, sequences, migrations, files };
}

async function backupThroughApi(headers: Record<string, string>): Promise<string> {
  const response = await app.inject({ method: 'GET', url: '/api/backup/', headers });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toBe('application/gzip');
  const file = join(await mkdtemp(join(work, 'archive-')), 'backup.tar.gz');
  await writeFile(file, response.rawPayload);
  return file;
}

type TargetKind = 'pglite' | 'postgres';

/** An empty target of `kind` (a new data dir, plus a new database on PostgreSQL). */
async function emptyTarget(kind: TargetKind): Promise<RestoreTarget> {
  const targetDir = await mkdtemp(join(work, 'target-'));
  if (kind === 'pglite') return { databaseUrl: undefined, dataDir: targetDir };
  const adminUrl = inject('dbKind') === 'postgres' ? inject('postgresAdminUrl') : testPostgresUrl;
  if (!adminUrl) throw new Error('no PostgreSQL server for the test');
  const database = await createEmptyPostgresDatabase(adminUrl);
  cleanups.push(() => database.drop());
  return { databaseUrl: database.url, dataDir: targetDir };
}

async function withTarget<T>(target: RestoreTarget, use: (db: Database) => Promise<T>): Promise<T> {
  const database = target.databaseUrl
    ? await openPostgres(target.databaseUrl)
    : await openPglite({ dataDir: join(target.dataDir, 'pglite') });
  try {
    return await use(database);
  } finally {
    await database.close();
  }
}

const sourceKind = inject('dbKind');
const otherKind: TargetKind = sourceKind === 'pglite' ? 'postgres' : 'pglite';
let archive: string;
let atBackup: State;
let target: RestoreTarget;

beforeAll(async () => {
  app = await createTestApp({ dataDir });
  admin = await createTestUser(app, { role: 'admin', fullName: 'Админ Админов' });
  member = await createTestUser(app, { fullName: 'Үсөн Өмүрбеков' });
  const root = await post(admin, '/api/persons/', { name: 'Багыш', birth_year: 1700 });
  const son = await post(admin, '/api/persons/', { name: 'Асан', father_id: root.id });
  await post(admin, '/api/persons/', { name: 'Үсөн', father_id: son.id, is_living: true });
  const photo = await upload(member, 'elder.png', await pngFile(64, 48, '#123456'));
  await upload(member, 'story.txt', Buffer.from('Багыш уруусунун санжырасы\n'.repeat(50)));
  await post(admin, '/api/news/', {
    title: 'Жаңылык',
    lead: 'Камдык көчүрмөнүн сынагы',
    body: '<p>Текст</p>',
    cover_file_id: photo.id,
  });

  atBackup = await stateOf(app.database, dataDir);
  archive = await backupThroughApi(admin.headers);

  // Changes after the backup: a person deleted, a file deleted (its blob goes), another uploaded.
  const deleted = await app.inject({
    method: 'DELETE',
    url: `/api/persons/${son.id + 1}/`,
    headers: admin.headers,
  });
  expect(deleted.statusCode, deleted.body).toBe(204);
  const removed = await app.inject({
    method: 'DELETE',
    url: `/api/files/${photo.id}/`,
    headers: admin.headers,
  });
  expect(removed.statusCode, removed.body).toBe(204);
  await upload(member, 'later.png', await pngFile(20, 20, '#654321'));
  expect(await stateOf(app.database, dataDir)).not.toEqual(atBackup);
}, SLOW);

describe('backup and restore', () => {
  it('took a state worth comparing', () => {
    expect(atBackup.tables.persons?.length).toBeGreaterThanOrEqual(3);
    expect(atBackup.tables.posts).toHaveLength(1);
    expect(atBackup.tables.files).toHaveLength(2);
    // The image, its thumbnail and the text file.
    expect(Object.keys(atBackup.files)).toHaveLength(3);
  });

  it(
    `restores into an empty ${sourceKind} target exactly what there was at backup time`,
    async () => {
      target = await emptyTarget(sourceKind);
      const manifest = await restoreBackup(archive, target);
      expect(manifest.source).toBe(sourceKind);
      const restored = await withTarget(target, (db) => stateOf(db, target.dataDir));
      expect(restored).toEqual(atBackup);
      // The restored database is at the current migration: the app's migrate() has nothing to do.
      await withTarget(target, async (db) => {
        await db.migrate();
        expect((await stateOf(db, target.dataDir)).migrations).toEqual(atBackup.migrations);
      });
    },
    SLOW,
  );

  // Moving a site between the embedded database and PostgreSQL (PGlite → PostgreSQL runs
  // wherever the test run has a PostgreSQL server).
  if (otherKind === 'pglite' || testPostgresUrl) {
    it(
      `moves a ${sourceKind} backup into ${otherKind}`,
      async () => {
        const other = await emptyTarget(otherKind);
        await restoreBackup(archive, other);
        expect(await withTarget(other, (db) => stateOf(db, other.dataDir))).toEqual(atBackup);
      },
      SLOW,
    );
  }

  it(
    'refuses a target that is not empty and leaves it as it was',
    async () => {
      const before = await withTarget(target, (db) => stateOf(db, target.dataDir));
      await expect(restoreBackup(archive, target)).rejects.toThrow(
        sourceKind === 'pglite' ? /already holds/ : /already holds uploaded files/,
      );
      // A target with an empty files folder but a database that is not empty.
      const sameDatabase: RestoreTarget = {
        databaseUrl: target.databaseUrl,
        dataDir: await mkdtemp(join(work, 'files-only-')),
      };
      if (sourceKind === 'pglite') {
        await rm(join(target.dataDir, 'files'), { recursive: true });
        await expect(restoreBackup(archive, target)).rejects.toThrow(
          /pglite already holds a database/,
        );
      } else {
        await expect(restoreBackup(archive, sameDatabase)).rejects.toThrow(
          /database at DATABASE_URL is not empty/,
        );
        expect(readdirSync(sameDatabase.dataDir)).toEqual([]);
      }
      const after = await withTarget(target, (db) => stateOf(db, target.dataDir));
      expect(after.tables).toEqual(before.tables);
    },
    SLOW,
  );

  it(
    'refuses a truncated archive and leaves the target untouched',
    async () => {
      const bytes = await readFile(archive);
      const truncated = join(work, 'truncated.tar.gz');
      await writeFile(truncated, bytes.subarray(0, Math.floor(bytes.length * 0.6)));
      const empty = await emptyTarget(sourceKind);
      await expect(restoreBackup(truncated, empty)).rejects.toThrow(
        /damaged or incomplete.*Nothing was restored/s,
      );
      expect(readdirSync(empty.dataDir)).toEqual([]);
      if (empty.databaseUrl) {
        const database = await openPostgres(empty.databaseUrl);
        const tables = await queryRows(
          database.db,
          sql`select 1 from pg_tables where schemaname in ('public', 'drizzle')`,
        );
        await database.close();
        expect(tables).toEqual([]);
      }
    },
    SLOW,
  );

  it(
    'refuses an archive whose rows or files do not match its manifest',
    async () => {
      const unpacked = await mkdtemp(join(work, 'unpacked-'));
      await tar.extract({ file: archive, cwd: unpacked });
      const manifest = JSON.parse(await readFile(join(unpacked, MANIFEST), 'utf8')) as Manifest;
      const persons = join(unpacked, 'tables', 'persons.jsonl');
      const lines = (await readFile(persons, 'utf8')).trimEnd().split('\n');
      await writeFile(persons, `${lines.slice(1).join('\n')}\n`);
      const repacked = join(work, 'missing-row.tar.gz');
      await tar.create({ gzip: true, cwd: unpacked, file: repacked }, readdirSync(unpacked));
      const empty = await emptyTarget('pglite');
      await expect(restoreBackup(repacked, empty)).rejects.toThrow(
        `table persons has ${manifest.tables.find((t) => t.name === 'persons')!.rows - 1} rows`,
      );
      expect(readdirSync(empty.dataDir)).toEqual([]);
    },
    SLOW,
  );

  it(
    'refuses an archive from a newer schema than this code knows',
    async () => {
      const unpacked = await mkdtemp(join(work, 'newer-'));
      await tar.extract({ file: archive, cwd: unpacked });
      const manifest = JSON.parse(await readFile(join(unpacked, MANIFEST), 'utf8')) as Manifest;
      const last = localMigrations().at(-1)!;
      manifest.migration = { when: last.when + 1000, tag: '9999_from-the-future', count: 99 };
      await writeFile(join(unpacked, MANIFEST), JSON.stringify(manifest));
      const newer = join(work, 'newer.tar.gz');
      await tar.create({ gzip: true, cwd: unpacked, file: newer }, readdirSync(unpacked));
      const empty = await emptyTarget('pglite');
      await expect(restoreBackup(newer, empty)).rejects.toThrow(
        /newer version of the site.*9999_from-the-future.*Update the code/,
      );
      expect(readdirSync(empty.dataDir)).toEqual([]);
    },
    SLOW,
  );

  it(
    'keeps the blob of a file deleted while a backup gathers blobs, for the sweep to remove later',
    async () => {
      const storage = new LocalFileStorage(join(dataDir, 'files'));
      const blobOf = async (content: string) => {
        const { id } = await upload(member, 'pause.txt', Buffer.from(content));
        const [row] = await queryRows<{ key: string }>(
          app.db,
          sql`select checksum as key from files where id = ${id}`,
        );
        return { id, path: storage.pathOf(row!.key) };
      };
      const remove = async (id: number) => {
        const response = await app.inject({
          method: 'DELETE',
          url: `/api/files/${id}/`,
          headers: member.headers,
        });
        expect(response.statusCode).toBe(204);
      };

      const first = await blobOf('Бөлүнбөй турган файл\n'.repeat(30));
      await withBlobRemovalsPaused(app.database, async () => {
        await remove(first.id);
        expect(existsSync(first.path)).toBe(true);
      });
      expect(existsSync(first.path)).toBe(true);

      if (sourceKind === 'postgres') {
        // A backup in another process (npm run backup on PostgreSQL) holds the lock on its own connection.
        const [current] = await queryRows<{ name: string }>(
          app.db,
          sql`select current_database() as name`,
        );
        const other = await openPostgres(withDatabase(inject('postgresAdminUrl'), current!.name));
        const second = await blobOf('Башка процесстин камдык көчүрмөсү\n'.repeat(30));
        await other.db.transaction(async (tx) => {
          await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_BACKUP}::int4, 0)`);
          await remove(second.id);
        });
        await other.close();
        expect(existsSync(second.path)).toBe(true);
      }

      await sweepOrphans({ db: app.db, storage }, new Date(Date.now() + 60_000));
      expect(existsSync(first.path)).toBe(false);
    },
    SLOW,
  );

  it(
    'still backs up, and says so, when a blob the database names is missing',
    async () => {
      const [row] = await queryRows<{ key: string }>(
        app.db,
        sql`select checksum as key from files order by id limit 1`,
      );
      const path = new LocalFileStorage(join(dataDir, 'files')).pathOf(row!.key);
      const aside = `${path}.aside`;
      await rename(path, aside);
      let response;
      try {
        response = await app.inject({ method: 'GET', url: '/api/backup/', headers: admin.headers });
      } finally {
        await rename(aside, path);
      }
      expect(response.statusCode).toBe(200);
      expect(response.headers['x-backup-missing-files']).toBe('1');
      const file = join(work, 'missing-blob.tar.gz');
      await writeFile(file, response.rawPayload);
      const restored = await restoreBackup(file, await emptyTarget('pglite'));
      expect(restored.missingFiles).toEqual([row!.key]);
      expect(restored.files.map((f) => f.key)).not.toContain(row!.key);
      expect(existsSync(join(dataDir, 'backup-tmp'))).toBe(false);
    },
    SLOW,
  );

  it('answers only admins and requests signed with the site secret', async () => {
    const get = (headers: Record<string, string>) =>
      app.inject({ method: 'GET', url: '/api/backup/', headers });
    const guest = await get({});
    expect(guest.statusCode).toBe(401);
    expect(guest.json()).toEqual({ detail: 'Кирүү талап кылынат.' });
    expect((await get(member.headers)).statusCode).toBe(403);
    expect(
      (await get({ 'x-backup-signature': signBackupRequest('another-secret-of-32-characters!!') }))
        .statusCode,
    ).toBe(401);
    const expired = signBackupRequest(app.config.jwtSecret!, Date.now() - 10 * 60_000);
    expect((await get({ 'x-backup-signature': expired })).statusCode).toBe(401);
    const signed = await get({ 'x-backup-signature': signBackupRequest(app.config.jwtSecret!) });
    expect(signed.statusCode).toBe(200);
    expect(signed.rawPayload.length).toBeGreaterThan(1000);
  });
});
