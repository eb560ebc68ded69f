import { defineConfig } from 'vitest/config';
import { apiProjects } from './apps/api/vitest.projects';
import { webProjects } from './apps/web/vitest.projects';

const root = import.meta.dirname;

// `npm test` at the root: every workspace's tests in one run with one summary.
export default defineConfig({
  test: {
    projects: [
      `${root}/packages/shared`,
      ...apiProjects(`${root}/apps/api`),
      ...webProjects(`${root}/apps/web`),
    ],
    reporters: ['default', './scripts/summary-reporter.ts'],
  },
});
