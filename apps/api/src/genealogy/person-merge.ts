import {
  foldName,
  MERGE_FIELDS,
  mergeMessages,
  personClaimMessages,
  personMessages,
  revisionMessages,
  type MergeField,
  type MergeInput,
  type MergeSide,
} from '@bagysh/shared';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client';
import { conflict, HttpError, notFound } from '../lib/http-errors';
import { loadParent } from './person-checks';
import { intArray, subtreeCondition } from './person-rows';
import { addDescendants, movePathsOfSubtree, rememberNameKey } from './person-writes';
import { familyOf, refreshPresumedLiving } from './presumed-living';

/**
 * Two persons merged into one (docs/genealogy.md, Merging persons), and the merge undone. The
 * merge works on the rows themselves, under the tree lock the caller holds: the survivor `a`
 * keeps its id and takes the chosen values, every row that named `b` names `a`, `b` is deleted
 * and its id is remembered in `merged_persons`. What it changed is stored in the proposal as
 * whole rows (`to_jsonb`), so that the revert puts back every row as it was, ids, versions and
 * timestamps included; the lineage (`path`, `depth`, `descendant_count`) is moved there and
 * back by the tree's own subtree moves (person-writes.ts) rather than copied.
 */

type Row = Record<string, unknown>;

/** The persons columns the merge reads. */
interface PersonRow extends Row {
  id: number;
  name: string;
  name_key: string;
  sex: string;
  father_id: number | null;
  mother_id: number | null;
  path: number[];
  descendant_count: number;
  version: number;
}

const refuse = (message: string) => new HttpError(422, message);

/** Moves person `id` and their whole line from `oldPath` to `newPath`, counts and all. */
async function moveUnder(tx: Db, id: number, oldPath: number[], newPath: number[]) {
  await movePathsOfSubtree(tx, id, oldPath, newPath);
  await tx.execute(
    sql`update persons set path = ${intArray(newPath)}, depth = ${newPath.length}
        where id = ${id}`,
  );
}

async function loadPersons(tx: Db, ids: number[], lock: boolean): Promise<Map<number, PersonRow>> {
  const rows = await queryRows<{ row: PersonRow }>(
    tx,
    sql`select to_jsonb(p) as row from persons p where p.id = any(${intArray(ids)})
        ${lock ? sql`for update` : sql``}`,
  );
  return new Map(rows.map(({ row }) => [row.id, row]));
}

const isEmpty = (value: unknown) => value === null || value === '' || value === 'U';

/** The default choice: the survivor's value unless it is empty. */
export function recommendedSide(field: MergeField, a: Row, b: Row): MergeSide {
  return isEmpty(a[field]) && !isEmpty(b[field]) ? 'b' : 'a';
}

/** A merge that passed its checks: both rows and whose value of each field survives. */
export interface MergePlan {
  a: PersonRow;
  b: PersonRow;
  sides: Record<MergeField, MergeSide>;
}

const sameFather = (a: PersonRow, b: PersonRow) =>
  a.father_id === null || b.father_id === null || a.father_id === b.father_id;

/** Whether the two have different fathers, so that one must be chosen. */
export const fathersDiffer = (a: Row, b: Row) => !sameFather(a as PersonRow, b as PersonRow);

/**
 * Checks a merge without writing: 422 for a merge that cannot be (one person, spouses of each
 * other, two fathers with no choice, a father and a mother, two clan founders, one the other's
 * ancestor), 404 when one is gone, 409 at a stale version (`versions` undefined: not checked).
 */
