import {
  BRANCH_MAP_LIMITS,
  eventYear,
  MAP_EVENT_TYPES,
  type BranchPlaces,
  type EventDate,
  type MapCounts,
  type MapEventType,
  type MapPlace,
  type MapPoint,
  type MapTiles,
  type PersonLink,
  type PlaceEvent,
  type PlaceEventsQuery,
  type PlacesMap,
} from '@bagysh/shared';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import { notFound } from '../../lib/http-errors';
import { pageWindow } from '../../lib/pagination';
import { readDescendantLevels } from '../descendant-levels';
import { linkHidden } from '../linked-persons';
import { intArray } from '../person-rows';
import { personsTable } from '../person-table';
import type { Viewer } from '../privacy';
import { fullName, MAX_PARENT_DEPTH, parentChains } from './places';

/**
 * The tribe on a map (docs/features.md, Map). Every event read here passes `linkHidden`: a guest
 * learns of no event of a living person (or of a marriage with one), not even as a count.
 */

const MAP_TYPES = sql.raw(MAP_EVENT_TYPES.map((type) => `'${type}'`).join(', '));
/** A life in its natural order; dates order events of one type (a second marriage). */
const TYPE_RANK = sql.raw(
  `case e.type ${MAP_EVENT_TYPES.map((type, rank) => `when '${type}' then ${rank}`).join(' ')} end`,
);

const visibleEvent = (viewer: Viewer) =>
  sql`not ${linkHidden(viewer, { person: sql`e.person_id`, union: sql`e.union_id` })}`;

interface PlaceRow {
  id: number;
  name: string;
  latitude: number;
  longitude: number;
}

async function withFullNames<T extends PlaceRow>(db: Db, rows: T[]): Promise<Map<number, string>> {
  const ids = [...new Set(rows.map((row) => row.id))];
  const chains = await parentChains(db, ids);
  const names = new Map<number, string>();
  for (const row of rows) names.set(row.id, fullName(row.name, chains.get(row.id) ?? []));
  return names;
}

/** Every place with coordinates and the events of each map type there the viewer may see. */
export async function readPlacesMap(db: Db, viewer: Viewer, tiles: MapTiles): Promise<PlacesMap> {
  const rows = await queryRows<PlaceRow & Record<MapEventType, number>>(
    db,
    sql`select p.id, p.name, p.latitude, p.longitude,
          count(e.id) filter (where e.type = 'birth')::int as birth,
          count(e.id) filter (where e.type = 'marriage')::int as marriage,
          count(e.id) filter (where e.type = 'death')::int as death,
          count(e.id) filter (where e.type = 'burial')::int as burial
        from places p
        left join events e on e.place_id = p.id and e.type in (${MAP_TYPES})
          and ${visibleEvent(viewer)}
        where p.latitude is not null and p.longitude is not null
        group by p.id order by p.name_key, p.id`,
  );
  const [without] = await queryRows<{ count: number }>(
    db,
    sql`select count(*)::int as count from places where latitude is null or longitude is null`,
  );
  const names = await withFullNames(db, rows);
  return {
    tiles,
    places: rows.map((row) => {
      const counts: MapCounts = {
        birth: row.birth,
        marriage: row.marriage,
        death: row.death,
        burial: row.burial,
      };
      return { ...mapPlace(row, names), counts };
    }),
    without_coordinates: without?.count ?? 0,
  };
}

function mapPlace(row: PlaceRow, names: Map<number, string>): MapPlace {
  return {
    id: row.id,
    name: row.name,
    full_name: names.get(row.id) ?? row.name,
    latitude: row.latitude,
    longitude: row.longitude,
  };
}

async function personLink(db: Db, id: number): Promise<PersonLink> {
  const [row] = await queryRows<PersonLink>(
    db,
    sql`select p.id, p.name from ${personsTable} p where p.id = ${id}`,
  );
  if (!row) throw notFound();
  return row;
}

interface PointRow {
  event_id: number;
  type: MapEventType;
  date: EventDate | null;
  owner_id: number;
  place_id: number;
  place_name: string;
  latitude: number;
  longitude: number;
}

/**
 * Events of the persons `ids` with a place on the map, each under the person of the list it
 * belongs to (a marriage under each spouse in the list), in the order of a life.
 */
async function pointRows(db: Db, ids: number[], viewer: Viewer): Promise<PointRow[]> {
  const list = intArray(ids);
  return queryRows<PointRow>(
    db,
    sql`select e.id as event_id, e.type, e.date, o.owner_id, q.id as place_id,
          q.name as place_name, q.latitude, q.longitude
        from (
          select e.id, e.person_id as owner_id from events e where e.person_id = any(${list})
          union all
          select e.id, v.owner_id from events e join unions u on u.id = e.union_id
            cross join lateral (values (u.person1_id), (u.person2_id)) v(owner_id)
            where v.owner_id = any(${list})
        ) o
        join events e on e.id = o.id
        join places q on q.id = e.place_id
        where e.type in (${MAP_TYPES}) and q.latitude is not null and q.longitude is not null
          and ${visibleEvent(viewer)}
        order by o.owner_id, ${TYPE_RANK}, e.date_sort nulls last, e.position, e.id`,
  );
}

