import type {
  InformantConflictsPage,
  InformantsPage,
  PersonPlaces,
  PlaceEvent,
  PlacesMap,
} from '@bagysh/shared';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app';
import { MIGRATIONS_DIR } from '../lib/paths';
import { createTestApp } from '../test/app';
import { createTestUser, type TestUser } from '../test/factories';
import { queryRows } from '../db/client';
import { DEMO_CONFLICT, DEMO_INFORMANTS } from './informants.seed';
import { DEMO_BIRTH_PLACES } from './persons.seed';
import { DEMO_CAPITAL_PLACE, DEMO_REGIONS } from './places.seed';
import { DemoDataInUseError, loadDemoDataOnce, removeDemoData, wantsDemoData } from './seed';

let app: App;
let admin: TestUser;

/** How many rows of each demo-marked table there are, demo and not. */
async function counts() {
  const [row] = await queryRows<Record<string, number>>(
    app.db,
    sql`select
      (select count(*)::int from persons where is_demo) as demo_persons,
      (select count(*)::int from persons where not is_demo) as persons,
      (select count(*)::int from clans where is_demo) as demo_clans,
      (select count(*)::int from clans where not is_demo) as clans,
      (select count(*)::int from posts where is_demo) as demo_posts,
      (select count(*)::int from posts where not is_demo) as posts,
      (select count(*)::int from polls where is_demo) as demo_polls,
      (select count(*)::int from polls where not is_demo) as polls,
      (select count(*)::int from places where is_demo) as demo_places,
      (select count(*)::int from places where not is_demo) as places,
      (select count(*)::int from sources where is_demo) as demo_sources,
      (select count(*)::int from sources where not is_demo) as sources,
      (select count(*)::int from events) as events,
      (select count(*)::int from citations) as citations,
      (select count(*)::int from unions) as unions,
      (select count(*)::int from proposals where kind = 'person') as revisions`,
  );
  return row!;
}

async function call(method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) {
  const response = await app.inject({ method, url, headers: admin.headers, payload });
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response.body ? response.json<{ id: number; version: number }>() : null;
}

beforeAll(async () => {
  app = await createTestApp();
  admin = await createTestUser(app, { role: 'admin' });
  expect(await loadDemoDataOnce(app.db)).toBe(true);
});

describe('DEMO_DATA', () => {
  it('loads into a brand-new embedded database only when auto; always when true; never when false', () => {
    expect(wantsDemoData('auto', 'pglite', true)).toBe(true);
    expect(wantsDemoData('auto', 'pglite', false)).toBe(false);
    expect(wantsDemoData('auto', 'postgres', true)).toBe(false);
    expect(wantsDemoData('true', 'postgres', false)).toBe(true);
    expect(wantsDemoData('false', 'pglite', true)).toBe(false);
  });

  it('marks every demonstration row', async () => {
    expect(await counts()).toMatchObject({
      demo_persons: 351,
      persons: 0,
      demo_clans: 7,
      clans: 0,
      demo_posts: 4,
      posts: 0,
      demo_polls: 1,
      polls: 0,
      demo_places: DEMO_PLACE_COUNT,
      places: 0,
      demo_sources: 2,
      sources: 0,
    });
  });

  it('marks the demonstration rows of a database that got them before the marker existed', async () => {
    await app.db.execute(sql`update persons set is_demo = false`);
    await app.db.execute(sql`update clans set is_demo = false`);
    await app.db.execute(sql`update posts set is_demo = false`);
    await app.db.execute(sql`update polls set is_demo = false`);
    const migration = readFileSync(join(MIGRATIONS_DIR, '0015_demo-marker.sql'), 'utf8');
    for (const statement of migration.split('--> statement-breakpoint')) {
      if (/^\s*(--.*\n)*\s*UPDATE/.test(statement)) await app.db.execute(sql.raw(statement));
    }
    expect(await counts()).toMatchObject({
      demo_persons: 351,
      persons: 0,
      demo_clans: 7,
      demo_posts: 4,
      demo_polls: 1,
    });
  });
});

/** The capital, the regions and the settlements in them. */
const DEMO_PLACE_COUNT =
  1 + DEMO_REGIONS.length + DEMO_REGIONS.flatMap((region) => region.settlements).length;

async function read<T>(url: string): Promise<T> {
  const response = await app.inject({ url });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<T>();
}

