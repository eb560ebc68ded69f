import {
  eventYear,
  foldName,
  parseGedcomDate,
  PERSON_LIMITS,
  personRecordMessages,
  type CitationInput,
  type CreatePersonInput,
  type MediaInput,
  type Person,
  type PersonEventInput,
  type PersonRecordField,
  type UnionEventInput,
  type UnionInput,
  type YearSource,
} from '@bagysh/shared';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client';
import {
  citations,
  events,
  mediaLinks,
  nameKeys,
  noteLinks,
  parentFamilies,
  personNames,
  places,
} from '../db/schema';
import { fieldError } from '../lib/http-errors';
import { placeJson } from './records/places';
import { intArray } from './person-rows';
import { restrictedCondition, unionVisible, type Viewer } from './privacy';

/**
 * A person's records (names, events, further parent families, citations, media, shared notes,
 * union details) as editable fields: read as a snapshot in the normalised input form that
 * revisions record, checked, written (each list replaces the stored one), and the birth/death
 * summary fields of `persons` kept in agreement with the birth/death events.
 */

export type RecordFields = Pick<CreatePersonInput, PersonRecordField>;
type AnyEvent = PersonEventInput | UnionEventInput;

export const EMPTY_RECORDS: RecordFields = {
  names: [],
  events: [],
  parent_families: [],
  citations: [],
  media: [],
  note_ids: [],
  unions: [],
};

// ---------------------------------------------------------------------------------------------
// Snapshot

const citationInputs = (owner: SQL) => sql`(select coalesce(json_agg(json_build_object(
    'source_id', c.source_id, 'page', c.page, 'quality', c.quality, 'note', c.note)
    order by c.position, c.id), '[]') from citations c where ${owner})`;

const mediaInputs = (owner: SQL) => sql`(select coalesce(json_agg(json_build_object(
    'file_id', m.file_id, 'title', m.title) order by m.position, m.id), '[]')
    from media_links m where ${owner})`;

const noteIdInputs = (owner: SQL) => sql`(select coalesce(json_agg(l.note_id
    order by l.position, l.id), '[]') from note_links l where ${owner})`;

const eventInput = sql`json_build_object('type', e.type,
    'custom_type', e.custom_type, 'value', e.value, 'date', e.date ->> 'text',
    'place_id', e.place_id, 'place', null, 'note', e.note,
    'citations', ${citationInputs(sql`c.event_id = e.id`)},
    'media', ${mediaInputs(sql`m.event_id = e.id`)})`;

/** The stored records of person `id`, in the form the inputs take (and revisions record). */
export async function snapshotRecords(tx: Db, id: number): Promise<RecordFields> {
  const [row] = await queryRows<RecordFields>(
    tx,
    sql`select
      (select coalesce(json_agg(json_build_object('kind', n.kind, 'given', n.given,
          'surname', n.surname, 'nickname', n.nickname, 'prefix', n.prefix, 'suffix', n.suffix,
          'full_name', n.full_name, 'citations', ${citationInputs(sql`c.name_id = n.id`)})
          order by n.position, n.id), '[]')
        from person_names n where n.person_id = ${id}) as names,
      (select coalesce(json_agg(${eventInput} order by e.position, e.id), '[]')
        from events e where e.person_id = ${id}) as events,
      (select coalesce(json_agg(json_build_object('father_id', f.father_id,
          'mother_id', f.mother_id, 'relation', f.relation) order by f.position, f.id), '[]')
        from parent_families f where f.child_id = ${id}) as parent_families,
      ${citationInputs(sql`c.person_id = ${id}`)} as citations,
      ${mediaInputs(sql`m.person_id = ${id}`)} as media,
      ${noteIdInputs(sql`l.person_id = ${id}`)} as note_ids,
      (select coalesce(json_agg(u.detail order by u.spouse_id), '[]') from (
        select s.spouse_id, json_build_object('spouse_id', s.spouse_id, 'position', s.position,
            'events', (select coalesce(json_agg(${eventInput} order by e.position, e.id),
              '[]') from events e where e.union_id = s.id),
            'citations', ${citationInputs(sql`c.union_id = s.id`)},
            'note_ids', ${noteIdInputs(sql`l.union_id = s.id`)}) as detail
        from (select un.id,
                case when un.person1_id = ${id} then un.person2_id else un.person1_id end
                  as spouse_id,
                case when un.person1_id = ${id} then un.person1_position
                  else un.person2_position end as position
              from unions un where un.person1_id = ${id} or un.person2_id = ${id}) s
        where s.position is not null
          or exists (select 1 from events e where e.union_id = s.id)
          or exists (select 1 from citations c where c.union_id = s.id)
          or exists (select 1 from note_links l where l.union_id = s.id)) u) as unions`,
  );
  return row ?? EMPTY_RECORDS;
}

