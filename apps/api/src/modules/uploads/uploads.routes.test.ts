import { createHash } from 'node:crypto';
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { UPLOAD_LIMITS, type FileInfo, type Recording, type UploadSession } from '@bagysh/shared';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import { queryRows } from '../../db/client';
import { createTestApp } from '../../test/app';
import { createTestUser, type TestUser } from '../../test/factories';
import { mp3File } from '../files/test/fixtures';
import { sweepUploads } from './uploads.service';
import { minuteToneWav } from '../../../../../scripts/test-wav';

let app: App;
let member: TestUser;
let other: TestUser;

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

async function open(user: TestUser | null, bytes: Buffer, declared?: string) {
  return app.inject({
    method: 'POST',
    url: '/api/uploads/',
    headers: user?.headers ?? {},
    payload: {
      name: 'айтуучу.mp3',
      mime_type: 'audio/mpeg',
      size: bytes.length,
      ...(declared !== undefined && { sha256: declared }),
    },
  });
}

function put(user: TestUser, id: string, bytes: Buffer, start: number, total: number) {
  return app.inject({
    method: 'PUT',
    url: `/api/uploads/${id}/`,
    headers: {
      ...user.headers,
      'content-type': 'application/octet-stream',
      'content-range': `bytes ${start}-${start + bytes.length - 1}/${total}`,
    },
    payload: bytes,
  });
}

const finish = (user: TestUser, id: string, payload: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: `/api/uploads/${id}/finish/`, headers: user.headers, payload });

async function countFiles(): Promise<number> {
  const [row] = await queryRows<{ count: number }>(
    app.db,
    sql`select count(*)::int as count from files`,
  );
  return row?.count ?? 0;
}

const uploadsDir = () => join(app.config.dataDir, 'uploads');

beforeAll(async () => {
  app = await createTestApp();
  member = await createTestUser(app);
  other = await createTestUser(app);
});