describe('the demonstration places and informants (a guest reads them)', () => {
  it('puts the persons on the map at real places inside their regions', async () => {
    const map = await read<PlacesMap>('/api/places/map/');
    expect(map.without_coordinates).toBe(0);
    expect(map.places).toHaveLength(DEMO_PLACE_COUNT);
    const byName = new Map(map.places.map((place) => [place.name, place]));
    expect(byName.get('Бишкек')).toMatchObject({
      latitude: DEMO_CAPITAL_PLACE.latitude,
      longitude: DEMO_CAPITAL_PLACE.longitude,
    });
    expect(byName.get('Ат-Башы')).toMatchObject({
      full_name: 'Ат-Башы, Нарын облусу',
      latitude: 41.1702,
      longitude: 75.8106,
    });
    // Every point lies in Kyrgyzstan.
    for (const place of map.places) {
      expect(place.latitude, place.name).toBeGreaterThan(39.1);
      expect(place.latitude, place.name).toBeLessThan(43.3);
      expect(place.longitude, place.name).toBeGreaterThan(69.2);
      expect(place.longitude, place.name).toBeLessThan(80.3);
    }
    for (const name of DEMO_BIRTH_PLACES) {
      const counts = byName.get(name)?.counts;
      expect(counts?.birth, name).toBeGreaterThan(0);
      expect(counts?.burial, name).toBeGreaterThan(0);
    }
    const total = (type: 'birth' | 'marriage' | 'death' | 'burial') =>
      map.places.reduce((sum, place) => sum + place.counts[type], 0);
    expect(total('birth')).toBeGreaterThan(150);
    expect(total('marriage')).toBeGreaterThan(5);
    expect(total('death')).toBe(total('burial'));
  });

  it("draws a person's life and lists who lived in a region", async () => {
    // Бектур (97) was born in Чолпон-Ата, died in Каракол and was buried at home.
    const life = await read<PersonPlaces>('/api/persons/97/places/');
    expect(life.points.map((point) => [point.type, point.place.name, point.year])).toEqual([
      ['birth', 'Чолпон-Ата', 1742],
      ['death', 'Каракол', 1828],
      ['burial', 'Чолпон-Ата', 1828],
    ]);
    const map = await read<PlacesMap>('/api/places/map/');
    const region = map.places.find((place) => place.name === 'Нарын облусу')!;
    const events = await read<{ count: number; results: PlaceEvent[] }>(
      `/api/places/${region.id}/events/`,
    );
    expect(events.count).toBeGreaterThan(50);
    const inside = new Set(events.results.map((event) => event.place.name));
    expect([...inside].every((name) => ['Кочкор', 'Нарын', 'Ат-Башы'].includes(name))).toBe(true);
  });

  it('has two informants with the lineages they told, disagreeing on one birth year', async () => {
    const informants = await read<InformantsPage>('/api/informants/');
    expect(informants.count).toBe(2);
    const byTitle = new Map(informants.results.map((informant) => [informant.title, informant]));
    for (const told of DEMO_INFORMANTS) {
      const informant = byTitle.get(told.title);
      expect(informant, told.title).toMatchObject({
        author: told.author,
        told_place: { name: told.toldPlace },
        recording_count: 0,
      });
      expect(informant?.top_persons.length).toBe(5);
      const lineage: readonly number[] = told.lineage;
      for (const person of informant?.top_persons ?? []) {
        expect(lineage).toContain(person.id);
      }
    }
    const conflicts = await read<InformantConflictsPage>('/api/informants/conflicts/');
    expect(conflicts.count).toBe(1);
    const [conflict] = conflicts.results;
    expect(conflict).toMatchObject({
      person: { id: DEMO_CONFLICT.personId, name: 'Төлөк' },
      fact: 'birth',
    });
    expect(
      conflict?.sides.map((side) => [side.source.title, side.date?.start?.year]).sort(),
    ).toEqual(
      [
        [DEMO_INFORMANTS[1].title, 1778],
        [DEMO_INFORMANTS[0].title, 1775],
      ].sort(),
    );
    // The tree keeps the year of its own birth event.
    const person = await read<{ birth_year: number }>(`/api/persons/${DEMO_CONFLICT.personId}/`);
    expect(person.birth_year).toBe(1775);
  });
});

