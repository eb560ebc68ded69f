import {
  foldName,
  personMessages,
  type Ancestors,
  type ChildrenQuery,
  type Descendants,
  type DescendantsQuery,
  type ListPersonsQuery,
  type Person,
  type PersonOrdering,
  type PersonSummary,
} from '@bagysh/shared';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import { fieldError, notFound } from '../../lib/http-errors';
import {
  intArray,
  subtreeCondition,
  summaryColumns,
  textArray,
  type SummaryRow,
} from '../../genealogy/person-rows';
import {
  livingBirthYearFloor,
  privateFlag,
  projectSummary,
  restrictedCondition,
  siblingOrder,
  visibleChildOf,
  visibleLivingCondition,
  visibleSexCondition,
  type Viewer,
} from '../../genealogy/privacy';
import { readPersonPages } from '../../genealogy/person-pages';
import { cachedAggregate } from '../../genealogy/tree-cache';
import { personsTable } from '../../genealogy/person-table';

/** Reads of the tree: one person, lists, children, ancestors, descendants. */

/** One round trip: the person, parents, spouses, clan and records. */
export async function getPerson(db: Db, id: number, viewer: Viewer): Promise<Person> {
  const [person] = await readPersonPages(db, [id], viewer);
  if (!person) throw notFound();
  return person;
}

// ---------------------------------------------------------------------------------------------
// The persons list: keyset pages in ICU name order or by birth year.

/** Beyond this many rows `?page=` is refused: deep OFFSET scans, the cursor does not. */
const MAX_OFFSET = 10_000;

interface Cursor {
  /** The sort value, as the viewer sees it, of the row the page starts after (or ends before). */
  v: string | number;
  id: number;
  /** 'n': the page after the row; 'p': the page before it. */
  d: 'n' | 'p';
  o: PersonOrdering;
}

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

/** Unknown birth years sort last either way (the sentinels match the indexes). */
const NO_YEAR_ASC = 100_000;
const NO_YEAR_DESC = -100_000;
const MAX_PERSON_ID = 2_147_483_647;

