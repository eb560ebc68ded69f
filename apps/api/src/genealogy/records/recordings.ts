import {
  INFORMANT_TOLD_PERSONS_MAX,
  INFORMANT_TOP_PERSONS,
  type ConflictFact,
  type EventDate,
  type FileKind,
  type FileVisibility,
  type Informant,
  type InformantConflict,
  type InformantSummary,
  type PageQuery,
  type PersonLink,
  type Recording,
  type RecordingsListQuery,
  type ToldPerson,
} from '@bagysh/shared';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import { notFound } from '../../lib/http-errors';
import { pageWindow } from '../../lib/pagination';
import { intArray } from '../person-rows';
import { linkedPersonIds, linkHidden, type LinkColumns } from '../linked-persons';
import { hiddenCondition, type Viewer } from '../privacy';

/**
 * Recordings of informants and the informants' pages (docs/features.md, Recordings and
 * informants). The guest's rules: a recording is shown only when its file is public; a person a
 * recording or a citation speaks of is left out when hidden (privacy.ts), as on a source's
 * page; a conflict of a hidden person is not shown at all.
 */

/** Who reads: the living rule's viewer, and for `can_edit` the user and whether staff. */
export interface RecordingsReader {
  viewer: Viewer;
  /** Null for a guest. */
  userId: number | null;
  staff: boolean;
}

interface RecordingRow {
  id: number;
  file_id: number;
  file_name: string;
  mime_type: string;
  kind: FileKind;
  size: number | string;
  visibility: FileVisibility;
  owner_id: number;
  source_id: number;
  source_title: string;
  source_author: string | null;
  told_date: EventDate | null;
  told_place_id: number | null;
  told_place_name: string | null;
  duration_seconds: number | null;
  creator_id: number | null;
  creator_username: string | null;
  created_at: string;
  updated_at: string;
}

const RECORDING_COLUMNS = sql.raw(`r.id, r.file_id, f.name as file_name, f.mime_type, f.kind,
  f.size, f.visibility, f.owner_id, s.id as source_id, s.title as source_title,
  s.author as source_author, r.told_date, r.told_place_id, tp.name as told_place_name,
  r.duration_seconds, u.id as creator_id, u.username as creator_username,
  to_json(r.created_at) #>> '{}' as created_at, to_json(r.updated_at) #>> '{}' as updated_at`);
const RECORDING_FROM = sql.raw(`recordings r join files f on f.id = r.file_id
  join sources s on s.id = r.source_id left join places tp on tp.id = r.told_place_id
  left join users u on u.id = r.created_by_id`);

/** A guest sees the recordings of public files only. */
function fileVisible(viewer: Viewer): SQL {
  return viewer.seesLiving ? sql`true` : sql`f.visibility = 'public'`;
}

/** Persons of a list the viewer may see: a guest none hidden by the living rule. */
function personVisible(viewer: Viewer, alias = 'p'): SQL {
  return viewer.seesLiving ? sql`true` : sql`not ${hiddenCondition(alias)}`;
}

/** The persons each recording speaks of, in their order, as the viewer may see them. */
async function recordingPersons(
  db: Db,
  ids: number[],
  viewer: Viewer,
): Promise<Map<number, PersonLink[]>> {
  const byRecording = new Map<number, PersonLink[]>();
  if (ids.length === 0) return byRecording;
  const rows = await queryRows<{ recording_id: number; id: number; name: string }>(
    db,
    sql`select rp.recording_id, p.id, p.name from recording_persons rp
        join persons p on p.id = rp.person_id
        where rp.recording_id = any(${intArray(ids)}) and ${personVisible(viewer)}
        order by rp.recording_id, rp.position, p.id`,
  );
  for (const row of rows) {
    const list = byRecording.get(row.recording_id) ?? [];
    list.push({ id: row.id, name: row.name });
    byRecording.set(row.recording_id, list);
  }
  return byRecording;
}