async function toPoints(db: Db, rows: PointRow[]): Promise<(MapPoint & { owner_id: number })[]> {
  const places = rows.map((row) => ({
    id: row.place_id,
    name: row.place_name,
    latitude: row.latitude,
    longitude: row.longitude,
  }));
  const names = await withFullNames(db, places);
  return rows.map((row, index) => ({
    event_id: row.event_id,
    type: row.type,
    date: row.date,
    year: row.date ? eventYear(row.date) : null,
    place: mapPlace(places[index]!, names),
    owner_id: row.owner_id,
  }));
}

/** A person's births, marriages, deaths and burials with a place on the map, in life order. */
export async function readPersonPlaces(db: Db, id: number, viewer: Viewer, tiles: MapTiles) {
  const person = await personLink(db, id);
  const points = await toPoints(db, await pointRows(db, [id], viewer));
  return { tiles, person, points: points.map(({ owner_id: _owner, ...point }) => point) };
}

/**
 * The event places of a person and their descendants (as the viewer may follow them,
 * readDescendantLevels), each with its generation below the person. A marriage of two persons
 * of the branch comes once, under the elder generation.
 */
export async function readBranchPlaces(
  db: Db,
  id: number,
  viewer: Viewer,
  tiles: MapTiles,
): Promise<BranchPlaces> {
  const { levels, truncated } = await readDescendantLevels(
    db,
    id,
    BRANCH_MAP_LIMITS.maxGenerations,
    BRANCH_MAP_LIMITS.maxPersons,
    viewer,
  );
  const generation = new Map<number, number>();
  const people = new Map<number, PersonLink>();
  levels.forEach((level, depth) => {
    for (const person of level) {
      generation.set(person.id, depth);
      people.set(person.id, { id: person.id, name: person.name });
    }
  });
  const rows = await pointRows(db, [...generation.keys()], viewer);
  const seen = new Set<number>();
  const points: BranchPlaces['points'] = [];
  const all = await toPoints(db, rows);
  all.sort((a, b) => generation.get(a.owner_id)! - generation.get(b.owner_id)!);
  for (const { owner_id, ...point } of all) {
    if (seen.has(point.event_id)) continue;
    seen.add(point.event_id);
    points.push({ ...point, person: people.get(owner_id)!, generation: generation.get(owner_id)! });
  }
  return {
    tiles,
    person: people.get(id)!,
    points,
    generations: levels.length - 1,
    truncated,
  };
}

/** The place `id` and every place inside it, as a subquery of ids. */
function placeAndInside(id: number): SQL {
  return sql`with recursive inside(id, depth) as (
      select ${id}::int, 0
      union all
      select q.id, i.depth + 1 from places q join inside i on q.parent_id = i.id
        where i.depth < ${MAX_PARENT_DEPTH})
    select id from inside`;
}

/**
 * Who was born, married, died or was buried at the place or inside it, the viewer's visible
 * events only, oldest first (undated last).
 */
export async function readPlaceEvents(
  db: Db,
  id: number,
  query: PlaceEventsQuery,
  viewer: Viewer,
): Promise<{ count: number; results: PlaceEvent[] }> {
  const exists = await queryRows(db, sql`select 1 from places where id = ${id}`);
  if (exists.length === 0) throw notFound();
  const where = sql`e.place_id in (${placeAndInside(id)})
    and e.type in (${query.type === undefined ? MAP_TYPES : sql`${query.type}`})
    and ${visibleEvent(viewer)}`;
  const { limit, offset } = pageWindow(query);
  const rows = await queryRows<{
    event_id: number;
    type: MapEventType;
    date: EventDate | null;
    persons: PersonLink[];
    place_id: number;
    place_name: string;
  }>(
    db,
    sql`select e.id as event_id, e.type, e.date, q.id as place_id, q.name as place_name,
          coalesce((select json_agg(json_build_object('id', x.id, 'name', x.name) order by x.n)
            from (select p.id, p.name, 1 as n from ${personsTable} p where p.id = e.person_id
              union all
              select p.id, p.name, v.n from unions u
                cross join lateral (values (u.person1_id, 1), (u.person2_id, 2)) v(pid, n)
                join ${personsTable} p on p.id = v.pid
                where u.id = e.union_id) x), '[]') as persons
        from events e join places q on q.id = e.place_id
        where ${where}
        order by e.date_sort nulls last, ${TYPE_RANK}, e.id
        limit ${limit} offset ${offset}`,
  );
  const [total] = await queryRows<{ count: number }>(
    db,
    sql`select count(*)::int as count from events e where ${where}`,
  );
  return {
    count: total?.count ?? 0,
    results: rows.map((row) => ({
      event_id: row.event_id,
      type: row.type,
      date: row.date,
      year: row.date ? eventYear(row.date) : null,
      persons: row.persons,
      place: { id: row.place_id, name: row.place_name },
    })),
  };
}
