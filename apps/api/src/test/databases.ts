import { createPostgresDatabase } from '../../../../scripts/postgres-database';

/** The PostgreSQL server of the test run, if any (also seen by the PGlite project). */
export const testPostgresUrl: string | undefined = process.env.TEST_DATABASE_URL || undefined;

/** A new database without any table (for restores), and how to drop it. */
export function createEmptyPostgresDatabase(
  adminUrl: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  return createPostgresDatabase(adminUrl, 'bagysh_test_empty');
}
