import {
  hasRole,
  revisionMessages,
  type ListRevisionsQuery,
  type PersonLabelRef,
  type Revision,
  type RevisionAction,
  type RevisionStatus,
  type Sex,
  type UpdatePersonInput,
  revisionFileIds,
  revisionNoteIds,
  revisionPersonIds,
  revisionPlaceIds,
  revisionSourceIds,
  REVISION_NOTE_EXCERPT,
} from '@bagysh/shared';
import { eq, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import { personRevisions } from '../../db/schema';
import { conflict, forbidden, notFound } from '../../lib/http-errors';
import type { CurrentUser } from '../../plugins/auth';
import {
  createPerson,
  deletePerson,
  diffFields,
  lockTree,
  restorePerson,
  snapshotPerson,
  updatePerson,
  validateChange,
  validateDelete,
  validateNewPerson,
  type DeletedPerson,
  type PersonChanges,
  type PersonFields,
} from '../tree';
import { intArray, lineageNameColumns } from '../person-rows';
import { invalidateTreeCaches } from '../tree-cache';
import { noteVisible } from '../records/notes';
import { FULL_VIEWER, type Viewer } from '../privacy';
import { fullName, parentChains } from '../records/places';

/**
 * Every change to the tree goes through here and leaves a revision: a moderator's (or an
 * admin's) change is applied at once, a member's waits as a pending proposal until a moderator
 * accepts or rejects it; any applied revision can be reverted.
 */

export const mayEditDirectly = (user: CurrentUser) => hasRole(user.role, 'moderator');

interface NewRevision {
  personId: number | null;
  action: RevisionAction;
  status: RevisionStatus;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  baseVersion: number | null;
  authorId: number;
  reviewerId?: number | null;
  comment?: string | null;
  revertOfId?: number | null;
}

async function insertRevision(tx: Db, revision: NewRevision): Promise<number> {
  const applied = revision.status === 'applied';
  const [row] = await tx
    .insert(personRevisions)
    .values({
      personId: revision.personId,
      action: revision.action,
      status: revision.status,
      before: revision.before,
      after: revision.after,
      baseVersion: revision.baseVersion,
      authorId: revision.authorId,
      // A moderator's own change is its own review.
      reviewerId: applied ? (revision.reviewerId ?? revision.authorId) : null,
      reviewedAt: applied ? new Date() : null,
      comment: revision.comment ?? null,
      revertOfId: revision.revertOfId ?? null,
    })
    .returning({ id: personRevisions.id });
  if (!row) throw new Error('revision insert returned nothing');
  return row.id;
}

export type Submitted =
  | { status: 'applied'; personId: number | null; revisionId: number | null }
  | { status: 'pending'; revisionId: number };

/** A new person: created now by a moderator, proposed by a member. */
export async function submitCreate(
  db: Db,
  user: CurrentUser,
  fields: PersonFields,
): Promise<Submitted> {
  const result = await db.transaction(async (tx): Promise<Submitted> => {
    if (!mayEditDirectly(user)) {
      await validateNewPerson(tx, fields);
      const revisionId = await insertRevision(tx, {
        personId: null,
        action: 'create',
        status: 'pending',
        before: null,
        after: { ...fields },
        baseVersion: null,
        authorId: user.id,
      });
      return { status: 'pending', revisionId };
    }
    const personId = await createPerson(tx, fields, user.id);
    const revisionId = await insertRevision(tx, {
      personId,
      action: 'create',
      status: 'applied',
      before: null,
      // As stored: places named in events resolved, summary derived from the events.
      after: { ...(await snapshotPerson(tx, personId)) },
      baseVersion: null,
      authorId: user.id,
    });
    return { status: 'applied', personId, revisionId };
  });
  invalidateTreeCaches();
  return result;
}

/** A change to a person at `version` (stale → 409). */
export async function submitUpdate(
  db: Db,
  user: CurrentUser,
  id: number,
  input: UpdatePersonInput,
): Promise<Submitted> {
  const { version, ...changes } = input;
  const result = await db.transaction(async (tx): Promise<Submitted> => {
    if (!mayEditDirectly(user)) {
      const diff = await validateChange(tx, id, changes, version);
      if (Object.keys(diff.after).length === 0) {
        return { status: 'applied', personId: id, revisionId: null };
      }
      const revisionId = await insertRevision(tx, {
        personId: id,
        action: 'update',
        status: 'pending',
        before: diff.before,
        after: diff.after,
        baseVersion: version,
        authorId: user.id,
      });
      return { status: 'pending', revisionId };
    }
    const diff = await updatePerson(tx, id, changes, version, user.id);
    if (Object.keys(diff.after).length === 0) {
      return { status: 'applied', personId: id, revisionId: null };
    }
    const revisionId = await insertRevision(tx, {
      personId: id,
      action: 'update',
      status: 'applied',
      before: diff.before,
      after: diff.after,
      baseVersion: version,
      authorId: user.id,
    });
    return { status: 'applied', personId: id, revisionId };
  });
  invalidateTreeCaches();
  return result;
}

/** Deleting a person; children must be re-parented in the same request. */
export async function submitDelete(
  db: Db,
  user: CurrentUser,
  id: number,
  options: { reparentTo?: number; version?: number },
): Promise<Submitted> {
  const result = await db.transaction(async (tx): Promise<Submitted> => {
    if (!mayEditDirectly(user)) {
      await validateDelete(tx, id, options.reparentTo, options.version);
      const current = await snapshotPerson(tx, id);
      const [row] = await queryRows<{ version: number }>(
        tx,
        sql`select version from persons where id = ${id}`,
      );
      const revisionId = await insertRevision(tx, {
        personId: id,
        action: 'delete',
        status: 'pending',
        before: current ? { ...current } : null,
        after:
          options.reparentTo === undefined ? null : { reparent_children_to: options.reparentTo },
        baseVersion: row?.version ?? null,
        authorId: user.id,
      });
      return { status: 'pending', revisionId };
    }
    const deleted = await deletePerson(tx, id, options, user.id);
    const revisionId = await insertRevision(tx, {
      personId: id,
      action: 'delete',
      status: 'applied',
      before: deleted.before,
      after: deleted.after,
      baseVersion: null,
      authorId: user.id,
    });
    return { status: 'applied', personId: null, revisionId };
  });
  invalidateTreeCaches();
  return result;
}

// ---------------------------------------------------------------------------------------------
// Moderation

interface RevisionRow {
  id: number;
  person_id: number | null;
  action: RevisionAction;
  status: RevisionStatus;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  base_version: number | null;
  reverted_by_id: number | null;
}

async function loadRevisionForUpdate(tx: Db, id: number): Promise<RevisionRow> {
  const [row] = await queryRows<RevisionRow>(
    tx,
    sql`select id, person_id, action, status, before, after, base_version, reverted_by_id
        from person_revisions where id = ${id} for update`,
  );
  if (!row) throw notFound();
  return row;
}

/** Applies a pending proposal as it was proposed; a person changed since → 409. */
export async function acceptRevision(
  db: Db,
  moderator: CurrentUser,
  id: number,
  comment: string | undefined,
): Promise<void> {
  await db.transaction(async (tx) => {
    await lockTree(tx);
    const revision = await loadRevisionForUpdate(tx, id);
    if (revision.status !== 'pending') throw conflict(revisionMessages.notPending);
    let personId = revision.person_id;
    let before = revision.before;
    let after = revision.after;
    switch (revision.action) {
      case 'create':
        personId = await createPerson(tx, revision.after as PersonFields, moderator.id);
        after = { ...(await snapshotPerson(tx, personId)) };
        break;
      case 'update': {
        if (personId === null) throw conflict(revisionMessages.personGone);
        const diff = await updatePerson(
          tx,
          personId,
          revision.after as PersonChanges,
          revision.base_version ?? 0,
          moderator.id,
        );
        before = diff.before;
        after = diff.after;
        break;
      }
      case 'delete': {
        if (personId === null) throw conflict(revisionMessages.personGone);
        const target = revision.after?.reparent_children_to;
        const deleted = await deletePerson(
          tx,
          personId,
          {
            reparentTo: typeof target === 'number' ? target : undefined,
            version: revision.base_version ?? undefined,
          },
          moderator.id,
        );
        before = deleted.before;
        after = deleted.after;
        break;
      }
    }
    await tx
      .update(personRevisions)
      .set({
        status: 'applied',
        personId,
        before,
        after,
        reviewerId: moderator.id,
        reviewedAt: new Date(),
        comment: comment ?? null,
        updatedAt: new Date(),
      })
      .where(eq(personRevisions.id, id));
  });
  invalidateTreeCaches();
}

/** Turns a proposal down, with a comment for its author. */
export async function rejectRevision(
  db: Db,
  moderator: CurrentUser,
  id: number,
  comment: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const revision = await loadRevisionForUpdate(tx, id);
    if (revision.status !== 'pending') throw conflict(revisionMessages.notPending);
    await tx
      .update(personRevisions)
      .set({
        status: 'rejected',
        reviewerId: moderator.id,
        reviewedAt: new Date(),
        comment,
        updatedAt: new Date(),
      })
      .where(eq(personRevisions.id, id));
  });
}

