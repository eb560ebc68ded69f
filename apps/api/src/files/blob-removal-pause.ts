import { sql } from 'drizzle-orm';
import { queryRows, type Database, type Db } from '../db/client';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

// Advisory-lock key of the pause (first int4 of pg_advisory_xact_lock(int4, int4)).
export const LOCK_BACKUP = 0x62_61_63_6b; // 'back'

/** Pauses held in this process (PGlite has one session, where advisory locks never conflict). */
let pausedHere = 0;

/**
 * Whether a transaction about to remove blobs may do so: false while a backup gathers
 * the blobs its snapshot names. A removal that is told no leaves the blob for the
 * orphan sweep, which asks the same question later. Holds a shared lock until the
 * transaction ends, so a backup starting meanwhile waits for the removal to finish.
 */
export async function blobRemovalAllowed(tx: Tx): Promise<boolean> {
  if (pausedHere > 0) return false;
  const [row] = await queryRows<{ ok: boolean }>(
    tx,
    sql`select pg_try_advisory_xact_lock_shared(${LOCK_BACKUP}::int4, 0) as ok`,
  );
  return row?.ok === true;
}

/**
 * Runs `work` while no process removes blobs. On PostgreSQL the pause is an
 * exclusive advisory lock held by a transaction of its own, taken before `work`
 * starts, so a snapshot opened inside `work` never names a blob that a removal
 * has already deleted or deletes while the blobs are being gathered.
 */
export async function withBlobRemovalsPaused<T>(
  database: Database,
  work: () => Promise<T>,
): Promise<T> {
  pausedHere += 1;
  try {
    if (database.kind === 'pglite') return await work();
    return await database.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_BACKUP}::int4, 0)`);
      return work();
    });
  } finally {
    pausedHere -= 1;
  }
}
