import {
  foldName,
  personMessages,
  type Ancestors,
  type ChildrenQuery,
  type ClanRef,
  type Descendants,
  type DescendantsQuery,
  type ListPersonsQuery,
  type Person,
  type PersonLink,
  type PersonOrdering,
  type PersonSummary,
} from '@bagysh/shared';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import { fieldError, notFound } from '../../lib/http-errors';
import {
  DETAIL_COLUMNS,
  intArray,
  livingCondition,
  subtreeCondition,
  SUMMARY_COLUMNS,
  textArray,
  toPerson,
  toSummary,
  type DetailRow,
  type SummaryRow,
  type Viewer,
} from './person-rows';
import { cachedAggregate } from './tree-cache';

/** Reads of the tree: one person, lists, children, ancestors, descendants. */

/** One round trip: the person, parents, spouses and clan. */
export async function getPerson(db: Db, id: number, viewer: Viewer): Promise<Person> {
  const [row] = await queryRows<
    DetailRow & {
      father: PersonLink | null;
      mother: PersonLink | null;
      spouses: PersonLink[] | null;
      clan: ClanRef | null;
    }
  >(
    db,
    sql`select ${DETAIL_COLUMNS},
          (select json_build_object('id', f.id, 'name', f.name) from persons f
            where f.id = p.father_id) as father,
          (select json_build_object('id', m.id, 'name', m.name) from persons m
            where m.id = p.mother_id) as mother,
          (select json_agg(json_build_object('id', s.id, 'name', s.name) order by s.id)
            from unions u
            join persons s on s.id = case when u.person1_id = p.id then u.person2_id
                                          else u.person1_id end
            where u.person1_id = p.id or u.person2_id = p.id) as spouses,
          (select json_build_object('id', c.id, 'name', c.name)
            from clans c join persons fo on fo.id = c.founder_id
            where c.founder_id = any(p.path || p.id)
            order by fo.depth desc limit 1) as clan
        from persons p where p.id = ${id}`,
  );
  if (!row) throw notFound();
  return toPerson(
    row,
    { father: row.father, mother: row.mother, spouses: row.spouses ?? [], clan: row.clan },
    viewer,
  );
}

// ---------------------------------------------------------------------------------------------
// The persons list: keyset pages in ICU name order or by birth year.

/** Beyond this many rows `?page=` is refused: deep OFFSET scans, the cursor does not. */
const MAX_OFFSET = 10_000;

interface Cursor {
  /** The sort value of the row the page starts after (or ends before). */
  v: string | number;
  id: number;
  /** 'n': the page after the row; 'p': the page before it. */
  d: 'n' | 'p';
  o: PersonOrdering;
}

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

function decodeCursor(text: string, ordering: PersonOrdering): Cursor {
  try {
    const value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as Partial<Cursor>;
    const okValue =
      ordering === 'name' || ordering === '-name'
        ? typeof value.v === 'string'
        : typeof value.v === 'number' && Number.isInteger(value.v);
    if (
      okValue &&
      typeof value.id === 'number' &&
      Number.isInteger(value.id) &&
      (value.d === 'n' || value.d === 'p') &&
      value.o === ordering
    ) {
      return value as Cursor;
    }
  } catch {
    // Falls through to the field error.
  }
  throw fieldError('cursor', personMessages.badCursor);
}

interface OrderSpec {
  /** The sort key in SQL, as the index has it. */
  key: SQL;
  /** The same key for a cursor value. */
  value: (v: string | number) => SQL;
  descending: boolean;
  /** The cursor value of a row. */
  of: (row: ListRow) => string | number;
}

type ListRow = SummaryRow & { sort_key: string | number };

const ORDERS: Record<PersonOrdering, OrderSpec> = {
  name: {
    key: sql.raw(`p.name collate "und-x-icu"`),
    value: (v) => sql`${String(v)}::text collate "und-x-icu"`,
    descending: false,
    of: (row) => row.name,
  },
  '-name': {
    key: sql.raw(`p.name collate "und-x-icu"`),
    value: (v) => sql`${String(v)}::text collate "und-x-icu"`,
    descending: true,
    of: (row) => row.name,
  },
  // Unknown birth years go last either way (the sentinels match the indexes).
  birth_year: {
    key: sql.raw('coalesce(p.birth_year, 100000)'),
    value: (v) => sql`${Number(v)}::int`,
    descending: false,
    of: (row) => Number(row.sort_key),
  },
  '-birth_year': {
    key: sql.raw('coalesce(p.birth_year, -100000)'),
    value: (v) => sql`${Number(v)}::int`,
    descending: true,
    of: (row) => Number(row.sort_key),
  },
};

