import {
  foldName,
  PERSON_RECORD_FIELDS,
  personMessages,
  type CreatePersonInput,
  type PersonEditableField,
  type Sex,
  type UnionInput,
} from '@bagysh/shared';
import { eq, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client';
import { clans, nameKeys, persons, unions } from '../db/schema';
import { conflict, fieldError, notFound } from '../lib/http-errors';
import { filesMessages, isPublicImage, referencedFile } from '../files/files.service';
import { effectiveChanges, type Effective } from './person-record-changes';
import { checkRecords, linkedFileIds, pruneMissing } from './person-record-checks';
import { writeRecords } from './person-record-writes';
import {
  EMPTY_RECORDS,
  normalizeUnions,
  sameJson,
  snapshotRecords,
  type RecordFields,
} from './person-records';
import { intArray, subtreeCondition } from './person-rows';
import { invalidateTreeCaches } from './tree-cache';

/**
 * Writes to the tree: create, change and delete a person with the lineage (`path`, `depth`,
 * `father_name_key`, the `name_keys` dictionary) kept right in the caller's transaction.
 * Revisions are the caller's business (revisions.service.ts).
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

interface WriteRow {
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

async function loadForUpdate(tx: Db, id: number): Promise<WriteRow | undefined> {
  const [row] = await queryRows<WriteRow>(
    tx,
    sql`select ${WRITE_COLUMNS} from persons p where p.id = ${id} for update`,
  );
  return row;
}

async function spouseIds(tx: Db, id: number): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`select case when person1_id = ${id} then person2_id else person1_id end as id
        from unions where person1_id = ${id} or person2_id = ${id} order by 1`,
  );
  return rows.map((row) => row.id);
}

function fieldsOf(row: WriteRow, spouses: number[], records: RecordFields): PersonFields {
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

async function recordsFor(tx: Db, id: number, changes?: PersonChanges): Promise<RecordFields> {
  const touches =
    changes === undefined ||
    [...PERSON_RECORD_FIELDS, ...SUMMARY_KEYS].some((key) => changes[key] !== undefined);
  return touches ? snapshotRecords(tx, id) : EMPTY_RECORDS;
}

interface ParentRow {
  id: number;
  sex: Sex;
  name_key: string;
  path: number[];
}

async function loadParent(tx: Db, id: number): Promise<ParentRow | undefined> {
  const [row] = await queryRows<ParentRow>(
    tx,
    sql`select id, sex, name_key, path from persons where id = ${id}`,
  );
  return row;
}

/**
 * Whether `ancestor` is `person` or one of their ancestors through fathers and mothers alike:
 * linking `ancestor` below `person` would close a loop.
 */
async function isSelfOrAncestor(tx: Db, ancestor: number, person: ParentRow): Promise<boolean> {
  if (person.id === ancestor || person.path.includes(ancestor)) return true;
  const [row] = await queryRows<{ found: boolean }>(
    tx,
    sql`with recursive up(id) as (
          select ${person.id}::int
          union
          select v.id from persons pp
            join up on pp.id = up.id
            cross join lateral (values (pp.father_id), (pp.mother_id)) as v(id)
          where v.id is not null
        )
        select exists(select 1 from up where id = ${ancestor}) as found`,
  );
  return row?.found ?? false;
}

async function checkFather(tx: Db, fatherId: number, selfId?: number): Promise<ParentRow> {
  const father = await loadParent(tx, fatherId);
  if (!father) throw fieldError('father_id', personMessages.fatherNotFound);
  if (father.sex === 'F') throw fieldError('father_id', personMessages.fatherIsFemale);
  if (selfId !== undefined && (await isSelfOrAncestor(tx, selfId, father))) {
    throw conflict(personMessages.cycle);
  }
  return father;
}

async function checkMother(tx: Db, motherId: number, selfId?: number): Promise<ParentRow> {
  const mother = await loadParent(tx, motherId);
  if (!mother) throw fieldError('mother_id', personMessages.motherNotFound);
  if (mother.sex === 'M') throw fieldError('mother_id', personMessages.motherIsMale);
  if (selfId !== undefined && (await isSelfOrAncestor(tx, selfId, mother))) {
    throw conflict(personMessages.cycle);
  }
  return mother;
}

/**
 * A photo must name an existing public image: guests see person pages (a revert
 * may bring back a file deleted or made members-only since).
 */
async function checkPhoto(tx: Db, fileId: number | null | undefined): Promise<void> {
  if (fileId === null || fileId === undefined) return;
  const file = await referencedFile(tx, fileId, 'photo_file_id', personMessages.photoNotFound);
  if (!isPublicImage(file)) {
    throw fieldError('photo_file_id', filesMessages.personPhotoNotPublicImage);
  }
}

async function checkSpouses(tx: Db, ids: readonly number[], selfId?: number): Promise<void> {
  if (ids.length === 0) return;
  if (selfId !== undefined && ids.includes(selfId)) {
    throw fieldError('spouse_ids', personMessages.ownSpouse);
  }
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`select id from persons where id = any(${intArray(ids)})`,
  );
  if (rows.length !== new Set(ids).size) {
    throw fieldError('spouse_ids', personMessages.spouseNotFound);
  }
}