export async function checkMerge(
  tx: Db,
  input: Pick<MergeInput, 'a' | 'b' | 'choices'> & { versions?: MergeInput['versions'] },
  lock: boolean,
): Promise<MergePlan> {
  if (input.a === input.b) throw refuse(mergeMessages.self);
  const found = await loadPersons(tx, [input.a, input.b], lock);
  const a = found.get(input.a);
  const b = found.get(input.b);
  if (!a || !b) throw notFound(mergeMessages.gone);
  if (input.versions && (a.version !== input.versions.a || b.version !== input.versions.b)) {
    throw conflict(personMessages.staleVersion);
  }
  const sides = Object.fromEntries(
    MERGE_FIELDS.map((field) => [field, input.choices[field] ?? recommendedSide(field, a, b)]),
  ) as Record<MergeField, MergeSide>;
  const [facts] = await queryRows<{
    spouses: boolean;
    father_children: number;
    mother_children: number;
    founders: number;
    linked: number;
  }>(
    tx,
    sql`select
        exists(select 1 from unions where person1_id = ${Math.min(a.id, b.id)}
          and person2_id = ${Math.max(a.id, b.id)}) as spouses,
        (select count(*)::int from persons where father_id in (${a.id}, ${b.id})) as father_children,
        (select count(*)::int from persons where mother_id in (${a.id}, ${b.id})) as mother_children,
        (select count(*)::int from clans where founder_id in (${a.id}, ${b.id})) as founders,
        (select count(*)::int from person_claims where person_id in (${a.id}, ${b.id})
          and status = 'approved') as linked`,
  );
  if (facts?.spouses) throw refuse(mergeMessages.spouses);
  if ((facts?.founders ?? 0) > 1) throw refuse(mergeMessages.twoClans);
  // Each linked to its own account: which account the person is stays a moderator's call.
  if ((facts?.linked ?? 0) > 1) throw refuse(personClaimMessages.bothLinked);
  const fatherOf = (facts?.father_children ?? 0) > 0;
  const motherOf = (facts?.mother_children ?? 0) > 0;
  if (fatherOf && motherOf) throw refuse(mergeMessages.fatherAndMother);
  const sex = (sides.sex === 'a' ? a : b).sex;
  if ((fatherOf && sex === 'F') || (motherOf && sex === 'M')) {
    throw refuse(mergeMessages.sexOfParent);
  }
  if (await oneAboveTheOther(tx, a.id, b.id)) throw refuse(mergeMessages.ownAncestor);
  // Which father stays is asked last: a merge refused for any other reason needs no choice.
  if (!sameFather(a, b) && input.choices.father_id === undefined) {
    throw refuse(mergeMessages.fathersDiffer);
  }
  return { a, b, sides };
}

/**
 * Whether either is among the other's parents or further ancestors, through birth parents and
 * further parent families alike: merged, they would be their own ancestor.
 */
async function oneAboveTheOther(tx: Db, a: number, b: number): Promise<boolean> {
  const [row] = await queryRows<{ found: boolean }>(
    tx,
    sql`with recursive up(id) as (
          select ${a}::int union select ${b}::int
          union
          select v.id from up
            join persons pp on pp.id = up.id
            cross join lateral (
              select pp.father_id as id union all select pp.mother_id
              union all select f.father_id from parent_families f where f.child_id = pp.id
              union all select f.mother_id from parent_families f where f.child_id = pp.id
            ) v
          where v.id is not null and v.id not in (${a}, ${b})
        ),
        parents as (
          select v.id from persons pp
            cross join lateral (
              select pp.father_id as id union all select pp.mother_id
              union all select f.father_id from parent_families f where f.child_id = pp.id
              union all select f.mother_id from parent_families f where f.child_id = pp.id
            ) v
          where v.id is not null and pp.id = any(select id from up)
        )
        select exists(select 1 from parents where id in (${a}, ${b})) as found`,
  );
  return row?.found ?? false;
}

// ---------------------------------------------------------------------------------------------
// The snapshot: whole rows, as `to_jsonb` gives them

/** The tables whose rows a merge changes, in the order a revert writes them back. */
const RESTORED_TABLES = [
  'unions',
  'person_names',
  'events',
  'citations',
  'note_links',
  'media_links',
  'parent_families',
] as const;
type RestoredTable = (typeof RESTORED_TABLES)[number];