/**
 * Undoes an applied revision with a new applied revision: a change is changed back (refused
 * when the same fields changed again since), a creation deleted, a deletion re-created.
 * Returns the new revision's id.
 */
export async function revertRevision(
  db: Db,
  moderator: CurrentUser,
  id: number,
  comment: string | undefined,
): Promise<number> {
  const newId = await db.transaction(async (tx) => {
    await lockTree(tx);
    const revision = await loadRevisionForUpdate(tx, id);
    if (revision.status !== 'applied') throw conflict(revisionMessages.notApplied);
    if (revision.reverted_by_id !== null) throw conflict(revisionMessages.alreadyReverted);
    const personId = revision.person_id;
    if (personId === null) throw conflict(revisionMessages.personGone);
    const common = {
      personId,
      status: 'applied' as const,
      baseVersion: null,
      authorId: moderator.id,
      comment: comment ?? null,
      revertOfId: id,
    };
    let revertId: number;
    switch (revision.action) {
      case 'update': {
        const after = revision.after ?? {};
        const current = await snapshotPerson(tx, personId, after);
        if (!current) throw conflict(revisionMessages.personGone);
        // Only a change that is still in place can be taken back.
        if (Object.keys(diffFields(current, after).after).length > 0) {
          throw conflict(revisionMessages.changedSince);
        }
        const [row] = await queryRows<{ version: number }>(
          tx,
          sql`select version from persons where id = ${personId}`,
        );
        const diff = await updatePerson(
          tx,
          personId,
          revision.before ?? {},
          row?.version ?? 0,
          moderator.id,
          true,
        );
        revertId = await insertRevision(tx, {
          ...common,
          action: 'update',
          before: diff.before,
          after: diff.after,
        });
        break;
      }
      case 'create': {
        const deleted = await deletePerson(tx, personId, {}, moderator.id);
        revertId = await insertRevision(tx, {
          ...common,
          action: 'delete',
          before: deleted.before,
          after: null,
        });
        break;
      }
      case 'delete': {
        const deleted = {
          before: revision.before,
          after: revision.after,
        } as unknown as DeletedPerson;
        await restorePerson(tx, personId, deleted, moderator.id);
        const { children: _children, ...fields } = deleted.before;
        revertId = await insertRevision(tx, {
          ...common,
          action: 'create',
          before: null,
          after: { ...fields },
        });
        break;
      }
    }
    await tx
      .update(personRevisions)
      .set({ revertedById: revertId, updatedAt: new Date() })
      .where(eq(personRevisions.id, id));
    return revertId;
  });
  invalidateTreeCaches();
  return newId;
}

