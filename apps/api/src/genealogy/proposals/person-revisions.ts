import {
  type ListRevisionsQuery,
  type PersonLabelRef,
  type Revision,
  type Sex,
  revisionFileIds,
  revisionNoteIds,
  revisionPersonIds,
  revisionPlaceIds,
  revisionSourceIds,
  REVISION_NOTE_EXCERPT,
} from '@bagysh/shared';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import type { CurrentUser } from '../../plugins/auth';
import { intArray, lineageNameColumns } from '../person-rows';
import { FULL_VIEWER, type Viewer } from '../privacy';
import { noteVisible } from '../records/notes';
import { fullName, parentChains } from '../records/places';
import {
  commonAnswer,
  getProposal,
  listProposals,
  type ProposalRow,
  type ProposalView,
} from './proposal-reads';

/**
 * The person family's answers (`Revision`, at `/api/revisions/` and a person's history): the
 * person as they are now, and the persons, places, sources, notes and files its fields name,
 * each looked up once for a page.
 */

type Fields = Pick<ProposalRow, 'before' | 'after'> & Partial<Pick<ProposalRow, 'kept'>>;

/** The kept fields' two values, as fields (their persons are named too). */
const keptSides = (row: Fields) =>
  (row.kept ?? []).flatMap((kept) => [
    { [kept.field]: kept.proposed },
    { [kept.field]: kept.current },
  ]);

/** The persons a revision points to (shown as the persons' labels). */
function linkedIds(row: Fields): number[] {
  return [
    ...revisionPersonIds(row.before),
    ...revisionPersonIds(row.after),
    ...keptSides(row).flatMap(revisionPersonIds),
  ];
}

/**
 * The persons the revisions' fields point to, by id, in one query for a whole page. Every
 * reader of a revision is a member, who sees living persons in full.
 */
async function loadLinkedPersons(
  db: Db,
  rows: readonly Fields[],
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

function placeIds(row: Fields): number[] {
  return [...revisionPlaceIds(row.before), ...revisionPlaceIds(row.after)];
}

/** The places the revisions' events name, with their full names, in two queries per page. */
async function loadLinkedPlaces(
  db: Db,
  rows: readonly Fields[],
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
  (row: Fields): number[] => [...ids(row.before), ...ids(row.after)];
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
  rows: readonly Fields[],
  viewer: Viewer,
): Promise<LinkedRecords> {
  const ids = (of: (row: Fields) => number[]) => [...new Set(rows.flatMap(of))];
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

async function loadLinked(db: Db, rows: readonly Fields[], viewer: Viewer): Promise<Linked> {
  const [persons, places, records] = await Promise.all([
    loadLinkedPersons(db, rows),
    loadLinkedPlaces(db, rows),
    loadLinkedRecords(db, rows, viewer),
  ]);
  return { persons, places, ...records };
}

interface RevisionViewRow extends ProposalRow {
  person_name: string | null;
  person_sex: Sex | null;
  person_birth_year: number | null;
  person_death_year: number | null;
  father_name: string | null;
  grandfather_name: string | null;
}

function toRevision(row: RevisionViewRow, linked: Linked): Revision {
  const pick = <T>(ids: number[], found: ReadonlyMap<number, T>) =>
    [...new Set(ids)].flatMap((id) => found.get(id) ?? []);
  const common = commonAnswer(row);
  return {
    id: row.id,
    person_id: row.record_id,
    person:
      row.record_id !== null && row.person_name !== null
        ? {
            id: row.record_id,
            name: row.person_name,
            sex: row.person_sex ?? 'U',
            father_name: row.father_name,
            grandfather_name: row.grandfather_name,
            birth_year: row.person_birth_year,
            death_year: row.person_death_year,
          }
        : null,
    action: common.action,
    status: common.status,
    before: common.before,
    after: common.after,
    base_version: row.base_version,
    kept: common.kept,
    author: common.author,
    reviewer: common.reviewer,
    comment: common.comment,
    created_at: common.created_at,
    reviewed_at: common.reviewed_at,
    revert_of: common.revert_of,
    reverted_by: common.reverted_by,
    linked_persons: pick(linkedIds(row), linked.persons),
    linked_places: pick(placeIds(row), linked.places),
    linked_sources: pick(sourceIds(row), linked.sources),
    linked_notes: pick(noteIds(row), linked.notes),
    linked_files: pick(fileIds(row), linked.files),
  };
}

const personView: ProposalView<RevisionViewRow, Revision> = {
  family: 'person',
  columns: sql`, p.name as person_name, p.sex as person_sex, p.birth_year as person_birth_year,
    p.death_year as person_death_year, ${lineageNameColumns('p')}`,
  joins: sql`left join persons p on p.id = r.record_id`,
  async answer(db, rows) {
    const linked = await loadLinked(db, rows, MEMBER_VIEWER);
    return rows.map((row) => toRevision(row, linked));
  },
};

/**
 * One revision of the person family: moderators read any, a member their own and those of the
 * branches they keep.
 */
export function getRevision(db: Db, id: number, user: CurrentUser): Promise<Revision> {
  return getProposal(db, personView, id, user);
}

/**
 * Revisions, newest first. Moderators see everyone's; a member sees their own proposals
 * (all of a person's history through `/persons/{id}/revisions/`).
 */
export function listRevisions(
  db: Db,
  query: ListRevisionsQuery,
  user: CurrentUser,
  options: { ownOnly?: boolean } = {},
): Promise<{ count: number; results: Revision[] }> {
  const filter = {
    status: query.status,
    recordId: query.person,
    ownOnly: options.ownOnly ?? query.mine,
    reviewable: query.reviewable,
  };
  return listProposals(db, personView, filter, query, user);
}
