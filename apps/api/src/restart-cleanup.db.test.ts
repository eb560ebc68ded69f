import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, openAsBlob, readdirSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { GedcomJob } from '@bagysh/shared';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { generateTree, writeGedcom } from '../scripts/tree-generator';
import { openPglite, queryRows } from './db/client';
import { temporaryFileName } from './files/storage/local-storage';
import { ABANDONED, LOCK_JOB } from './modules/gedcom/gedcom.service';
import { serverDatabase, startServerProcess, type ServerProcess } from './test/server-process';

/**
 * What a crash leaves behind is gone when the server starts again: the real server in a
 * process of its own, killed with SIGKILL in the middle of a GEDCOM import and of an upload,
 * then started again on the same database and data directory.
 */

const PASSWORD = 'Tuura-Syrsoz-2024';
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

async function serverSetUp() {
  const dataDir = mkdtempSync(join(tmpdir(), 'bagysh-restart-test-'));
  const database = await serverDatabase();
  cleanups.push(async () => {
    await database.drop();
    await rm(dataDir, { recursive: true, force: true });
  });
  const env = {
    DATA_DIR: dataDir,
    DATABASE_URL: database.url,
    JWT_SECRET: 'restart-test-secret-that-is-long-enough-for-hs256',
    ADMIN_USERNAME: 'admin',
    ADMIN_PASSWORD: PASSWORD,
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

async function login(base: URL): Promise<string> {
  const response = await fetch(new URL('/api/login/', base), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: PASSWORD }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { access: string }).access;
}

/** Runs `query` on the server's database: PostgreSQL directly, PGlite once the server is off. */
async function countStaging(databaseUrl: string, dataDir: string, jobId?: string) {
  const where = jobId ? sql`where job_id = ${jobId}::uuid` : sql``;
  const query = sql`select count(*)::int as count from gedcom_staging ${where}`;
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ count: number }>(
        `select count(*)::int as count from gedcom_staging ${jobId ? 'where job_id = $1' : ''}`,
        jobId ? [jobId] : [],
      );
      return rows[0]?.count ?? -1;
    } finally {
      await client.end();
    }
  }
  const database = await openPglite({ dataDir: join(dataDir, 'pglite') });
  try {
    const [row] = await queryRows<{ count: number }>(database.db, query);
    return row?.count ?? -1;
  } finally {
    await database.close();
  }
}

describe('start after a crash', () => {
  it('fails the killed import at once, without its staged rows or its copy of the file', async () => {
    const { dataDir, databaseUrl, start } = await serverSetUp();
    const file = join(dataDir, '..', `${dataDir.split('/').pop()}.ged`);
    cleanups.push(() => rm(file, { force: true }));
    // Large enough to be still staging rows a few seconds after the upload.
    await writeGedcom(generateTree(20_000, 7), file);

    const first = await start();
    const token = await login(first.base);
    const form = new FormData();
    form.append('file', await openAsBlob(file), 'tree.ged');
    const upload = await fetch(new URL('/api/gedcom/import/', first.base), {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(upload.status, await upload.clone().text()).toBe(202);
    const { job_id: jobId } = (await upload.json()) as { job_id: string };
    const jobUrl = (base: URL) => new URL(`/api/gedcom/jobs/${jobId}/`, base);
    const getJob = async (base: URL) =>
      (await (
        await fetch(jobUrl(base), { headers: { authorization: `Bearer ${token}` } })
      ).json()) as GedcomJob;

    // Running, with rows already staged (`processed` counts staged rows).
    let job = await getJob(first.base);
    for (let i = 0; i < 600 && !(job.status === 'running' && job.processed > 0); i++) {
      expect(job.status, JSON.stringify(job)).not.toMatch(/done|failed/);
      await sleep(25);
      job = await getJob(first.base);
    }
    expect(job.status).toBe('running');
    expect(job.processed).toBeGreaterThan(0);
    const copy = join(dataDir, 'tmp', 'gedcom', jobId, 'upload.ged');
    expect(existsSync(copy)).toBe(true);

    // Another process's import in progress (PostgreSQL: several processes share it): the
    // test itself holds that job's lock, as its live owner would.
    let other: { id: string; owner: pg.Client } | undefined;
    if (databaseUrl) {
      const owner = new pg.Client({ connectionString: databaseUrl });
      await owner.connect();
      cleanups.push(() => owner.end());
      const id = randomUUID();
      await owner.query('select pg_advisory_lock($1::int4, hashtext($2))', [LOCK_JOB, id]);
      await owner.query(`insert into gedcom_jobs (id, status) values ($1, 'running')`, [id]);
      await owner.query(
        `insert into gedcom_staging (job_id, id, name, name_key, sex, path, depth,
          descendant_count, is_living) values ($1, 2000000000, 'Башка', 'башка', 'M', '{}', 0, 0, false)`,
        [id],
      );
      await mkdir(join(dataDir, 'tmp', 'gedcom', id), { recursive: true });
      await writeFile(join(dataDir, 'tmp', 'gedcom', id, 'upload.ged'), '0 HEAD\n');
      other = { id, owner };
    }

    await first.stop('SIGKILL');
    const second = await start();

    // Right away, without waiting for any timer.
    const after = await getJob(second.base);
    expect(after).toMatchObject({ status: 'failed', error: ABANDONED });
    expect(after.finished_at).not.toBeNull();
    expect(existsSync(join(dataDir, 'tmp', 'gedcom', jobId))).toBe(false);
    if (other) {
      const { rows } = await other.owner.query<{ status: string }>(
        'select status from gedcom_jobs where id = $1',
        [other.id],
      );
      expect(rows[0]?.status).toBe('running');
      expect(await countStaging(databaseUrl, dataDir, other.id)).toBe(1);
      expect(existsSync(join(dataDir, 'tmp', 'gedcom', other.id, 'upload.ged'))).toBe(true);
      expect(await countStaging(databaseUrl, dataDir, jobId)).toBe(0);
    } else {
      await second.stop();
      expect(await countStaging(databaseUrl, dataDir)).toBe(0);
    }
  }, 90_000);

  it('removes the killed upload’s partial file at once, and leaves a live writer’s', async () => {
    const { dataDir, start } = await serverSetUp();
    const first = await start();
    const token = await login(first.base);
    const partials = () => {
      const dir = join(dataDir, 'files', 'tmp');
      return existsSync(dir) ? readdirSync(dir).filter((name) => name.endsWith('.part')) : [];
    };

    // A multipart body sent slowly, in small chunks, that never ends.
    const boundary = `----bagysh-${randomBytes(6).toString('hex')}`;
    const slow = http.request({
      host: first.base.hostname,
      port: first.base.port,
      path: '/api/files/',
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
    });
    slow.on('error', () => undefined);
    slow.write(
      `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="old.txt"\r\n` +
        'content-type: text/plain\r\n\r\n',
    );
    const sender = setInterval(() => slow.write('Санжыра: ата-бабалардын тизмеси.\n'), 20);
    try {
      for (let i = 0; i < 400 && partials().length === 0; i++) await sleep(25);
      expect(partials()).toHaveLength(1);
      await first.stop('SIGKILL');
    } finally {
      clearInterval(sender);
      slow.destroy();
    }
    expect(partials()).toHaveLength(1);

    // A writer that is alive (this test's process) keeps its file.
    const live = temporaryFileName({ pid: process.pid, boot: randomBytes(8).toString('hex') });
    await writeFile(join(dataDir, 'files', 'tmp', live), 'still uploading');

    await start();
    expect(partials()).toEqual([live]);
  }, 90_000);
});