// ---------------------------------------------------------------------------------------------
// Reading

const REVISION_SELECT = sql`select r.id, r.person_id, r.action, r.status, r.before, r.after,
    r.base_version, r.comment, r.revert_of_id, r.reverted_by_id,
    to_json(r.created_at) #>> '{}' as created_at, to_json(r.reviewed_at) #>> '{}' as reviewed_at,
    p.name as person_name, p.sex as person_sex, p.birth_year as person_birth_year,
    p.death_year as person_death_year, ${lineageNameColumns('p')},
    a.id as author_id, a.username as author_username,
    v.id as reviewer_id, v.username as reviewer_username
  from person_revisions r
  left join persons p on p.id = r.person_id
  left join users a on a.id = r.author_id
  left join users v on v.id = r.reviewer_id`;

/** The persons a revision points to (shown as the persons' labels). */
function linkedIds(row: Pick<RevisionRow, 'before' | 'after'>): number[] {
  return [...revisionPersonIds(row.before), ...revisionPersonIds(row.after)];
}

/**
 * The persons the revisions' fields point to, by id, in one query for a whole page. Every
 * reader of a revision is a member, who sees living persons in full.
 */
async function loadLinkedPersons(
  db: Db,
  rows: readonly RevisionViewRow[],
): Promise<Map<number, PersonLabelRef>> {
  const ids = [...new Set(rows.flatMap(linkedIds))];
  if (ids.length === 0) return new Map();
  const persons = await queryRows<PersonLabelRef>(
    db,
    sql`select p.id, p.name, p.sex, p.birth_year, p.death_year, ${lineageNameColumns('p')}
        from persons p where p.id = any(${intArray(ids)})`,
  );
  return new Map(persons.map((person) => [person.id, person]));
}

type LinkedPlace = Revision['linked_places'][number];

