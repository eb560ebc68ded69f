import type {
  CreatePersonInput,
  Person,
  PersonEventInput,
  PersonRecordField,
  UnionEventInput,
  UnionInput,
} from '@bagysh/shared';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client';

/**
 * A person's records (names, events, further parent families, citations, media, shared notes,
 * union details) as editable fields, in the normalised input form that revisions record: the
 * stored records read as such a snapshot, and the shapes the rest of the records code and
 * privacy.ts share. Kept free of privacy.ts, so that privacy.ts can name the read column's type
 * without importing it back (person-record-columns.ts builds the column).
 */

export type RecordFields = Pick<CreatePersonInput, PersonRecordField>;
export type AnyEvent = PersonEventInput | UnionEventInput;

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

/** A citation's recording, `{file_id, at}`, or null: a deleted file's time is dropped with it. */
const recordingJson = sql`case when c.recording_file_id is null then null
    else json_build_object('file_id', c.recording_file_id, 'at', coalesce(c.recording_at, 0)) end`;

const citationInputs = (owner: SQL) => sql`(select coalesce(json_agg(json_build_object(
    'source_id', c.source_id, 'page', c.page, 'quality', c.quality, 'note', c.note,
    'recording', ${recordingJson})
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
/** A union's notes; a revision recorded before unions had notes has none. */
export const unionNoteIds = (union: UnionInput): number[] =>
  (union as Partial<UnionInput>).note_ids ?? [];

/** A union's events; in a revision recorded before their media were kept, they have none. */
export const unionEvents = (union: UnionInput): UnionEventInput[] =>
  union.events.map((event) => ({
    ...event,
    media: (event as Partial<UnionEventInput>).media ?? [],
  }));

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
// The shapes the person page reads

/** The records of a person page as `GET /persons/{id}/` answers them. */
export type PersonRecordsView = Pick<
  Person,
  'names' | 'events' | 'unions' | 'parent_families' | 'citations' | 'notes' | 'media'
>;

/** What `recordsColumn` reads: the records, or null for a viewer who may not see the person. */
export type RecordsColumn =
  | (Omit<PersonRecordsView, 'parent_families'> & {
      further_families: PersonRecordsView['parent_families'];
    })
  | null;