async function listFilters(db: Db, query: ListPersonsQuery): Promise<SQL[] | null> {
  const where: SQL[] = [];
  if (query.q !== undefined && query.q !== '') {
    const prefix = foldName(query.q);
    if (prefix !== '') {
      const keys = await queryRows<{ key: string }>(
        db,
        sql`select key from name_keys where key like ${`${prefix}%`}`,
      );
      if (keys.length === 0) return null;
      where.push(sql`p.name_key = any(${textArray(keys.map((row) => row.key))})`);
    }
  }
  if (query.clan !== undefined) {
    const [founder] = await queryRows<{ id: number; path: number[] }>(
      db,
      sql`select f.id, f.path from clans c join persons f on f.id = c.founder_id
          where c.id = ${query.clan}`,
    );
    if (!founder) return null;
    where.push(sql`(p.id = ${founder.id} or ${subtreeCondition([...founder.path, founder.id])})`);
  }
  if (query.father !== undefined) where.push(sql`p.father_id = ${query.father}`);
  if (query.sex !== undefined) where.push(sql`p.sex = ${query.sex}`);
  if (query.living !== undefined) {
    where.push(query.living ? livingCondition() : sql`not ${livingCondition()}`);
  }
  if (query.generation !== undefined) where.push(sql`p.depth = ${query.generation - 1}`);
  return where;
}

function whereClause(conditions: SQL[]): SQL {
  return conditions.length === 0 ? sql`` : sql`where ${sql.join(conditions, sql` and `)}`;
}

export interface PersonPage {
  count: number;
  results: PersonSummary[];
  /** Cursors of the neighbouring pages, or null at either end. */
  next: string | null;
  previous: string | null;
}

/**
 * One page of persons. Pages after the first go by keyset (`cursor`): the index on the sort
 * key is entered at the cursor, so page 40 000 costs what page 1 costs.
 */
export async function listPersons(
  db: Db,
  query: ListPersonsQuery,
  viewer: Viewer,
): Promise<PersonPage> {
  const spec = ORDERS[query.ordering];
  const filters = await listFilters(db, query);
  if (filters === null) return { count: 0, results: [], next: null, previous: null };

  const cursor =
    query.cursor === undefined ? undefined : decodeCursor(query.cursor, query.ordering);
  const offset = cursor ? 0 : (query.page - 1) * query.page_size;
  if (offset > MAX_OFFSET) throw fieldError('page', personMessages.offsetTooDeep);

  // Walking backwards means reading the index the other way round.
  const backwards = cursor?.d === 'p';
  const descending = spec.descending !== backwards;
  const conditions = [...filters];
  if (cursor) {
    const op = sql.raw(descending ? '<' : '>');
    conditions.push(sql`(${spec.key}, p.id) ${op} (${spec.value(cursor.v)}, ${cursor.id})`);
  }
  const direction = sql.raw(descending ? 'desc' : 'asc');
  const rows = await queryRows<ListRow>(
    db,
    sql`select ${SUMMARY_COLUMNS}, ${spec.key} as sort_key from persons p
        ${whereClause(conditions)}
        order by ${spec.key} ${direction}, p.id ${direction}
        limit ${query.page_size + 1} offset ${offset}`,
  );
  const more = rows.length > query.page_size;
  const page = rows.slice(0, query.page_size);
  if (backwards) page.reverse();

  const { q, clan, father, sex, living, generation } = query;
  const countKey = `persons:${JSON.stringify([q, clan, father, sex, living, generation])}`;
  const count = await cachedAggregate(db, countKey, async () => {
    const [row] = await queryRows<{ count: number }>(
      db,
      sql`select count(*)::int as count from persons p ${whereClause(filters)}`,
    );
    return row?.count ?? 0;
  });

  const first = page[0];
  const last = page[page.length - 1];
  const make = (row: ListRow | undefined, d: 'n' | 'p') =>
    row ? encodeCursor({ v: spec.of(row), id: row.id, d, o: query.ordering }) : null;
  const hasNext = backwards ? cursor !== undefined : more;
  const hasPrevious = backwards ? more : cursor !== undefined || offset > 0;
  return {
    count,
    results: page.map((row) => toSummary(row, viewer)),
    next: hasNext ? make(last, 'n') : null,
    previous: hasPrevious ? make(first, 'p') : null,
  };
}