async function rememberNameKey(tx: Db, key: string): Promise<void> {
  await tx.insert(nameKeys).values({ key }).onConflictDoNothing();
}

async function setSpouses(tx: Db, id: number, wanted: readonly number[]): Promise<void> {
  const current = await spouseIds(tx, id);
  const removed = current.filter((other) => !wanted.includes(other));
  const added = wanted.filter((other) => !current.includes(other));
  if (removed.length > 0) {
    await tx.execute(
      sql`delete from unions where (person1_id = ${id} and person2_id = any(${intArray(removed)}))
          or (person2_id = ${id} and person1_id = any(${intArray(removed)}))`,
    );
  }
  if (added.length > 0) {
    await tx
      .insert(unions)
      .values(
        added.map((other) => ({
          person1Id: Math.min(id, other),
          person2Id: Math.max(id, other),
        })),
      )
      .onConflictDoNothing();
  }
}

/** The database columns of the plain (non-lineage) fields. */
function plainColumns(fields: PersonChanges) {
  return {
    ...(fields.sex !== undefined && { sex: fields.sex }),
    ...(fields.mother_id !== undefined && { motherId: fields.mother_id }),
    ...(fields.birth_year !== undefined && { birthYear: fields.birth_year }),
    ...(fields.death_year !== undefined && { deathYear: fields.death_year }),
    ...(fields.birth_date !== undefined && { birthDate: fields.birth_date }),
    ...(fields.death_date !== undefined && { deathDate: fields.death_date }),
    ...(fields.birth_place !== undefined && { birthPlace: fields.birth_place }),
    ...(fields.death_place !== undefined && { deathPlace: fields.death_place }),
    ...(fields.biography !== undefined && { biography: fields.biography }),
    ...(fields.photo_file_id !== undefined && { photoFileId: fields.photo_file_id }),
    ...(fields.is_living !== undefined && { isLiving: fields.is_living }),
    ...(fields.birth_order !== undefined && { birthOrder: fields.birth_order }),
  };
}

/**
 * Checks a new person's references (father, mother, spouses) without writing: a proposal is
 * refused at once for what would fail on acceptance.
 */
export async function validateNewPerson(tx: Db, fields: PersonFields): Promise<void> {
  if (fields.father_id !== null) await checkFather(tx, fields.father_id);
  if (fields.mother_id !== null) await checkMother(tx, fields.mother_id);
  await checkSpouses(tx, fields.spouse_ids);
  await checkPhoto(tx, fields.photo_file_id);
  await checkRecords(tx, fields, undefined, fields.spouse_ids);
}

