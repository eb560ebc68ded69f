import type { TreeStats } from '@bagysh/shared';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import { hiddenCondition } from '../../genealogy/privacy';
import { cachedAggregate } from '../../genealogy/tree-cache';
import { personsTable } from '../../genealogy/person-table';

/**
 * The home page's figures, the same for every viewer: "living" counts every person hidden
 * from guests, the restricted (RESN) ones with the living, or a restricted person's hidden
 * death year would move the figure (docs/genealogy.md, Privacy). Counting a million rows takes tens of milliseconds, so the answer
 * is kept for a short while (see tree-cache.ts) and dropped on every change to the tree.
 */
export async function treeStats(db: Db): Promise<TreeStats> {
  return cachedAggregate(db, 'stats', async () => {
    const [persons] = await queryRows<{ persons: number; generations: number; living: number }>(
      db,
      sql`select count(*)::int as persons, coalesce(max(p.depth) + 1, 0)::int as generations,
            (count(*) filter (where ${hiddenCondition()}))::int as living
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
