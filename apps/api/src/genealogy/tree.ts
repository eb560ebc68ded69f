import {
  PERSON_RECORD_FIELDS,
  type CreatePersonInput,
  type PersonEditableField,
  type Sex,
  type UnionInput,
} from '@bagysh/shared';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client';
import {
  EMPTY_RECORDS,
  normalizeUnions,
  sameJson,
  snapshotRecords,
  type RecordFields,
} from './person-records';

/**
 * The tree's writes share this: one lock for all of them, a person's editable fields read as
 * they are now (what a revision records), and the fields a change really changes. The writes
 * themselves are person-writes.ts, their checks person-checks.ts; revisions are the caller's
 * business (proposals/).
 */

/** Every editable field of a person, with the API's names (what a revision records). */
export type PersonFields = CreatePersonInput;
export type PersonChanges = Partial<PersonFields>;

// Any constant will do: every tree write takes it, so that two writes never compute paths
// from each other's stale snapshot (READ COMMITTED re-reads per statement, not per lock).
const TREE_LOCK_KEY = 5_005_001;

/** Serialises writes to the tree until the transaction ends. Reads are not blocked. */
export async function lockTree(tx: Db): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${TREE_LOCK_KEY}::bigint)`);
}

export interface WriteRow {
  id: number;
  name: string;
  name_key: string;
  sex: Sex;
  father_id: number | null;
  mother_id: number | null;
  path: number[];
  depth: number;
  descendant_count: number;
  birth_year: number | null;
  death_year: number | null;
  birth_date: string | null;
  death_date: string | null;
  birth_place: string | null;
  death_place: string | null;
  biography: string | null;
  photo_file_id: number | null;
  is_living: boolean;
  birth_order: number | null;
  version: number;
}

const WRITE_COLUMNS = sql.raw(`p.id, p.name, p.name_key, p.sex, p.father_id, p.mother_id, p.path,
  p.depth, p.descendant_count, p.birth_year, p.death_year, p.birth_date, p.death_date, p.birth_place, p.death_place,
  p.biography, p.photo_file_id, p.is_living, p.birth_order, p.version`);

export async function loadForUpdate(tx: Db, id: number): Promise<WriteRow | undefined> {
  const [row] = await queryRows<WriteRow>(
    tx,
    sql`select ${WRITE_COLUMNS} from persons p where p.id = ${id} for update`,
  );
  return row;
}

export async function spouseIds(tx: Db, id: number): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`select case when person1_id = ${id} then person2_id else person1_id end as id
        from unions where person1_id = ${id} or person2_id = ${id} order by 1`,
  );
  return rows.map((row) => row.id);
}

export function fieldsOf(row: WriteRow, spouses: number[], records: RecordFields): PersonFields {
  return {
    name: row.name,
    sex: row.sex,
    father_id: row.father_id,
    mother_id: row.mother_id,
    birth_year: row.birth_year,
    death_year: row.death_year,
    birth_date: row.birth_date,
    death_date: row.death_date,
    birth_place: row.birth_place,
    death_place: row.death_place,
    biography: row.biography,
    photo_file_id: row.photo_file_id,
    is_living: row.is_living,
    birth_order: row.birth_order,
    spouse_ids: spouses,
    ...records,
  };
}

/**
 * The editable fields of a person as they are now, or undefined when there is no such person.
 * With `changes`, the record lists are read only when the changes can touch them (a record
 * list, or a summary field the birth/death events follow); otherwise they stand empty.
 */
export async function snapshotPerson(
  tx: Db,
  id: number,
  changes?: PersonChanges,
): Promise<PersonFields | undefined> {
  const [row] = await queryRows<WriteRow>(
    tx,
    sql`select ${WRITE_COLUMNS} from persons p where p.id = ${id}`,
  );
  return row && fieldsOf(row, await spouseIds(tx, id), await recordsFor(tx, id, changes));
}

const SUMMARY_KEYS = [
  'birth_year',
  'birth_date',
  'birth_place',
  'death_year',
  'death_date',
  'death_place',
] as const;

export async function recordsFor(
  tx: Db,
  id: number,
  changes?: PersonChanges,
): Promise<RecordFields> {
  const touches =
    changes === undefined ||
    [...PERSON_RECORD_FIELDS, ...SUMMARY_KEYS].some((key) => changes[key] !== undefined);
  return touches ? snapshotRecords(tx, id) : EMPTY_RECORDS;
}

/** The record lists among `changes`. */
export function recordsOf(changes: PersonChanges): Partial<RecordFields> {
  return Object.fromEntries(
    PERSON_RECORD_FIELDS.filter((key) => changes[key] !== undefined).map((key) => [
      key,
      changes[key],
    ]),
  );
}

/** Whether two values of field `key` are the same (spouses as a set, unions normalised). */
export function sameValue(key: string, a: unknown, b: unknown): boolean {
  // Spouses are a set; every record list is in order.
  if (key === 'spouse_ids' && Array.isArray(a) && Array.isArray(b)) {
    const sa = [...(a as number[])].sort((x, y) => x - y);
    const sb = [...(b as number[])].sort((x, y) => x - y);
    return sa.length === sb.length && sa.every((value, i) => value === sb[i]);
  }
  // A revision recorded before unions had notes says nothing of them: they had none.
  if (key === 'unions' && Array.isArray(a) && Array.isArray(b)) {
    return sameJson(normalizeUnions(a as UnionInput[]), normalizeUnions(b as UnionInput[]));
  }
  return sameJson(a, b);
}

export interface FieldDiff {
  before: Record<string, unknown>;
  after: Record<string, unknown>;
}

/** The fields of `changes` that differ from `current`, before and after. */
export function diffFields(current: PersonFields, changes: PersonChanges): FieldDiff {
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined) continue;
    // A revision recorded before persons had record lists has none: they were empty.
    const old = key in current ? current[key as PersonEditableField] : [];
    if (sameValue(key, old, value)) continue;
    before[key] = old;
    after[key] = value;
  }
  return { before, after };
}
