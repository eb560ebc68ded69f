import { existsSync } from 'node:fs';
import type { TestProjectInlineConfiguration } from 'vitest/config';
import { chromiumPath } from './e2e/support/chromium';

/**
 * Whether the end-to-end project is part of the run: when Chromium is there, and always under
 * CI=true, where its set-up then fails the run if it is missing.
 */
export function e2eEnabled(): boolean {
  return existsSync(chromiumPath()) || process.env.CI === 'true';
}

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
  if (e2eEnabled()) {
    projects.push({
      test: {
        root,
        name: 'e2e',
        environment: 'node',
        include: ['e2e/**/*.e2e.ts'],
        globalSetup: ['e2e/support/global-setup.ts'],
        // One browser at a time: the files share one server and its data. `npm test` runs
        // this project in a Vitest process of its own beside the others (scripts/test.ts).
        fileParallelism: false,
        testTimeout: 60_000,
        hookTimeout: 240_000,
        // expect.poll's 1 s default failed a page that took longer on a loaded machine.
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
