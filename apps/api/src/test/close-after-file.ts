import { afterAll } from 'vitest';

/**
 * What a test file opened and must close after its last test: the apps of `createTestApp`.
 * Not an `afterAll` where they are made: Vitest silently ignores one registered inside a hook
 * or a test, where most apps are made, and their job timers, database and data dir then
 * outlived the file. Loaded as a setup file before every API test file, this module imports
 * nothing of the app, so a test file's `vi.mock` still comes before the app's modules.
 *
 * The list lives on the global object: files that share a process (`isolate: false`) evaluate
 * this setup file again for each file, while the test helpers that call `closeAfterFile` keep
 * the module they first imported.
 */
const CLOSES = Symbol.for('bagysh.test.closeAfterFile');
const global = globalThis as { [CLOSES]?: (() => Promise<void>)[] };
const closes = (global[CLOSES] ??= []);

/** Runs `close` after the running test file's last test (newest first). */
export function closeAfterFile(close: () => Promise<void>): void {
  closes.push(close);
}

afterAll(async () => {
  for (const close of closes.splice(0).reverse()) await close();
});
