import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { GedcomJob } from '@bagysh/shared';
import { expect } from 'vitest';
import type { App } from '../../app';
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

/**
 * Uploads a file, waits for its job to finish and checks that the job's copy of the upload
 * (and whatever was taken out of it) is gone.
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
    url: '/api/gedcom/import/',
    headers: { ...user.headers, ...body.headers },
    payload: body.payload,
  });
  expect(response.statusCode, response.body).toBe(202);
  const { job_id } = response.json<{ job_id: string }>();
  for (let i = 0; i < 600; i++) {
    const job = (
      await app.inject({ url: `/api/gedcom/jobs/${job_id}/`, headers: user.headers })
    ).json<GedcomJob>();
    if (job.status === 'done' || job.status === 'failed') {
      for (let k = 0; k < 40 && uploadCopies(dataDir).includes(job_id); k++)
        await new Promise((resolve) => setTimeout(resolve, 25));
      expect(uploadCopies(dataDir)).not.toContain(job_id);
      return job;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the import did not finish');
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
  const body = multipart(content, 'file', fileName);
  const preview = await app.inject({
    method: 'POST',
    url: '/api/gedcom/previews/',
    headers: { ...user.headers, ...body.headers },
    payload: body.payload,
  });
  expect(preview.statusCode, preview.body).toBe(201);
  const committed = await app.inject({
    method: 'POST',
    url: `/api/gedcom/previews/${preview.json<{ id: string }>().id}/commit/`,
    headers: user.headers,
    payload: { mode, confirm_same_file: true },
  });
  expect(committed.statusCode, committed.body).toBe(202);
  const { job_id } = committed.json<{ job_id: string }>();
  for (let i = 0; i < 600; i++) {
    const job = (
      await app.inject({ url: `/api/gedcom/jobs/${job_id}/`, headers: user.headers })
    ).json<GedcomJob>();
    if (job.status === 'done' || job.status === 'failed') return job;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the import did not finish');
}
