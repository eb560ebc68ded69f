import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { GedcomJob, GedcomPreview } from '@bagysh/shared';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { App } from '../../app';
import { queryRows } from '../../db/client';
import type { TestUser } from '../../test/factories';

/** A multipart body with one file field, as a browser sends an upload. */
export function multipart(content: Buffer | string, field = 'file', fileName = 'tree.ged') {
  const boundary = '----bagysh-test-boundary';
  const head = Buffer.from(
    `--${boundary}\r\ncontent-disposition: form-data; name="${field}"; filename="${fileName}"\r\n` +
      'content-type: application/octet-stream\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, Buffer.from(content), tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** Upload copies still on disk under `dataDir` (each job removes its own when it ends). */
export function uploadCopies(dataDir: string): string[] {
  const dir = join(dataDir, 'tmp', 'gedcom');
  return existsSync(dir) ? readdirSync(dir) : [];
}

/**
 * Files on disk in the file storage under `dataDir`: the stored blobs (content-addressed, in
 * two levels of folders) and the staged copies in `tmp/`, by name.
 */
export function storedBlobs(dataDir: string): string[] {
  const root = join(dataDir, 'files');
  if (!existsSync(root)) return [];
  const found: string[] = [];
  for (const a of readdirSync(root)) {
    if (a === 'tmp') {
      found.push(...readdirSync(join(root, a)).map((name) => `tmp/${name}`));
      continue;
    }
    for (const b of readdirSync(join(root, a))) found.push(...readdirSync(join(root, a, b)));
  }
  return found.sort();
}

/** Posts a file for a preview as `user`: the raw answer, a refusal for the test to check. */
export function postGedcomPreview(
  app: App,
  user: TestUser,
  content: Buffer | string,
  fileName = 'tree.ged',
) {
  const body = multipart(content, 'file', fileName);
  return app.inject({
    method: 'POST',
    url: '/api/gedcom/previews/',
    headers: { ...user.headers, ...body.headers },
    payload: body.payload,
  });
}

/** Previews a file: 201 and the preview. */
export async function previewGedcomFile(
  app: App,
  user: TestUser,
  content: Buffer | string,
  fileName = 'tree.ged',
): Promise<GedcomPreview> {
  const response = await postGedcomPreview(app, user, content, fileName);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<GedcomPreview>();
}

/** The highest person id so far: the persons an import creates come after it. */
export async function lastPersonId(app: App): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    app.db,
    sql`select coalesce(max(id), 0)::int as id from persons`,
  );
  return row?.id ?? 0;
}

/** Polls an import job until it is done or failed. */
async function finishedJob(app: App, user: TestUser, jobId: string): Promise<GedcomJob> {
  for (let i = 0; i < 600; i++) {
    const job = (
      await app.inject({ url: `/api/gedcom/jobs/${jobId}/`, headers: user.headers })
    ).json<GedcomJob>();
    if (job.status === 'done' || job.status === 'failed') return job;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the import did not finish');
}

/**
 * Uploads a file, waits for its job to finish and checks that the job's copy of the upload
 * (and whatever was taken out of it) is gone. A file imported before is confirmed.
 */
export async function importGedcomFile(
  app: App,
  user: TestUser,
  dataDir: string,
  content: Buffer | string,
  fileName = 'tree.ged',
): Promise<GedcomJob> {
  const body = multipart(content, 'file', fileName);
  const response = await app.inject({
    method: 'POST',
    url: '/api/gedcom/import/?confirm_same_file=true',
    headers: { ...user.headers, ...body.headers },
    payload: body.payload,
  });
  expect(response.statusCode, response.body).toBe(202);
  const { job_id } = response.json<{ job_id: string }>();
  const job = await finishedJob(app, user, job_id);
  for (let k = 0; k < 40 && uploadCopies(dataDir).includes(job_id); k++)
    await new Promise((resolve) => setTimeout(resolve, 25));
  expect(uploadCopies(dataDir)).not.toContain(job_id);
  return job;
}

/**
 * Previews a file and commits it in `mode` (replace: admins only, a backup first), waiting for
 * the job, as the import page does; a file imported before is confirmed.
 */
export async function commitGedcomFile(
  app: App,
  user: TestUser,
  content: Buffer | string,
  mode: 'add' | 'replace',
  fileName = 'tree.ged',
): Promise<GedcomJob> {
  const preview = await previewGedcomFile(app, user, content, fileName);
  const committed = await app.inject({
    method: 'POST',
    url: `/api/gedcom/previews/${preview.id}/commit/`,
    headers: user.headers,
    payload: { mode, confirm_same_file: true },
  });
  expect(committed.statusCode, committed.body).toBe(202);
  return finishedJob(app, user, committed.json<{ job_id: string }>().job_id);
}
