import { personRecordMessages, type CitationInput, type MediaInput } from '@bagysh/shared';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client';
import { fieldError } from '../lib/http-errors';
import { intArray } from './person-rows';
import { unionEvents, unionNoteIds, type AnyEvent, type RecordFields } from './person-records';

/**
 * What a person's records may name: a write is refused when they name what does not exist, a
 * file guests may not see or a loop of parents, and a restore leaves out what is gone since
 * rather than failing.
 */

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

/** Which of the files `ids` are recordings (audio or video) a citation may open. */
async function recordingFiles(tx: Db, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`select id from files where id = any(${intArray(ids)}) and kind in ('audio', 'video')`,
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
  const recordingIds = allCitations(fields).flatMap((c) =>
    c.recording ? [c.recording.file_id] : [],
  );
  const recordings = await recordingFiles(tx, recordingIds);
  if (recordingIds.some((id) => !recordings.has(id))) {
    throw fieldError('citations', personRecordMessages.citationNotRecording);
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
  const recordings = await recordingFiles(
    tx,
    allCitations(fields).flatMap((c) => (c.recording ? [c.recording.file_id] : [])),
  );
  const keepCitations = (list: CitationInput[]) =>
    list
      .filter((c) => sources.has(c.source_id))
      .map((c) =>
        c.recording && !recordings.has(c.recording.file_id) ? { ...c, recording: null } : c,
      );
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