describe('resumable uploads', () => {
  it('takes a file in parts and stores it as an upload would', async () => {
    const bytes = mp3File(300_000);
    const opened = await open(member, bytes, sha256(bytes));
    expect(opened.statusCode, opened.body).toBe(201);
    const session = opened.json<UploadSession>();
    expect(session.received).toBe(0);
    // The temporary bytes are the server's own (docs/security.md).
    const mode = (await stat(uploadsDir())).mode & 0o777;
    expect(mode).toBe(0o700);
    const partMode = (await stat(join(uploadsDir(), `${session.id}.part`))).mode & 0o777;
    expect(partMode).toBe(0o600);

    for (let start = 0; start < bytes.length; start += 100_000) {
      const part = bytes.subarray(start, start + 100_000);
      const response = await put(member, session.id, part, start, bytes.length);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<UploadSession>().received).toBe(start + part.length);
    }
    const finished = await finish(member, session.id, { visibility: 'public' });
    expect(finished.statusCode, finished.body).toBe(201);
    const file = finished.json<FileInfo>();
    expect(file).toMatchObject({
      mime_type: 'audio/mpeg',
      kind: 'audio',
      size: bytes.length,
      checksum: sha256(bytes),
      visibility: 'public',
      owner: { id: member.id },
    });
    // The temporary bytes and the session are gone.
    expect(await readdir(uploadsDir())).toEqual([]);
    const gone = await app.inject({
      method: 'GET',
      url: `/api/uploads/${session.id}/`,
      headers: member.headers,
    });
    expect(gone.statusCode).toBe(404);
  });

  it('resumes a cut upload from the offset the server holds', async () => {
    const bytes = mp3File(200_000);
    const session = (await open(member, bytes)).json<UploadSession>();
    const half = 100_000;
    expect(
      (await put(member, session.id, bytes.subarray(0, half), 0, bytes.length)).statusCode,
    ).toBe(200);
    // The client lost track and sends a part from elsewhere: refused with where to resume.
    const wrong = await put(member, session.id, bytes.subarray(150_000), 150_000, bytes.length);
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json()).toMatchObject({ offset: half });
    const again = await put(member, session.id, bytes.subarray(0, 50_000), 0, bytes.length);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ offset: half });
    // It asks, then resumes there (Upload-Offset works as well as Content-Range).
    const asked = await app.inject({
      method: 'GET',
      url: `/api/uploads/${session.id}/`,
      headers: member.headers,
    });
    expect(asked.json<UploadSession>().received).toBe(half);
    const rest = await app.inject({
      method: 'PUT',
      url: `/api/uploads/${session.id}/`,
      headers: {
        ...member.headers,
        'content-type': 'application/octet-stream',
        'upload-offset': String(half),
      },
      payload: bytes.subarray(half),
    });
    expect(rest.statusCode, rest.body).toBe(200);
    const file = (await finish(member, session.id)).json<FileInfo>();
    expect(file.checksum).toBe(sha256(bytes));
    expect(file.size).toBe(bytes.length);
    const stored = await app.inject({ method: 'GET', url: file.url, headers: member.headers });
    expect(sha256(stored.rawPayload)).toBe(sha256(bytes));
  });

  it('refuses a second part or a finish while a part is being written, then takes the next part', async () => {
    const bytes = mp3File(200_000);
    const session = (await open(member, bytes)).json<UploadSession>();
    const half = 100_000;
    // A part whose bytes are still coming (a slow phone, or a try the client gave up on).
    const slow = new PassThrough();
    const first = app.inject({
      method: 'PUT',
      url: `/api/uploads/${session.id}/`,
      headers: {
        ...member.headers,
        'content-type': 'application/octet-stream',
        'content-range': `bytes 0-${half - 1}/${bytes.length}`,
      },
      payload: slow,
    });
    slow.write(bytes.subarray(0, 1000));
    await expect
      .poll(async () => (await stat(join(uploadsDir(), `${session.id}.part`))).size)
      .toBe(1000);
    const second = await put(member, session.id, bytes.subarray(0, half), 0, bytes.length);
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ busy: true, offset: 1000 });
    expect((await finish(member, session.id)).statusCode).toBe(409);
    slow.end(bytes.subarray(1000, half));
    expect((await first).json<UploadSession>().received).toBe(half);
    // Written once, and free again: the next part and the finish go through.
    expect(
      (await put(member, session.id, bytes.subarray(half), half, bytes.length)).statusCode,
    ).toBe(200);
    const file = (await finish(member, session.id)).json<FileInfo>();
    expect(file.checksum).toBe(sha256(bytes));
  });

  it('refuses bytes that are not the declared hash, and stores nothing', async () => {
    const bytes = mp3File(50_000);
    const before = await countFiles();
    const session = (
      await open(member, bytes, sha256(Buffer.from('something else')))
    ).json<UploadSession>();
    expect((await put(member, session.id, bytes, 0, bytes.length)).statusCode).toBe(200);
    const refused = await finish(member, session.id);
    expect(refused.statusCode).toBe(400);
    expect(await countFiles()).toBe(before);
    expect(await readdir(uploadsDir())).toEqual([]);
  });

  it("keeps a session its owner's: another member can neither read nor append nor finish", async () => {
    const bytes = mp3File(20_000);
    const session = (await open(member, bytes)).json<UploadSession>();
    expect((await put(other, session.id, bytes, 0, bytes.length)).statusCode).toBe(404);
    expect((await finish(other, session.id)).statusCode).toBe(404);
    const read = await app.inject({
      method: 'GET',
      url: `/api/uploads/${session.id}/`,
      headers: other.headers,
    });
    expect(read.statusCode).toBe(404);
    const own = await app.inject({
      method: 'GET',
      url: `/api/uploads/${session.id}/`,
      headers: member.headers,
    });
    expect(own.json<UploadSession>().received).toBe(0);
  });

  it('refuses guests, a part past the declared size, an unfinished finish and a too large file', async () => {
    const bytes = mp3File(10_000);
    expect((await open(null, bytes)).statusCode).toBe(401);
    const session = (await open(member, bytes)).json<UploadSession>();
    const long = await put(member, session.id, Buffer.concat([bytes, bytes]), 0, bytes.length);
    expect(long.statusCode).toBe(413);
    expect((await finish(member, session.id)).statusCode).toBe(400);
    const huge = await app.inject({
      method: 'POST',
      url: '/api/uploads/',
      headers: member.headers,
      payload: { name: 'x.mp3', mime_type: 'audio/mpeg', size: app.config.uploadMaxBytes + 1 },
    });
    expect(huge.statusCode).toBe(413);
  });

  it('removes expired sessions with their bytes', async () => {
    const bytes = mp3File(10_000);
    const session = (await open(member, bytes)).json<UploadSession>();
    await put(member, session.id, bytes.subarray(0, 5000), 0, bytes.length);
    const ctx = {
      db: app.db,
      dir: uploadsDir(),
    } as Parameters<typeof sweepUploads>[0];
    await sweepUploads(ctx, new Date(Date.now() + 25 * 60 * 60 * 1000));
    expect(await readdir(uploadsDir())).not.toContain(`${session.id}.part`);
    const read = await app.inject({
      method: 'GET',
      url: `/api/uploads/${session.id}/`,
      headers: member.headers,
    });
    expect(read.statusCode).toBe(404);
  });

  it('lets the default upload limit hold an hour recorded at the recorder’s bit rate', async () => {
    const { HOUR_RECORDING_BYTES } = await import('@bagysh/shared');
    expect(HOUR_RECORDING_BYTES).toBeLessThan(app.config.uploadMaxBytes);
  });

  it('takes a 60-minute recording in the web’s parts, cut once midway, and keeps it whole', async () => {
    // Uncompressed at the lowest usual quality it is still larger than the recorder's Opus
    // (HOUR_RECORDING_BYTES): the default limit holds this too.
    const bytes = minuteToneWav(3600);
    expect(bytes.length).toBe(44 + 8000 * 3600);
    expect(bytes.length).toBeLessThan(app.config.uploadMaxBytes);
    const hash = sha256(bytes);
    const opened = await app.inject({
      method: 'POST',
      url: '/api/uploads/',
      headers: member.headers,
      payload: { name: 'бир-саат.wav', mime_type: 'audio/wav', size: bytes.length, sha256: hash },
    });
    expect(opened.statusCode, opened.body).toBe(201);
    const session = opened.json<UploadSession>();

    const partBytes = UPLOAD_LIMITS.partBytes;
    const parts = Math.ceil(bytes.length / partBytes);
    expect(parts).toBe(55);
    const cutAt = Math.floor(parts / 2) * partBytes;
    let start = 0;
    let cut = false;
    while (start < bytes.length) {
      if (start === cutAt && !cut) {
        // The connection drops: the client, one part ahead of what the server holds, is told
        // where to resume.
        cut = true;
        const ahead = start + partBytes;
        const wrong = await put(
          member,
          session.id,
          bytes.subarray(ahead, ahead + partBytes),
          ahead,
          bytes.length,
        );
        expect(wrong.statusCode).toBe(409);
        start = wrong.json<{ offset: number }>().offset;
        expect(start).toBe(cutAt);
      }
      const part = bytes.subarray(start, start + partBytes);
      const response = await put(member, session.id, part, start, bytes.length);
      expect(response.statusCode, response.body).toBe(200);
      start = response.json<UploadSession>().received;
    }
    expect(cut).toBe(true);

    const finished = await finish(member, session.id);
    expect(finished.statusCode, finished.body).toBe(201);
    const file = finished.json<FileInfo>();
    expect(file).toMatchObject({ kind: 'audio', size: bytes.length, checksum: hash });
    const stored = await app.inject({ method: 'GET', url: file.url, headers: member.headers });
    expect(stored.rawPayload.length).toBe(bytes.length);
    expect(sha256(stored.rawPayload)).toBe(hash);

    const moderator = await createTestUser(app, { role: 'moderator' });
    const source = await app.inject({
      method: 'POST',
      url: '/api/sources/',
      headers: moderator.headers,
      payload: { kind: 'informant', title: 'Бир саат айткан карыя' },
    });
    expect(source.statusCode, source.body).toBe(201);
    const created = await app.inject({
      method: 'POST',
      url: '/api/recordings/',
      headers: member.headers,
      payload: {
        file_id: file.id,
        source_id: source.json<{ id: number }>().id,
        duration_seconds: 3600,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const read = await app.inject({
      method: 'GET',
      url: `/api/recordings/${created.json<Recording>().id}/`,
      headers: member.headers,
    });
    expect(read.json<Recording>()).toMatchObject({
      duration_seconds: 3600,
      file: { id: file.id, kind: 'audio', size: bytes.length },
    });
  }, 15_000);
});
