import { getTableName, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { queryRows, type Db } from '../../../db/client';

/**
 * Ids: every record the import makes gets its id before pass 2, from a block reserved on its
 * table's sequence, so that the rows can point at each other before any is written.
 */

/**
 * Reserves `count` consecutive ids of `table` (its identity sequence); nobody else can insert in
 * between. Answers the first; nothing is reserved for 0.
 */
export async function reserveIds(db: Db, table: PgTable, count: number): Promise<number> {
  if (count === 0) return 0;
  const name = getTableName(table);
  return db.transaction(async (tx) => {
    await tx.execute(sql`lock table ${table} in share row exclusive mode`);
    const [row] = await queryRows<{ base: number }>(
      tx,
      sql`select nextval(pg_get_serial_sequence(${name}, 'id'))::int as base`,
    );
    const base = row?.base ?? 1;
    if (count > 1) {
      await tx.execute(
        sql`select setval(pg_get_serial_sequence(${name}, 'id'), ${base + count - 1})`,
      );
    }
    return base;
  });
}

/** Hands out the ids of a reserved block; asking for more than was counted is a bug. */
export class IdBlock {
  private next: number;
  constructor(
    private readonly base: number,
    private readonly size: number,
    start = 0,
  ) {
    this.next = start;
  }

  take(): number {
    if (this.next >= this.size) throw new Error('GEDCOM import: more ids taken than counted');
    return this.base + this.next++;
  }
}
