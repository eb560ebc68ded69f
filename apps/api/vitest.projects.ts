import type { TestProjectInlineConfiguration } from 'vitest/config';

/** Tests that need a database run twice: on PGlite and on the real PostgreSQL. */
const DB_TESTS = ['src/**/*.routes.test.ts', 'src/**/*.db.test.ts'];

/**
 * Files that replace a module with `vi.mock`: the mock must come before anything imports the
 * module, so each runs in a fresh process. The others share a process per worker (`isolate:
 * false`), which takes about 40 % off the API's test time.
 */
const ISOLATED = ['src/modules/accounts/auth.routes.test.ts'];

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
  /** A database's project, and one for its files in ISOLATED. */
  const onDatabase = (name: string, include: string[], database: 'pglite' | 'postgres') => [
    {
      test: {
        ...common,
        name,
        include,
        exclude: ISOLATED,
        isolate: false,
        env: { TEST_DB: database },
      },
    },
    {
      test: { ...common, name: `${name}-isolated`, include: ISOLATED, env: { TEST_DB: database } },
    },
  ];
  const projects: TestProjectInlineConfiguration[] = onDatabase(
    'api-pglite',
    ['src/**/*.test.ts'],
    'pglite',
  );
  if (process.env.TEST_DATABASE_URL || process.env.CI === 'true') {
    projects.push(...onDatabase('api-postgres', DB_TESTS, 'postgres'));
  } else {
    console.warn(
      '\n*** TEST_DATABASE_URL is not set: the API suite runs on PGlite only, NOT on PostgreSQL. ***\n',
    );
  }
  return projects;
}
