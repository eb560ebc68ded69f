/** The environment of this test process with `overrides`, for child processes (CLI, server). */
export function childEnv(overrides: Record<string, string>): NodeJS.ProcessEnv {
  return { ...process.env, ...overrides };
}
