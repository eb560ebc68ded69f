import { randomBytes } from 'node:crypto';
import { readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp, type App } from '../app';
import { openPglite, openPostgres, type Database } from '../db/client';
import { loadConfig, type Config } from '../env';
import { withDatabase } from './global-setup';
import { closeAfterFile } from './close-after-file';

let templateDump: Blob | undefined;

/**
 * A copy of the migrated template database on the test PostgreSQL server (global-setup):
 * its URL, and `drop()` to remove it.
 */
export async function copyPostgresTemplate(): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = inject('postgresAdminUrl');
  const template = inject('postgresTemplate');
  const name = `${template.replace(/_template$/, '')}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  await admin.end();
  return {
    url: withDatabase(adminUrl, name),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/** The migrated PGlite template of global-setup, as a dump PGlite loads. */
export async function pgliteTemplate(): Promise<Blob> {
  templateDump ??= new Blob([await readFile(inject('pgliteTemplate'))]);
  return templateDump;
}

/**
 * A fresh, migrated database for one test file: a copy of the template made by
 * global-setup, on PGlite or PostgreSQL depending on the test project.
 */
export async function createTestDatabase(): Promise<Database> {
  if (inject('dbKind') === 'pglite') return openPglite({ loadDataDir: await pgliteTemplate() });
  const copy = await copyPostgresTemplate();
  const database = await openPostgres(copy.url);
  return {
    ...database,
    close: async () => {
      await database.close();
      await copy.drop();
    },
  };
}

/**
 * Settings for a test app. Each gets a data dir of its own (made when first written to): test
 * files run in parallel, and one's uploads or backups must not meet another's.
 */
export function testConfig(overrides: Partial<Config> = {}): Config {
  const dataDir = join(tmpdir(), `bagysh-test-data-${randomBytes(6).toString('hex')}`);
  return {
    ...loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: dataDir }),
    jwtSecret: 'test-secret-that-is-long-enough-for-hs256-signing',
    ...overrides,
  };
}

/**
 * `buildApp()` on a fresh database, closed (and the database dropped) after the file's tests.
 */
export async function createTestApp(overrides: Partial<Config> = {}): Promise<App> {
  const database = await createTestDatabase();
  const config = testConfig(overrides);
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  closeAfterFile(async () => {
    await app.close();
    if (overrides.dataDir === undefined) await rm(config.dataDir, { recursive: true, force: true });
  });
  return app;
}
