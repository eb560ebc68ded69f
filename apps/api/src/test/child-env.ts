/** The environment of this test process with `overrides`, for child processes (CLI, server). */
export function childEnv(overrides: Record<string, string>): NodeJS.ProcessEnv {
  return { ...process.env, ...overrides };
}

/** Only this process's `PATH` with `settings`: a child that reads no other setting of ours. */
export function settingsOnlyEnv(settings: Record<string, string>): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH ?? '', ...settings };
}