export interface MergeSnapshot {
  /** The survivor, the merged person, and the children of both. */
  persons: Row[];
  tables: Record<RestoredTable, Row[]>;
  /** Articles about the merged person; clans it founded. */
  posts: number[];
  clans: number[];
  /** "Бул мен" requests and links of the merged person (absent in merges made before them). */
  claims?: number[];
  /** The merged person's `branch_stewards` rows (absent in merges made before stewards). */
  stewards?: Row[];
}

async function rowsOf(tx: Db, table: string, where: SQL): Promise<Row[]> {
  const rows = await queryRows<{ row: Row }>(
    tx,
    sql`select to_jsonb(t) as row from ${sql.identifier(table)} t where ${where} order by t.id`,
  );
  return rows.map(({ row }) => row);
}

async function idsOf(tx: Db, query: SQL): Promise<number[]> {
  return (await queryRows<{ id: number }>(tx, query)).map((row) => row.id);
}

async function takeSnapshot(tx: Db, a: number, b: number): Promise<MergeSnapshot> {
  const both = intArray([a, b]);
  const unionIds = await idsOf(
    tx,
    sql`select id from unions where person1_id = any(${both}) or person2_id = any(${both})`,
  );
  const unionsOwned = sql`t.union_id = any(${intArray(unionIds)})`;
  const owned = sql`t.person_id = any(${both})`;
  return {
    persons: await rowsOf(
      tx,
      'persons',
      sql`t.id = any(${both}) or t.father_id = any(${both}) or t.mother_id = any(${both})`,
    ),
    tables: {
      unions: await rowsOf(tx, 'unions', sql`t.id = any(${intArray(unionIds)})`),
      person_names: await rowsOf(tx, 'person_names', owned),
      events: await rowsOf(tx, 'events', sql`${owned} or ${unionsOwned}`),
      citations: await rowsOf(tx, 'citations', sql`${owned} or ${unionsOwned}`),
      note_links: await rowsOf(tx, 'note_links', sql`${owned} or ${unionsOwned}`),
      media_links: await rowsOf(tx, 'media_links', owned),
      parent_families: await rowsOf(
        tx,
        'parent_families',
        sql`t.child_id = any(${both}) or t.father_id = any(${both}) or t.mother_id = any(${both})`,
      ),
    },
    posts: await idsOf(tx, sql`select id from posts where person_id = ${b} order by id`),
    clans: await idsOf(tx, sql`select id from clans where founder_id = ${b} order by id`),
    claims: await idsOf(tx, sql`select id from person_claims where person_id = ${b} order by id`),
    stewards: await rowsOf(tx, 'branch_stewards', sql`t.person_id = ${b}`),
  };
}

// ---------------------------------------------------------------------------------------------
// The merge

/** What a revert needs, kept in the merged person's `merged_persons` row. */
export interface MergeRestore {
  snapshot: MergeSnapshot;
  /** The survivor's version after the merge: a revert needs it unchanged since. */
  survivor_version: number;
  /** The alternative name the merge added. */
  added_name_ids: number[];
}

/**
 * What the applied proposal shows, as a change of the survivor: the fields the merge changed,
 * before and after, and whom it merged in.
 */
export interface MergeRecord {
  before: Record<string, unknown>;
  after: Record<string, unknown> & { merged_id: number };
}

/** The highest `position` of a person's rows in `table`, or -1. */
async function lastPosition(tx: Db, table: string, column: string, id: number): Promise<number> {
  const [row] = await queryRows<{ max: number | null }>(
    tx,
    sql`select max(position)::int as max from ${sql.identifier(table)}
        where ${sql.identifier(column)} = ${id}`,
  );
  return row?.max ?? -1;
}

