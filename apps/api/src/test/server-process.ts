import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { inject } from 'vitest';
import { openPglite } from '../db/client';
import { copyPostgresTemplate, pgliteTemplate } from './app';
import { scriptArgs } from './built-scripts';

const REPO_ROOT = resolve(import.meta.dirname, '../../../..');

/**
 * Settings of a real server process: on the postgres project a fresh database copied from the
 * migrated template (`DATABASE_URL`), on PGlite an empty `DATABASE_URL` (the server then
 * creates its embedded database under `DATA_DIR`). `drop()` removes the database.
 */
export async function serverDatabase(): Promise<{
  url: string;
  drop(): Promise<void>;
}> {
  if (inject('dbKind') === 'pglite') return { url: '', drop: async () => undefined };
  return copyPostgresTemplate();
}

export interface ServerProcess {
  child: ChildProcess;
  base: URL;
  /** Everything the process printed, for failure messages. */
  output(): string;
  /** Waits for the process to exit after `signal` (no-op when it has already exited). */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/**
 * `src/server.ts` in a process of its own (bundled, test/built-scripts.ts), listening on a free port of
 * 127.0.0.1; resolves once it prints the address it serves, that is once start-up (migrations,
 * clean-up of abandoned work) is over.
 *
 * On PGlite, a DATA_DIR without a database gets a copy of the migrated template first, as test
 * files do: creating and migrating an embedded database took a server 8 to 18 s to start.
 * `brandNew` leaves it empty, for tests of what a first start does.
 */
export async function startServerProcess(
  env: Record<string, string>,
  { brandNew = false }: { brandNew?: boolean } = {},
): Promise<ServerProcess> {
  const pgliteDir = env.DATA_DIR && join(env.DATA_DIR, 'pglite');
  if (!brandNew && !env.DATABASE_URL && pgliteDir && !existsSync(pgliteDir)) {
    const database = await openPglite({ dataDir: pgliteDir, loadDataDir: await pgliteTemplate() });
    await database.close();
  }
  const child = spawn(process.execPath, scriptArgs('server'), {
    cwd: REPO_ROOT,
    // Only these settings: nothing of the test run's environment leaks into the server.
    env: {
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'error',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const base = await new Promise<URL>((resolvePromise, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /running at (http:\/\/[\d.:]+)/.exec(output);
      if (match?.[1]) resolvePromise(new URL(match[1]));
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code, signal) =>
      reject(new Error(`server exited (${code ?? signal}):\n${output}`)),
    );
  });
  return {
    child,
    base,
    output: () => output,
    stop: async (signal = 'SIGTERM') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}