function decodeCursor(text: string, ordering: PersonOrdering): Cursor {
  try {
    const value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as Partial<Cursor>;
    const okValue =
      ordering === 'name' || ordering === '-name'
        ? typeof value.v === 'string' && value.v.length <= 1000
        : typeof value.v === 'number' &&
          Number.isInteger(value.v) &&
          value.v >= NO_YEAR_DESC &&
          value.v <= NO_YEAR_ASC;
    if (
      okValue &&
      typeof value.id === 'number' &&
      Number.isInteger(value.id) &&
      value.id >= 0 &&
      value.id <= MAX_PERSON_ID &&
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

type ListRow = SummaryRow & { sort_key: string | number };

interface Order {
  /** The sort key in SQL, as the index has it. */
  key: SQL;
  /** The same key for a cursor value. */
  value: (v: string | number) => SQL;
  descending: boolean;
  /** Birth-year orders: the key of an unknown (or, to the viewer, hidden) year. */
  sentinel?: number;
}

const ORDERS: Record<PersonOrdering, Order> = {
  name: {
    key: sql.raw(`p.name collate "und-x-icu"`),
    value: (v) => sql`${String(v)}::text collate "und-x-icu"`,
    descending: false,
  },
  '-name': {
    key: sql.raw(`p.name collate "und-x-icu"`),
    value: (v) => sql`${String(v)}::text collate "und-x-icu"`,
    descending: true,
  },
  birth_year: {
    key: sql.raw(`coalesce(p.birth_year, ${NO_YEAR_ASC})`),
    value: (v) => sql`${Number(v)}::int`,
    descending: false,
    sentinel: NO_YEAR_ASC,
  },
  '-birth_year': {
    key: sql.raw(`coalesce(p.birth_year, ${NO_YEAR_DESC})`),
    value: (v) => sql`${Number(v)}::int`,
    descending: true,
    sentinel: NO_YEAR_DESC,
  },
};

async function listFilters(db: Db, query: ListPersonsQuery, viewer: Viewer): Promise<SQL[] | null> {
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
      sql`select f.id, f.path from clans c join ${personsTable} f on f.id = c.founder_id
          where c.id = ${query.clan}`,
    );
    if (!founder) return null;
    where.push(sql`(p.id = ${founder.id} or ${subtreeCondition([...founder.path, founder.id])})`);
  }
  if (query.father !== undefined) where.push(sql`p.father_id = ${query.father}`);
  // A filter sees what the viewer sees: a guest's hidden persons all have sex 'U' and are living.
  if (query.sex !== undefined) where.push(visibleSexCondition(viewer, query.sex));
  if (query.living !== undefined) {
    const living = visibleLivingCondition(viewer);
    where.push(query.living ? living : sql`not ${living}`);
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

interface PageRead {
  filters: SQL[];
  cursor: Cursor | undefined;
  /** The direction the index is read in. */
  descending: boolean;
  limit: number;
  offset: number;
}

/** Rows in name order: one range of the ICU index. */
async function readByName(db: Db, order: Order, read: PageRead, viewer: Viewer) {
  const conditions = [...read.filters];
  if (read.cursor) {
    const op = sql.raw(read.descending ? '<' : '>');
    conditions.push(
      sql`(${order.key}, p.id) ${op} (${order.value(read.cursor.v)}, ${read.cursor.id})`,
    );
  }
  const direction = sql.raw(read.descending ? 'desc' : 'asc');
  return queryRows<ListRow>(
    db,
    sql`select ${summaryColumns(viewer)}, ${order.key} as sort_key from ${personsTable} p
        ${whereClause(conditions)}
        order by ${order.key} ${direction}, p.id ${direction}
        limit ${read.limit} offset ${read.offset}`,
  );
}

/** A part of the birth-year order that one index range serves. */
interface Segment {
  /** Which rows belong to it (besides the list's filters). */
  where: SQL;
  /** The sort key in it, as its index has it; null for the unknown years (ordered by id). */
  key: SQL | null;
  /** The lowest and highest key it holds (the sentinel for the unknown years). */
  range: [number, number];
}

/**
 * The parts of the birth-year order, lowest key first. For a viewer who does not see living
 * persons (privacy.ts), a hidden person's year counts as unknown: the known years are those
 * born over 100 years ago (neither flagged living nor restricted), and the recently born with a
 * death recorded (their own partial index: most of the recently born are living).
 */
function birthYearSegments(order: Order, sentinel: number, viewer: Viewer): Segment[] {
  const floor = livingBirthYearFloor();
  const unknown: Segment = {
    where: sql`(p.birth_year is null or ${restrictedCondition(viewer)})`,
    key: null,
    range: [sentinel, sentinel],
  };
  const known: Segment[] = viewer.seesLiving
    ? [
        {
          where: sql`p.birth_year is not null`,
          key: order.key,
          range: [NO_YEAR_DESC + 1, NO_YEAR_ASC - 1],
        },
      ]
    : [
        {
          where: sql`${order.key} <= ${floor} and ${order.key} > ${NO_YEAR_DESC} and not ${privateFlag()}`,
          key: order.key,
          range: [NO_YEAR_DESC + 1, floor],
        },
        {
          where: sql`p.birth_year is not null and (p.death_year is not null or p.death_date is not null)
            and p.birth_year > ${floor} and not ${privateFlag()}`,
          key: sql.raw('p.birth_year'),
          range: [floor + 1, NO_YEAR_ASC - 1],
        },
      ];
  return sentinel === NO_YEAR_ASC ? [...known, unknown] : [unknown, ...known];
}

/**
 * Rows in birth-year order as the viewer sees the years: segment after segment in the reading
 * direction, each read through its own index from the cursor. A restricted person's real year
 * never decides a place or a cursor.
 */
async function readByBirthYear(
  db: Db,
  order: Order,
  sentinel: number,
  read: PageRead,
  viewer: Viewer,
): Promise<ListRow[]> {
  const { cursor, descending } = read;
  const direction = sql.raw(descending ? 'desc' : 'asc');
  const op = sql.raw(descending ? '<' : '>');
  const segments = birthYearSegments(order, sentinel, viewer);
  if (descending) segments.reverse();

  const rows: ListRow[] = [];
  let skip = read.offset;
  for (const segment of segments) {
    const take = read.limit - rows.length;
    if (take <= 0) break;
    const conditions = [...read.filters, segment.where];
    if (cursor) {
      const v = Number(cursor.v);
      const [low, high] = segment.range;
      // Wholly before the cursor in the reading direction: nothing of it is left.
      if (descending ? low > v : high < v) continue;
      if (segment.key === null) {
        if (v === sentinel) conditions.push(sql`p.id ${op} ${cursor.id}`);
      } else {
        conditions.push(sql`(${segment.key}, p.id) ${op} (${order.value(v)}, ${cursor.id})`);
      }
    }
    if (skip > 0) {
      const [size] = await queryRows<{ count: number }>(
        db,
        sql`select count(*)::int as count from ${personsTable} p ${whereClause(conditions)}`,
      );
      if ((size?.count ?? 0) <= skip) {
        skip -= size?.count ?? 0;
        continue;
      }
    }
    const key = segment.key ?? sql`${sentinel}::int`;
    const orderBy = segment.key
      ? sql`${segment.key} ${direction}, p.id ${direction}`
      : sql`p.id ${direction}`;
    rows.push(
      ...(await queryRows<ListRow>(
        db,
        sql`select ${summaryColumns(viewer)}, ${key} as sort_key from ${personsTable} p
            ${whereClause(conditions)}
            order by ${orderBy}
            limit ${take} offset ${skip}`,
      )),
    );
    skip = 0;
  }
  return rows;
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
  const order = ORDERS[query.ordering];
  const filters = await listFilters(db, query, viewer);
  if (filters === null) return { count: 0, results: [], next: null, previous: null };

  const cursor =
    query.cursor === undefined ? undefined : decodeCursor(query.cursor, query.ordering);
  const offset = cursor ? 0 : (query.page - 1) * query.page_size;
  if (offset > MAX_OFFSET) throw fieldError('page', personMessages.offsetTooDeep);

  // Walking backwards means reading the index the other way round.
  const backwards = cursor?.d === 'p';
  const read: PageRead = {
    filters,
    cursor,
    descending: order.descending !== backwards,
    limit: query.page_size + 1,
    offset,
  };
  const rows =
    order.sentinel === undefined
      ? await readByName(db, order, read, viewer)
      : await readByBirthYear(db, order, order.sentinel, read, viewer);
  const more = rows.length > query.page_size;
  const page = rows.slice(0, query.page_size);
  if (backwards) page.reverse();

  const { q, clan, father, sex, living, generation } = query;
  const countKey = `persons:${JSON.stringify([viewer.seesLiving, q, clan, father, sex, living, generation])}`;
  const count = await cachedAggregate(db, countKey, async () => {
    const [row] = await queryRows<{ count: number }>(
      db,
      sql`select count(*)::int as count from ${personsTable} p ${whereClause(filters)}`,
    );
    return row?.count ?? 0;
  });

  const first = page[0];
  const last = page[page.length - 1];
  const make = (row: ListRow | undefined, d: 'n' | 'p') =>
    row ? encodeCursor({ v: row.sort_key, id: row.id, d, o: query.ordering }) : null;
  const hasNext = backwards ? cursor !== undefined : more;
  const hasPrevious = backwards ? more : cursor !== undefined || offset > 0;
  return {
    count,
    results: page.map((row) => projectSummary(row, viewer)),
    next: hasNext ? make(last, 'n') : null,
    previous: hasPrevious ? make(first, 'p') : null,
  };
}

// ---------------------------------------------------------------------------------------------
// Around one person

async function requirePath(db: Db, id: number): Promise<{ path: number[]; depth: number }> {
  const [row] = await queryRows<{ path: number[]; depth: number }>(
    db,
    sql`select path, depth from ${personsTable} where id = ${id}`,
  );
  if (!row) throw notFound();
  return row;
}

/** Children through either parent link the viewer may see, each with their own child count. */
export async function listChildren(
  db: Db,
  id: number,
  query: ChildrenQuery,
  viewer: Viewer,
): Promise<{ count: number; results: PersonSummary[] }> {
  const childOf = visibleChildOf(viewer, intArray([id]));
  const rows = await queryRows<SummaryRow & { total: number }>(
    db,
    sql`select ${summaryColumns(viewer)}, (count(*) over ())::int as total from ${personsTable} p
        where ${childOf}
        order by ${siblingOrder(viewer)}
        limit ${query.page_size} offset ${(query.page - 1) * query.page_size}`,
  );
  // An empty page may be a leaf or a person who does not exist.
  if (rows.length === 0) {
    await requirePath(db, id);
    const [total] = await queryRows<{ count: number }>(
      db,
      sql`select count(*)::int as count from ${personsTable} p where ${childOf}`,
    );
    return { count: total?.count ?? 0, results: [] };
  }
  return {
    count: rows[0]?.total ?? 0,
    results: rows.map((row) => projectSummary(row, viewer)),
  };
}

/** The line from the father up to the root, read straight from the materialized path. */
export async function listAncestors(db: Db, id: number, viewer: Viewer): Promise<Ancestors> {
  const rows = await queryRows<SummaryRow>(
    db,
    sql`select ${summaryColumns(viewer)} from ${personsTable} p
        where p.id = any((select me.path from ${personsTable} me where me.id = ${id})::int[])
        order by p.depth desc`,
  );
  // No rows: a root, or nobody at all.
  if (rows.length === 0) await requirePath(db, id);
  return { results: rows.map((row) => projectSummary(row, viewer)) };
}

/**
 * Descendants through either parent link the viewer may see, generation by generation, down to `depth` and at
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
      sql`select ${summaryColumns(viewer)} from ${personsTable} p
          where ${visibleChildOf(viewer, ids)}
          order by p.depth, p.father_id, ${siblingOrder(viewer)}
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
    results: results.map((row) => projectSummary(row, viewer)),
  };
}
