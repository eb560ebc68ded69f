import { foldName, personMessages } from '@bagysh/shared';
import { eq, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client';
import { nameKeys, persons, unions } from '../db/schema';
import { conflict, notFound } from '../lib/http-errors';
import {
  checkDeletable,
  checkFather,
  checkMother,
  checkPhoto,
  checkSpouses,
  childLinks,
  loadParent,
  type ChildLink,
} from './person-checks';
import { effectiveChanges, type Effective } from './person-record-changes';
import { checkRecords, linkedFileIds, pruneMissing } from './person-record-checks';
import { writeRecords } from './person-record-writes';
import { EMPTY_RECORDS, snapshotRecords } from './person-records';
import { intArray, subtreeCondition } from './person-rows';
import { familyOf, hideHiddenPersonsPhotos, refreshPresumedLiving } from './presumed-living';
import { invalidateTreeCaches } from './tree-cache';
import {
  diffFields,
  fieldsOf,
  loadForUpdate,
  lockTree,
  recordsFor,
  recordsOf,
  spouseIds,
  type FieldDiff,
  type PersonChanges,
  type PersonFields,
} from './tree';

/** The fields of a person the stored living rule reads (presumed-living.ts), events for years. */
const LIVING_FIELDS = [
  'birth_year',
  'death_year',
  'birth_date',
  'death_date',
  'is_living',
  'father_id',
  'mother_id',
  'spouse_ids',
  'events',
] as const;

/**
 * Writes to the tree: create, change, delete and restore a person with the lineage (`path`,
 * `depth`, `descendant_count`, `father_name_key`, the `name_keys` dictionary) kept right in the
 * caller's transaction, under the tree's lock.
 */

export async function rememberNameKey(tx: Db, key: string): Promise<void> {
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
  // A revision recorded before persons had record lists has none of them.
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
  await refreshPresumedLiving(tx, await familyOf(tx, [row.id]));
  invalidateTreeCaches();
  return row.id;
}

/** Adds `delta` to the descendant count of every person in `ids` (a path). */
export async function addDescendants(tx: Db, ids: readonly number[], delta: number): Promise<void> {
  if (ids.length === 0 || delta === 0) return;
  await tx.execute(
    sql`update persons set descendant_count = descendant_count + ${delta}
        where id = any(${intArray(ids)})`,
  );
}

/** Moves `id` (whose path is `oldPath`) and its whole subtree under `newPath`: one UPDATE. */
export async function movePathsOfSubtree(
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
  // Only years, dates, the living flag and family links move the stored living rule: a name or
  // a biography alone leaves it, and the family it would read, as they are.
  const movesLiving = LIVING_FIELDS.some((field) => field in after);
  // The family before the write: a parent or spouse it leaves may lose their presumption.
  const family = movesLiving ? await familyOf(tx, [id]) : [];

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
  if (movesLiving) await refreshPresumedLiving(tx, [...family, ...(await familyOf(tx, [id]))]);
  // A photo alone: a hidden person's new public photo becomes members-only.
  else if ('photo_file_id' in after) await hideHiddenPersonsPhotos(tx, [id]);
  invalidateTreeCaches();
  return diff;
}

/**
 * What a person's row holds beside the editable fields and must come back with a revert: the
 * GEDCOM restriction notice (which hides them from guests) and the file's data the model does
 * not hold. Absent when both are empty (and in deletions recorded before it was kept).
 */
export interface StoredExtras {
  resn: string | null;
  extra: unknown;
}

export interface DeletedPerson {
  /** The person as they were, their children and where the children went. */
  before: PersonFields & { children: ChildLink[]; stored?: StoredExtras };
  after: { reparent_children_to: number } | null;
}

async function storedExtras(tx: Db, id: number): Promise<StoredExtras | undefined> {
  const [row] = await queryRows<StoredExtras>(
    tx,
    sql`select resn, extra from persons where id = ${id}`,
  );
  return row && (row.resn !== null || row.extra !== null) ? row : undefined;
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
  const family = (await familyOf(tx, [id])).filter((other) => other !== id);
  const stored = await storedExtras(tx, id);
  const before = {
    ...fieldsOf(row, await spouseIds(tx, id), await snapshotRecords(tx, id)),
    children,
    ...(stored && { stored }),
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
  await refreshPresumedLiving(tx, target ? [...family, target.id] : family);
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
  const { children, stored, ...fields } = deleted.before;
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
  if (stored) {
    await tx.execute(
      sql`update persons set resn = ${stored.resn},
            extra = ${stored.extra === null ? null : JSON.stringify(stored.extra)}::jsonb
          where id = ${id}`,
    );
    // The notice hides the person, and so their open parents and spouses.
    await refreshPresumedLiving(tx, [id]);
  }
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
