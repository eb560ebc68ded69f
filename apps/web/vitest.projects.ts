import { existsSync } from 'node:fs';
import type { TestProjectInlineConfiguration } from 'vitest/config';
import { chromiumPath } from './e2e/support/chromium';

/**
 * The web app's test projects: unit tests in happy-dom, and end-to-end tests in a
 * real Chromium against the built site. Without Chromium the end-to-end project is
 * left out with a loud line — except under CI=true, where its set-up fails the run.
 */
export function webProjects(root: string): TestProjectInlineConfiguration[] {
  const projects: TestProjectInlineConfiguration[] = [
    {
      test: {
        root,
        name: 'web',
        environment: 'happy-dom',
        include: ['src/**/*.test.{ts,tsx}'],
        setupFiles: ['../../scripts/fail-on-console-error.ts'],
      },
    },
  ];
  if (existsSync(chromiumPath()) || process.env.CI === 'true') {
    projects.push({
      test: {
        root,
        name: 'e2e',
        environment: 'node',
        include: ['e2e/**/*.e2e.ts'],
        globalSetup: ['e2e/support/global-setup.ts'],
        // One browser at a time: the machine has two cores, the server needs one, and the
        // other tests run beside these (scripts/test.ts).
        fileParallelism: false,
        testTimeout: 60_000,
        hookTimeout: 240_000,
        // expect.poll's 1 s default is too short beside the API tests (npm test runs both at once).
        expect: { poll: { timeout: 10_000 } },
      },
    });
  } else {
    console.warn(
      `\n*** Chromium not found at ${chromiumPath()}: end-to-end tests are NOT run ` +
        '(apt-get install chromium, or set CHROMIUM_PATH). ***\n',
    );
  }
  return projects;
}
