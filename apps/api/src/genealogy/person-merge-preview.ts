import {
  MERGE_FIELDS,
  mergeMessages,
  type MergePerson,
  type MergePreview,
  type PersonLabelRef,
} from '@bagysh/shared';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client';
import { forbidden, HttpError, notFound } from '../lib/http-errors';
import { checkMerge, fathersDiffer, recommendedSide } from './person-merge';
import { lineageNameColumns } from './person-rows';
import type { Viewer } from './privacy';

/**
 * The merge page's side-by-side view of two persons: each one's fields, the records the merge
 * will combine, which value of each field it keeps unless told otherwise, and why it cannot be
 * done, if so. Staff pages: the reader is signed in and sees the living in full (privacy.ts);
 * a guest is refused by the route, and refused here too.
 */

const label = sql`p.id, p.name, p.sex, p.birth_year, p.death_year, ${lineageNameColumns('p')}`;

async function labels(db: Db, where: ReturnType<typeof sql>): Promise<PersonLabelRef[]> {
  return queryRows<PersonLabelRef>(db, sql`select ${label} from persons p where ${where}`);
}

async function sideOf(db: Db, row: Record<string, unknown>): Promise<MergePerson> {
  const id = row.id as number;
  const one = async (other: unknown) =>
    typeof other === 'number' ? ((await labels(db, sql`p.id = ${other}`))[0] ?? null) : null;
  const [counts] = await queryRows<MergePerson['counts']>(
    db,
    sql`select
        (select count(*)::int from citations where person_id = ${id}) as citations,
        (select count(*)::int from note_links where person_id = ${id}) as notes,
        (select count(*)::int from media_links where person_id = ${id}) as media,
        (select count(*)::int from parent_families where child_id = ${id}) as parent_families,
        (select count(*)::int from posts where person_id = ${id}) as articles`,
  );
  return {
    id,
    version: row.version as number,
    fields: Object.fromEntries(MERGE_FIELDS.map((field) => [field, row[field] ?? null])),
    father: await one(row.father_id),
    mother: await one(row.mother_id),
    names: await queryRows(
      db,
      sql`select full_name as label, kind as detail from person_names
          where person_id = ${id} order by position, id`,
    ),
    events: await queryRows(
      db,
      sql`select e.type as label,
            nullif(concat_ws(', ', e.date ->> 'text', pl.name), '') as detail
          from events e left join places pl on pl.id = e.place_id
          where e.person_id = ${id} order by e.date_sort nulls last, e.position, e.id`,
    ),
    spouses: await labels(
      db,
      sql`p.id in (select case when person1_id = ${id} then person2_id else person1_id end
          from unions where person1_id = ${id} or person2_id = ${id}) order by p.id`,
    ),
    children: await labels(
      db,
      sql`(p.father_id = ${id} or p.mother_id = ${id})
          order by p.birth_year nulls last, p.id limit 200`,
    ),
    counts: counts ?? { citations: 0, notes: 0, media: 0, parent_families: 0, articles: 0 },
  };
}

/** `GET /persons/merge/?a=&b=`: 404 when one is gone, 422 for one person twice. */
export async function mergePreview(
  db: Db,
  a: number,
  b: number,
  viewer: Viewer,
): Promise<MergePreview> {
  if (!viewer.seesLiving) throw forbidden();
  if (a === b) throw new HttpError(422, mergeMessages.self);
  const rows = await queryRows<{ row: Record<string, unknown> }>(
    db,
    sql`select to_jsonb(p) as row from persons p where p.id in (${a}, ${b})`,
  );
  const rowA = rows.find(({ row }) => row.id === a)?.row;
  const rowB = rows.find(({ row }) => row.id === b)?.row;
  if (!rowA || !rowB) throw notFound(mergeMessages.gone);
  const differ = fathersDiffer(rowA, rowB);
  let refusal: string | null = null;
  try {
    // Which father stays is the page's to choose, not a reason to refuse.
    await checkMerge(db, { a, b, choices: differ ? { father_id: 'a' } : {} }, false);
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    refusal = error.message;
  }
  return {
    a: await sideOf(db, rowA),
    b: await sideOf(db, rowB),
    fields: MERGE_FIELDS.map((field) => ({
      field,
      differs: JSON.stringify(rowA[field] ?? null) !== JSON.stringify(rowB[field] ?? null),
      recommended: recommendedSide(field, rowA, rowB),
    })),
    fathers_differ: differ,
    refusal,
  };
}