/** A union's notes; a revision recorded before unions had notes has none. */
const unionNoteIds = (union: UnionInput): number[] => (union as Partial<UnionInput>).note_ids ?? [];

/** A union's events; in a revision recorded before their media were kept, they have none. */
const unionEvents = (union: UnionInput): UnionEventInput[] =>
  union.events.map((event) => ({
    ...event,
    media: (event as Partial<UnionEventInput>).media ?? [],
  }));

/**
 * A union's events with the media they are to keep. An event recorded without `media` (a
 * proposal made before union events kept them) says nothing of them: it keeps those of the
 * stored event it stands for, the one of its type at the same place among the union's events of
 * that type (so that an event added or taken away beside it does not pass its photo on).
 * `media: []` still takes them away.
 */
function keepStoredMedia(union: UnionInput, stored: readonly UnionInput[]): UnionInput {
  const storedEvents = stored.find((u) => u.spouse_id === union.spouse_id)?.events ?? [];
  const kind = (event: UnionEventInput) => `${event.type}/${event.custom_type}`;
  const seen = new Map<string, number>();
  const events = union.events.map((event) => {
    const nth = seen.get(kind(event)) ?? 0;
    seen.set(kind(event), nth + 1);
    if ((event as Partial<UnionEventInput>).media !== undefined) return event;
    const same = storedEvents.filter((e) => kind(e) === kind(event))[nth];
    return { ...event, media: same?.media ?? [] };
  });
  return { ...union, events };
}

/** Union details in the snapshot's form: only unions with something to say, by spouse. */
export function normalizeUnions(unions: readonly UnionInput[]): UnionInput[] {
  return unions
    .map((u) => ({ ...u, events: unionEvents(u), note_ids: unionNoteIds(u) }))
    .filter(
      (u) =>
        u.position !== null ||
        u.events.length > 0 ||
        u.citations.length > 0 ||
        u.note_ids.length > 0,
    )
    .sort((a, b) => a.spouse_id - b.spouse_id);
}

// ---------------------------------------------------------------------------------------------
// Places by name

/**
 * Events with a place given by name get the id of a place of that name; with `create` a
 * missing place is created, otherwise (a proposal) the name stays until it is accepted.
 */
