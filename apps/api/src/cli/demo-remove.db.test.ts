import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { scriptArgs } from '../test/built-scripts';
import { childEnv } from '../test/child-env';
import { createEmptyPostgresDatabase } from '../test/databases';
import { startServerProcess, type ServerProcess } from '../test/server-process';

/**
 * DEMO_DATA and `npm run demo:remove` on the real server and CLI: a brand-new embedded
 * database gets the demo, a brand-new PostgreSQL database does not unless asked, and the CLI
 * removes it once, harmlessly twice, and never under a running embedded-database server.
 */

const ROOT = resolve(import.meta.dirname, '../../../..');
const SLOW = 240_000;
const kind = inject('dbKind');
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

interface Site {
  dataDir: string;
  databaseUrl: string;
}

/** A site with a brand-new database: an empty DATA_DIR, and on PostgreSQL an empty database. */
async function newSite(): Promise<Site> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bagysh-demo-test-'));
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  if (kind === 'pglite') return { dataDir, databaseUrl: '' };
  const database = await createEmptyPostgresDatabase(inject('postgresAdminUrl'));
  cleanups.push(() => database.drop());
  return { dataDir, databaseUrl: database.url };
}

async function serve(site: Site, env: Record<string, string> = {}): Promise<ServerProcess> {
  const server = await startServerProcess(
    {
      DATA_DIR: site.dataDir,
      DATABASE_URL: site.databaseUrl,
      JWT_SECRET: 'demo-test-secret-that-is-long-enough-for-hs256-signing',
      ADMIN_USERNAME: 'admin',
      ADMIN_PASSWORD: 'Tuura-Syrsoz-2024',
      ...env,
    },
    { brandNew: true },
  );
  cleanups.push(() => server.stop('SIGKILL'));
  return server;
}

/** Whether the demo tree's root is there. */
async function hasDemo(server: ServerProcess): Promise<boolean> {
  const response = await fetch(new URL('/api/persons/1/', server.base));
  expect([200, 404]).toContain(response.status);
  return response.status === 200;
}

/** How many informants /informants lists. */
async function informantCount(server: ServerProcess): Promise<number> {
  const response = await fetch(new URL('/api/informants/', server.base));
  expect(response.status).toBe(200);
  return ((await response.json()) as { count: number }).count;
}

function demoRemove(site: Site): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, scriptArgs('demo-remove'), {
    cwd: ROOT,
    env: childEnv({ DATA_DIR: site.dataDir, DATABASE_URL: site.databaseUrl }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((done) => child.on('exit', (code) => done({ code, output })));
}

describe(`DEMO_DATA on a brand-new ${kind} database`, () => {
  it(
    kind === 'pglite'
      ? 'auto loads the demo; DEMO_DATA=false does not'
      : 'auto loads no demo; DEMO_DATA=true does',
    async () => {
      const site = await newSite();
      const auto = await serve(site);
      expect(await hasDemo(auto)).toBe(kind === 'pglite');
      await auto.stop();

      const other = await newSite();
      const server = await serve(other, { DEMO_DATA: kind === 'pglite' ? 'false' : 'true' });
      expect(await hasDemo(server)).toBe(kind !== 'pglite');
      await server.stop();
    },
    SLOW,
  );
});

describe('npm run demo:remove', () => {
  it(
    'removes the demo once, finds nothing the second time, and the demo stays away',
    async () => {
      const site = await newSite();
      const server = await serve(site, { DEMO_DATA: 'true' });
      expect(await hasDemo(server)).toBe(true);
      expect(await informantCount(server)).toBe(2);
      if (kind === 'pglite') {
        // The embedded database is the running server's alone.
        const refused = await demoRemove(site);
        expect(refused.code).toBe(1);
        expect(refused.output).toMatch(/demo:remove failed: .* is in use by process \d+ \(server/);
      }
      await server.stop();

      const first = await demoRemove(site);
      expect(first.code, first.output).toBe(0);
      expect(first.output).toContain(
        'Removed the demonstration data: 351 persons, 7 clans, 4 articles and news, 1 polls, ' +
          '13 places, 2 informants',
      );
      const second = await demoRemove(site);
      expect(second.code, second.output).toBe(0);
      expect(second.output).toContain('No demonstration data to remove.');

      const again = await serve(site, { DEMO_DATA: 'true' });
      expect(await hasDemo(again)).toBe(false);
      expect(await informantCount(again)).toBe(0);
      const map = (await (await fetch(new URL('/api/places/map/', again.base))).json()) as {
        places: unknown[];
        without_coordinates: number;
      };
      expect(map.places.length + map.without_coordinates).toBe(0);
      await again.stop();
    },
    SLOW,
  );
});
