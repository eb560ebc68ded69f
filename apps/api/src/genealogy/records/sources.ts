import {
  parseGedcomDate,
  sourceMessages,
  type EventDate,
  type PersonLink,
  type Source,
  type SourceKind,
  type SourcesListQuery,
  type SourceSummary,
} from '@bagysh/shared';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import { conflict, fieldError, notFound } from '../../lib/http-errors';
import { pageWindow } from '../../lib/pagination';
import { linkedPersonIds, linkHidden, type LinkColumns } from '../linked-persons';
import type { Viewer } from '../privacy';
import type { RecordFields, RecordKind } from '../proposals/record-kind';

/**
 * Sources: books, archive documents, web pages and informants (айтуучу). They are
 * public like places; which records cite them is not: a guest is shown no citation that
 * reaches a living person, neither in the count nor in the list of persons.
 */

/** Persons listed on a source: enough for its page, the rest are in the count. */
const MAX_CITED_PERSONS = 50;

/** Text fields: the API name is the column name. */
const TEXT_FIELDS = [
  'kind',
  'title',
  'author',
  'publication',
  'repository',
  'call_number',
  'url',
  'text',
  'note',
] as const;

interface SourceRow {
  id: number;
  kind: SourceKind;
  title: string;
  author: string | null;
  publication: string | null;
  repository: string | null;
  call_number: string | null;
  url: string | null;
  told_date: EventDate | null;
  told_place_id: number | null;
  told_place_name: string | null;
  text: string | null;
  note: string | null;
}

const SOURCE_COLUMNS = sql.raw(`s.id, s.kind, s.title, s.author, s.publication, s.repository,
  s.call_number, s.url, s.told_date, s.told_place_id, tp.name as told_place_name, s.text, s.note`);
const SOURCE_FROM = sql.raw('sources s left join places tp on tp.id = s.told_place_id');

function toSummary(row: SourceRow): SourceSummary {
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    author: row.author,
    told_date: row.told_date,
    told_place:
      row.told_place_id !== null && row.told_place_name !== null
        ? { id: row.told_place_id, name: row.told_place_name }
        : null,
  };
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (ch) => `\\${ch}`);

export async function listSources(
  db: Db,
  query: SourcesListQuery,
): Promise<{ count: number; results: SourceSummary[] }> {
  const conditions: SQL[] = [];
  if (query.kind !== undefined) conditions.push(sql`s.kind = ${query.kind}`);
  if (query.q !== undefined && query.q !== '') {
    const contains = `%${escapeLike(query.q.toLowerCase())}%`;
    conditions.push(sql`(lower(s.title) like ${contains} or lower(s.author) like ${contains})`);
  }
  const where = conditions.length === 0 ? sql`` : sql`where ${sql.join(conditions, sql` and `)}`;
  const { limit, offset } = pageWindow(query);
  const rows = await queryRows<SourceRow>(
    db,
    sql`select ${SOURCE_COLUMNS} from ${SOURCE_FROM} ${where}
        order by lower(s.title), s.id limit ${limit} offset ${offset}`,
  );
  const [total] = await queryRows<{ count: number }>(
    db,
    sql`select count(*)::int as count from sources s ${where}`,
  );
  return { count: total?.count ?? 0, results: rows.map(toSummary) };
}

const CITATION_LINK: LinkColumns = {
  person: sql`c.person_id`,
  event: sql`c.event_id`,
  union: sql`c.union_id`,
  name: sql`c.name_id`,
};

