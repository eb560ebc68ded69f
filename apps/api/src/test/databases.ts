import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { withDatabase } from './global-setup';

/** The PostgreSQL server of the test run, if any (also seen by the PGlite project). */
export const testPostgresUrl: string | undefined = process.env.TEST_DATABASE_URL || undefined;

async function onServer(adminUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** A new database without any table (for restores), and how to drop it. */
export async function createEmptyPostgresDatabase(
  adminUrl: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `bagysh_test_empty_${randomBytes(4).toString('hex')}`;
  await onServer(adminUrl, `CREATE DATABASE ${name}`);
  return {
    url: withDatabase(adminUrl, name),
    drop: () => onServer(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}
