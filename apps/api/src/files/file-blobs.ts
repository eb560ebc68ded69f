import { eq, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { files } from '../db/schema';
import { HttpError } from '../lib/http-errors';
import type { CurrentUser } from '../plugins/auth';
import { blobRemovalAllowed } from './blob-removal-pause';
import { filesMessages } from './file-messages';
import type { FileStorage } from './storage/file-storage';

/**
 * Blobs and the quota: the locks that keep the blob store and the files rows in agreement (a
 * blob is written, counted and removed under its lock, a user's files are added under their
 * quota lock), releasing and sweeping the blobs no row names, and the bytes a user's files take.
 */

/** What the files service works with: the database, the blob store and the limits. */
export interface FilesContext {
  db: Db;
  storage: FileStorage;
  uploadMaxBytes: number;
  uploadQuotaBytes: number;
}

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Executor = Db | Tx;

/** Unreferenced blobs younger than this are left alone by the sweep. */
export const ORPHAN_GRACE_MS = 60 * 60 * 1000;

// Advisory-lock namespaces (first int4 of pg_advisory_xact_lock(int4, int4)).
const LOCK_BLOB = 0x66_69_6c_65; // 'file'
const LOCK_QUOTA = 0x71_75_6f_74; // 'quot'

/** A blob's lock id: the first 32 bits of its SHA-256 (a collision only serializes more). */
function blobLockId(checksum: string): number {
  return Number.parseInt(checksum.slice(0, 8), 16) | 0;
}

async function lock(tx: Tx, namespace: number, id: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${namespace}::int4, ${id}::int4)`);
}

/** Locks the blobs in one global order, so two transactions never wait on each other in a cycle. */
export async function lockBlobs(tx: Tx, checksums: string[]): Promise<void> {
  const ids = [...new Set(checksums.map(blobLockId))].sort((a, b) => a - b);
  for (const id of ids) await lock(tx, LOCK_BLOB, id);
}

async function isReferenced(tx: Executor, checksum: string): Promise<boolean> {
  const rows = await tx
    .select({ id: files.id })
    .from(files)
    .where(or(eq(files.checksum, checksum), eq(files.thumbnailChecksum, checksum)))
    .limit(1);
  return rows.length > 0;
}

/**
 * Removes each blob that no row names any more. Under the blob's lock, so an
 * upload of the same bytes (which commits its blob and inserts its row under
 * the same lock) either already counts or comes after and writes the blob anew.
 */
export async function releaseBlobs(
  ctx: Pick<FilesContext, 'db' | 'storage'>,
  checksums: (string | null)[],
): Promise<void> {
  for (const checksum of new Set(checksums)) {
    if (!checksum) continue;
    await ctx.db.transaction(async (tx) => {
      await lockBlobs(tx, [checksum]);
      if (await isReferenced(tx, checksum)) return;
      if (await blobRemovalAllowed(tx)) await ctx.storage.remove(checksum);
    });
  }
}

/** Serialises the writes that add to `ownerId`'s files, so that two never both fit the quota. */
export async function lockQuota(tx: Tx, ownerId: number): Promise<void> {
  await lock(tx, LOCK_QUOTA, ownerId);
}

export async function usedBytes(db: Executor, userId: number): Promise<number> {
  const [row] = await db
    .select({ used: sql<string | number | bigint>`coalesce(sum(${files.size}), 0)` })
    .from(files)
    .where(eq(files.ownerId, userId));
  // bigint arrives as a string from pg and may be a BigInt from PGlite.
  return Number(row?.used ?? 0);
}

export function quotaExceeded(ctx: Pick<FilesContext, 'uploadQuotaBytes'>): HttpError {
  return new HttpError(413, filesMessages.quotaExceeded(ctx.uploadQuotaBytes));
}

/** Bytes the user's files take (the sum of their rows' sizes). */
export function quotaUsed(ctx: FilesContext, user: CurrentUser): Promise<number> {
  return usedBytes(ctx.db, user.id);
}

/** Refuses an upload at once (before reading it) when the user's quota is already full. */
export async function assertQuotaLeft(ctx: FilesContext, user: CurrentUser): Promise<void> {
  if ((await usedBytes(ctx.db, user.id)) >= ctx.uploadQuotaBytes) throw quotaExceeded(ctx);
}

/**
 * Removes what a crash can leave behind: blobs that no row names (older than
 * `olderThan`, so an upload in progress is never touched) and abandoned
 * temporary files. Safe to run while the server works: each blob is checked and
 * removed under its lock.
 */
export async function sweepOrphans(
  ctx: Pick<FilesContext, 'db' | 'storage'>,
  olderThan: Date = new Date(Date.now() - ORPHAN_GRACE_MS),
): Promise<{ blobs: number; temporaryFiles: number }> {
  let blobs = 0;
  for await (const blob of ctx.storage.list()) {
    if (blob.modifiedAt >= olderThan) continue;
    const removed = await ctx.db.transaction(async (tx) => {
      await lockBlobs(tx, [blob.key]);
      if (await isReferenced(tx, blob.key)) return false;
      if (!(await blobRemovalAllowed(tx))) return false;
      await ctx.storage.remove(blob.key);
      return true;
    });
    if (removed) blobs += 1;
  }
  const temporaryFiles = await ctx.storage.removeStaleTemporaryFiles(olderThan);
  return { blobs, temporaryFiles };
}

/** Bytes of files `ownerId` owns, for an import to tell the quota before it stages files. */
export function ownerUsedBytes(db: Db, ownerId: number): Promise<number> {
  return usedBytes(db, ownerId);
}
