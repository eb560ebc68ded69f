import {
  parseGedcomDate,
  type BranchPlaces,
  type Person,
  type PersonPlaces,
  type PlaceEvent,
  type PlacesMap,
} from '@bagysh/shared';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import { queryRows } from '../../db/client';
import { DEFAULT_MAP_TILES } from '../../env';
import { createTestApp } from '../../test/app';
import { createTestUser, type TestUser } from '../../test/factories';
import { addPerson } from '../persons/persons.factories';
import { call, insertUnion } from '../records/records.test-support';

let app: App;
let member: TestUser;
let moderator: TestUser;
let places: Record<'country' | 'village' | 'town' | 'nowhere', number>;
let grandfather: Person;
let father: Person;
let wife: Person;
let son: Person;
/** Living, so hidden from guests. */
let grandson: Person;

async function addPlace(fields: Record<string, unknown>): Promise<number> {
  const { status, body } = await call(app, 'POST', '/api/places/', moderator, fields);
  expect(status, JSON.stringify(body)).toBe(201);
  return body.id as number;
}

async function addEvent(
  owner: { personId?: number; unionId?: number },
  type: string,
  placeId: number,
  written: string | null,
): Promise<number> {
  const date = written === null ? null : parseGedcomDate(written);
  const [row] = await queryRows<{ id: number }>(
    app.db,
    sql`insert into events (person_id, union_id, type, place_id, date, date_sort)
        values (${owner.personId ?? null}, ${owner.unionId ?? null}, ${type}, ${placeId},
          ${date === null ? null : JSON.stringify(date)}::jsonb, ${date?.sort ?? null})
        returning id`,
  );
  return row!.id;
}

const get = async <T>(url: string, user: TestUser | null = null) => {
  const { status, body } = await call(app, 'GET', url, user);
  expect(status, JSON.stringify(body)).toBe(200);
  return body as unknown as T;
};

beforeAll(async () => {
  app = await createTestApp();
  member = await createTestUser(app);
  moderator = await createTestUser(app, { role: 'moderator' });
  const country = await addPlace({ name: 'Кыргызстан', latitude: 41.2, longitude: 74.7 });
  places = {
    country,
    village: await addPlace({
      name: 'Ат-Башы',
      parent_id: country,
      latitude: 41.17,
      longitude: 75.8,
    }),
    town: await addPlace({ name: 'Нарын', parent_id: country, latitude: 41.43, longitude: 76 }),
    nowhere: await addPlace({ name: 'Белгисиз жер' }),
  };
  grandfather = await addPerson(app, moderator, { name: 'Токтогул', sex: 'M', birth_year: 1850 });
  father = await addPerson(app, moderator, {
    name: 'Асан',
    sex: 'M',
    father_id: grandfather.id,
    birth_year: 1880,
  });
  wife = await addPerson(app, moderator, { name: 'Бурул', sex: 'F', birth_year: 1885 });
  son = await addPerson(app, moderator, {
    name: 'Үсөн',
    sex: 'M',
    father_id: father.id,
    birth_year: 1910,
  });
  grandson = await addPerson(app, moderator, {
    name: 'Бакыт',
    sex: 'M',
    father_id: son.id,
    is_living: true,
  });

  await addEvent({ personId: grandfather.id }, 'birth', places.village, '1850');
  // Out of insertion order: the life's order must come from the type and the date.
  await addEvent({ personId: father.id }, 'burial', places.village, '1950');
  await addEvent({ personId: father.id }, 'death', places.town, '1949');
  await addEvent({ personId: father.id }, 'birth', places.village, '1880');
  const union = await insertUnion(app, father.id, wife.id);
  await addEvent({ unionId: union }, 'marriage', places.town, '1905');
  await addEvent({ personId: father.id }, 'residence', places.town, '1920');
  await addEvent({ personId: son.id }, 'birth', places.town, '1910');
  await addEvent({ personId: son.id }, 'death', places.nowhere, '1990');
  await addEvent({ personId: grandson.id }, 'birth', places.town, '1990');
  const livingUnion = await insertUnion(
    app,
    grandson.id,
    (await addPerson(app, moderator, { name: 'Айгүл', sex: 'F' })).id,
  );
  await addEvent({ unionId: livingUnion }, 'marriage', places.village, '2015');
});