/** The record lists among `changes`. */
function recordsOf(changes: PersonChanges): Partial<RecordFields> {
  return Object.fromEntries(
    PERSON_RECORD_FIELDS.filter((key) => changes[key] !== undefined).map((key) => [
      key,
      changes[key],
    ]),
  );
}

/** The `*_year_source` columns when the events were (re)derived. */
function yearSourceColumns(effective: Effective) {
  const { birth_year_source: birth, death_year_source: death } = effective.yearSources;
  return {
    ...(birth !== undefined && { birthYearSource: birth }),
    ...(death !== undefined && { deathYearSource: death }),
  };
}

/** Inserts a person under their father; `id` re-creates a deleted person (a revert). */
export async function createPerson(
  tx: Db,
  input: PersonFields,
  actorId: number | null,
  id?: number,
): Promise<number> {
  await lockTree(tx);
  // A revision recorded before issue 15 has no record lists.
  const effective = await effectiveChanges(
    tx,
    undefined,
    { ...EMPTY_RECORDS, ...input },
    true,
    actorId,
  );
  const fields: PersonFields = { ...EMPTY_RECORDS, ...input, ...effective.changes };
  const father = fields.father_id === null ? null : await checkFather(tx, fields.father_id);
  if (fields.mother_id !== null) await checkMother(tx, fields.mother_id);
  await checkSpouses(tx, fields.spouse_ids, id);
  await checkPhoto(tx, fields.photo_file_id);
  // A restored person (`id` given) keeps the files they had, public or not.
  await checkRecords(
    tx,
    fields,
    id,
    fields.spouse_ids,
    id === undefined ? undefined : linkedFileIds(fields),
  );
  const nameKey = foldName(fields.name);
  await rememberNameKey(tx, nameKey);
  const path = father ? [...father.path, father.id] : [];
  const [row] = await tx
    .insert(persons)
    .values({
      ...(id !== undefined && { id }),
      name: fields.name,
      nameKey,
      fatherNameKey: father?.name_key ?? null,
      fatherId: father?.id ?? null,
      path,
      depth: path.length,
      ...plainColumns(fields),
      ...yearSourceColumns(effective),
      createdById: actorId,
      updatedById: actorId,
    })
    .returning({ id: persons.id });
  if (!row) throw new Error('person insert returned nothing');
  await addDescendants(tx, path, 1);
  await setSpouses(tx, row.id, fields.spouse_ids);
  // A new person has no records yet: only the lists with something in them are written.
  const records = Object.entries(recordsOf(fields)).filter(([, list]) => list.length > 0);
  if (records.length > 0) await writeRecords(tx, row.id, Object.fromEntries(records));
  invalidateTreeCaches();
  return row.id;
}

/** Adds `delta` to the descendant count of every person in `ids` (a path). */
async function addDescendants(tx: Db, ids: readonly number[], delta: number): Promise<void> {
  if (ids.length === 0 || delta === 0) return;
  await tx.execute(
    sql`update persons set descendant_count = descendant_count + ${delta}
        where id = any(${intArray(ids)})`,
  );
}

/** Moves `id` (whose path is `oldPath`) and its whole subtree under `newPath`: one UPDATE. */
async function movePathsOfSubtree(
  tx: Db,
  id: number,
  oldPath: readonly number[],
  newPath: readonly number[],
): Promise<void> {
  const oldPrefix = [...oldPath, id];
  const newPrefix = [...newPath, id];
  const [moved] = await queryRows<{ descendant_count: number }>(
    tx,
    sql`select descendant_count from persons where id = ${id}`,
  );
  const size = (moved?.descendant_count ?? 0) + 1;
  await addDescendants(tx, oldPath, -size);
  await addDescendants(tx, newPath, size);
  await tx.execute(
    sql`update persons p
        set path = ${intArray(newPrefix)} || p.path[${oldPrefix.length + 1}:],
            depth = p.depth + ${newPrefix.length - oldPrefix.length}
        where ${subtreeCondition(oldPrefix)}`,
  );
}

