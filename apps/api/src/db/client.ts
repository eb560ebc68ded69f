import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { DatabaseKind } from '@bagysh/shared';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { MIGRATIONS_DIR } from '../lib/paths';
import * as schema from './schema';

/** Drizzle over either driver: the one query API every service uses. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** Rows of a raw SQL query, on either driver (both answer `{ rows }`). */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}

export interface Database {
  kind: DatabaseKind;
  db: Db;
  /** Applies every committed migration that has not run yet. */
  migrate(): Promise<void>;
  /** Throws unless the database answers a trivial query. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

const drizzleOptions = { schema, casing: 'snake_case' } as const;

export interface PgliteSource {
  /** Directory to persist in; unset keeps the database in memory. */
  dataDir?: string;
  /** A `dumpDataDir()` archive to start from (tests use a migrated template). */
  loadDataDir?: Blob | File;
}

export interface PgliteDatabase extends Database {
  /** A gzipped archive of the whole database, loadable with `loadDataDir`. */
  dumpDataDir(): Promise<Blob>;
}

export async function openPglite(source: PgliteSource = {}): Promise<PgliteDatabase> {
  if (source.dataDir) await mkdir(source.dataDir, { recursive: true });
  const client = await PGlite.create({
    dataDir: source.dataDir,
    loadDataDir: source.loadDataDir,
    extensions: { pg_trgm },
  });
  const db = drizzlePglite(client, drizzleOptions) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    migrate: () =>
      migratePglite(drizzlePglite(client, drizzleOptions), { migrationsFolder: MIGRATIONS_DIR }),
    ping: async () => {
      await client.query('select 1');
    },
    close: () => client.close(),
    dumpDataDir: () => client.dumpDataDir('gzip'),
  };
}

export async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle client that loses its connection must not crash the process.
  pool.on('error', () => undefined);
  const db = drizzlePg(pool, drizzleOptions) as unknown as Db;
  return {
    kind: 'postgres',
    db,
    migrate: () => migratePg(drizzlePg(pool, drizzleOptions), { migrationsFolder: MIGRATIONS_DIR }),
    ping: async () => {
      await pool.query('select 1');
    },
    close: () => pool.end(),
  };
}

/** PostgreSQL at `databaseUrl` when given, otherwise PGlite persisted in `dataDir`. */
export function openDatabase(options: {
  databaseUrl?: string;
  dataDir: string;
}): Promise<Database> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl)
    : openPglite({ dataDir: `${options.dataDir}/pglite` });
}