/** A source with the citations of it the viewer may see: their count and their persons. */
export async function getSource(db: Db, id: number, viewer: Viewer): Promise<Source> {
  const [row] = await queryRows<
    SourceRow & { citation_count: number; created_at: string; updated_at: string }
  >(
    db,
    sql`select ${SOURCE_COLUMNS},
          (select count(*)::int from citations c where c.source_id = s.id
            and not ${linkHidden(viewer, CITATION_LINK)}) as citation_count,
          to_json(s.created_at) #>> '{}' as created_at, to_json(s.updated_at) #>> '{}' as updated_at
        from ${SOURCE_FROM} where s.id = ${id}`,
  );
  if (!row) throw notFound();
  const persons = await queryRows<PersonLink>(
    db,
    sql`select p.id, p.name from persons p where p.id in (
          select cp.id from citations c
          cross join lateral (${linkedPersonIds(CITATION_LINK)}) cp
          where c.source_id = ${id} and not ${linkHidden(viewer, CITATION_LINK)})
        order by p.name, p.id limit ${MAX_CITED_PERSONS}`,
  );
  return {
    ...toSummary(row),
    publication: row.publication,
    repository: row.repository,
    call_number: row.call_number,
    url: row.url,
    text: row.text,
    note: row.note,
    citation_count: row.citation_count,
    cited_persons: persons,
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
  };
}

async function checkPlace(tx: Db, placeId: unknown): Promise<void> {
  if (typeof placeId !== 'number') return;
  const rows = await queryRows(tx, sql`select 1 from places where id = ${placeId}`);
  if (rows.length === 0) throw fieldError('told_place_id', sourceMessages.placeNotFound);
}

/** `told_date` is stored parsed; its original text is what the API and revisions carry. */
const storedDate = (text: unknown) =>
  typeof text === 'string' ? JSON.stringify(parseGedcomDate(text)) : null;

function assignments(changes: RecordFields): SQL[] {
  const sets: SQL[] = [];
  for (const [field, value] of Object.entries(changes)) {
    if ((TEXT_FIELDS as readonly string[]).includes(field)) {
      sets.push(sql`${sql.raw(field)} = ${value as string | null}`);
    } else if (field === 'told_date') {
      sets.push(sql`told_date = ${storedDate(value)}::jsonb`);
    } else if (field === 'told_place_id') {
      sets.push(sql`told_place_id = ${value as number | null}`);
    }
  }
  return sets;
}

export const sourceKind: RecordKind = {
  type: 'source',
  table: 'sources',
  labelSql: 'x.title',

  async validateCreate(tx, fields) {
    await checkPlace(tx, fields.told_place_id);
  },

  async create(tx, fields, userId, id) {
    const value = (field: string) => (fields[field] as string | null | undefined) ?? null;
    const placeId = (fields.told_place_id as number | null | undefined) ?? null;
    const [row] = await queryRows<{ id: number }>(
      tx,
      sql`insert into sources (${sql.raw(id === undefined ? '' : 'id, ')}kind, title, author,
            publication, repository, call_number, url, told_date, told_place_id, text, note,
            created_by_id)
          values (${id === undefined ? sql`` : sql`${id}, `}${value('kind') ?? 'other'},
            ${value('title')}, ${value('author')}, ${value('publication')}, ${value('repository')},
            ${value('call_number')}, ${value('url')}, ${storedDate(fields.told_date)}::jsonb,
            (select id from places where id = ${placeId}), ${value('text')}, ${value('note')},
            ${userId})
          returning id`,
    );
    if (!row) throw new Error('source insert returned nothing');
    return row.id;
  },

  async snapshot(tx, id) {
    const [row] = await queryRows<SourceRow>(
      tx,
      sql`select ${SOURCE_COLUMNS} from ${SOURCE_FROM} where s.id = ${id} for update of s`,
    );
    if (!row) return null;
    const { id: _id, told_place_name: _name, told_date, ...fields } = row;
    return { ...fields, told_date: told_date?.text ?? null };
  },

  async validateUpdate(tx, _id, changes) {
    await checkPlace(tx, changes.told_place_id);
  },

  async update(tx, id, changes) {
    const sets = assignments(changes);
    if (sets.length === 0) return;
    await tx.execute(
      sql`update sources set ${sql.join(sets, sql`, `)}, updated_at = now() where id = ${id}`,
    );
  },

  async validateDelete(tx, id) {
    const [row] = await queryRows<{ count: number }>(
      tx,
      sql`select count(*)::int as count from citations where source_id = ${id}`,
    );
    if ((row?.count ?? 0) > 0) throw conflict(sourceMessages.cited(row?.count ?? 0));
  },

  async delete(tx, id) {
    await tx.execute(sql`delete from sources where id = ${id}`);
    return null;
  },
};