async function resolvePlaces<T extends AnyEvent>(
  tx: Db,
  list: readonly T[],
  create: boolean,
  actorId: number | null,
): Promise<T[]> {
  const out: T[] = [];
  const known = new Map<string, number>();
  for (const event of list) {
    if (event.place === null) {
      out.push(event);
      continue;
    }
    const key = foldName(event.place);
    let id = known.get(key);
    if (id === undefined) {
      const [found] = await queryRows<{ id: number }>(
        tx,
        sql`select id from places where name_key = ${key} order by id limit 1`,
      );
      id = found?.id;
      if (id === undefined && create) {
        const [row] = await tx
          .insert(places)
          .values({ name: event.place, nameKey: key, createdById: actorId })
          .returning({ id: places.id });
        id = row?.id;
      }
      if (id !== undefined) known.set(key, id);
    }
    out.push(id === undefined ? event : { ...event, place_id: id, place: null });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// The summary fields and the birth/death events

export interface Summary {
  birth_year: number | null;
  birth_date: string | null;
  birth_place: string | null;
  death_year: number | null;
  death_date: string | null;
  death_place: string | null;
}

export interface DerivedSummary extends Partial<Summary> {
  birth_year_source?: YearSource | null;
  death_year_source?: YearSource | null;
}

const SIDES = {
  birth: { main: 'birth', standIn: 'christening' },
  death: { main: 'death', standIn: 'burial' },
} as const;
type Side = keyof typeof SIDES;

function sideEvent(list: readonly AnyEvent[], side: Side): AnyEvent | undefined {
  const { main, standIn } = SIDES[side];
  return list.find((e) => e.type === main) ?? list.find((e) => e.type === standIn);
}

function inRange(year: number | null): number | null {
  return year !== null && year >= PERSON_LIMITS.minYear && year <= PERSON_LIMITS.maxYear
    ? year
    : null;
}

async function placeNames(tx: Db, list: readonly AnyEvent[]): Promise<Map<number, string>> {
  const ids = list.map((e) => e.place_id).filter((id): id is number => id !== null);
  if (ids.length === 0) return new Map();
  const rows = await queryRows<{ id: number; name: string }>(
    tx,
    sql`select id, name from places where id = any(${intArray(ids)})`,
  );
  return new Map(rows.map((row) => [row.id, row.name]));
}

/**
 * The summary fields from the birth and death events (christening and burial stand in, and
 * say so in `*_year_source`). A side without such an event keeps its summary fields; a date
 * with no year (a phrase) keeps the year of `fallback`.
 */
export async function deriveSummary(
  tx: Db,
  list: readonly AnyEvent[],
  fallback: Summary,
): Promise<DerivedSummary> {
  const names = await placeNames(tx, list);
  const out: DerivedSummary = {};
  for (const side of ['birth', 'death'] as const) {
    const event = sideEvent(list, side);
    if (!event) {
      out[`${side}_year_source`] = null;
      continue;
    }
    const date = event.date === null ? null : parseGedcomDate(event.date);
    const year = date === null ? null : (inRange(eventYear(date)) ?? fallback[`${side}_year`]);
    out[`${side}_year`] = year;
    out[`${side}_date`] = event.date;
    out[`${side}_place`] =
      event.place ?? (event.place_id === null ? null : (names.get(event.place_id) ?? null));
    out[`${side}_year_source`] = event.type === SIDES[side].main ? null : SIDES[side].standIn;
  }
  return out;
}

const yearText = (year: number) => (year < 0 ? `${-year} B.C.` : String(year));

/** The date text of a summary's year and free-text date, as a readable GEDCOM date. */
function summaryDate(year: number | null, text: string | null): string | null {
  if (text !== null) {
    const parsed = parseGedcomDate(text);
    if (parsed.valid && (year === null || eventYear(parsed) === year)) return parsed.text;
    return year === null ? `(${text})` : `INT ${yearText(year)} (${text})`;
  }
  return year === null ? null : yearText(year);
}

/**
 * The birth/death events after the summary fields of `sides` changed to `summary`: the
 * event's date follows, and its place when the summary's place changed; a side with values
 * and no event gets one.
 */
export function syncEvents(
  list: readonly PersonEventInput[],
  summary: Summary,
  sides: readonly { side: Side; placeChanged: boolean }[],
): PersonEventInput[] {
  const out = [...list];
  for (const { side, placeChanged } of sides) {
    const date = summaryDate(summary[`${side}_year`], summary[`${side}_date`]);
    const place = summary[`${side}_place`];
    const current = sideEvent(out, side);
    const index = current ? out.indexOf(current) : -1;
    const existing = out[index];
    if (existing) {
      out[index] = { ...existing, date, ...(placeChanged && { place, place_id: null }) };
    } else if (date !== null || place !== null) {
      out.push({
        type: SIDES[side].main,
        custom_type: null,
        value: null,
        date,
        place_id: null,
        place,
        note: null,
        citations: [],
        media: [],
      });
    }
  }
  return out;
}

const SUMMARY_FIELDS = {
  birth: ['birth_year', 'birth_date', 'birth_place'],
  death: ['death_year', 'death_date', 'death_place'],
} as const;

export interface Effective {
  changes: Partial<CreatePersonInput>;
  yearSources: Pick<DerivedSummary, 'birth_year_source' | 'death_year_source'>;
}

/**
 * The changes as they will be stored: places named in events resolved (created when
 * `create`), union details normalised (an event without `media` keeping the media of the stored
 * event in `current` it stands for), and the summary fields and birth/death events in
 * agreement — derived from `events` when they are given, or the events following the summary
 * fields when only those changed and the person has events.
 */
export async function effectiveChanges(
  tx: Db,
  current: (Summary & Pick<RecordFields, 'events' | 'unions'>) | undefined,
  changes: Partial<CreatePersonInput>,
  create: boolean,
  actorId: number | null,
): Promise<Effective> {
  const out: Partial<CreatePersonInput> = { ...changes };
  const summary: Summary = {
    birth_year: changes.birth_year ?? current?.birth_year ?? null,
    birth_date: changes.birth_date ?? current?.birth_date ?? null,
    birth_place: changes.birth_place ?? current?.birth_place ?? null,
    death_year: changes.death_year ?? current?.death_year ?? null,
    death_date: changes.death_date ?? current?.death_date ?? null,
    death_place: changes.death_place ?? current?.death_place ?? null,
  };
  for (const side of ['birth', 'death'] as const) {
    for (const field of SUMMARY_FIELDS[side]) {
      if (changes[field] === null) (summary as unknown as Record<string, null>)[field] = null;
    }
  }
  if (changes.unions !== undefined) {
    const unions: UnionInput[] = [];
    const stored = current?.unions ?? [];
    for (const union of normalizeUnions(changes.unions.map((u) => keepStoredMedia(u, stored)))) {
      unions.push({ ...union, events: await resolvePlaces(tx, union.events, create, actorId) });
    }
    out.unions = unions;
  }
  let list = changes.events;
  if (list === undefined && current && current.events.length > 0) {
    const changed = (field: keyof Summary) =>
      changes[field] !== undefined && changes[field] !== current[field];
    const sides = (['birth', 'death'] as const)
      .filter((side) => SUMMARY_FIELDS[side].some(changed))
      .map((side) => ({ side, placeChanged: changed(`${side}_place`) }));
    for (const { side } of sides) {
      // A new year with the old date text: the text described the old year.
      if (changed(`${side}_year`) && changes[`${side}_date`] === undefined) {
        summary[`${side}_date`] = null;
      }
    }
    if (sides.length > 0) list = syncEvents(current.events, summary, sides);
  }
  if (list === undefined) return { changes: out, yearSources: {} };
  list = await resolvePlaces(tx, list, create, actorId);
  out.events = list;
  const { birth_year_source, death_year_source, ...derived } = await deriveSummary(
    tx,
    list,
    summary,
  );
  Object.assign(out, derived);
  return { changes: out, yearSources: { birth_year_source, death_year_source } };
}

// ---------------------------------------------------------------------------------------------
// Checks

function allCitations(fields: Partial<RecordFields>): CitationInput[] {
  return [
    ...(fields.citations ?? []),
    ...(fields.names ?? []).flatMap((n) => n.citations),
    ...(fields.events ?? []).flatMap((e) => e.citations),
    ...(fields.unions ?? []).flatMap((u) => [
      ...u.citations,
      ...u.events.flatMap((e) => e.citations),
    ]),
  ];
}

function allMedia(fields: Partial<RecordFields>): MediaInput[] {
  return [
    ...(fields.media ?? []),
    ...(fields.events ?? []).flatMap((e) => e.media),
    ...(fields.unions ?? []).flatMap((u) => unionEvents(u).flatMap((e) => e.media)),
  ];
}

/** The files that the records link (the person's, their events' and their unions' events'). */
export function linkedFileIds(fields: Partial<RecordFields>): Set<number> {
  return new Set(allMedia(fields).map((m) => m.file_id));
}

function allEvents(fields: Partial<RecordFields>): AnyEvent[] {
  return [...(fields.events ?? []), ...(fields.unions ?? []).flatMap((u) => u.events)];
}

async function existing(tx: Db, table: string, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`select id from ${sql.identifier(table)} where id = any(${intArray(ids)})`,
  );
  return new Set(rows.map((row) => row.id));
}

/** Files a person page may show to everyone: public images and documents. */
async function showableFiles(tx: Db, ids: readonly number[]) {
  if (ids.length === 0) return { found: new Set<number>(), showable: new Set<number>() };
  const rows = await queryRows<{ id: number; ok: boolean }>(
    tx,
    sql`select id, (visibility = 'public' and kind in ('image', 'pdf', 'document')) as ok
        from files where id = any(${intArray(ids)})`,
  );
  return {
    found: new Set(rows.map((row) => row.id)),
    showable: new Set(rows.filter((row) => row.ok).map((row) => row.id)),
  };
}

/**
 * Whether `ancestor` is one of the persons `from` or above them through any parent: birth
 * father and mother and every further parent family.
 */
async function reachesUp(tx: Db, from: number, ancestor: number): Promise<boolean> {
  const [row] = await queryRows<{ found: boolean }>(
    tx,
    sql`with recursive up(id) as (
          select ${from}::int
          union
          select v.id from up cross join lateral (
            select pp.father_id from persons pp where pp.id = up.id
            union all select pp.mother_id from persons pp where pp.id = up.id
            union all select pf.father_id from parent_families pf where pf.child_id = up.id
            union all select pf.mother_id from parent_families pf where pf.child_id = up.id
          ) as v(id)
          where v.id is not null
        )
        select exists(select 1 from up where id = ${ancestor}) as found`,
  );
  return row?.found ?? false;
}

/**
 * Refuses records that name what does not exist (sources, places, notes, files, parents), a
 * file guests may not see, a parent family that makes the person their own ancestor, and a
 * union with someone who is not a spouse. `kept` are files the person's stored records link
 * already: they may stay though guests may not see them (a GEDZip import's members-only media,
 * which the page shows guests without), so that editing an event does not refuse its photo.
 */
export async function checkRecords(
  tx: Db,
  fields: Partial<RecordFields>,
  selfId: number | undefined,
  spouses: readonly number[],
  kept: ReadonlySet<number> = new Set(),
): Promise<void> {
  const sourceIds = allCitations(fields).map((c) => c.source_id);
  const sources = await existing(tx, 'sources', sourceIds);
  if (sourceIds.some((id) => !sources.has(id))) {
    throw fieldError('citations', personRecordMessages.sourceNotFound);
  }
  const placeIds = allEvents(fields)
    .map((e) => e.place_id)
    .filter((id): id is number => id !== null);
  const placesFound = await existing(tx, 'places', placeIds);
  if (placeIds.some((id) => !placesFound.has(id))) {
    throw fieldError('events', personRecordMessages.placeNotFound);
  }
  const unionNoteIds = (fields.unions ?? []).flatMap((u) => u.note_ids);
  const notesFound = await existing(tx, 'notes', [...(fields.note_ids ?? []), ...unionNoteIds]);
  for (const [field, ids] of [
    ['note_ids', fields.note_ids ?? []],
    ['unions', unionNoteIds],
  ] as const) {
    if (ids.some((id) => !notesFound.has(id))) {
      throw fieldError(field, personRecordMessages.noteNotFound);
    }
  }
  const fileIds = allMedia(fields).map((m) => m.file_id);
  const files = await showableFiles(tx, fileIds);
  if (fileIds.some((id) => !files.found.has(id))) {
    throw fieldError('media', personRecordMessages.fileNotFound);
  }
  if (fileIds.some((id) => !files.showable.has(id) && !kept.has(id))) {
    throw fieldError('media', personRecordMessages.mediaNotPublic);
  }
  for (const family of fields.parent_families ?? []) {
    for (const [parent, missing] of [
      [family.father_id, personRecordMessages.familyFatherNotFound],
      [family.mother_id, personRecordMessages.familyMotherNotFound],
    ] as const) {
      if (parent === null) continue;
      if (parent === selfId) {
        throw fieldError('parent_families', personRecordMessages.familyOwnParent);
      }
      if ((await existing(tx, 'persons', [parent])).size === 0) {
        throw fieldError('parent_families', missing);
      }
      if (selfId !== undefined && (await reachesUp(tx, parent, selfId))) {
        throw fieldError('parent_families', personRecordMessages.familyOwnParent);
      }
    }
  }
  for (const union of fields.unions ?? []) {
    if (!spouses.includes(union.spouse_id)) {
      throw fieldError('unions', personRecordMessages.unionNotSpouse);
    }
  }
}

/**
 * Leaves out what a restored person's records name and is gone since (a revert brings back
 * what it can rather than failing). A file still stored stays linked, public or not: the
 * person had it (`checkRecords` lets the restore keep it).
 */
export async function pruneMissing(tx: Db, fields: RecordFields): Promise<RecordFields> {
  const sources = await existing(
    tx,
    'sources',
    allCitations(fields).map((c) => c.source_id),
  );
  const placesFound = await existing(
    tx,
    'places',
    allEvents(fields).flatMap((e) => (e.place_id === null ? [] : [e.place_id])),
  );
  const notesFound = await existing(tx, 'notes', [
    ...fields.note_ids,
    ...fields.unions.flatMap(unionNoteIds),
  ]);
  const keepNotes = (ids: number[]) => ids.filter((id) => notesFound.has(id));
  const files = (
    await showableFiles(
      tx,
      allMedia(fields).map((m) => m.file_id),
    )
  ).found;
  const persons = await existing(
    tx,
    'persons',
    fields.parent_families.flatMap((f) => [f.father_id ?? 0, f.mother_id ?? 0]),
  );
  const keepCitations = (list: CitationInput[]) => list.filter((c) => sources.has(c.source_id));
  const keepMedia = (list: MediaInput[]) => list.filter((m) => files.has(m.file_id));
  const fixEvent = <T extends AnyEvent>(event: T): T => ({
    ...event,
    citations: keepCitations(event.citations),
    place_id: event.place_id !== null && placesFound.has(event.place_id) ? event.place_id : null,
    media: keepMedia(event.media),
  });
  const present = (id: number | null) => (id !== null && persons.has(id) ? id : null);
  return {
    names: fields.names.map((n) => ({ ...n, citations: keepCitations(n.citations) })),
    events: fields.events.map(fixEvent),
    parent_families: fields.parent_families
      .map((f) => ({ ...f, father_id: present(f.father_id), mother_id: present(f.mother_id) }))
      .filter((f) => f.father_id !== null || f.mother_id !== null),
    citations: keepCitations(fields.citations),
    media: keepMedia(fields.media),
    note_ids: keepNotes(fields.note_ids),
    unions: fields.unions.map((u) => ({
      ...u,
      citations: keepCitations(u.citations),
      events: unionEvents(u).map(fixEvent),
      note_ids: keepNotes(unionNoteIds(u)),
    })),
  };
}

// ---------------------------------------------------------------------------------------------
// Writing

type Owner = { personId: number } | { eventId: number } | { unionId: number } | { nameId: number };

async function insertCitations(tx: Db, owner: Owner, list: readonly CitationInput[]) {
  if (list.length === 0) return;
  await tx.insert(citations).values(
    list.map((c, position) => ({
      ...owner,
      sourceId: c.source_id,
      page: c.page,
      quality: c.quality,
      note: c.note,
      position,
    })),
  );
}

async function insertNoteLinks(
  tx: Db,
  owner: { personId: number } | { unionId: number },
  noteIds: readonly number[],
) {
  if (noteIds.length === 0) return;
  await tx
    .insert(noteLinks)
    .values(noteIds.map((noteId, position) => ({ ...owner, noteId, position })));
}

async function insertMedia(
  tx: Db,
  owner: { personId: number } | { eventId: number },
  list: readonly MediaInput[],
) {
  if (list.length === 0) return;
  await tx
    .insert(mediaLinks)
    .values(list.map((m, position) => ({ ...owner, fileId: m.file_id, title: m.title, position })));
}

async function insertEvents(
  tx: Db,
  owner: { personId: number } | { unionId: number },
  list: readonly AnyEvent[],
) {
  if (list.length === 0) return;
  const rows = await tx
    .insert(events)
    .values(
      list.map((e, position) => {
        const date = e.date === null ? null : parseGedcomDate(e.date);
        return {
          ...owner,
          type: e.type,
          customType: e.custom_type,
          value: e.value,
          date,
          dateSort: date?.sort ?? null,
          placeId: e.place_id,
          note: e.note,
          position,
        };
      }),
    )
    .returning({ id: events.id });
  // INSERT … RETURNING answers in the order of VALUES.
  for (const [i, event] of list.entries()) {
    const eventId = rows[i]?.id;
    if (eventId === undefined) throw new Error('event insert returned too few rows');
    await insertCitations(tx, { eventId }, event.citations);
    await insertMedia(tx, { eventId }, event.media);
  }
}

/** Replaces each list of `fields` that is given; places are resolved and references checked. */
export async function writeRecords(
  tx: Db,
  id: number,
  fields: Partial<RecordFields>,
): Promise<void> {
  if (fields.names !== undefined) {
    await tx.execute(sql`delete from person_names where person_id = ${id}`);
    const [person] = await queryRows<{ name_key: string }>(
      tx,
      sql`select name_key from persons where id = ${id}`,
    );
    for (const [position, name] of fields.names.entries()) {
      const nameKey = foldName(name.full_name);
      await tx.insert(nameKeys).values({ key: nameKey }).onConflictDoNothing();
      const [row] = await tx
        .insert(personNames)
        .values({
          personId: id,
          kind: name.kind,
          given: name.given,
          surname: name.surname,
          nickname: name.nickname,
          prefix: name.prefix,
          suffix: name.suffix,
          fullName: name.full_name,
          nameKey,
          alternative: nameKey !== person?.name_key,
          position,
        })
        .returning({ id: personNames.id });
      if (row) await insertCitations(tx, { nameId: row.id }, name.citations);
    }
  }
  if (fields.events !== undefined) {
    await tx.execute(sql`delete from events where person_id = ${id}`);
    await insertEvents(tx, { personId: id }, fields.events);
  }
  if (fields.parent_families !== undefined) {
    await tx.execute(sql`delete from parent_families where child_id = ${id}`);
    if (fields.parent_families.length > 0) {
      await tx.insert(parentFamilies).values(
        fields.parent_families.map((f, position) => ({
          childId: id,
          fatherId: f.father_id,
          motherId: f.mother_id,
          relation: f.relation,
          position,
        })),
      );
    }
  }
  if (fields.citations !== undefined) {
    await tx.execute(sql`delete from citations where person_id = ${id}`);
    await insertCitations(tx, { personId: id }, fields.citations);
  }
  if (fields.media !== undefined) {
    await tx.execute(sql`delete from media_links where person_id = ${id}`);
    await insertMedia(tx, { personId: id }, fields.media);
  }
  if (fields.note_ids !== undefined) {
    await tx.execute(sql`delete from note_links where person_id = ${id}`);
    await insertNoteLinks(tx, { personId: id }, fields.note_ids);
  }
  if (fields.unions !== undefined) await writeUnions(tx, id, fields.unions);
}

async function writeUnions(tx: Db, id: number, list: readonly UnionInput[]): Promise<void> {
  const unionsOf = await queryRows<{ id: number; spouse_id: number; first: boolean }>(
    tx,
    sql`select id, case when person1_id = ${id} then person2_id else person1_id end as spouse_id,
          person1_id = ${id} as first
        from unions where person1_id = ${id} or person2_id = ${id}`,
  );
  const ids = unionsOf.map((u) => u.id);
  if (ids.length === 0) return;
  await tx.execute(sql`delete from events where union_id = any(${intArray(ids)})`);
  await tx.execute(sql`delete from citations where union_id = any(${intArray(ids)})`);
  await tx.execute(sql`delete from note_links where union_id = any(${intArray(ids)})`);
  await tx.execute(
    sql`update unions set
          person1_position = case when person1_id = ${id} then null else person1_position end,
          person2_position = case when person2_id = ${id} then null else person2_position end
        where id = any(${intArray(ids)})`,
  );
  for (const detail of list) {
    const union = unionsOf.find((u) => u.spouse_id === detail.spouse_id);
    if (!union) continue;
    if (detail.position !== null) {
      await tx.execute(
        union.first
          ? sql`update unions set person1_position = ${detail.position} where id = ${union.id}`
          : sql`update unions set person2_position = ${detail.position} where id = ${union.id}`,
      );
    }
    await insertEvents(tx, { unionId: union.id }, detail.events);
    await insertCitations(tx, { unionId: union.id }, detail.citations);
    await insertNoteLinks(tx, { unionId: union.id }, detail.note_ids);
  }
}

// ---------------------------------------------------------------------------------------------
// Comparing

/** Deep equality of JSON values, object keys in any order (jsonb reorders them). */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    return (
      Array.isArray(a) &&
      Array.isArray(b) &&
      a.length === b.length &&
      a.every((value, i) => sameJson(value, b[i]))
    );
  }
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  const ra = a as Record<string, unknown>;
  const rb = b as Record<string, unknown>;
  const keys = new Set([...Object.keys(ra), ...Object.keys(rb)]);
  for (const key of keys) {
    if (!sameJson(ra[key] ?? null, rb[key] ?? null)) return false;
  }
  return true;
}