function sameValue(key: string, a: unknown, b: unknown): boolean {
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
    // A revision recorded before issue 15 has no record lists: they were empty.
    const old = key in current ? current[key as PersonEditableField] : [];
    if (sameValue(key, old, value)) continue;
    before[key] = old;
    after[key] = value;
  }
  return { before, after };
}

/**
 * Checks a change without writing it (for a proposal): the person exists at `version`, and the
 * new references are valid and close no loop.
 */
export async function validateChange(
  tx: Db,
  id: number,
  changes: PersonChanges,
  version: number,
): Promise<FieldDiff & { current: PersonFields }> {
  const current = await snapshotPerson(tx, id, changes);
  if (!current) throw notFound();
  const [row] = await queryRows<{ version: number }>(
    tx,
    sql`select version from persons where id = ${id}`,
  );
  if (row?.version !== version) throw conflict(personMessages.staleVersion);
  const effective = await effectiveChanges(tx, current, changes, false, null);
  const diff = diffFields(current, effective.changes);
  const after = diff.after as PersonChanges;
  if (typeof after.father_id === 'number') await checkFather(tx, after.father_id, id);
  if (typeof after.mother_id === 'number') await checkMother(tx, after.mother_id, id);
  if (after.spouse_ids !== undefined) await checkSpouses(tx, after.spouse_ids, id);
  if (typeof after.photo_file_id === 'number') await checkPhoto(tx, after.photo_file_id);
  await checkRecords(
    tx,
    recordsOf(after),
    id,
    after.spouse_ids ?? current.spouse_ids,
    linkedFileIds(current),
  );
  return { ...diff, current };
}

/**
 * Applies `changes` to person `id` if it is still at `version` (otherwise 409). Returns the
 * changed fields before and after; nothing changed → empty objects and no new version.
 * `restore`: the changes are a state the person had (a revert), whose files may come back
 * though guests may not see them.
 */
export async function updatePerson(
  tx: Db,
  id: number,
  changes: PersonChanges,
  version: number,
  actorId: number | null,
  restore = false,
): Promise<FieldDiff> {
  await lockTree(tx);
  const row = await loadForUpdate(tx, id);
  if (!row) throw notFound();
  if (row.version !== version) throw conflict(personMessages.staleVersion);
  const current = fieldsOf(row, await spouseIds(tx, id), await recordsFor(tx, id, changes));
  const effective = await effectiveChanges(tx, current, changes, true, actorId);
  const diff = diffFields(current, effective.changes);
  const after = diff.after as PersonChanges;
  if (Object.keys(after).length === 0) return diff;

  const lineage: Partial<typeof persons.$inferInsert> = {};
  let newPath: number[] | undefined;
  if (after.father_id !== undefined) {
    const father = after.father_id === null ? null : await checkFather(tx, after.father_id, id);
    newPath = father ? [...father.path, father.id] : [];
    Object.assign(lineage, {
      fatherId: father?.id ?? null,
      fatherNameKey: father?.name_key ?? null,
      path: newPath,
      depth: newPath.length,
    });
  }
  if (typeof after.mother_id === 'number') await checkMother(tx, after.mother_id, id);
  if (after.spouse_ids !== undefined) await checkSpouses(tx, after.spouse_ids, id);
  await checkPhoto(tx, after.photo_file_id);
  const records = recordsOf(after);
  const kept = linkedFileIds(current);
  if (restore) for (const file of linkedFileIds(recordsOf(changes))) kept.add(file);
  await checkRecords(tx, records, id, after.spouse_ids ?? current.spouse_ids, kept);
  let nameKey: string | undefined;
  if (after.name !== undefined) {
    nameKey = foldName(after.name);
    await rememberNameKey(tx, nameKey);
  }

  await tx
    .update(persons)
    .set({
      ...plainColumns(after),
      ...(after.events !== undefined && yearSourceColumns(effective)),
      ...lineage,
      ...(after.name !== undefined && { name: after.name, nameKey }),
      version: row.version + 1,
      updatedById: actorId,
      updatedAt: new Date(),
    })
    .where(eq(persons.id, id));
  if (newPath) await movePathsOfSubtree(tx, id, row.path, newPath);
  if (nameKey !== undefined && nameKey !== row.name_key) {
    await tx.update(persons).set({ fatherNameKey: nameKey }).where(eq(persons.fatherId, id));
  }
  if (after.spouse_ids !== undefined) await setSpouses(tx, id, after.spouse_ids);
  await writeRecords(tx, id, records);
  if (nameKey !== undefined && nameKey !== row.name_key) {
    // Search finds a person by the names that differ from the display name (person_names).
    await tx.execute(sql`update person_names set alternative = (name_key <> ${nameKey})
      where person_id = ${id}`);
  }
  invalidateTreeCaches();
  return diff;
}

