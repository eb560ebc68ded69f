import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, openAsBlob } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { GedcomJob } from '@bagysh/shared';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { generateTree, writeGedcom } from '../scripts/tree-generator';
import { contactMessageTexts } from './modules/contact-messages/contact-messages.service';
import { ABANDONED } from './modules/gedcom/gedcom.service';
import { serverDatabase, startServerProcess, type ServerProcess } from './test/server-process';

/**
 * Several API processes on one PostgreSQL (decision record 002): real server processes on one
 * database and one data directory. The limits hold across them, and any process reports and
 * cancels any import; a process killed during an import leaves nothing behind, and one that
 * closes hands its import to another. On PGlite one process owns the data directory.
 */

const PASSWORD = 'Tuura-Syrsoz-2024';
// Large enough that an import still runs several seconds after another server has started (a
// bundled server starts in about a second).
const PERSONS = 30_000;
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

async function setUp(overrides: Record<string, string> = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'bagysh-multi-process-'));
  const database = await serverDatabase();
  cleanups.push(async () => {
    await database.drop();
    await rm(dataDir, { recursive: true, force: true });
  });
  const env = {
    DATA_DIR: dataDir,
    DATABASE_URL: database.url,
    JWT_SECRET: 'multi-process-test-secret-long-enough-for-hs256',
    ADMIN_USERNAME: 'admin',
    ADMIN_PASSWORD: PASSWORD,
    ...overrides,
  };
  const servers: ServerProcess[] = [];
  cleanups.push(async () => {
    for (const server of servers) await server.stop('SIGKILL');
  });
  const start = async () => {
    const server = await startServerProcess(env);
    servers.push(server);
    return server;
  };
  return { dataDir, databaseUrl: database.url, start };
}

