import type { PersonSummary } from '@bagysh/shared';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client';
import { notFound } from '../lib/http-errors';
import { intArray, summaryColumns, type SummaryRow } from './person-rows';
import { personsTable } from './person-table';
import { projectSummary, siblingOrder, visibleChildOf, type Viewer } from './privacy';

export interface DescendantLevels {
  /** Level 0 is the person; level n their descendants n generations below, in sibling order. */
  levels: PersonSummary[][];
  /** Cut at `maxPersons` (the last level read only in part). */
  truncated: boolean;
}

/**
 * A person and their descendants through either parent link the viewer may see, level by level
 * (one parent-index read per generation), down to `generations` below and at most `maxPersons`
 * in all. Each level is projected for the viewer before the next is read, so a hidden mother
 * link is never followed; a child of two persons of the branch (a marriage within the family)
 * comes once. The descendant chart and the printed book read their persons here.
 */
export async function readDescendantLevels(
  db: Db,
  id: number,
  generations: number,
  maxPersons: number,
  viewer: Viewer,
): Promise<DescendantLevels> {
  const [rootRow] = await queryRows<SummaryRow>(
    db,
    sql`select ${summaryColumns(viewer)} from ${personsTable} p where p.id = ${id}`,
  );
  if (!rootRow) throw notFound();
  const levels = [[projectSummary(rootRow, viewer)]];
  const seen = new Set([id]);
  let count = 1;
  let frontier = [id];
  for (let generation = 1; generation <= generations && frontier.length > 0; generation++) {
    const remaining = maxPersons - count;
    const rows = await queryRows<SummaryRow>(
      db,
      sql`select ${summaryColumns(viewer)} from ${personsTable} p
          where ${visibleChildOf(viewer, intArray(frontier))}
          order by ${siblingOrder(viewer)}
          limit ${remaining + 1 + seen.size}`,
    );
    const fresh = rows.filter((row) => !seen.has(row.id));
    const kept = fresh.slice(0, remaining);
    if (kept.length > 0) levels.push(kept.map((row) => projectSummary(row, viewer)));
    if (fresh.length > remaining) return { levels, truncated: true };
    for (const row of fresh) seen.add(row.id);
    count += fresh.length;
    frontier = fresh.map((row) => row.id);
  }
  return { levels, truncated: false };
}