// ---------------------------------------------------------------------------------------------
// Reading, for the person page

/** The records of a person page as `GET /persons/{id}/` answers them. */
export type PersonRecordsView = Pick<
  Person,
  'names' | 'events' | 'unions' | 'parent_families' | 'citations' | 'notes' | 'media'
>;

const citationsView = (owner: SQL) => sql`(select coalesce(json_agg(json_build_object(
    'id', c.id, 'source', json_build_object('id', s.id, 'kind', s.kind, 'title', s.title),
    'page', c.page, 'quality', c.quality, 'note', c.note) order by c.position, c.id), '[]')
    from citations c join sources s on s.id = c.source_id where ${owner})`;

/** Guests see public files only (a linked file may have been made members-only since). */
const mediaView = (owner: SQL, viewer: Viewer) => sql`(select coalesce(json_agg(json_build_object(
    'file_id', m.file_id, 'title', m.title, 'kind', f.kind, 'mime_type', f.mime_type,
    'public', f.visibility = 'public', 'position', m.position) order by m.position, m.id), '[]')
    from media_links m join files f on f.id = m.file_id
    where ${owner} ${viewer.seesLiving ? sql`` : sql`and f.visibility = 'public'`})`;

/** Private notes are never shown to guests. */
const notesView = (owner: SQL, viewer: Viewer) => sql`(select coalesce(json_agg(json_build_object(
    'id', n.id, 'text', n.text, 'is_private', n.is_private) order by l.position, l.id), '[]')
    from note_links l join notes n on n.id = l.note_id
    where ${owner} ${viewer.seesLiving ? sql`` : sql`and not n.is_private`})`;

