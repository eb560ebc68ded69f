import type { TreeStats } from '@bagysh/shared';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import { livingCondition } from '../../genealogy/privacy';
import { cachedAggregate } from '../../genealogy/tree-cache';
import { personsTable } from '../../genealogy/person-table';

/**
 * The home page's figures. Counting a million rows takes tens of milliseconds, so the answer
 * is kept for a short while (see tree-cache.ts) and dropped on every change to the tree.
 */
export async function treeStats(db: Db): Promise<TreeStats> {
  return cachedAggregate(db, 'stats', async () => {
    const [persons] = await queryRows<{ persons: number; generations: number; living: number }>(
      db,
      sql`select count(*)::int as persons, coalesce(max(p.depth) + 1, 0)::int as generations,
            (count(*) filter (where ${livingCondition()}))::int as living
          from ${personsTable} p`,
    );
    const [clans] = await queryRows<{ count: number }>(
      db,
      sql`select count(*)::int as count from clans`,
    );
    const total = persons?.persons ?? 0;
    const living = persons?.living ?? 0;
    return {
      persons: total,
      generations: persons?.generations ?? 0,
      clans: clans?.count ?? 0,
      living,
      historical: total - living,
    };
  });
}