/** Moves `b`'s rows of `table` to `a`, after `a`'s own. */
async function moveOwned(tx: Db, table: string, column: string, a: number, b: number) {
  const offset = Math.max(await lastPosition(tx, table, column, a), 0) + 1;
  await tx.execute(
    sql`update ${sql.identifier(table)} set ${sql.identifier(column)} = ${a},
          position = position + ${offset}
        where ${sql.identifier(column)} = ${b}`,
  );
}

async function mergeUnions(tx: Db, a: number, b: number): Promise<void> {
  const unions = await queryRows<{
    id: number;
    person1_id: number;
    person2_id: number;
    person1_position: number | null;
    person2_position: number | null;
  }>(
    tx,
    sql`select id, person1_id, person2_id, person1_position, person2_position from unions
        where person1_id = ${b} or person2_id = ${b} order by id`,
  );
  for (const union of unions) {
    const bFirst = union.person1_id === b;
    const spouse = bFirst ? union.person2_id : union.person1_id;
    const [kept] = await queryRows<{ id: number }>(
      tx,
      sql`select id from unions where person1_id = ${Math.min(a, spouse)}
          and person2_id = ${Math.max(a, spouse)}`,
    );
    if (kept) {
      // The same marriage told twice: one union, with the details of both.
      for (const table of ['events', 'citations', 'note_links']) {
        await tx.execute(
          sql`update ${sql.identifier(table)} set union_id = ${kept.id}
              where union_id = ${union.id}`,
        );
      }
      await tx.execute(sql`delete from unions where id = ${union.id}`);
      continue;
    }
    const own = bFirst ? union.person1_position : union.person2_position;
    const theirs = bFirst ? union.person2_position : union.person1_position;
    const aFirst = a < spouse;
    await tx.execute(
      sql`update unions set person1_id = ${aFirst ? a : spouse},
            person2_id = ${aFirst ? spouse : a},
            person1_position = ${aFirst ? own : theirs},
            person2_position = ${aFirst ? theirs : own}, updated_at = now()
          where id = ${union.id}`,
    );
  }
}

/** Links of the same thing twice after the move: the later one goes. */
async function dropDuplicates(tx: Db, a: number): Promise<void> {
  await tx.execute(
    sql`delete from note_links l using note_links k
        where l.person_id = ${a} and k.person_id = ${a} and l.note_id = k.note_id and l.id > k.id`,
  );
  await tx.execute(
    sql`delete from media_links l using media_links k
        where l.person_id = ${a} and k.person_id = ${a} and l.file_id = k.file_id and l.id > k.id`,
  );
  await tx.execute(
    sql`delete from parent_families l using parent_families k
        where l.child_id = ${a} and k.child_id = ${a} and l.relation = k.relation
          and l.father_id is not distinct from k.father_id
          and l.mother_id is not distinct from k.mother_id and l.id > k.id`,
  );
}

/** The chosen name's other spelling, kept as an alternative name unless a name says it. */
async function keepOtherName(tx: Db, a: number, kept: string, other: string): Promise<number[]> {
  if (other === kept) return [];
  const [known] = await queryRows<{ id: number }>(
    tx,
    sql`select id from person_names where person_id = ${a} and full_name = ${other} limit 1`,
  );
  if (known) return [];
  const key = foldName(other);
  await rememberNameKey(tx, key);
  const position = Math.max(await lastPosition(tx, 'person_names', 'person_id', a), 0) + 1;
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`insert into person_names (person_id, kind, full_name, name_key, alternative, position)
        values (${a}, 'aka', ${other}, ${key}, ${key !== foldName(kept)}, ${position})
        returning id`,
  );
  return row ? [row.id] : [];
}

/** The persons columns of a field (the API's names are the columns'). */
const columnOf = (field: MergeField) => sql.identifier(field);

/**
 * Merges `input.b` into `input.a` (the tree lock held). Answers what the proposal stores.
 */