function toRecording(
  row: RecordingRow,
  persons: PersonLink[],
  reader: RecordingsReader,
): Recording {
  return {
    id: row.id,
    file: {
      id: row.file_id,
      name: row.file_name,
      mime_type: row.mime_type,
      kind: row.kind,
      size: Number(row.size),
      visibility: row.visibility,
      url: `/api/files/${row.file_id}/download/`,
    },
    source: { id: row.source_id, title: row.source_title, author: row.source_author },
    told_date: row.told_date,
    told_place:
      row.told_place_id !== null && row.told_place_name !== null
        ? { id: row.told_place_id, name: row.told_place_name }
        : null,
    duration_seconds: row.duration_seconds,
    persons,
    created_by:
      row.creator_id !== null && row.creator_username !== null
        ? { id: row.creator_id, username: row.creator_username }
        : null,
    can_edit: reader.userId !== null && (reader.staff || reader.userId === row.owner_id),
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
  };
}

/** Recordings, newest first: of one informant, or speaking of one person. */
export async function listRecordings(
  db: Db,
  query: RecordingsListQuery,
  reader: RecordingsReader,
): Promise<{ count: number; results: Recording[] }> {
  const conditions: SQL[] = [fileVisible(reader.viewer)];
  if (query.source_id !== undefined) conditions.push(sql`r.source_id = ${query.source_id}`);
  if (query.file_id !== undefined) conditions.push(sql`r.file_id = ${query.file_id}`);
  if (query.person_id !== undefined) {
    conditions.push(sql`exists (select 1 from recording_persons rp join persons p
      on p.id = rp.person_id where rp.recording_id = r.id and rp.person_id = ${query.person_id}
      and ${personVisible(reader.viewer)})`);
  }
  const where = sql.join(conditions, sql` and `);
  const { limit, offset } = pageWindow(query);
  const rows = await queryRows<RecordingRow>(
    db,
    sql`select ${RECORDING_COLUMNS} from ${RECORDING_FROM} where ${where}
        order by r.created_at desc, r.id desc limit ${limit} offset ${offset}`,
  );
  const [total] = await queryRows<{ count: number }>(
    db,
    sql`select count(*)::int as count from recordings r join files f on f.id = r.file_id
        where ${where}`,
  );
  const persons = await recordingPersons(
    db,
    rows.map((row) => row.id),
    reader.viewer,
  );
  return {
    count: total?.count ?? 0,
    results: rows.map((row) => toRecording(row, persons.get(row.id) ?? [], reader)),
  };
}

/** One recording the reader may see, or 404 (a guest: a members-only file's is missing). */
export async function getRecording(
  db: Db,
  id: number,
  reader: RecordingsReader,
): Promise<Recording> {
  const [row] = await queryRows<RecordingRow>(
    db,
    sql`select ${RECORDING_COLUMNS} from ${RECORDING_FROM}
        where r.id = ${id} and ${fileVisible(reader.viewer)}`,
  );
  if (!row) throw notFound();
  const persons = await recordingPersons(db, [id], reader.viewer);
  return toRecording(row, persons.get(id) ?? [], reader);
}

