import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, readdir, rm, stat, truncate } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  resumableUploadMessages,
  UPLOAD_LIMITS,
  type FileInfo,
  type UploadCreateInput,
  type UploadFinishInput,
  type UploadSession,
} from '@bagysh/shared';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { uploadSessions } from '../../db/schema';
import { assertQuotaLeft, type FilesContext } from '../../files/file-blobs';
import { createFile } from '../../files/files.service';
import { uploadMessages } from '../../files/upload';
import { HttpError, notFound } from '../../lib/http-errors';
import type { CurrentUser } from '../../plugins/auth';

/**
 * Resumable uploads (docs/features.md, Uploads in parts): a session row says what the whole file
 * is to be; its bytes so far are DATA_DIR/uploads/<id>.part (0600 in a 0700 folder, as every
 * private file of the data directory). The file's length on disk is the offset: a part is
 * appended only there, and one cut short is cut back, so a retry starts where the disk ends.
 * Finishing stages the bytes into the file store exactly as a multipart upload does.
 */

export interface UploadsContext extends FilesContext {
  /** DATA_DIR/uploads. */
  dir: string;
}

type SessionRow = typeof uploadSessions.$inferSelect;

const TTL_MS = UPLOAD_LIMITS.sessionTtlHours * 60 * 60 * 1000;
const PART_FILE = /^([0-9a-f]{32})\.part$/;

/**
 * How long a writer holds a session before it must renew the hold (it renews every third of
 * it). A process killed while writing frees the session this long after its last renewal.
 */
const WRITE_HOLD_SECONDS = 30;

const partPath = (ctx: UploadsContext, id: string) => join(ctx.dir, `${id}.part`);

async function received(ctx: UploadsContext, id: string): Promise<number> {
  const info = await stat(partPath(ctx, id)).catch(() => undefined);
  return info?.size ?? 0;
}

function toSession(row: SessionRow, bytes: number): UploadSession {
  return {
    id: row.id,
    name: row.name,
    mime_type: row.mimeType,
    size: row.size,
    received: bytes,
    expires_at: row.expiresAt.toISOString(),
  };
}

/** The user's own live session, or 404 (another user's answers as a missing one). */
async function ownSession(ctx: UploadsContext, user: CurrentUser, id: string): Promise<SessionRow> {
  const [row] = await ctx.db.select().from(uploadSessions).where(eq(uploadSessions.id, id));
  if (!row || row.userId !== user.id || row.expiresAt.getTime() <= Date.now()) throw notFound();
  return row;
}

/** Opens a session for a file of `input.size` bytes, within the upload limit and the quota. */
export async function createUploadSession(
  ctx: UploadsContext,
  user: CurrentUser,
  input: UploadCreateInput,
): Promise<UploadSession> {
  if (input.size > ctx.uploadMaxBytes) {
    throw new HttpError(413, uploadMessages.tooLarge(ctx.uploadMaxBytes));
  }
  await assertQuotaLeft(ctx, user);
  await mkdir(ctx.dir, { recursive: true, mode: 0o700 });
  const id = randomBytes(16).toString('hex');
  // The empty part file exists from the start: its length is the offset.
  const handle = await open(partPath(ctx, id), 'wx', 0o600);
  await handle.close();
  const [row] = await ctx.db
    .insert(uploadSessions)
    .values({
      id,
      userId: user.id,
      name: input.name,
      mimeType: input.mime_type,
      size: input.size,
      sha256: input.sha256 ?? null,
      expiresAt: new Date(Date.now() + TTL_MS),
    })
    .returning();
  if (!row) throw new Error('upload session insert returned nothing');
  return toSession(row, 0);
}

export async function getUploadSession(
  ctx: UploadsContext,
  user: CurrentUser,
  id: string,
): Promise<UploadSession> {
  const row = await ownSession(ctx, user, id);
  return toSession(row, await received(ctx, id));
}

/**
 * Runs `write` while holding session `id`, in the database so that it holds across processes
 * (docs/decisions/007-several-processes-share-limits-and-jobs.md): a second part or a finish of
 * the same session, from this process or another, gets 409 with `busy` and the bytes so far, and
 * the client waits before it asks again. The hold is renewed while `write` runs and released
 * after it.
 */
async function whileHolding<T>(
  ctx: UploadsContext,
  id: string,
  write: () => Promise<T>,
): Promise<T> {
  const hold = () => sql`now() + make_interval(secs => ${WRITE_HOLD_SECONDS})`;
  const [held] = await ctx.db
    .update(uploadSessions)
    .set({ writingUntil: hold() })
    .where(
      and(
        eq(uploadSessions.id, id),
        or(isNull(uploadSessions.writingUntil), lt(uploadSessions.writingUntil, sql`now()`)),
      ),
    )
    .returning({ id: uploadSessions.id });
  if (!held) {
    throw new HttpError(
      409,
      resumableUploadMessages.busy,
      {},
      { offset: await received(ctx, id), busy: true },
    );
  }
  // The last renewal is awaited before the release, which it must not come after.
  let renewed: Promise<unknown> = Promise.resolve();
  const renew = setInterval(
    () => {
      renewed = ctx.db
        .update(uploadSessions)
        .set({ writingUntil: hold() })
        .where(eq(uploadSessions.id, id))
        .catch(() => undefined);
    },
    (WRITE_HOLD_SECONDS * 1000) / 3,
  );
  try {
    return await write();
  } finally {
    clearInterval(renew);
    await renewed;
    await ctx.db
      .update(uploadSessions)
      .set({ writingUntil: null })
      .where(eq(uploadSessions.id, id));
  }
}

