import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { createPostgresDatabase } from '../../../../scripts/postgres-database';
import { chromiumPath } from './chromium';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    adminUsername: string;
    adminPassword: string;
    /** The server's database: PostgreSQL when the run has one (TEST_DATABASE_URL), else PGlite. */
    databaseKind: 'pglite' | 'postgres';
    /**
     * The server's DATA_DIR. It has no SMTP server: every mail is an .eml file in its outbox/
     * folder, which a test reads to follow a reset or confirmation link.
     */
    dataDir: string;
    /**
     * The port of the map's tile server (MAP_TILES_URL): nothing listens there unless a test
     * serves its stub tiles on it (map.e2e.ts); there is no internet.
     */
    tilePort: number;
  }
}

const REPO_ROOT = join(import.meta.dirname, '..', '..', '..', '..');
export const E2E_ADMIN = { username: 'admin', password: 'e2e-admin-Password-1' };

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess, log: () => string) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${log()}`);
    try {
      const response = await fetch(`${url}/api/health/`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`server did not become healthy:\n${log()}`);
}

/**
 * The server's database: a new PostgreSQL database on the test run's server when there is one
 * (TEST_DATABASE_URL), else the embedded database in DATA_DIR. Chromium and the server share
 * the machine's two cores, and PGlite runs its SQL in the server's own thread.
 */
async function e2eDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) return { url: '', drop: async () => undefined };
  return createPostgresDatabase(adminUrl, 'bagysh_e2e');
}

/**
 * Builds the site, then starts the real server on a free port with a throwaway DATA_DIR and
 * the demonstration data, as `npm start` would (on PostgreSQL when the run has one).
 */
export default async function setup(project: TestProject) {
  if (!existsSync(chromiumPath())) {
    throw new Error(
      `Chromium not found at ${chromiumPath()}: install it (apt-get install chromium) or set CHROMIUM_PATH.`,
    );
  }
  // Vitest sets NODE_ENV=test, which would make Vite build React's development bundle.
  const env = { ...process.env, NODE_ENV: 'production' };
  const build = spawnSync('npm', ['run', 'build'], { cwd: REPO_ROOT, encoding: 'utf8', env });
  if (build.status !== 0)
    throw new Error(`npm run build failed:\n${build.stdout}\n${build.stderr}`);

  const port = await freePort();
  const tilePort = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'bagysh-e2e-'));
  const database = await e2eDatabase();
  let output = '';
  const child = spawn(process.execPath, ['apps/api/dist/server.js'], {
    cwd: REPO_ROOT,
    env: {
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: database.url,
      DEMO_DATA: 'true',
      LOG_LEVEL: 'warn',
      // Every test registers and signs in from 127.0.0.1: the per-IP limits would throttle
      // the suite (the limits themselves are covered by the API tests).
      LOGIN_RATE_LIMIT: '10000',
      REGISTER_RATE_LIMIT: '10000',
      REFRESH_RATE_LIMIT: '10000',
      LOGIN_FAILURE_LIMIT: '10000',
      ADMIN_USERNAME: E2E_ADMIN.username,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      // Mail goes to DATA_DIR/outbox/, and its links to this server (PUBLIC_URL unset: the
      // address it listens on), whatever the environment running the tests says.
      SMTP_URL: '',
      PUBLIC_URL: '',
      MAP_TILES_URL: `http://127.0.0.1:${tilePort}/{z}/{x}/{y}.png`,
      MAP_TILES_ATTRIBUTION: '© e2e tiles',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));

  const baseUrl = `http://127.0.0.1:${port}`;
  await waitForHealth(baseUrl, child, () => output);
  project.provide('baseUrl', baseUrl);
  project.provide('adminUsername', E2E_ADMIN.username);
  project.provide('adminPassword', E2E_ADMIN.password);
  project.provide('databaseKind', database.url ? 'postgres' : 'pglite');
  project.provide('dataDir', dataDir);
  project.provide('tilePort', tilePort);

  return async () => {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
    await database.drop();
  };
}