export async function applyMerge(
  tx: Db,
  input: MergeInput,
  actorId: number | null,
): Promise<MergeRecord> {
  const plan = await checkMerge(tx, input, true);
  const { a, b, sides } = plan;
  const snapshot = await takeSnapshot(tx, a.id, b.id);
  const value = (field: MergeField) => (sides[field] === 'a' ? a : b)[field];
  const family = await familyOf(tx, [a.id, b.id]);

  await tx.execute(sql`update posts set person_id = ${a.id} where person_id = ${b.id}`);
  await tx.execute(sql`update clans set founder_id = ${a.id} where founder_id = ${b.id}`);
  await tx.execute(sql`update person_claims set person_id = ${a.id} where person_id = ${b.id}`);
  // A restriction from a GEDCOM file (RESN) stays: the survivor is as hidden as either was.
  await tx.execute(
    sql`update persons set resn = coalesce(resn, (select resn from persons where id = ${b.id}))
        where id = ${a.id}`,
  );
  // A steward of both keeps one row; the merged person's other stewards keep the survivor's line.
  await tx.execute(
    sql`delete from branch_stewards s where s.person_id = ${b.id} and exists (
          select 1 from branch_stewards o where o.user_id = s.user_id and o.person_id = ${a.id})`,
  );
  await tx.execute(sql`update branch_stewards set person_id = ${a.id} where person_id = ${b.id}`);

  // The survivor under the chosen father, with their whole line.
  let aPath = a.path;
  const father = value('father_id') as number | null;
  if (father !== a.father_id) {
    const row = father === null ? undefined : await loadParent(tx, father);
    const fatherPath = row ? [...row.path, row.id] : [];
    await tx.execute(
      sql`update persons set father_id = ${row?.id ?? null},
            father_name_key = ${row?.name_key ?? null}
          where id = ${a.id}`,
    );
    await moveUnder(tx, a.id, a.path, fatherPath);
    aPath = fatherPath;
  }

  // The merged person's children, and their lines, under the survivor.
  const name = value('name') as string;
  const nameKey = foldName(name);
  if (b.descendant_count > 0) {
    const oldPrefix = [...b.path, b.id];
    const newPrefix = [...aPath, a.id];
    await addDescendants(tx, b.path, -b.descendant_count);
    await addDescendants(tx, newPrefix, b.descendant_count);
    await tx.execute(
      sql`update persons p
          set path = ${intArray(newPrefix)} || p.path[${oldPrefix.length + 1}:],
              depth = p.depth + ${newPrefix.length - oldPrefix.length}
          where ${subtreeCondition(oldPrefix)}`,
    );
  }
  await tx.execute(
    sql`update persons set father_id = ${a.id}, version = version + 1,
          updated_by_id = ${actorId}, updated_at = now()
        where father_id = ${b.id}`,
  );
  await tx.execute(
    sql`update persons set mother_id = ${a.id}, version = version + 1,
          updated_by_id = ${actorId}, updated_at = now()
        where mother_id = ${b.id}`,
  );
  await tx.execute(sql`update persons set father_name_key = ${nameKey} where father_id = ${a.id}`);

  // Records.
  await mergeUnions(tx, a.id, b.id);
  for (const table of ['person_names', 'events', 'citations', 'note_links', 'media_links']) {
    await moveOwned(tx, table, 'person_id', a.id, b.id);
  }
  await moveOwned(tx, 'parent_families', 'child_id', a.id, b.id);
  await tx.execute(sql`update parent_families set father_id = ${a.id} where father_id = ${b.id}`);
  await tx.execute(sql`update parent_families set mother_id = ${a.id} where mother_id = ${b.id}`);
  await dropDuplicates(tx, a.id);
  const other = sides.name === 'a' ? b.name : a.name;
  const addedNames = await keepOtherName(tx, a.id, name, other);
  await rememberNameKey(tx, nameKey);
  await tx.execute(
    sql`update person_names set alternative = (name_key <> ${nameKey}) where person_id = ${a.id}`,
  );

  // The merged person goes; the survivor takes the chosen values.
  await tx.execute(sql`delete from persons where id = ${b.id}`);
  await addDescendants(tx, b.path, -1);
  const assignments = MERGE_FIELDS.filter((field) => field !== 'father_id').map(
    (field) => sql`${columnOf(field)} = ${value(field) as string | number | boolean | null}`,
  );
  const birthFrom = sides.birth_year === 'a' ? a : b;
  const deathFrom = sides.death_year === 'a' ? a : b;
  await tx.execute(
    sql`update persons set ${sql.join(assignments, sql`, `)}, name_key = ${nameKey},
          birth_year_source = ${birthFrom.birth_year_source as string | null},
          death_year_source = ${deathFrom.death_year_source as string | null},
          version = version + 1, updated_by_id = ${actorId}, updated_at = now()
        where id = ${a.id}`,
  );
  const restore: MergeRestore = {
    snapshot,
    survivor_version: a.version + 1,
    added_name_ids: addedNames,
  };
  await tx.execute(
    sql`insert into merged_persons (merged_id, survivor_id, restore)
        values (${b.id}, ${a.id}, ${JSON.stringify(restore)}::jsonb)`,
  );
  await refreshPresumedLiving(tx, [
    ...family.filter((id) => id !== b.id),
    ...(await familyOf(tx, [a.id])),
  ]);
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  for (const field of MERGE_FIELDS) {
    if (JSON.stringify(a[field] ?? null) === JSON.stringify(value(field) ?? null)) continue;
    before[field] = a[field] ?? null;
    after[field] = value(field) ?? null;
  }
  return { before, after: { ...after, merged_id: b.id } };
}