function placeIds(row: Pick<RevisionRow, 'before' | 'after'>): number[] {
  return [...revisionPlaceIds(row.before), ...revisionPlaceIds(row.after)];
}

/** The places the revisions' events name, with their full names, in two queries per page. */
async function loadLinkedPlaces(
  db: Db,
  rows: readonly RevisionViewRow[],
): Promise<Map<number, LinkedPlace>> {
  const ids = [...new Set(rows.flatMap(placeIds))];
  if (ids.length === 0) return new Map();
  const [found, chains] = await Promise.all([
    queryRows<{ id: number; name: string }>(
      db,
      sql`select id, name from places where id = any(${intArray(ids)})`,
    ),
    parentChains(db, ids),
  ]);
  return new Map(
    found.map((place) => [
      place.id,
      { id: place.id, full_name: fullName(place.name, chains.get(place.id) ?? []) },
    ]),
  );
}

type LinkedSource = Revision['linked_sources'][number];
type LinkedNote = Revision['linked_notes'][number];
type LinkedFile = Revision['linked_files'][number];

/** The sources, notes and files a revision's fields name, by id. */
interface LinkedRecords {
  sources: ReadonlyMap<number, LinkedSource>;
  notes: ReadonlyMap<number, LinkedNote>;
  files: ReadonlyMap<number, LinkedFile>;
}

const bothSides =
  (ids: (fields: Record<string, unknown> | null) => number[]) =>
  (row: Pick<RevisionRow, 'before' | 'after'>): number[] => [...ids(row.before), ...ids(row.after)];
const sourceIds = bothSides(revisionSourceIds);
const noteIds = bothSides(revisionNoteIds);
const fileIds = bothSides(revisionFileIds);

/** A note's first non-empty line, cut to `REVISION_NOTE_EXCERPT` characters. */
function noteExcerpt(text: string): string {
  const line =
    text
      .split('\n')
      .find((part) => part.trim() !== '')
      ?.trim() ?? '';
  const chars = Array.from(line);
  return chars.length <= REVISION_NOTE_EXCERPT
    ? line
    : `${chars.slice(0, REVISION_NOTE_EXCERPT - 1).join('')}…`;
}

/**
 * The titles of the sources, notes and files the revisions' fields name, one query each for a
 * whole page, under the rules the person page reads them by: sources are public; a note only
 * when `viewer` may read it (`noteVisible`: never a private one, nor one reaching a living
 * person, for a guest); a file only when public, or for a member. Only members read revisions
 * (the routes ask for a user); the rules hold here too, so that a title can never tell more.
 */
export async function loadLinkedRecords(
  db: Db,
  rows: readonly Pick<RevisionRow, 'before' | 'after'>[],
  viewer: Viewer,
): Promise<LinkedRecords> {
  const ids = (of: (row: Pick<RevisionRow, 'before' | 'after'>) => number[]) => [
    ...new Set(rows.flatMap(of)),
  ];
  const [sources, notes, files] = await Promise.all([
    readIfAny(ids(sourceIds), (list) =>
      queryRows<LinkedSource>(
        db,
        sql`select id, title from sources where id = any(${intArray(list)})`,
      ),
    ),
    readIfAny(ids(noteIds), (list) =>
      queryRows<{ id: number; text: string }>(
        db,
        sql`select n.id, left(n.text, 2000) as text from notes n
            where n.id = any(${intArray(list)}) and ${noteVisible(viewer)}`,
      ),
    ),
    readIfAny(ids(fileIds), (list) =>
      queryRows<LinkedFile>(
        db,
        sql`select id, name from files where id = any(${intArray(list)})
            ${viewer.seesLiving ? sql`` : sql`and visibility = 'public'`}`,
      ),
    ),
  ]);
  return {
    sources: new Map(sources.map((source) => [source.id, source])),
    notes: new Map(
      notes.map((note) => [note.id, { id: note.id, excerpt: noteExcerpt(note.text) }]),
    ),
    files: new Map(files.map((file) => [file.id, file])),
  };
}

/** `read(ids)`, or no rows without a query when there are no ids. */
async function readIfAny<T>(ids: number[], read: (ids: number[]) => Promise<T[]>): Promise<T[]> {
  return ids.length === 0 ? [] : read(ids);
}

/**
 * How a revision's reader sees what it names: every reader is signed in (the routes ask for a
 * user), a member, who sees living persons, private notes and members' files.
 */
const MEMBER_VIEWER: Viewer = FULL_VIEWER;

/** What a page of revisions points to, each looked up once for the page. */
interface Linked extends LinkedRecords {
  persons: ReadonlyMap<number, PersonLabelRef>;
  places: ReadonlyMap<number, LinkedPlace>;
}

