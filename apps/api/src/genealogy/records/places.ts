import {
  foldName,
  PLACE_LIMITS,
  placeMessages,
  type Place,
  type PlaceRef,
  type PlacesListQuery,
  type PlaceSummary,
} from '@bagysh/shared';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import { conflict, fieldError, notFound } from '../../lib/http-errors';
import { pageWindow } from '../../lib/pagination';
import { linkHidden } from '../linked-persons';
import { intArray, textArray } from '../person-rows';
import type { Viewer } from '../privacy';
import type { RecordFields, RecordKind } from '../proposals/record-kind';

/**
 * Places as records: a name, other names, a parent place and coordinates, used by
 * events and informant sources. Deleting a used place is refused; `replace_with` merges it into
 * another place instead (what duplicates left by an import need), and a revert moves back
 * exactly what the merge moved.
 */

/** A parent chain longer than this is not a real one: the walk stops (and cycles are refused). */
export const MAX_PARENT_DEPTH = 20;
/** Below this pg_trgm similarity a name is not taken for a misspelling of the query. */
const TYPO_SIMILARITY = 0.3;

interface PlaceRow {
  id: number;
  name: string;
  alt_names: string[];
  parent_id: number | null;
  latitude: number | null;
  longitude: number | null;
}

const PLACE_COLUMNS = sql.raw('p.id, p.name, p.alt_names, p.parent_id, p.latitude, p.longitude');