describe('GET /api/places/map/tiles/', () => {
  it('gives anyone the tile server alone', async () => {
    const response = await app.inject({ url: '/api/places/map/tiles/' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(DEFAULT_MAP_TILES);
  });
});

describe('GET /api/places/map/', () => {
  it('lists places with coordinates and their counts, with the tile server', async () => {
    const map = await get<PlacesMap>('/api/places/map/', member);
    expect(map.tiles).toEqual(DEFAULT_MAP_TILES);
    expect(map.without_coordinates).toBe(1);
    expect(map.places.map((place) => place.name)).toEqual(['Ат-Башы', 'Кыргызстан', 'Нарын']);
    const village = map.places.find((place) => place.id === places.village)!;
    expect(village).toMatchObject({
      full_name: 'Ат-Башы, Кыргызстан',
      latitude: 41.17,
      longitude: 75.8,
      counts: { birth: 2, marriage: 1, death: 0, burial: 1 },
    });
    const town = map.places.find((place) => place.id === places.town)!;
    expect(town.counts).toEqual({ birth: 2, marriage: 1, death: 1, burial: 0 });
  });

  it("hides a living person's events from a guest, counts too", async () => {
    const map = await get<PlacesMap>('/api/places/map/');
    const village = map.places.find((place) => place.id === places.village)!;
    const town = map.places.find((place) => place.id === places.town)!;
    // The living grandson's birth and his marriage are gone; the rest is the members' view.
    expect(village.counts).toEqual({ birth: 2, marriage: 0, death: 0, burial: 1 });
    expect(town.counts).toEqual({ birth: 1, marriage: 1, death: 1, burial: 0 });
  });
});

describe('GET /api/persons/{id}/places/', () => {
  it("joins a person's event places in the order of the life", async () => {
    const life = await get<PersonPlaces>(`/api/persons/${father.id}/places/`);
    expect(life.person).toEqual({ id: father.id, name: 'Асан' });
    expect(life.points.map((point) => [point.type, point.year, point.place.id])).toEqual([
      ['birth', 1880, places.village],
      ['marriage', 1905, places.town],
      ['death', 1949, places.town],
      ['burial', 1950, places.village],
    ]);
    // The spouse's map has the marriage too.
    const hers = await get<PersonPlaces>(`/api/persons/${wife.id}/places/`);
    expect(hers.points.map((point) => point.type)).toEqual(['marriage']);
  });

  it('shows a guest nothing of a living person, a member everything', async () => {
    expect((await get<PersonPlaces>(`/api/persons/${grandson.id}/places/`)).points).toEqual([]);
    const full = await get<PersonPlaces>(`/api/persons/${grandson.id}/places/`, member);
    expect(full.points.map((point) => point.type)).toEqual(['birth', 'marriage']);
  });

  it('answers 404 for an unknown person', async () => {
    expect((await call(app, 'GET', '/api/persons/999999/places/', null)).status).toBe(404);
  });
});

describe('GET /api/persons/{id}/branch-places/', () => {
  it('gives each descendant event place its generation', async () => {
    const branch = await get<BranchPlaces>(`/api/persons/${grandfather.id}/branch-places/`, member);
    expect(branch.generations).toBe(3);
    expect(branch.truncated).toBe(false);
    const seen = branch.points.map((point) => [point.person.name, point.generation, point.type]);
    expect(seen).toEqual([
      ['Токтогул', 0, 'birth'],
      ['Асан', 1, 'birth'],
      ['Асан', 1, 'marriage'],
      ['Асан', 1, 'death'],
      ['Асан', 1, 'burial'],
      ['Үсөн', 2, 'birth'],
      ['Бакыт', 3, 'birth'],
      ['Бакыт', 3, 'marriage'],
    ]);
  });

  it('leaves out the living for a guest', async () => {
    const branch = await get<BranchPlaces>(`/api/persons/${grandfather.id}/branch-places/`);
    expect(branch.points.some((point) => point.person.id === grandson.id)).toBe(false);
    expect(branch.points).toHaveLength(6);
  });
});

describe('GET /api/places/{id}/events/', () => {
  it('lists the events at a place and inside it, paginated, hidden ones left out', async () => {
    const page = await get<{ count: number; next: string | null; results: PlaceEvent[] }>(
      `/api/places/${places.country}/events/?page_size=3`,
    );
    expect(page.count).toBe(6);
    expect(page.next).not.toBeNull();
    expect(page.results.map((event) => [event.type, event.year])).toEqual([
      ['birth', 1850],
      ['birth', 1880],
      ['marriage', 1905],
    ]);
    expect(page.results[2]!.persons.map((person) => person.name)).toEqual(['Асан', 'Бурул']);
    const member_ = await get<{ count: number }>(
      `/api/places/${places.country}/events/?type=birth`,
      member,
    );
    expect(member_.count).toBe(4);
    const guest = await get<{ count: number }>(`/api/places/${places.country}/events/?type=birth`);
    expect(guest.count).toBe(3);
    expect((await call(app, 'GET', '/api/places/999999/events/', null)).status).toBe(404);
  });
});

describe('MAP_TILES_URL', () => {
  it('is allowed as an image source of the page', async () => {
    const response = await app.inject({ url: '/api/places/map/' });
    expect(response.headers['content-security-policy']).toContain(
      'img-src ' + "'self' data: blob: https://tile.openstreetmap.org",
    );
  });
});
