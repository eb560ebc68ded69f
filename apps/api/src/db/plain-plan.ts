import { sql } from 'drizzle-orm';
import type { Db } from './client';

/**
 * Runs `read` in a transaction with neither JIT nor parallel workers. PostgreSQL compiles a
 * query whose estimated cost passes `jit_above_cost`, which a read of a few rows reaches when
 * its estimate is poor (a comparison of two columns) or when it carries many correlated
 * subqueries (the person page's records for a few hundred persons): compiling then takes
 * longer than the read, 0.3 s of a 0.4 s query. Keep the transaction short: on PGlite it holds
 * the one connection.
 */
export async function withPlainPlan<T>(db: Db, read: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local jit = off`);
    await tx.execute(sql`set local max_parallel_workers_per_gather = 0`);
    return read(tx);
  });
}
