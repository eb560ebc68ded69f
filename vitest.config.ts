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
    // Two files at a time: with Vitest's default on two cores (one) the second core sat idle
    // while a file waited on PostgreSQL or a child server. The e2e project runs its files one
    // at a time (apps/web/vitest.projects.ts); `npm test` runs it in a process of its own
    // beside the others (scripts/test.ts).
    maxWorkers: 2,
    reporters: ['default', './scripts/summary-reporter.ts'],
  },
});