async function loadLinked(
  db: Db,
  rows: readonly RevisionViewRow[],
  viewer: Viewer,
): Promise<Linked> {
  const [persons, places, records] = await Promise.all([
    loadLinkedPersons(db, rows),
    loadLinkedPlaces(db, rows),
    loadLinkedRecords(db, rows, viewer),
  ]);
  return { persons, places, ...records };
}

interface RevisionViewRow extends Omit<RevisionRow, 'reverted_by_id'> {
  comment: string | null;
  revert_of_id: number | null;
  reverted_by_id: number | null;
  created_at: string;
  reviewed_at: string | null;
  person_name: string | null;
  person_sex: Sex | null;
  person_birth_year: number | null;
  person_death_year: number | null;
  father_name: string | null;
  grandfather_name: string | null;
  author_id: number | null;
  author_username: string | null;
  reviewer_id: number | null;
  reviewer_username: string | null;
}

function toRevision(row: RevisionViewRow, linked: Linked): Revision {
  const linkedPersons = [...new Set(linkedIds(row))].flatMap((id) => linked.persons.get(id) ?? []);
  const linkedPlaces = [...new Set(placeIds(row))].flatMap((id) => linked.places.get(id) ?? []);
  const pick = <T>(ids: number[], found: ReadonlyMap<number, T>) =>
    [...new Set(ids)].flatMap((id) => found.get(id) ?? []);
  return {
    id: row.id,
    person_id: row.person_id,
    person:
      row.person_id !== null && row.person_name !== null
        ? {
            id: row.person_id,
            name: row.person_name,
            sex: row.person_sex ?? 'U',
            father_name: row.father_name,
            grandfather_name: row.grandfather_name,
            birth_year: row.person_birth_year,
            death_year: row.person_death_year,
          }
        : null,
    action: row.action,
    status: row.status,
    before: row.before,
    after: row.after,
    base_version: row.base_version,
    author:
      row.author_id !== null ? { id: row.author_id, username: row.author_username ?? '' } : null,
    reviewer:
      row.reviewer_id !== null
        ? { id: row.reviewer_id, username: row.reviewer_username ?? '' }
        : null,
    comment: row.comment,
    created_at: new Date(row.created_at).toISOString(),
    reviewed_at: row.reviewed_at === null ? null : new Date(row.reviewed_at).toISOString(),
    revert_of: row.revert_of_id,
    reverted_by: row.reverted_by_id,
    linked_persons: linkedPersons,
    linked_places: linkedPlaces,
    linked_sources: pick(sourceIds(row), linked.sources),
    linked_notes: pick(noteIds(row), linked.notes),
    linked_files: pick(fileIds(row), linked.files),
  };
}

export async function getRevision(db: Db, id: number, user: CurrentUser): Promise<Revision> {
  const [row] = await queryRows<RevisionViewRow>(db, sql`${REVISION_SELECT} where r.id = ${id}`);
  if (!row) throw notFound();
  if (!mayEditDirectly(user) && row.author_id !== user.id) throw forbidden();
  return toRevision(row, await loadLinked(db, [row], MEMBER_VIEWER));
}

/**
 * Revisions, newest first. Moderators see everyone's; a member sees their own proposals
 * (all of a person's history through `/persons/{id}/revisions/`).
 */
export async function listRevisions(
  db: Db,
  query: ListRevisionsQuery,
  user: CurrentUser,
  options: { ownOnly?: boolean } = {},
): Promise<{ count: number; results: Revision[] }> {
  const conditions: SQL[] = [];
  if (query.status !== undefined) conditions.push(sql`r.status = ${query.status}`);
  if (query.person !== undefined) conditions.push(sql`r.person_id = ${query.person}`);
  if (options.ownOnly ?? !mayEditDirectly(user)) conditions.push(sql`r.author_id = ${user.id}`);
  const where = conditions.length === 0 ? sql`` : sql`where ${sql.join(conditions, sql` and `)}`;
  const rows = await queryRows<RevisionViewRow>(
    db,
    sql`${REVISION_SELECT} ${where} order by r.id desc
        limit ${query.page_size} offset ${(query.page - 1) * query.page_size}`,
  );
  const [total] = await queryRows<{ count: number }>(
    db,
    sql`select count(*)::int as count from person_revisions r ${where}`,
  );
  const linked = await loadLinked(db, rows, MEMBER_VIEWER);
  return { count: total?.count ?? 0, results: rows.map((row) => toRevision(row, linked)) };
}