/** The ids of `ids` that are persons; the rest do not exist. */
export async function existingPersonIds(db: Db, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select id from persons where id = any(${intArray(ids)})`,
  );
  return new Set(rows.map((row) => row.id));
}

const CITATION_LINK: LinkColumns = {
  person: sql`c.person_id`,
  event: sql`c.event_id`,
  union: sql`c.union_id`,
  name: sql`c.name_id`,
};

/**
 * Who an informant told of, as (source, person) pairs, one per supporting record: each
 * citation of the source the viewer may see (every person it reaches), and each person of the
 * source's recordings the viewer may see.
 */
function toldPairs(viewer: Viewer, sourceIds: SQL): SQL {
  return sql`select c.source_id, cp.id as person_id from citations c
      cross join lateral (${linkedPersonIds(CITATION_LINK)}) cp
      where c.source_id = any(${sourceIds}) and not ${linkHidden(viewer, CITATION_LINK)}
    union all
    select r.source_id, rp.person_id from recordings r
      join files f on f.id = r.file_id
      join recording_persons rp on rp.recording_id = r.id
      join persons p on p.id = rp.person_id
      where r.source_id = any(${sourceIds}) and ${fileVisible(viewer)} and ${personVisible(viewer)}`;
}

/** The persons each source told of, most supported first, at most `limit` per source. */
async function toldPersons(
  db: Db,
  sourceIds: number[],
  viewer: Viewer,
  limit: number,
): Promise<Map<number, { persons: ToldPerson[]; total: number }>> {
  const bySource = new Map<number, { persons: ToldPerson[]; total: number }>();
  if (sourceIds.length === 0) return bySource;
  const rows = await queryRows<{
    source_id: number;
    id: number;
    name: string;
    count: number;
    total: number;
  }>(
    db,
    sql`select t.source_id, t.id, t.name, t.count, t.total from (
          select g.source_id, p.id, p.name, g.count,
            row_number() over (partition by g.source_id
              order by g.count desc, p.name, p.id) as rank,
            count(*) over (partition by g.source_id)::int as total
          from (select source_id, person_id, count(*)::int as count
                from (${toldPairs(viewer, intArray(sourceIds))}) pairs
                group by source_id, person_id) g
          join persons p on p.id = g.person_id) t
        where t.rank <= ${limit} order by t.source_id, t.rank`,
  );
  for (const row of rows) {
    const entry = bySource.get(row.source_id) ?? { persons: [], total: row.total };
    entry.persons.push({ id: row.id, name: row.name, count: row.count });
    bySource.set(row.source_id, entry);
  }
  return bySource;
}

interface InformantRow {
  id: number;
  title: string;
  author: string | null;
  told_date: EventDate | null;
  told_place_id: number | null;
  told_place_name: string | null;
  recording_count: number;
  text: string | null;
  note: string | null;
}

function informantColumns(viewer: Viewer): SQL {
  return sql`s.id, s.title, s.author, s.told_date, s.told_place_id, tp.name as told_place_name,
    s.text, s.note,
    (select count(*)::int from recordings r join files f on f.id = r.file_id
      where r.source_id = s.id and ${fileVisible(viewer)}) as recording_count`;
}

function toSummary(row: InformantRow, persons: ToldPerson[]): InformantSummary {
  return {
    id: row.id,
    title: row.title,
    author: row.author,
    told_date: row.told_date,
    told_place:
      row.told_place_id !== null && row.told_place_name !== null
        ? { id: row.told_place_id, name: row.told_place_name }
        : null,
    recording_count: row.recording_count,
    top_persons: persons,
  };
}

/** Every informant source, by title, with its recordings count and the persons most told of. */
export async function listInformants(
  db: Db,
  query: PageQuery,
  viewer: Viewer,
): Promise<{ count: number; results: InformantSummary[] }> {
  const { limit, offset } = pageWindow(query);
  const rows = await queryRows<InformantRow>(
    db,
    sql`select ${informantColumns(viewer)} from sources s
        left join places tp on tp.id = s.told_place_id
        where s.kind = 'informant' order by lower(s.title), s.id limit ${limit} offset ${offset}`,
  );
  const [total] = await queryRows<{ count: number }>(
    db,
    sql`select count(*)::int as count from sources where kind = 'informant'`,
  );
  const told = await toldPersons(
    db,
    rows.map((row) => row.id),
    viewer,
    INFORMANT_TOP_PERSONS,
  );
  return {
    count: total?.count ?? 0,
    results: rows.map((row) => toSummary(row, told.get(row.id)?.persons ?? [])),
  };
}

/** An informant source's page; 404 for a missing source or one of another kind. */
export async function getInformant(db: Db, id: number, viewer: Viewer): Promise<Informant> {
  const [row] = await queryRows<InformantRow>(
    db,
    sql`select ${informantColumns(viewer)} from sources s
        left join places tp on tp.id = s.told_place_id
        where s.id = ${id} and s.kind = 'informant'`,
  );
  if (!row) throw notFound();
  const told = (await toldPersons(db, [id], viewer, INFORMANT_TOLD_PERSONS_MAX)).get(id);
  const persons = told?.persons ?? [];
  return {
    ...toSummary(row, persons.slice(0, INFORMANT_TOP_PERSONS)),
    text: row.text,
    note: row.note,
    told_persons: persons,
    told_person_count: told?.total ?? 0,
  };
}

/**
 * Where informants disagree (docs/features.md, Informants' conflicts): a person's birth (or
 * death) events cited by at least two informant sources that give different years, or places
 * of which neither lies within the other (a village and its region agree). Each side is one
 * informant with the date and place of the event it cites; persons hidden from the viewer are
 * left out. With `sourceId`, only conflicts that informant takes part in.
 */
export async function listConflicts(
  db: Db,
  query: PageQuery,
  viewer: Viewer,
  sourceId?: number,
): Promise<{ count: number; results: InformantConflict[] }> {
  const told = sql`select e.person_id, e.type, c.source_id, e.date, e.place_id,
        (e.date->'start'->>'year')::int as year
      from citations c join events e on e.id = c.event_id
      join sources s on s.id = c.source_id and s.kind = 'informant'
      where e.person_id is not null and e.type in ('birth', 'death')
        and (e.date->'start'->>'year' is not null or e.place_id is not null)
        and not ${linkHidden(viewer, { person: sql`e.person_id` })}`;
  // Every place the told events name, with each place it lies within.
  const conflicts = sql`with recursive told as (${told}),
      within(id, outer_id) as (
        select id, parent_id from places
          where parent_id is not null and id in (select place_id from told)
        union
        select w.id, p.parent_id from within w join places p on p.id = w.outer_id
          where p.parent_id is not null),
      disagreed as (
        select person_id, type from told group by person_id, type
          having count(distinct source_id) filter (where year is not null) >= 2
            and count(distinct year) >= 2
        union
        select a.person_id, a.type from told a join told b
          on b.person_id = a.person_id and b.type = a.type and b.source_id <> a.source_id
            and a.place_id < b.place_id
          where not exists (select 1 from within w
            where (w.id = a.place_id and w.outer_id = b.place_id)
               or (w.id = b.place_id and w.outer_id = a.place_id)))
    select d.person_id, d.type from disagreed d
      ${
        sourceId === undefined
          ? sql``
          : sql`where exists (select 1 from told t where t.person_id = d.person_id
              and t.type = d.type and t.source_id = ${sourceId})`
      }`;
  const { limit, offset } = pageWindow(query);
  const pairs = await queryRows<{ person_id: number; type: ConflictFact; name: string }>(
    db,
    sql`select k.person_id, k.type, p.name from (${conflicts}) k
        join persons p on p.id = k.person_id
        order by p.name, p.id, k.type limit ${limit} offset ${offset}`,
  );
  const [total] = await queryRows<{ count: number }>(
    db,
    sql`select count(*)::int as count from (${conflicts}) k`,
  );
  if (pairs.length === 0) return { count: total?.count ?? 0, results: [] };
  const sides = await queryRows<{
    person_id: number;
    type: ConflictFact;
    source_id: number;
    title: string;
    author: string | null;
    date: EventDate | null;
    place_id: number | null;
    place_name: string | null;
  }>(
    db,
    sql`select distinct on (t.person_id, t.type, t.source_id, t.date->>'text', t.place_id)
          t.person_id, t.type, t.source_id, s.title, s.author, t.date,
          t.place_id, pl.name as place_name
        from (${told}) t join sources s on s.id = t.source_id
        left join places pl on pl.id = t.place_id
        where t.person_id = any(${intArray(pairs.map((pair) => pair.person_id))})
        order by t.person_id, t.type, t.source_id, t.date->>'text', t.place_id`,
  );
  return {
    count: total?.count ?? 0,
    results: pairs.map((pair) => ({
      person: { id: pair.person_id, name: pair.name },
      fact: pair.type,
      sides: sides
        .filter((side) => side.person_id === pair.person_id && side.type === pair.type)
        .map((side) => ({
          source: { id: side.source_id, title: side.title, author: side.author },
          date: side.date,
          place: side.place_id === null ? null : { id: side.place_id, name: side.place_name ?? '' },
        })),
    })),
  };
}

/** The informant source `id` exists and is an informant: 'missing', 'other kind' or 'ok'. */
export async function informantSourceState(
  db: Db,
  id: number,
): Promise<'missing' | 'other' | 'ok'> {
  const [row] = await queryRows<{ kind: string }>(
    db,
    sql`select kind from sources where id = ${id}`,
  );
  if (!row) return 'missing';
  return row.kind === 'informant' ? 'ok' : 'other';
}