// ---------------------------------------------------------------------------------------------
// The revert

/** The columns of `table`, for writing its rows back whole. */
async function columnsOf(tx: Db, table: string): Promise<string[]> {
  const rows = await queryRows<{ name: string }>(
    tx,
    // Not a generated column (persons.is_private): the database computes it, nobody writes it.
    sql`select column_name as name from information_schema.columns
        where table_schema = current_schema() and table_name = ${table}
          and is_generated = 'NEVER'
        order by ordinal_position`,
  );
  return rows.map((row) => row.name);
}

/** Writes `rows` back into `table` as they were: re-inserted if gone, overwritten if there. */
async function restoreRows(
  tx: Db,
  table: string,
  rows: readonly Row[],
  keep: readonly string[] = [],
): Promise<void> {
  if (rows.length === 0) return;
  const all = await columnsOf(tx, table);
  const columns = all.filter((name) => name !== 'id');
  const set = columns
    .filter((name) => !keep.includes(name))
    .map((name) => sql`${sql.identifier(name)} = excluded.${sql.identifier(name)}`);
  const list = sql.join(
    all.map((name) => sql.identifier(name)),
    sql`, `,
  );
  await tx.execute(
    sql`insert into ${sql.identifier(table)} (${list}) overriding system value
        select ${list} from jsonb_populate_recordset(null::${sql.identifier(table)},
          ${JSON.stringify(rows)}::jsonb)
        on conflict (id) do update set ${sql.join(set, sql`, `)}`,
  );
}

const LINEAGE = ['path', 'depth', 'descendant_count'];

async function currentPath(tx: Db, id: number): Promise<number[] | undefined> {
  const [row] = await queryRows<{ path: number[] }>(
    tx,
    sql`select path from persons where id = ${id}`,
  );
  return row?.path;
}

async function pathUnder(tx: Db, father: number | null): Promise<number[]> {
  if (father === null) return [];
  const path = await currentPath(tx, father);
  if (!path) throw conflict(revisionMessages.personGone);
  return [...path, father];
}

/**
 * Undoes a merge: the merged person is back under their id, every row the merge changed as it
 * was, the lines moved back. 409 when the survivor changed since (or is gone), or the merged
 * person's id is taken.
 */
