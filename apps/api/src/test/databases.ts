import { inject } from 'vitest';
import { createPostgresDatabase } from '../../../../scripts/postgres-database';

/** The PostgreSQL server of the test run, if any (also seen by the PGlite project). */
export const testPostgresUrl: string | undefined = process.env.TEST_DATABASE_URL || undefined;

/** A new database without any table (for restores), and how to drop it. */
export function createEmptyPostgresDatabase(
  adminUrl: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  return createPostgresDatabase(adminUrl, 'bagysh_test_empty');
}

/**
 * A property test's runs shared out between the two databases when the test run has both: each
 * takes half, with a seed of its own, so together they check as many cases as one did alone and
 * both drivers see the property hold. Without PostgreSQL, PGlite takes them all.
 */
export function sharedRuns(total: number, seed: number): { numRuns: number; seed: number } {
  if (testPostgresUrl === undefined) return { numRuns: total, seed };
  const onPostgres = inject('dbKind') === 'postgres';
  return { numRuns: Math.ceil(total / 2), seed: onPostgres ? seed + 1 : seed };
}