// ---------------------------------------------------------------------------------------------
// Around one person

async function requirePath(db: Db, id: number): Promise<{ path: number[]; depth: number }> {
  const [row] = await queryRows<{ path: number[]; depth: number }>(
    db,
    sql`select path, depth from persons where id = ${id}`,
  );
  if (!row) throw notFound();
  return row;
}

/** Children through either parent link, each with their own child count. */
export async function listChildren(
  db: Db,
  id: number,
  query: ChildrenQuery,
  viewer: Viewer,
): Promise<{ count: number; results: PersonSummary[] }> {
  const rows = await queryRows<SummaryRow & { total: number }>(
    db,
    sql`select ${SUMMARY_COLUMNS}, (count(*) over ())::int as total from persons p
        where p.father_id = ${id} or p.mother_id = ${id}
        order by p.birth_order nulls last, p.birth_year nulls last, p.id
        limit ${query.page_size} offset ${(query.page - 1) * query.page_size}`,
  );
  // An empty page may be a leaf or a person who does not exist.
  if (rows.length === 0) {
    await requirePath(db, id);
    const [total] = await queryRows<{ count: number }>(
      db,
      sql`select count(*)::int as count from persons p where p.father_id = ${id} or p.mother_id = ${id}`,
    );
    return { count: total?.count ?? 0, results: [] };
  }
  return { count: rows[0]?.total ?? 0, results: rows.map((row) => toSummary(row, viewer)) };
}

/** The line from the father up to the root, read straight from the materialized path. */
export async function listAncestors(db: Db, id: number, viewer: Viewer): Promise<Ancestors> {
  const rows = await queryRows<SummaryRow>(
    db,
    sql`select ${SUMMARY_COLUMNS} from persons p
        where p.id = any((select me.path from persons me where me.id = ${id})::int[])
        order by p.depth desc`,
  );
  // No rows: a root, or nobody at all.
  if (rows.length === 0) await requirePath(db, id);
  return { results: rows.map((row) => toSummary(row, viewer)) };
}

/**
 * Descendants through either parent link, generation by generation, down to `depth` and at
 * most `limit` persons; the answer says whether and why it was cut.
 */
export async function listDescendants(
  db: Db,
  id: number,
  query: DescendantsQuery,
  viewer: Viewer,
): Promise<Descendants> {
  await requirePath(db, id);
  const seen = new Set<number>([id]);
  const results: SummaryRow[] = [];
  let frontier = [id];
  let truncatedBy: 'depth' | 'limit' | null = null;
  for (let level = 1; level <= query.depth && frontier.length > 0; level++) {
    const remaining = query.limit - results.length;
    const ids = intArray(frontier);
    const rows = await queryRows<SummaryRow>(
      db,
      sql`select ${SUMMARY_COLUMNS} from persons p
          where p.father_id = any(${ids}) or p.mother_id = any(${ids})
          order by p.depth, p.father_id, p.birth_order nulls last, p.birth_year nulls last, p.id
          limit ${remaining + 1 + seen.size}`,
    );
    const fresh = rows.filter((row) => !seen.has(row.id));
    if (fresh.length > remaining) {
      results.push(...fresh.slice(0, remaining));
      truncatedBy = 'limit';
      break;
    }
    for (const row of fresh) seen.add(row.id);
    results.push(...fresh);
    frontier = fresh.map((row) => row.id);
    if (level === query.depth && fresh.some((row) => row.child_count > 0)) truncatedBy = 'depth';
  }
  return {
    depth: query.depth,
    limit: query.limit,
    truncated: truncatedBy !== null,
    truncated_by: truncatedBy,
    results: results.map((row) => toSummary(row, viewer)),
  };
}
