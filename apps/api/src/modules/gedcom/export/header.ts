import { setImmediate } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../../db/client';
import { citations, events, notes, personNames, places, sources, unions } from '../../../db/schema';
import { personsTable } from '../../../genealogy/person-table';

/** Rows of each table scanned at once for custom tags: short queries, see BATCH (context.ts). */
const TAG_SCAN_RANGE = 20_000;

/**
 * Every custom tag (`_X`) kept in `extra` anywhere, for the 7.0 HEAD.SCHMA (which comes before
 * the records). Scanned in id ranges, so that no query holds PGlite's thread for long.
 */
export async function extraTags(db: Db): Promise<string[]> {
  const tables = [personsTable, unions, places, notes, sources, personNames, events, citations];
  const tags = new Set<string>();
  for (const table of tables) {
    const [bounds] = await queryRows<{ low: number | null; high: number | null }>(
      db,
      sql`select min(id) as low, max(id) as high from ${table}`,
    );
    if (!bounds || bounds.low === null || bounds.high === null) continue;
    for (let from = bounds.low; from <= bounds.high; from += TAG_SCAN_RANGE) {
      await setImmediate();
      const rows = await queryRows<{ tag: string }>(
        db,
        sql`select distinct tag from (
              select jsonb_path_query(extra, 'strict $.**.tag') #>> '{}' as tag from ${table}
              where id >= ${from} and id < ${from + TAG_SCAN_RANGE} and extra is not null) t
            where tag like '\\_%'`,
      );
      for (const row of rows) tags.add(row.tag);
    }
  }
  return [...tags];
}
