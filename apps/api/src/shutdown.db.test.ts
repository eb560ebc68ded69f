import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { serverDatabase, startServerProcess, type ServerProcess } from './test/server-process';

/**
 * Graceful shutdown of the real server process: a download in flight when SIGTERM arrives is
 * served to its end, new connections are refused, and the process exits 0 — or 1 when the
 * download outlasts SHUTDOWN_TIMEOUT_SECONDS or a second signal comes.
 */

const SLOW = 120_000;
const PASSWORD = 'Tuura-Syrsoz-2024';
/** Far more than the kernel's socket buffers hold: the server is still sending when paused. */
const FILE_BYTES = 24 * 1024 * 1024;
const content = Buffer.alloc(FILE_BYTES, 'Bagysh sanjyra test file, line after line.\n');
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function start(extraEnv: Record<string, string> = {}): Promise<ServerProcess> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bagysh-shutdown-test-'));
  const database = await serverDatabase();
  const server = await startServerProcess({
    DATA_DIR: dataDir,
    DATABASE_URL: database.url,
    JWT_SECRET: 'shutdown-test-secret-that-is-long-enough-for-hs256',
    ADMIN_USERNAME: 'admin',
    ADMIN_PASSWORD: PASSWORD,
    DEMO_DATA: 'false',
    LOG_LEVEL: 'info',
    ...extraEnv,
  });
  cleanups.push(async () => {
    await server.stop('SIGKILL');
    await database.drop();
    await rm(dataDir, { recursive: true, force: true });
  });
  return Object.assign(server, { dataDir });
}

/** Uploads the big public file as the admin and returns its download path. */
async function uploadBigFile(base: URL): Promise<string> {
  const login = await fetch(new URL('/api/login/', base), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: PASSWORD }),
  });
  expect(login.status).toBe(200);
  const { access } = (await login.json()) as { access: string };
  const form = new FormData();
  form.append('visibility', 'public');
  form.append('file', new Blob([content], { type: 'text/plain' }), 'big.txt');
  const upload = await fetch(new URL('/api/files/', base), {
    method: 'POST',
    headers: { authorization: `Bearer ${access}` },
    body: form,
  });
  expect(upload.status, await upload.clone().text()).toBe(201);
  const { id } = (await upload.json()) as { id: number };
  return `/api/files/${id}/download/`;
}

/** A download that reads its first chunk and then waits until `resume()`. */
async function pausedDownload(base: URL, path: string) {
  const response = await new Promise<http.IncomingMessage>((got, fail) => {
    http.get(new URL(path, base), { agent: false }, got).on('error', fail);
  });
  expect(response.statusCode).toBe(200);
  let received = 0;
  const hash = createHash('sha256');
  const finished = new Promise<{ bytes: number; sha256: string }>((ended, broke) => {
    response.on('end', () => ended({ bytes: received, sha256: hash.digest('hex') }));
    response.on('error', broke);
    response.on('aborted', () => broke(new Error('download aborted')));
  });
  // Not awaited by every test: a rejection must not count as unhandled before it is asked for.
  finished.catch(() => undefined);
  await new Promise<void>((started) => {
    response.once('data', () => {
      response.pause();
      started();
    });
    response.on('data', (chunk: Buffer) => {
      received += chunk.length;
      hash.update(chunk);
    });
  });
  return { resume: () => response.resume(), finished: () => finished };
}

function connectionRefused(base: URL): Promise<boolean> {
  return new Promise((settle) => {
    const socket = net.connect(Number(base.port), base.hostname);
    socket.once('connect', () => {
      socket.destroy();
      settle(false);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => settle(error.code === 'ECONNREFUSED'));
  });
}

function exitOf(server: ServerProcess): Promise<number | null> {
  if (server.child.exitCode !== null) return Promise.resolve(server.child.exitCode);
  return new Promise((settle) => server.child.once('exit', (code) => settle(code)));
}

describe('graceful shutdown', () => {
  it(
    'finishes a download in flight after SIGTERM, refuses new connections, and exits 0',
    async () => {
      const server = await start();
      const path = await uploadBigFile(server.base);
      const download = await pausedDownload(server.base, path);
      const exited = exitOf(server);
      server.child.kill('SIGTERM');
      // The listening socket closes at once; the download keeps its connection.
      await expect.poll(() => connectionRefused(server.base), { timeout: 10_000 }).toBe(true);
      expect(server.child.exitCode).toBeNull();
      download.resume();
      const result = await download.finished();
      expect(result.bytes).toBe(FILE_BYTES);
      expect(result.sha256).toBe(createHash('sha256').update(content).digest('hex'));
      expect(await exited, server.output()).toBe(0);
      expect(server.output()).toContain('shutting down: finishing requests in flight');
      // The embedded database's data directory is let go of.
      expect(
        existsSync(join((server as ServerProcess & { dataDir: string }).dataDir, 'server.json')),
      ).toBe(false);
    },
    SLOW,
  );

  it(
    'gives up after SHUTDOWN_TIMEOUT_SECONDS with a log line and exits 1',
    async () => {
      const server = await start({ SHUTDOWN_TIMEOUT_SECONDS: '1' });
      const path = await uploadBigFile(server.base);
      const download = await pausedDownload(server.base, path);
      const exited = exitOf(server);
      server.child.kill('SIGTERM');
      expect(await exited, server.output()).toBe(1);
      expect(server.output()).toMatch(/shutdown timed out \(SHUTDOWN_TIMEOUT_SECONDS\)/);
      download.resume();
      await expect(download.finished()).rejects.toThrow();
    },
    SLOW,
  );

  it(
    'exits 1 at once on a second signal',
    async () => {
      const server = await start();
      const path = await uploadBigFile(server.base);
      const download = await pausedDownload(server.base, path);
      const exited = exitOf(server);
      server.child.kill('SIGTERM');
      await expect.poll(() => connectionRefused(server.base), { timeout: 10_000 }).toBe(true);
      server.child.kill('SIGINT');
      expect(await exited, server.output()).toBe(1);
      expect(server.output()).toContain('second signal: exiting without waiting');
      download.resume();
      await expect(download.finished()).rejects.toThrow();
    },
    SLOW,
  );
});
