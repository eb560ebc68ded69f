import type { TestProjectInlineConfiguration } from 'vitest/config';

/** Tests that need a database run twice: on PGlite and on the real PostgreSQL. */
const DB_TESTS = ['src/**/*.routes.test.ts', 'src/**/*.db.test.ts'];

/**
 * The API's test projects. Without TEST_DATABASE_URL the PostgreSQL run is left out
 * with a loud line — except under CI=true, where its set-up then fails the run.
 */
export function apiProjects(root: string): TestProjectInlineConfiguration[] {
  const common = {
    root,
    environment: 'node' as const,
    globalSetup: ['src/test/global-setup.ts'],
    setupFiles: ['../../scripts/fail-on-console-error.ts', 'src/test/close-after-file.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
  };
  const projects: TestProjectInlineConfiguration[] = [
    {
      test: {
        ...common,
        name: 'api-pglite',
        include: ['src/**/*.test.ts'],
        env: { TEST_DB: 'pglite' },
      },
    },
  ];
  if (process.env.TEST_DATABASE_URL || process.env.CI === 'true') {
    projects.push({
      test: { ...common, name: 'api-postgres', include: DB_TESTS, env: { TEST_DB: 'postgres' } },
    });
  } else {
    console.warn(
      '\n*** TEST_DATABASE_URL is not set: the API suite runs on PGlite only, NOT on PostgreSQL. ***\n',
    );
  }
  return projects;
}
