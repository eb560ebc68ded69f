import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gedcomMessages, type GedcomJob } from '@bagysh/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateTree, writeGedcom } from '../../../scripts/tree-generator';
import type { App } from '../../app';
import { queryRows } from '../../db/client';
import { errorMessages } from '../../lib/http-errors';
import { createTestApp } from '../../test/app';
import { createTestUser, type TestUser } from '../../test/factories';

/** Cancelling an import job (DELETE /api/gedcom/jobs/:id/); other processes: multi-process test. */

let app: App;
let admin: TestUser;
let bigTree: Buffer;
const dataDir = mkdtempSync(join(tmpdir(), 'bagysh-gedcom-jobs-test-'));
afterAll(() => rm(dataDir, { recursive: true, force: true }));

beforeAll(async () => {
  app = await createTestApp({ dataDir });
  admin = await createTestUser(app, { role: 'admin' });
  // Large enough to be still running when the cancel arrives.
  const file = join(dataDir, 'big.ged');
  await writeGedcom(generateTree(30_000, 5), file);
  bigTree = await readFile(file);
});

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

function multipart(content: Buffer | string) {
  const boundary = '----bagysh-test-boundary';
  const head = Buffer.from(
    `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="tree.ged"\r\n` +
      'content-type: application/octet-stream\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, Buffer.from(content), tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

async function upload(content: Buffer | string): Promise<string> {
  const body = multipart(content);
  const response = await app.inject({
    method: 'POST',
    url: '/api/gedcom/import/',
    headers: { ...admin.headers, ...body.headers },
    payload: body.payload,
  });
  expect(response.statusCode, response.body).toBe(202);
  return response.json<{ job_id: string }>().job_id;
}

const getJob = async (id: string) =>
  (await app.inject({ url: `/api/gedcom/jobs/${id}/`, headers: admin.headers })).json<GedcomJob>();
const cancel = (id: string, headers: Record<string, string> = admin.headers) =>
  app.inject({ method: 'DELETE', url: `/api/gedcom/jobs/${id}/`, headers });
const count = async (query: ReturnType<typeof sql>) =>
  (await queryRows<{ n: number }>(app.db, query))[0]?.n ?? -1;
const copyExists = (id: string) => existsSync(join(dataDir, 'tmp', 'gedcom', id));

describe('DELETE /api/gedcom/jobs/:id/', () => {
  it('cancels an import in progress: nothing reaches the tree, nothing is left behind', async () => {
    const persons = await count(sql`select count(*)::int as n from persons`);
    const id = await upload(bigTree);
    let job = await getJob(id);
    for (let i = 0; i < 800 && !(job.status === 'running' && job.processed > 0); i++) {
      await sleep(10);
      job = await getJob(id);
    }
    expect(job.status, JSON.stringify(job)).toBe('running');
    const response = await cancel(id);
    expect(response.statusCode, response.body).toBe(200);
    const cancelled = response.json<GedcomJob>();
    expect(cancelled).toMatchObject({ id, status: 'cancelled', error: gedcomMessages.cancelled });
    expect(cancelled.finished_at).not.toBeNull();

    // The runner stops at its next batch and removes its staged rows and the copy.
    for (let i = 0; i < 400 && copyExists(id); i++) await sleep(25);
    expect(copyExists(id)).toBe(false);
    expect(
      await count(sql`select count(*)::int as n from gedcom_staging where job_id = ${id}::uuid`),
    ).toBe(0);
    expect(await getJob(id)).toMatchObject({ status: 'cancelled', persons_created: 0 });
    expect(await count(sql`select count(*)::int as n from persons`)).toBe(persons);

    const again = await cancel(id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: gedcomMessages.alreadyFinished });
  });

  it('answers 409 for an import that has ended', async () => {
    const id = await upload('0 HEAD\n1 GEDC\n2 VERS 5.5.1\n0 @I1@ INDI\n1 NAME Асан\n0 TRLR\n');
    let job = await getJob(id);
    for (let i = 0; i < 400 && (job.status === 'queued' || job.status === 'running'); i++) {
      await sleep(25);
      job = await getJob(id);
    }
    expect(job.status).toBe('done');
    const response = await cancel(id);
    expect(response.statusCode).toBe(409);
    expect(await getJob(id)).toMatchObject({ status: 'done', persons_created: 1 });
  });

  it('is for admins only, and 404 for an unknown job', async () => {
    const id = randomUUID();
    expect((await cancel(id)).json()).toEqual({ detail: errorMessages.notFound });
    expect((await cancel(id)).statusCode).toBe(404);
    const member = await createTestUser(app, { role: 'user' });
    expect((await cancel(id, member.headers)).statusCode).toBe(403);
    expect((await cancel(id, {})).statusCode).toBe(401);
  });
});
