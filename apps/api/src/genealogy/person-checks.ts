import { personMessages, type Sex } from '@bagysh/shared';
import { eq, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client';
import { clans } from '../db/schema';
import { conflict, fieldError, notFound } from '../lib/http-errors';
import { filesMessages } from '../files/file-messages';
import { referencedFile } from '../files/files.service';
import { effectiveChanges } from './person-record-changes';
import { checkRecords, linkedFileIds } from './person-record-checks';
import { intArray } from './person-rows';
import {
  diffFields,
  recordsOf,
  snapshotPerson,
  type FieldDiff,
  type PersonChanges,
  type PersonFields,
} from './tree';

/**
 * What a tree write must not do: name a parent, spouse or photo that is not there (or not
 * allowed), close a loop of parents, or delete a clan's founder or a parent whose children have
 * nowhere to go. The writes check through these, and a proposal is refused at once for what
 * would fail on acceptance.
 */

export interface ParentRow {
  id: number;
  sex: Sex;
  name_key: string;
  path: number[];
}

export async function loadParent(tx: Db, id: number): Promise<ParentRow | undefined> {
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

export async function checkFather(tx: Db, fatherId: number, selfId?: number): Promise<ParentRow> {
  const father = await loadParent(tx, fatherId);
  if (!father) throw fieldError('father_id', personMessages.fatherNotFound);
  if (father.sex === 'F') throw fieldError('father_id', personMessages.fatherIsFemale);
  if (selfId !== undefined && (await isSelfOrAncestor(tx, selfId, father))) {
    throw conflict(personMessages.cycle);
  }
  return father;
}

export async function checkMother(tx: Db, motherId: number, selfId?: number): Promise<ParentRow> {
  const mother = await loadParent(tx, motherId);
  if (!mother) throw fieldError('mother_id', personMessages.motherNotFound);
  if (mother.sex === 'M') throw fieldError('mother_id', personMessages.motherIsMale);
  if (selfId !== undefined && (await isSelfOrAncestor(tx, selfId, mother))) {
    throw conflict(personMessages.cycle);
  }
  return mother;
}

/**
 * A photo must name an existing image (a revert may bring back a file deleted since). It may be
 * members-only: guests then see the placeholder (person-rows.ts, `photoColumn`).
 */
export async function checkPhoto(tx: Db, fileId: number | null | undefined): Promise<void> {
  if (fileId === null || fileId === undefined) return;
  const file = await referencedFile(tx, fileId, 'photo_file_id', personMessages.photoNotFound);
  if (file.kind !== 'image') {
    throw fieldError('photo_file_id', filesMessages.personPhotoNotImage);
  }
}

export async function checkSpouses(tx: Db, ids: readonly number[], selfId?: number): Promise<void> {
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

export interface ChildLink {
  id: number;
  link: 'father' | 'mother';
}

export async function childLinks(tx: Db, id: number): Promise<ChildLink[]> {
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

export async function checkDeletable(
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