const eventsView = (owner: SQL, viewer: Viewer) =>
  sql`(select coalesce(json_agg(json_build_object('id', e.id, 'type', e.type,
      'custom_type', e.custom_type, 'value', e.value, 'date', e.date, 'place', ${placeJson(sql`e.place_id`)},
      'note', e.note, 'citations', ${citationsView(sql`c.event_id = e.id`)},
      'media', ${mediaView(sql`m.event_id = e.id`, viewer)})
      order by e.date_sort nulls last, e.position, e.id), '[]')
    from events e where ${owner})`;

/** The events of the unions row `alias` (marriage, divorce…) as a JSON array, in date order. */
export function unionEventsColumn(viewer: Viewer, alias = 'u'): SQL {
  return eventsView(sql`e.union_id = ${sql.raw(`${alias}.id`)}`, viewer);
}

/**
 * The records of the persons row `p` as one JSON column, or null for a viewer who may not see
 * the person (privacy.ts decides; nothing is read then). A union, like a spouse link, is shown
 * when neither spouse is restricted; further parents like the birth links (the father shown,
 * a mother the viewer may not see hidden, a family of hidden parents only left out).
 */
export function recordsColumn(viewer: Viewer): SQL {
  const link = (alias: string) =>
    sql.raw(`json_build_object('id', ${alias}.id, 'name', ${alias}.name)`);
  return sql`case when ${restrictedCondition(viewer)} then null else json_build_object(
    'names', (select coalesce(json_agg(json_build_object('id', n.id, 'kind', n.kind,
        'given', n.given, 'surname', n.surname, 'nickname', n.nickname, 'prefix', n.prefix,
        'suffix', n.suffix, 'full_name', n.full_name,
        'citations', ${citationsView(sql`c.name_id = n.id`)}) order by n.position, n.id), '[]')
      from person_names n where n.person_id = p.id),
    'events', ${eventsView(sql`e.person_id = p.id`, viewer)},
    'unions', (select coalesce(json_agg(json_build_object('id', u.id, 'spouse', ${link('s')},
        'position', case when u.person1_id = p.id then u.person1_position
          else u.person2_position end,
        'events', ${eventsView(sql`e.union_id = u.id`, viewer)},
        'citations', ${citationsView(sql`c.union_id = u.id`)},
        'notes', ${notesView(sql`l.union_id = u.id`, viewer)})
        order by case when u.person1_id = p.id then u.person1_position
          else u.person2_position end nulls last, s.id), '[]')
      from unions u
      join persons s on s.id = case when u.person1_id = p.id then u.person2_id
                                    else u.person1_id end
      where (u.person1_id = p.id or u.person2_id = p.id) and ${unionVisible(viewer, 'p', 's')}),
    'further_families', (select coalesce(json_agg(json_build_object(
        'father', case when ff.id is null then null else ${link('ff')} end,
        'mother', case when fm.id is null
          or ${restrictedCondition(viewer, 'fm')} then null else ${link('fm')} end,
        'relation', pf.relation) order by pf.position, pf.id), '[]')
      from parent_families pf
      left join persons ff on ff.id = pf.father_id
      left join persons fm on fm.id = pf.mother_id
      where pf.child_id = p.id
        -- A family whose every parent is hidden is not shown at all.
        and (ff.id is not null or (fm.id is not null
          and not ${restrictedCondition(viewer, 'fm')}))),
    'citations', ${citationsView(sql`c.person_id = p.id`)},
    'notes', ${notesView(sql`l.person_id = p.id`, viewer)},
    'media', ${mediaView(sql`m.person_id = p.id`, viewer)}) end`;
}

export type RecordsColumn =
  | (Omit<PersonRecordsView, 'parent_families'> & {
      further_families: PersonRecordsView['parent_families'];
    })
  | null;