/** Each place's parents, nearest first: the one reading of the place hierarchy. */
export async function parentChains(db: Db, ids: number[]): Promise<Map<number, PlaceRef[]>> {
  const chains = new Map<number, PlaceRef[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return chains;
  const rows = await queryRows<{ start_id: number; id: number; name: string }>(
    db,
    sql`with recursive chain(start_id, id, name, parent_id, depth) as (
          select p.id, p.id, p.name, p.parent_id, 0 from places p where p.id = any(${intArray(ids)})
          union all
          select c.start_id, q.id, q.name, q.parent_id, c.depth + 1
          from chain c join places q on q.id = c.parent_id
          where c.depth < ${MAX_PARENT_DEPTH})
        select start_id, id, name from chain where depth > 0 order by start_id, depth`,
  );
  for (const row of rows) chains.get(row.start_id)?.push({ id: row.id, name: row.name });
  return chains;
}

/**
 * The same reading inside a query: `{id, name, full_name}` of the place whose id is `placeId`
 * (a column), or null, for reads that show many places at once (a person's events).
 */
export function placeJson(placeId: SQL): SQL {
  return sql`case when ${placeId} is null then null else (
    with recursive chain(id, name, parent_id, depth) as (
      select q.id, q.name, q.parent_id, 0 from places q where q.id = ${placeId}
      union all
      select q.id, q.name, q.parent_id, c.depth + 1 from places q
        join chain c on q.id = c.parent_id where c.depth < ${MAX_PARENT_DEPTH})
    select json_build_object('id', ${placeId},
      'name', (select name from chain where depth = 0),
      'full_name', string_agg(name, ', ' order by depth)) from chain) end`;
}

/** "Ат-Башы, Нарын, Кыргызстан": the place, then the places it lies in. */
export const fullName = (name: string, parents: PlaceRef[]) =>
  [name, ...parents.map((parent) => parent.name)].join(', ');

function toSummary(row: PlaceRow, parents: PlaceRef[]): PlaceSummary {
  return {
    id: row.id,
    name: row.name,
    alt_names: row.alt_names,
    parent_id: row.parent_id,
    full_name: fullName(row.name, parents),
    latitude: row.latitude,
    longitude: row.longitude,
  };
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (ch) => `\\${ch}`);

/**
 * Places by name, other name or parent. `q` matches the folded name anywhere in it or with a
 * typo (pg_trgm, on the trigram index of `name_key`), and any other name containing it;
 * exact and prefix matches come first.
 */
export async function listPlaces(
  db: Db,
  query: PlacesListQuery,
): Promise<{ count: number; results: PlaceSummary[] }> {
  const conditions: SQL[] = [];
  let order = sql`p.name_key, p.id`;
  const key = query.q === undefined ? '' : foldName(query.q);
  if (query.q !== undefined && query.q !== '') {
    const contains = `%${escapeLike(key)}%`;
    const altContains = `%${escapeLike(query.q.toLowerCase())}%`;
    conditions.push(sql`(p.name_key like ${contains}
      or (length(${key}) >= 3 and similarity(p.name_key, ${key}) >= ${TYPO_SIMILARITY})
      or exists (select 1 from unnest(p.alt_names) a where lower(a) like ${altContains}))`);
    order = sql`(p.name_key = ${key}) desc, (p.name_key like ${`${escapeLike(key)}%`}) desc,
      similarity(p.name_key, ${key}) desc, p.name_key, p.id`;
  }
  if (query.parent !== undefined) conditions.push(sql`p.parent_id = ${query.parent}`);
  const where = conditions.length === 0 ? sql`` : sql`where ${sql.join(conditions, sql` and `)}`;
  const { limit, offset } = pageWindow(query);
  const rows = await queryRows<PlaceRow>(
    db,
    sql`select ${PLACE_COLUMNS} from places p ${where} order by ${order}
        limit ${limit} offset ${offset}`,
  );
  const [total] = await queryRows<{ count: number }>(
    db,
    sql`select count(*)::int as count from places p ${where}`,
  );
  const chains = await parentChains(
    db,
    rows.map((row) => row.id),
  );
  return {
    count: total?.count ?? 0,
    results: rows.map((row) => toSummary(row, chains.get(row.id) ?? [])),
  };
}

/** One place with its parents, full name and how many events (the viewer may see) use it. */
export async function getPlace(db: Db, id: number, viewer: Viewer): Promise<Place> {
  const [row] = await queryRows<
    PlaceRow & { event_count: number; source_count: number; created_at: string; updated_at: string }
  >(
    db,
    sql`select ${PLACE_COLUMNS},
          (select count(*)::int from events e where e.place_id = p.id
            and not ${linkHidden(viewer, { person: sql`e.person_id`, union: sql`e.union_id` })})
            as event_count,
          (select count(*)::int from sources s where s.told_place_id = p.id) as source_count,
          to_json(p.created_at) #>> '{}' as created_at, to_json(p.updated_at) #>> '{}' as updated_at
        from places p where p.id = ${id}`,
  );
  if (!row) throw notFound();
  const parents = (await parentChains(db, [id])).get(id) ?? [];
  return {
    ...toSummary(row, parents),
    parents,
    event_count: row.event_count,
    source_count: row.source_count,
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
  };
}

/** Whether `ancestorId` is `id` or one of its parents. */
async function isSelfOrParent(tx: Db, id: number, ancestorId: number): Promise<boolean> {
  if (id === ancestorId) return true;
  const chain = (await parentChains(tx, [id])).get(id) ?? [];
  return chain.some((parent) => parent.id === ancestorId);
}

async function placeExists(tx: Db, id: number): Promise<boolean> {
  const rows = await queryRows(tx, sql`select 1 from places where id = ${id}`);
  return rows.length > 0;
}

async function checkParent(tx: Db, id: number | null, parentId: unknown): Promise<void> {
  if (typeof parentId !== 'number') return;
  if (!(await placeExists(tx, parentId)))
    throw fieldError('parent_id', placeMessages.parentNotFound);
  // A place may not lie in itself or in a place that lies in it.
  if (id !== null && (await isSelfOrParent(tx, parentId, id))) {
    throw fieldError('parent_id', placeMessages.parentCycle);
  }
}

async function usage(tx: Db, id: number) {
  const [row] = await queryRows<{ events: number; sources: number; places: number }>(
    tx,
    sql`select (select count(*)::int from events where place_id = ${id}) as events,
               (select count(*)::int from sources where told_place_id = ${id}) as sources,
               (select count(*)::int from places where parent_id = ${id}) as places`,
  );
  return row ?? { events: 0, sources: 0, places: 0 };
}

const column = {
  name: 'name',
  alt_names: 'alt_names',
  parent_id: 'parent_id',
  latitude: 'latitude',
  longitude: 'longitude',
} as const;

function assignments(changes: RecordFields): SQL[] {
  const sets: SQL[] = [];
  for (const [field, value] of Object.entries(changes)) {
    if (!(field in column)) continue;
    const name = sql.raw(column[field as keyof typeof column]);
    if (field === 'alt_names') sets.push(sql`${name} = ${textArray(value as string[])}`);
    else sets.push(sql`${name} = ${value as string | number | null}`);
    if (field === 'name') sets.push(sql`name_key = ${foldName(value as string)}`);
  }
  return sets;
}

/** What a merge moved, kept in the delete's revision for a revert. */
interface Moved {
  replace_with: number;
  events: number[];
  sources: number[];
  places: number[];
  /** The target's other names before the merge added the merged place's names. */
  target_alt_names: string[];
}

const ids = (rows: { id: number }[]) => rows.map((row) => row.id);

export const placeKind: RecordKind = {
  type: 'place',
  table: 'places',
  labelSql: 'x.name',

  async validateCreate(tx, fields) {
    await checkParent(tx, null, fields.parent_id);
  },

  // A restored place whose parent was deleted since lies nowhere rather than failing.
  async create(tx, fields, userId, id) {
    const name = fields.name as string;
    const [row] = await queryRows<{ id: number }>(
      tx,
      sql`insert into places (${sql.raw(id === undefined ? '' : 'id, ')}name, name_key, alt_names,
            parent_id, latitude, longitude, created_by_id)
          values (${id === undefined ? sql`` : sql`${id}, `}${name}, ${foldName(name)},
            ${textArray((fields.alt_names as string[] | undefined) ?? [])},
            (select id from places where id = ${(fields.parent_id as number | null | undefined) ?? null}),
            ${(fields.latitude as number | null | undefined) ?? null},
            ${(fields.longitude as number | null | undefined) ?? null}, ${userId})
          returning id`,
    );
    if (!row) throw new Error('place insert returned nothing');
    return row.id;
  },

  async snapshot(tx, id) {
    const [row] = await queryRows<PlaceRow>(
      tx,
      sql`select ${PLACE_COLUMNS} from places p where p.id = ${id} for update`,
    );
    if (!row) return null;
    const { id: _id, ...fields } = row;
    return fields;
  },

  async validateUpdate(tx, id, changes) {
    await checkParent(tx, id, changes.parent_id);
  },

  async update(tx, id, changes) {
    const sets = assignments(changes);
    if (sets.length === 0) return;
    await tx.execute(
      sql`update places set ${sql.join(sets, sql`, `)}, updated_at = now() where id = ${id}`,
    );
  },

  async validateDelete(tx, id, options) {
    const target = options.replace_with;
    if (typeof target === 'number') {
      if (!(await placeExists(tx, target))) {
        throw fieldError('replace_with', placeMessages.replaceNotFound);
      }
      if (await isSelfOrParent(tx, target, id)) {
        throw fieldError('replace_with', placeMessages.replaceSelf);
      }
      return;
    }
    const used = await usage(tx, id);
    if (used.events + used.sources + used.places > 0) {
      throw conflict(placeMessages.inUse(used.events, used.sources, used.places));
    }
  },

  async delete(tx, id, options) {
    const target = options.replace_with;
    let moved: Moved | null = null;
    if (typeof target === 'number') {
      const [place] = await queryRows<{ name: string; alt_names: string[] }>(
        tx,
        sql`select name, alt_names from places where id = ${id}`,
      );
      const [into] = await queryRows<{ name: string; alt_names: string[] }>(
        tx,
        sql`select name, alt_names from places where id = ${target} for update`,
      );
      if (!place || !into) throw notFound();
      const events = await queryRows<{ id: number }>(
        tx,
        sql`update events set place_id = ${target}, updated_at = now()
            where place_id = ${id} returning id`,
      );
      const sources = await queryRows<{ id: number }>(
        tx,
        sql`update sources set told_place_id = ${target}, updated_at = now()
            where told_place_id = ${id} returning id`,
      );
      const places = await queryRows<{ id: number }>(
        tx,
        sql`update places set parent_id = ${target}, updated_at = now()
            where parent_id = ${id} returning id`,
      );
      // The merged place's names stay findable as other names of the place that replaces it.
      const intoKey = foldName(into.name);
      const names: string[] = [];
      for (const name of [...into.alt_names, place.name, ...place.alt_names]) {
        if (foldName(name) !== intoKey && !names.includes(name)) names.push(name);
      }
      await tx.execute(
        sql`update places set alt_names = ${textArray(names.slice(0, PLACE_LIMITS.maxAltNames))},
              updated_at = now() where id = ${target}`,
      );
      moved = {
        replace_with: target,
        events: ids(events),
        sources: ids(sources),
        places: ids(places),
        target_alt_names: into.alt_names,
      };
    }
    await tx.execute(sql`delete from places where id = ${id}`);
    return moved === null ? null : { ...moved };
  },

  async undoMoves(tx, id, fields) {
    const moved = fields as unknown as Moved;
    const from = moved.replace_with;
    await tx.execute(
      sql`update events set place_id = ${id}, updated_at = now()
          where id = any(${intArray(moved.events)}) and place_id = ${from}`,
    );
    await tx.execute(
      sql`update sources set told_place_id = ${id}, updated_at = now()
          where id = any(${intArray(moved.sources)}) and told_place_id = ${from}`,
    );
    await tx.execute(
      sql`update places set parent_id = ${id}, updated_at = now()
          where id = any(${intArray(moved.places)}) and parent_id = ${from}`,
    );
    await tx.execute(
      sql`update places set alt_names = ${textArray(moved.target_alt_names)}, updated_at = now()
          where id = ${from}`,
    );
  },
};
