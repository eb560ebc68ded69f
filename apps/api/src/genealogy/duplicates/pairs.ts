import {
  duplicateMessages,
  type DuplicateListQueryInput,
  type DuplicatePair,
  type DuplicateReason,
} from '@bagysh/shared';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import { fieldError } from '../../lib/http-errors';
import { personsTable } from '../person-table';
import { intArray, subtreeCondition, summaryColumns, type SummaryRow } from '../person-rows';
import { projectSummary, type Viewer } from '../privacy';
import { rescorePair } from './candidates';

/** The finder's list and the "not the same person" marks (docs/genealogy.md, Duplicate persons). */

interface CandidateRow {
  a: number;
  b: number;
  score: number;
  reasons: DuplicateReason[];
  computed_at: string;
}

/** The line of a person (the person and every descendant) as a condition on `alias`. */
async function lineCondition(db: Db, personId: number, alias: string): Promise<SQL | null> {
  const [root] = await queryRows<{ id: number; path: number[] }>(
    db,
    sql`select id, path from ${personsTable} where id = ${personId}`,
  );
  if (!root) return null;
  return sql`(${sql.raw(`${alias}.id`)} = ${root.id} or ${subtreeCondition([...root.path, root.id], alias)})`;
}

async function scopeConditions(
  db: Db,
  query: Pick<DuplicateListQueryInput, 'clan' | 'branch'>,
): Promise<SQL[] | null> {
  const where: SQL[] = [];
  const roots: number[] = [];
  if (query.clan !== undefined) {
    const [clan] = await queryRows<{ founder_id: number }>(
      db,
      sql`select founder_id from clans where id = ${query.clan}`,
    );
    if (!clan) return null;
    roots.push(clan.founder_id);
  }
  if (query.branch !== undefined) roots.push(query.branch);
  for (const root of roots) {
    const onA = await lineCondition(db, root, 'pa');
    const onB = await lineCondition(db, root, 'pb');
    if (!onA || !onB) return null;
    where.push(sql`(${onA} or ${onB})`);
  }
  return where;
}

/**
 * One page of candidate pairs, best first, with both persons' summaries as `viewer` (staff)
 * sees them; `clan` and `branch` keep the pairs with a person in that line.
 */
export async function listDuplicatePairs(
  db: Db,
  viewer: Viewer,
  query: DuplicateListQueryInput,
): Promise<{ count: number; results: DuplicatePair[] }> {
  const scope = await scopeConditions(db, query);
  if (scope === null) return { count: 0, results: [] };
  const joins =
    scope.length === 0
      ? sql``
      : sql`join ${personsTable} pa on pa.id = c.person_a_id
            join ${personsTable} pb on pb.id = c.person_b_id`;
  const where = scope.length === 0 ? sql`` : sql`where ${sql.join(scope, sql` and `)}`;
  const [counted] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from duplicate_candidates c ${joins} ${where}`,
  );
  const rows = await queryRows<CandidateRow>(
    db,
    sql`select c.person_a_id as a, c.person_b_id as b, c.score, c.reasons,
          to_json(c.computed_at) #>> '{}' as computed_at
        from duplicate_candidates c ${joins} ${where}
        order by c.score desc, c.person_a_id, c.person_b_id
        limit ${query.page_size} offset ${(query.page - 1) * query.page_size}`,
  );
  const ids = [...new Set(rows.flatMap((row) => [row.a, row.b]))];
  const summaries =
    ids.length === 0
      ? []
      : await queryRows<SummaryRow>(
          db,
          sql`select ${summaryColumns(viewer)} from ${personsTable} p
              where p.id = any(${intArray(ids)})`,
        );
  const byId = new Map(summaries.map((row) => [row.id, projectSummary(row, viewer)]));
  const results: DuplicatePair[] = [];
  for (const row of rows) {
    const a = byId.get(row.a);
    const b = byId.get(row.b);
    if (!a || !b) continue;
    results.push({
      a,
      b,
      score: Math.round(row.score * 1000) / 1000,
      reasons: row.reasons,
      computed_at: new Date(row.computed_at).toISOString(),
    });
  }
  return { count: counted?.n ?? 0, results };
}

/** A 400 on the field (`a` or `b`) naming a person who is not in the tree. */
async function requirePersons(db: Db, a: number, b: number): Promise<void> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select id from ${personsTable} where id = any(${intArray([a, b])})`,
  );
  const found = new Set(rows.map((row) => row.id));
  if (!found.has(a)) throw fieldError('a', duplicateMessages.personNotFound);
  if (!found.has(b)) throw fieldError('b', duplicateMessages.personNotFound);
}

/**
 * "Бул башка адам": the pair leaves the list and never comes back, whatever later runs find.
 * Marking a pair twice is the same as once.
 */
export async function markNotSame(db: Db, a: number, b: number, userId: number): Promise<void> {
  await requirePersons(db, a, b);
  const [low, high] = a < b ? [a, b] : [b, a];
  await db.transaction(async (tx) => {
    await tx.execute(
      sql`insert into duplicate_dismissals (person_a_id, person_b_id, created_by_id)
          values (${low}, ${high}, ${userId}) on conflict do nothing`,
    );
    await tx.execute(
      sql`delete from duplicate_candidates where person_a_id = ${low} and person_b_id = ${high}`,
    );
  });
}

/** Takes "not the same" back: the pair is scored again and listed if it qualifies. */
export async function undoNotSame(db: Db, a: number, b: number): Promise<void> {
  await requirePersons(db, a, b);
  const [low, high] = a < b ? [a, b] : [b, a];
  await db.execute(
    sql`delete from duplicate_dismissals where person_a_id = ${low} and person_b_id = ${high}`,
  );
  await rescorePair(db, low, high);
}