/** The 409 of a part that does not start where the bytes end: the offset to resume from. */
export function wrongOffset(offset: number): HttpError {
  return new HttpError(409, resumableUploadMessages.wrongOffset, {}, { offset });
}

/** The offset a part says it starts at: `Content-Range: bytes <start>-<end>/<total>` or `Upload-Offset: <start>`. */
export function partOffset(headers: Record<string, string | string[] | undefined>): number {
  const range = headers['content-range'];
  const plain = headers['upload-offset'];
  if (typeof range === 'string') {
    const match = /^bytes (\d+)-(\d+)\/(\d+|\*)$/.exec(range.trim());
    if (!match) throw new HttpError(400, resumableUploadMessages.badRange);
    return Number(match[1]);
  }
  if (typeof plain === 'string' && /^\d+$/.test(plain.trim())) return Number(plain.trim());
  throw new HttpError(400, resumableUploadMessages.badRange);
}

/** Counts a part's bytes and stops it past `max`. */
function limiter(max: number, tooMany: () => Error): Transform {
  let count = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      count += chunk.length;
      if (count > max) done(tooMany());
      else done(null, chunk);
    },
  });
}

/**
 * Appends one part at `offset`, which must be the bytes received so far (else 409 with them).
 * A part that fails midway (the client gone, too long) is cut back, so nothing half-written
 * stays. Every part moves the session's expiry on.
 */
export async function appendPart(
  ctx: UploadsContext,
  user: CurrentUser,
  id: string,
  offset: number,
  body: Readable,
): Promise<UploadSession> {
  const row = await ownSession(ctx, user, id);
  return whileHolding(ctx, id, async () => {
    const path = partPath(ctx, id);
    const current = await received(ctx, id);
    if (offset !== current) throw wrongOffset(current);
    const room = Math.min(UPLOAD_LIMITS.partMaxBytes, row.size - current);
    try {
      await pipeline(
        body,
        limiter(room, () =>
          room < UPLOAD_LIMITS.partMaxBytes
            ? new HttpError(413, resumableUploadMessages.tooLong)
            : new HttpError(413, resumableUploadMessages.partTooLarge),
        ),
        createWriteStream(path, { flags: 'a', mode: 0o600 }),
      );
    } catch (error) {
      await truncate(path, current).catch(() => undefined);
      body.resume();
      throw error instanceof HttpError ? error : new HttpError(400, uploadMessages.interrupted);
    }
    const [updated] = await ctx.db
      .update(uploadSessions)
      .set({ expiresAt: new Date(Date.now() + TTL_MS), updatedAt: new Date() })
      .where(eq(uploadSessions.id, id))
      .returning();
    return toSession(updated ?? row, await received(ctx, id));
  });
}

async function dropSession(ctx: UploadsContext, id: string): Promise<void> {
  await ctx.db.delete(uploadSessions).where(eq(uploadSessions.id, id));
  await rm(partPath(ctx, id), { force: true });
}

/**
 * Stores the received bytes as a file, exactly as `POST /api/files/` does (type detection, size
 * limit, quota, owner), and drops the session. A declared SHA-256 that the bytes do not have is
 * a 400: nothing is stored and the session is gone (its bytes are wrong).
 */
export async function finishUpload(
  ctx: UploadsContext,
  user: CurrentUser,
  id: string,
  input: UploadFinishInput,
): Promise<FileInfo> {
  const row = await ownSession(ctx, user, id);
  return whileHolding(ctx, id, async () => {
    const bytes = await received(ctx, id);
    if (bytes !== row.size) {
      throw new HttpError(400, resumableUploadMessages.incomplete, {}, { offset: bytes });
    }
    const staged = await ctx.storage.stage(createReadStream(partPath(ctx, id)));
    if (row.sha256 !== null && staged.checksum !== row.sha256) {
      await staged.discard();
      await dropSession(ctx, id);
      throw new HttpError(400, resumableUploadMessages.hashMismatch);
    }
    await assertQuotaLeft(ctx, user).catch(async (error: unknown) => {
      await staged.discard();
      throw error;
    });
    const file = await createFile(ctx, user, {
      staged,
      filename: row.name,
      fields: { visibility: input.visibility, description: input.description },
    });
    await dropSession(ctx, id);
    return file;
  });
}

/** Gives up an upload: its bytes and row go. */
export async function cancelUpload(ctx: UploadsContext, user: CurrentUser, id: string) {
  await ownSession(ctx, user, id);
  await dropSession(ctx, id);
}

/**
 * Removes expired sessions with their bytes, and part files no session names (a crash between
 * the two writes). Run at start and daily.
 */
export async function sweepUploads(ctx: UploadsContext, now = new Date()): Promise<number> {
  const expired = await ctx.db
    .delete(uploadSessions)
    .where(lt(uploadSessions.expiresAt, now))
    .returning({ id: uploadSessions.id });
  let removed = 0;
  for (const { id } of expired) {
    await rm(partPath(ctx, id), { force: true });
    removed += 1;
  }
  const names = await readdir(ctx.dir).catch(() => [] as string[]);
  for (const name of names) {
    const match = PART_FILE.exec(name);
    if (!match) continue;
    const [live] = await ctx.db
      .select({ id: uploadSessions.id })
      .from(uploadSessions)
      .where(and(eq(uploadSessions.id, match[1]!)));
    if (live) continue;
    // A session is inserted just after its file is made: leave the youngest alone.
    const info = await stat(join(ctx.dir, name)).catch(() => undefined);
    if (!info || now.getTime() - info.mtimeMs < 60_000) continue;
    await rm(join(ctx.dir, name), { force: true });
    removed += 1;
  }
  return removed;
}