export interface ChildLink {
  id: number;
  link: 'father' | 'mother';
}

export interface DeletedPerson {
  /** The person as they were, their children and where the children went. */
  before: PersonFields & { children: ChildLink[] };
  after: { reparent_children_to: number } | null;
}

async function childLinks(tx: Db, id: number): Promise<ChildLink[]> {
  const rows = await queryRows<{ id: number; father_id: number | null }>(
    tx,
    sql`select id, father_id from persons where father_id = ${id} or mother_id = ${id} order by id`,
  );
  return rows.map((row) => ({ id: row.id, link: row.father_id === id ? 'father' : 'mother' }));
}

/**
 * Checks a deletion without writing it: refused (409) while the person has children that are
 * not re-parented, or founds a clan.
 */
export async function validateDelete(
  tx: Db,
  id: number,
  reparentTo: number | undefined,
  version: number | undefined,
): Promise<void> {
  const [row] = await queryRows<{ version: number }>(
    tx,
    sql`select version from persons where id = ${id}`,
  );
  if (!row) throw notFound();
  if (version !== undefined && row.version !== version) {
    throw conflict(personMessages.staleVersion);
  }
  await checkDeletable(tx, id, reparentTo, await childLinks(tx, id));
}

async function checkDeletable(
  tx: Db,
  id: number,
  reparentTo: number | undefined,
  children: ChildLink[],
): Promise<ParentRow | undefined> {
  const [founded] = await tx
    .select({ id: clans.id })
    .from(clans)
    .where(eq(clans.founderId, id))
    .limit(1);
  if (founded) throw conflict(personMessages.founderOfClan);
  if (children.length === 0) return undefined;
  if (reparentTo === undefined) throw conflict(personMessages.hasChildren);
  if (reparentTo === id) throw conflict(personMessages.cycle);
  const target = await loadParent(tx, reparentTo);
  if (!target) throw fieldError('reparent_children_to', personMessages.fatherNotFound);
  // The children must not end up below themselves: the target may not descend from the person.
  if (target.path.includes(id) || (await isSelfOrAncestor(tx, id, target))) {
    throw conflict(personMessages.cycle);
  }
  if (children.some((child) => child.link === 'father') && target.sex === 'F') {
    throw fieldError('reparent_children_to', personMessages.fatherIsFemale);
  }
  if (children.some((child) => child.link === 'mother') && target.sex === 'M') {
    throw fieldError('reparent_children_to', personMessages.motherIsMale);
  }
  return target;
}

/**
 * Deletes a person. Children, if any, move to `reparentTo` in the same transaction (the whole
 * subtree's paths with one UPDATE); without it a person with children is refused (409).
 */
