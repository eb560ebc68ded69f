import { defineConfig } from 'vitest/config';
import { apiProjects } from './vitest.projects';

export default defineConfig({
  test: { projects: apiProjects(import.meta.dirname) },
});
