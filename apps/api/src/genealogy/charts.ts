import {
  CHART_LIMITS,
  type DescendantChart,
  type DescendantChartQuery,
  type Pedigree,
  type PedigreeQuery,
  type PersonSummary,
} from '@bagysh/shared';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client';
import { notFound } from '../lib/http-errors';
import { readDescendantLevels } from './descendant-levels';
import { intArray, summaryColumns, type SummaryRow } from './person-rows';
import { projectSummary, type Viewer } from './privacy';
import { personsTable } from './person-table';

/**
 * The pedigree and descendant charts (and the wall poster's branch): one primary-key or parent-index read per
 * generation, whatever the size of the tree. Each generation is projected for the viewer before
 * the next is read, so a hidden mother link is never followed.
 */

async function readPerson(db: Db, id: number, viewer: Viewer): Promise<PersonSummary> {
  const [row] = await queryRows<SummaryRow>(
    db,
    sql`select ${summaryColumns(viewer)} from ${personsTable} p where p.id = ${id}`,
  );
  if (!row) throw notFound();
  return projectSummary(row, viewer);
}

/** The person, then their parents, grandparents… up to `generations` above, each once. */
export async function readPedigree(
  db: Db,
  id: number,
  query: PedigreeQuery,
  viewer: Viewer,
): Promise<Pedigree> {
  const root = await readPerson(db, id, viewer);
  const results = [root];
  const seen = new Set([root.id]);
  let level = [root];
  for (let generation = 1; generation <= query.generations; generation++) {
    const parents = new Set<number>();
    for (const person of level) {
      for (const parent of [person.father_id, person.mother_id]) {
        if (parent !== null && !seen.has(parent)) parents.add(parent);
      }
    }
    if (parents.size === 0) break;
    const rows = await queryRows<SummaryRow>(
      db,
      sql`select ${summaryColumns(viewer)} from ${personsTable} p
          where p.id = any(${intArray([...parents])}) order by p.id`,
    );
    level = rows.map((row) => projectSummary(row, viewer));
    for (const person of level) seen.add(person.id);
    results.push(...level);
  }
  return { generations: query.generations, results };
}

/**
 * The person, then their children through either parent link the viewer may see, their
 * children's children… up to `generations` below, at most `maxPersons` in all (the chart's
 * `CHART_LIMITS.maxPersons`; the wall poster asks for more, under the same rule).
 */
export async function readDescendantChart(
  db: Db,
  id: number,
  query: Pick<DescendantChartQuery, 'generations'>,
  viewer: Viewer,
  maxPersons: number = CHART_LIMITS.maxPersons,
): Promise<DescendantChart> {
  const { levels, truncated } = await readDescendantLevels(
    db,
    id,
    query.generations,
    maxPersons,
    viewer,
  );
  return { generations: query.generations, truncated, results: levels.flat() };
}