export async function deletePerson(
  tx: Db,
  id: number,
  options: { reparentTo?: number; version?: number },
  actorId: number | null,
): Promise<DeletedPerson> {
  await lockTree(tx);
  const row = await loadForUpdate(tx, id);
  if (!row) throw notFound();
  if (options.version !== undefined && row.version !== options.version) {
    throw conflict(personMessages.staleVersion);
  }
  const children = await childLinks(tx, id);
  const target = await checkDeletable(tx, id, options.reparentTo, children);
  const before = {
    ...fieldsOf(row, await spouseIds(tx, id), await snapshotRecords(tx, id)),
    children,
  };

  if (target) {
    const fatherOf = children.filter((c) => c.link === 'father').map((c) => c.id);
    const motherOf = children.filter((c) => c.link === 'mother').map((c) => c.id);
    if (fatherOf.length > 0) {
      await tx.execute(
        sql`update persons set father_id = ${target.id}, father_name_key = ${target.name_key},
              version = version + 1, updated_by_id = ${actorId}, updated_at = now()
            where id = any(${intArray(fatherOf)})`,
      );
      // Every descendant's path loses the deleted person and gains the target's line.
      const oldPrefix = [...row.path, id];
      const newPrefix = [...target.path, target.id];
      await addDescendants(tx, newPrefix, row.descendant_count);
      await tx.execute(
        sql`update persons p
            set path = ${intArray(newPrefix)} || p.path[${oldPrefix.length + 1}:],
                depth = p.depth + ${newPrefix.length - oldPrefix.length}
            where ${subtreeCondition(oldPrefix)}`,
      );
    }
    if (motherOf.length > 0) {
      await tx.execute(
        sql`update persons set mother_id = ${target.id}, version = version + 1,
              updated_by_id = ${actorId}, updated_at = now()
            where id = any(${intArray(motherOf)})`,
      );
    }
  }
  await tx.delete(persons).where(eq(persons.id, id));
  // The person's line loses them and, when their children moved elsewhere, their subtree.
  await addDescendants(tx, row.path, -(target ? row.descendant_count + 1 : 1));
  invalidateTreeCaches();
  return {
    before,
    after: target ? { reparent_children_to: target.id } : null,
  };
}

/**
 * Re-creates a deleted person under their old id and moves back the children that were
 * re-parented when they were deleted (those still where the deletion put them).
 */
export async function restorePerson(
  tx: Db,
  id: number,
  deleted: DeletedPerson,
  actorId: number | null,
): Promise<void> {
  const { children, ...fields } = deleted.before;
  const [exists] = await queryRows<{ id: number }>(
    tx,
    sql`select id from persons where id = ${id}`,
  );
  if (exists) throw conflict();
  // References that have gone since are dropped rather than failing the revert.
  const present = async (ref: number | null) =>
    ref === null ? null : (await loadParent(tx, ref)) ? ref : null;
  const spouses: number[] = [];
  for (const spouse of fields.spouse_ids)
    if ((await present(spouse)) !== null) spouses.push(spouse);
  const records = await pruneMissing(tx, { ...EMPTY_RECORDS, ...recordsOf(fields) });
  await createPerson(
    tx,
    {
      ...fields,
      ...records,
      unions: records.unions.filter((union) => spouses.includes(union.spouse_id)),
      father_id: await present(fields.father_id),
      mother_id: await present(fields.mother_id),
      spouse_ids: spouses,
    },
    actorId,
    id,
  );
  const target = deleted.after?.reparent_children_to;
  if (target === undefined) return;
  for (const child of children) {
    const row = await loadForUpdate(tx, child.id);
    if (!row) continue;
    if (child.link === 'father' && row.father_id === target) {
      await updatePerson(tx, child.id, { father_id: id }, row.version, actorId);
    } else if (child.link === 'mother' && row.mother_id === target) {
      await updatePerson(tx, child.id, { mother_id: id }, row.version, actorId);
    }
  }
}
