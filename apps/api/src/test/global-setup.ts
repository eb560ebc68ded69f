import { randomBytes } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres } from '../db/client';
import { buildScripts } from './built-scripts';

declare module 'vitest' {
  export interface ProvidedContext {
    dbKind: 'pglite' | 'postgres';
    /** pglite: a data-dir dump (tar) of a freshly migrated database. */
    pgliteTemplate: string;
    /** postgres: admin URL and the migrated template database each test file copies. */
    postgresAdminUrl: string;
    postgresTemplate: string;
    /** The server and the command-line tools bundled for child processes (test/built-scripts.ts). */
    builtScriptsDir: string;
  }
}

/** Replaces the database name in a postgres:// URL. */
export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/** The PostgreSQL server's URL the postgres project needs (TEST_DATABASE_URL). */
function requiredAdminUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    throw new Error(
      'TEST_DATABASE_URL is not set: the PostgreSQL API suite needs a server, e.g. ' +
        'TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test (apt-get install postgresql).',
    );
  }
  return url;
}

/**
 * Runs once per test project: migrates one template database so that each test
 * file starts from a copy instead of paying for migrations (and, on PGlite, the
 * 3–5 s it takes to create a database from nothing), and bundles the programs that tests start
 * as child processes.
 */
export default async function setup(project: TestProject) {
  const kind = project.config.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';
  project.provide('dbKind', kind);
  const adminUrl = kind === 'postgres' ? requiredAdminUrl() : '';
  const scripts = await buildScripts();
  project.provide('builtScriptsDir', scripts.dir);

  if (kind === 'pglite') {
    const database = await openPglite();
    await database.migrate();
    const dump = await database.dumpDataDir();
    await database.close();
    const file = join(tmpdir(), `bagysh-pglite-template-${process.pid}.tar`);
    await writeFile(file, Buffer.from(await dump.arrayBuffer()));
    project.provide('pgliteTemplate', file);
    return async () => {
      await rm(file, { force: true });
      await scripts.remove();
    };
  }

  const prefix = `bagysh_test_${randomBytes(4).toString('hex')}`;
  const template = `${prefix}_template`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${template}`);
  const database = await openPostgres(withDatabase(adminUrl, template));
  await database.migrate();
  await database.close();
  await admin.end();
  project.provide('postgresAdminUrl', adminUrl);
  project.provide('postgresTemplate', template);

  return async () => {
    await scripts.remove();
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    const { rows } = await client.query<{ datname: string }>(
      'SELECT datname FROM pg_database WHERE datname LIKE $1',
      [`${prefix}%`],
    );
    for (const { datname } of rows)
      await client.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    await client.end();
  };
}