describe('removeDemoData (npm run demo:remove)', () => {
  let own: { id: number; version: number };
  let child: { id: number; version: number };
  let article: { id: number };
  let poll: { id: number };
  let ownBorn: { id: number };

  beforeAll(async () => {
    // What the site's users add: their own tree, an article, a poll; and an edit of a demo person.
    own = (await call('POST', '/api/persons/', { name: 'Өз атабыз', sex: 'M' }))!;
    article = (await call('POST', '/api/person-articles/', {
      title: 'Чыныгы макала',
      lead: 'Өзүбүздүн',
      body: '<p>Текст</p>',
      person_id: own.id,
      status: 'published',
    }))!;
    poll = (await call('POST', '/api/polls/', {
      question: 'Чыныгы сурамжылоо?',
      options: ['Ооба', 'Жок'],
    }))!;
    const root = (await app.inject({ url: '/api/persons/2/', headers: admin.headers })).json<{
      version: number;
    }>();
    await call('PATCH', '/api/persons/2/', { birth_place: 'Нарын', version: root.version });
    // A person of their own born at a demonstration place, as one demonstration informant
    // told: the place (with its region) and the informant stay.
    const [naryn] = await queryRows<{ id: number }>(
      app.db,
      sql`select id from places where name = 'Нарын' and is_demo`,
    );
    const [informant] = await queryRows<{ id: number }>(
      app.db,
      sql`select id from sources where title = ${DEMO_INFORMANTS[0].title}`,
    );
    ownBorn = (await call('POST', '/api/persons/', {
      name: 'Нарында туулган',
      sex: 'F',
      events: [{ type: 'birth', date: '1950', place_id: naryn!.id }],
      citations: [{ source_id: informant!.id, page: null, quality: 2, note: null }],
    }))!;
  });

  it('refuses, removing nothing, while a person users added has a demonstration father', async () => {
    child = (await call('POST', '/api/persons/', { name: 'Уулу', sex: 'M', father_id: 5 }))!;
    const before = await counts();
    const attempt = removeDemoData(app.db);
    await expect(attempt).rejects.toBeInstanceOf(DemoDataInUseError);
    await expect(attempt).rejects.toThrow(
      new RegExp(`person ${child.id} "Уулу" has the demonstration person 5 as father or mother`),
    );
    expect(await counts()).toEqual(before);
  });

  it('refuses while a clan users added is founded by a demonstration person', async () => {
    await call('DELETE', `/api/persons/${child.id}/`);
    const clan = (await call('POST', '/api/clans/', { name: 'Өз уругубуз', founder_id: 6 }))!;
    await expect(removeDemoData(app.db)).rejects.toThrow(
      /clan \d+ "Өз уругубуз" is founded by the demonstration person 6/,
    );
    await call('DELETE', `/api/clans/${clan.id}/`);
  });

  it('removes every demonstration row and keeps what users added', async () => {
    const demoKeys = (
      await queryRows<{ key: string }>(
        app.db,
        sql`select distinct name_key as key from persons where is_demo`,
      )
    ).map((row) => row.key);
    const removed = await removeDemoData(app.db);
    expect(removed).toMatchObject({
      persons: 351,
      clans: 7,
      posts: 4,
      polls: 1,
      // The informant the user cited stays, Нарын, Кочкор where that informant told, and
      // their region.
      places: DEMO_PLACE_COUNT - 3,
      sources: 1,
      kept: 4,
    });
    expect(removed.revisions).toBeGreaterThanOrEqual(1);
    const after = await counts();
    expect(after).toMatchObject({
      demo_persons: 0,
      demo_clans: 0,
      demo_posts: 0,
      demo_polls: 0,
      demo_places: 0,
      demo_sources: 0,
      unions: 0,
      places: 3,
      sources: 1,
      // The user's person's birth and citation; the demonstration ones went with their persons.
      events: 1,
      citations: 1,
    });
    const keptPlaces = await queryRows<{ name: string; parent: string | null }>(
      app.db,
      sql`select p.name, r.name as parent from places p left join places r on r.id = p.parent_id`,
    );
    expect(keptPlaces.sort((a, b) => a.name.localeCompare(b.name))).toEqual([
      { name: 'Кочкор', parent: 'Нарын облусу' },
      { name: 'Нарын', parent: 'Нарын облусу' },
      { name: 'Нарын облусу', parent: null },
    ]);
    // The user's own rows, and their history, are all there.
    expect(after.persons).toBe(2);
    expect(after.posts).toBe(1);
    expect(after.polls).toBe(1);
    const [history] = await queryRows<{ count: number }>(
      app.db,
      sql`select count(*)::int as count from proposals where kind = 'person' and record_id = ${own.id}`,
    );
    expect(history!.count).toBeGreaterThanOrEqual(1);
    for (const url of [
      `/api/persons/${own.id}/`,
      `/api/persons/${ownBorn.id}/`,
      `/api/person-articles/${article.id}/`,
      `/api/polls/${poll.id}/`,
    ]) {
      const response = await app.inject({ url, headers: admin.headers });
      expect(response.statusCode, url).toBe(200);
    }
    expect((await app.inject({ url: '/api/persons/1/', headers: admin.headers })).statusCode).toBe(
      404,
    );
    // The name dictionary keeps no name that only demonstration persons had.
    const stale = await queryRows<{ key: string }>(
      app.db,
      sql`select key from name_keys where key not in (select name_key from persons)`,
    );
    expect(demoKeys.length).toBeGreaterThan(10);
    expect(stale.map((row) => row.key).filter((key) => demoKeys.includes(key))).toEqual([]);
  });

  it('finds nothing the second time, and the demo does not come back', async () => {
    const before = await counts();
    expect(await removeDemoData(app.db)).toEqual({
      persons: 0,
      clans: 0,
      posts: 0,
      polls: 0,
      revisions: 0,
      places: 0,
      sources: 0,
      kept: 0,
    });
    expect(await counts()).toEqual(before);
    expect(await loadDemoDataOnce(app.db)).toBe(false);
  });
});