const post = (base: URL, path: string, body: unknown) =>
  fetch(new URL(path, base), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

async function login(base: URL): Promise<string> {
  const response = await post(base, '/api/login/', { username: 'admin', password: PASSWORD });
  expect(response.status).toBe(200);
  return ((await response.json()) as { access: string }).access;
}

/** Uploads `file` and waits until its import is running with rows staged. */
async function startImport(base: URL, token: string, file: string): Promise<string> {
  const form = new FormData();
  form.append('file', await openAsBlob(file), 'tree.ged');
  const auth = { authorization: `Bearer ${token}` };
  // The same file each time, on purpose: confirmed, so that one done import does not refuse it.
  const upload = await fetch(new URL('/api/gedcom/import/?confirm_same_file=true', base), {
    method: 'POST',
    headers: auth,
    body: form,
  });
  expect(upload.status, await upload.clone().text()).toBe(202);
  const { job_id: id } = (await upload.json()) as { job_id: string };
  let job = await getJob(base, token, id);
  for (let i = 0; i < 800 && !(job.status === 'running' && job.processed > 0); i++) {
    expect(job.status, JSON.stringify(job)).toMatch(/queued|running/);
    await sleep(25);
    job = await getJob(base, token, id);
  }
  expect(job.status).toBe('running');
  return id;
}

async function getJob(base: URL, token: string, id: string): Promise<GedcomJob> {
  const response = await fetch(new URL(`/api/gedcom/jobs/${id}/`, base), {
    headers: { authorization: `Bearer ${token}` },
  });
  return (await response.json()) as GedcomJob;
}

async function waitFor(base: URL, token: string, id: string, status: GedcomJob['status']) {
  let job = await getJob(base, token, id);
  for (let i = 0; i < 1200 && job.status !== status; i++) {
    await sleep(50);
    job = await getJob(base, token, id);
  }
  return job;
}

describe('a server closed during an import', () => {
  it('puts the import back in the queue and runs it again when it starts', async () => {
    const { dataDir, start } = await setUp();
    const file = `${dataDir}.ged`;
    cleanups.push(() => rm(file, { force: true }));
    await writeGedcom(generateTree(20_000, 3), file);
    const first = await start();
    const id = await startImport(first.base, await login(first.base), file);
    await first.stop('SIGTERM');
    // Resumable: the copy of the file is kept.
    expect(existsSync(join(dataDir, 'tmp', 'gedcom', id, 'upload.ged'))).toBe(true);

    const second = await start();
    const token = await login(second.base);
    const job = await waitFor(second.base, token, id, 'done');
    expect(job).toMatchObject({ status: 'done', persons_created: 20_000, error: null });
    for (let i = 0; i < 100 && existsSync(join(dataDir, 'tmp', 'gedcom', id)); i++) await sleep(25);
    expect(existsSync(join(dataDir, 'tmp', 'gedcom', id))).toBe(false);
  }, 180_000);
});

if (inject('dbKind') === 'pglite') {
  describe('several processes on PGlite', () => {
    it('are refused: one process owns the embedded database', async () => {
      const { start } = await setUp();
      await start();
      await expect(start()).rejects.toThrow(/in use by process/);
    }, 60_000);
  });
} else {
  describe('several API processes on one PostgreSQL', () => {
    it('share the login lockout and the contact-form limit', async () => {
      const { start } = await setUp({ LOGIN_FAILURE_LIMIT: '4', CONTACT_RATE_LIMIT: '3' });
      const [a, b] = [await start(), await start()];

      // Wrong passwords alternated between the two: the fifth is refused, as by one process.
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) {
        const response = await post(i % 2 === 0 ? a.base : b.base, '/api/login/', {
          username: 'nobody',
          password: 'wrong-password',
        });
        statuses.push(response.status);
        if (response.status === 429) expect(Number(response.headers.get('retry-after'))).toBe(900);
      }
      expect(statuses).toEqual([401, 401, 401, 401, 429, 429]);

      const message = {
        name: 'Асан',
        email: 'asan@example.kg',
        message: 'Салам, санжыра жөнүндө.',
      };
      const contact: number[] = [];
      for (let i = 0; i < 5; i++) {
        const response = await post(
          i % 2 === 0 ? b.base : a.base,
          '/api/contact-messages/',
          message,
        );
        contact.push(response.status);
        if (response.status === 429) {
          expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(3500);
          expect(await response.json()).toEqual({ detail: contactMessageTexts.tooMany });
        }
      }
      expect(contact).toEqual([201, 201, 201, 429, 429]);
    }, 90_000);

    it('let one process at a time write a resumable upload', async () => {
      const { start } = await setUp();
      const [a, b] = [await start(), await start()];
      const auth = { authorization: `Bearer ${await login(a.base)}` };
      const bytes = Buffer.alloc(300_000, 7);
      const opened = await fetch(new URL('/api/uploads/', a.base), {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'айтуучу.wav', mime_type: 'audio/wav', size: bytes.length }),
      });
      const { id } = (await opened.json()) as { id: string };
      const part = (base: URL, start: number, body: Buffer | ReadableStream<Uint8Array>) =>
        fetch(new URL(`/api/uploads/${id}/`, base), {
          method: 'PUT',
          headers: {
            ...auth,
            'content-type': 'application/octet-stream',
            'upload-offset': String(start),
          },
          body,
          duplex: 'half',
        });
      const received = async () =>
        (
          (await (
            await fetch(new URL(`/api/uploads/${id}/`, b.base), { headers: auth })
          ).json()) as { received: number }
        ).received;

      // A part still arriving at one process; the client's retry of it reaches the other.
      let more: (chunk: Uint8Array | null) => void = () => undefined;
      const slow = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(bytes.subarray(0, 1000));
          more = (chunk) => (chunk ? controller.enqueue(chunk) : controller.close());
        },
      });
      const first = part(a.base, 0, slow);
      for (let i = 0; i < 200 && (await received()) < 1000; i++) await sleep(25);
      const retry = await part(b.base, 0, bytes.subarray(0, 100_000));
      expect(retry.status).toBe(409);
      expect(await retry.json()).toMatchObject({ busy: true, offset: 1000 });
      more(bytes.subarray(1000, 100_000));
      more(null);
      expect((await first).status).toBe(200);
      // Written once: the rest goes to the other process, and the file is whole.
      expect((await part(b.base, 100_000, bytes.subarray(100_000))).status).toBe(200);
      const done = await fetch(new URL(`/api/uploads/${id}/finish/`, b.base), {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: '{}',
      });
      expect(done.status, await done.clone().text()).toBe(201);
      const file = (await done.json()) as { checksum: string };
      expect(file.checksum).toBe(createHash('sha256').update(bytes).digest('hex'));
    }, 60_000);

    it('report, cancel, hand over and clean up imports across processes', async () => {
      const { dataDir, databaseUrl, start } = await setUp();
      const file = `${dataDir}.ged`;
      cleanups.push(() => rm(file, { force: true }));
      await writeGedcom(generateTree(PERSONS, 11), file);
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      cleanups.push(() => client.end());
      const count = async (query: string, values: unknown[] = []) =>
        Number((await client.query<{ n: string }>(query, values)).rows[0]?.n);

      let a = await start();
      const token = await login(a.base);
      const auth = { authorization: `Bearer ${token}` };
      const jobUrl = (base: URL, id: string) => new URL(`/api/gedcom/jobs/${id}/`, base);
      /** Uploads to `server` while it is the only process, so that its worker runs the job. */
      const importOn = (server: ServerProcess) => startImport(server.base, token, file);
      const leftovers = async (id: string) => ({
        staged: await count('select count(*) as n from gedcom_staging where job_id = $1', [id]),
        copy: existsSync(join(dataDir, 'tmp', 'gedcom', id)),
      });
      const persons = () => count('select count(*) as n from persons');
      const before = await persons();

      // A runs the import; B reports its progress and cancels it.
      let id = await importOn(a);
      let b = await start();
      const seen = await getJob(b.base, token, id);
      expect(seen.status).toBe('running');
      expect(seen.processed).toBeGreaterThan(0);
      const cancel = await fetch(jobUrl(b.base, id), { method: 'DELETE', headers: auth });
      expect(cancel.status).toBe(200);
      expect(await cancel.json()).toMatchObject({ id, status: 'cancelled' });
      for (let i = 0; i < 400 && (await leftovers(id)).copy; i++) await sleep(50);
      expect(await leftovers(id)).toEqual({ staged: 0, copy: false });
      expect(await getJob(a.base, token, id)).toMatchObject({ status: 'cancelled' });
      expect(await persons()).toBe(before);
      const again = await fetch(jobUrl(a.base, id), { method: 'DELETE', headers: auth });
      expect(again.status).toBe(409);

      // A closes during an import: it goes back to the queue and B finishes it.
      await b.stop();
      id = await importOn(a);
      b = await start();
      await a.stop('SIGTERM');
      const handedOver = await waitFor(b.base, token, id, 'done');
      expect(handedOver).toMatchObject({ status: 'done', persons_created: PERSONS });
      expect(await persons()).toBe(before + PERSONS);
      expect(await leftovers(id)).toEqual({ staged: 0, copy: false });

      // A is killed during an import: B fails it cleanly within seconds, leaving nothing.
      a = await start();
      await b.stop();
      id = await importOn(a);
      b = await start();
      await a.stop('SIGKILL');
      const abandoned = await waitFor(b.base, token, id, 'failed');
      expect(abandoned).toMatchObject({ status: 'failed', error: ABANDONED });
      expect(await leftovers(id)).toEqual({ staged: 0, copy: false });
      expect(await persons()).toBe(before + PERSONS);
    }, 300_000);
  });
}
