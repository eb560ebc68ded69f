import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ROOT, startBenchServer, type BenchServer } from '../../../scripts/bench-support';
import { openPglite, queryRows } from '../../db/client';
import { scriptArgs } from '../../test/built-scripts';
import { childEnv } from '../../test/child-env';
import { restoreBackup } from '../../backup/restore.service';

// The real server in a child process, and `npm run backup` / `npm run restore` as a person
// runs them, while the server answers requests.
const SLOW = 180_000;
const kind = inject('dbKind');
const work = mkdtempSync(join(tmpdir(), 'bagysh-backup-cli-'));
let server: BenchServer;

beforeAll(async () => {
  server = await startBenchServer('backup-cli', kind);
}, SLOW);
afterAll(async () => {
  await server?.close();
  await rm(work, { recursive: true, force: true });
});

function runCli(
  script: 'backup' | 'restore',
  args: string[],
): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, scriptArgs(script, args), {
    cwd: ROOT,
    env: childEnv({
      DATA_DIR: server.dataDir,
      DATABASE_URL: server.databaseUrl ?? '',
      LOG_LEVEL: 'warn',
    }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, output })));
}

async function api(path: string, init: RequestInit = {}): Promise<Response> {
  return fetch(new URL(path, server.base), {
    ...init,
    headers: { authorization: `Bearer ${server.token}`, ...init.headers },
  });
}

async function uploadText(text: string): Promise<number> {
  const form = new FormData();
  form.append('visibility', 'public');
  form.append('file', new Blob([text]), 'note.txt');
  const response = await api('/api/files/', { method: 'POST', body: form });
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

async function personCount(): Promise<number> {
  const response = await api('/api/stats/');
  return ((await response.json()) as { persons: number }).persons;
}

describe('npm run backup against the running site', () => {
  it(
    'takes a consistent backup while requests are served, and it restores',
    async () => {
      for (let i = 0; i < 5; i += 1) await uploadText(`Санжыра ${i}\n`.repeat(100 + i));
      const before = await personCount();

      // Readers, writers and file uploads and deletions (whose blobs a backup must keep) in a loop.
      const statuses: number[] = [];
      let running = true;
      const load = (async () => {
        let i = 0;
        while (running) {
          i += 1;
          statuses.push((await api('/api/persons/?page_size=20')).status);
          statuses.push(
            (
              await api('/api/persons/', {
                method: 'POST',
                headers: { 'content-type': 'application/json' },
                body: JSON.stringify({ name: `Жүктөм ${i}` }),
              })
            ).status,
          );
          const id = await uploadText(`Убакыттуу ${i}\n`.repeat(20));
          statuses.push((await api(`/api/files/${id}/`, { method: 'DELETE' })).status);
        }
      })();
      const out = join(work, 'running.tar.gz');
      const requestsBefore = statuses.length;
      const result = await runCli('backup', ['--out', out]);
      const requestsDuring = statuses.length - requestsBefore;
      running = false;
      await load;
      const after = await personCount();

      expect(result.code, result.output).toBe(0);
      expect(result.output).toMatch(
        kind === 'pglite'
          ? /through the running server at http:\/\/127\.0\.0\.1:\d+/
          : /from PostgreSQL/,
      );
      expect(result.output).toMatch(/Backup written to .*running\.tar\.gz/);
      expect(existsSync(`${out}.partial`)).toBe(false);
      expect(requestsDuring).toBeGreaterThan(0);
      expect(statuses.filter((status) => status >= 300)).toEqual([]);

      // The restore checks every blob against the manifest; every file row must have its blob.
      const target = { databaseUrl: undefined, dataDir: join(work, 'restored') };
      const manifest = await restoreBackup(out, target);
      const database = await openPglite({ dataDir: join(target.dataDir, 'pglite') });
      try {
        const [persons] = await queryRows<{ count: number }>(
          database.db,
          sql`select count(*)::int as count from persons`,
        );
        expect(persons!.count).toBeGreaterThanOrEqual(before);
        expect(persons!.count).toBeLessThanOrEqual(after);
        const blobs = await queryRows<{ key: string }>(
          database.db,
          sql`select checksum as key from files`,
        );
        expect(blobs.length).toBeGreaterThanOrEqual(5);
        for (const { key } of blobs) {
          expect(
            existsSync(join(target.dataDir, 'files', key.slice(0, 2), key.slice(2, 4), key)),
          ).toBe(true);
        }
        expect(manifest.files.map((file) => file.key)).toEqual(
          expect.arrayContaining(blobs.map((blob) => blob.key)),
        );
      } finally {
        await database.close();
      }
    },
    SLOW,
  );

  it(
    'refuses to restore over the running site',
    async () => {
      const result = await runCli('restore', [join(work, 'running.tar.gz')]);
      expect(result.code).toBe(1);
      expect(result.output).toMatch(
        kind === 'pglite'
          ? /Restore failed: .* is in use by process \d+ \(server at http/
          : /Restore failed: .*files already holds uploaded files/,
      );
    },
    SLOW,
  );

  it(
    'backs up by itself once the server has stopped',
    async () => {
      const exited = new Promise((done) => server.child.once('exit', done));
      server.child.kill('SIGTERM');
      await exited;
      const out = join(work, 'stopped.tar.gz');
      const result = await runCli('backup', ['--out', out]);
      expect(result.code, result.output).toBe(0);
      expect(result.output).toMatch(
        kind === 'pglite' ? /from the embedded database in / : /from PostgreSQL/,
      );
      const manifest = await restoreBackup(out, {
        databaseUrl: undefined,
        dataDir: join(work, 'again'),
      });
      expect(manifest.files.length).toBeGreaterThanOrEqual(5);
    },
    SLOW,
  );
});