export async function revertMerge(tx: Db, a: number, b: number): Promise<void> {
  const [kept] = await queryRows<{ restore: MergeRestore }>(
    tx,
    sql`select restore from merged_persons where merged_id = ${b} and survivor_id = ${a}
        for update`,
  );
  // Merged on into another person since, or back already: not this merge's to undo now.
  if (!kept) throw conflict(revisionMessages.changedSince);
  const { snapshot } = kept.restore;
  const [survivor] = await queryRows<{ version: number }>(
    tx,
    sql`select version from persons where id = ${a} for update`,
  );
  if (!survivor) throw conflict(revisionMessages.personGone);
  if (survivor.version !== kept.restore.survivor_version) {
    throw conflict(revisionMessages.changedSince);
  }
  if (await currentPath(tx, b)) throw conflict(revisionMessages.changedSince);
  const before = new Map(snapshot.persons.map((row) => [row.id as number, row]));
  const bRow = before.get(b);
  const aRow = before.get(a);
  if (!bRow || !aRow) throw new Error('merge snapshot without its persons');
  const family = await familyOf(tx, [a]);

  // The merged person back, with no line below yet (the moves below bring it).
  const bPath = await pathUnder(tx, bRow.father_id as number | null);
  await restoreRows(tx, 'persons', [
    { ...bRow, path: bPath, depth: bPath.length, descendant_count: 0 },
  ]);
  await addDescendants(tx, bPath, 1);

  // The survivor back under their father.
  const aNow = await currentPath(tx, a);
  const aBack = await pathUnder(tx, aRow.father_id as number | null);
  if (aNow && aNow.join() !== aBack.join()) await moveUnder(tx, a, aNow, aBack);

  // The merged person's sons, with their lines, back under them.
  for (const row of snapshot.persons) {
    if (row.father_id !== b) continue;
    const id = row.id as number;
    const now = await currentPath(tx, id);
    if (now) await moveUnder(tx, id, now, [...bPath, b]);
  }

  // Every row as it was (the lineage columns as the moves made them).
  await restoreRows(tx, 'persons', snapshot.persons, LINEAGE);
  const added = kept.restore.added_name_ids;
  if (added.length > 0) {
    await tx.execute(sql`delete from person_names where id = any(${intArray(added)})`);
  }
  for (const table of RESTORED_TABLES) await restoreRows(tx, table, snapshot.tables[table]);
  if (snapshot.posts.length > 0) {
    await tx.execute(
      sql`update posts set person_id = ${b} where id = any(${intArray(snapshot.posts)})`,
    );
  }
  if (snapshot.clans.length > 0) {
    await tx.execute(
      sql`update clans set founder_id = ${b} where id = any(${intArray(snapshot.clans)})`,
    );
  }
  const claims = snapshot.claims ?? [];
  if (claims.length > 0) {
    await tx.execute(
      sql`update person_claims set person_id = ${b} where id = any(${intArray(claims)})`,
    );
  }
  await restoreRows(tx, 'branch_stewards', snapshot.stewards ?? []);
  await tx.execute(sql`delete from merged_persons where merged_id = ${b}`);
  await refreshPresumedLiving(tx, [...family, ...(await familyOf(tx, [a, b]))]);
}

/** The person an id names now: itself, or the survivor it was merged into (followed on). */
export async function survivorOf(db: Db, id: number): Promise<number | undefined> {
  const [row] = await queryRows<{ survivor_id: number }>(
    db,
    sql`with recursive chain(id, hops) as (
          select survivor_id, 1 from merged_persons where merged_id = ${id}
          union all
          select m.survivor_id, c.hops + 1 from merged_persons m join chain c on m.merged_id = c.id
          where c.hops < 50
        )
        select id as survivor_id from chain order by hops desc limit 1`,
  );
  return row?.survivor_id;
}
