import {
  foldName,
  TreeCheckPageSchema,
  TreeCheckSummarySchema,
  type TreeCheckKind,
  type TreeCheckPage,
} from '@bagysh/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import { events, parentFamilies, persons, unions } from '../../db/schema';
import { invalidateTreeCaches } from '../../genealogy/tree-cache';
import { createTestApp } from '../../test/app';
import { createTestUser, type TestUser } from '../../test/factories';

let app: App;
let member: TestUser;
let moderator: TestUser;
let admin: TestUser;

const YEAR = new Date().getUTCFullYear();

interface Planted {
  name: string;
  sex?: 'M' | 'F';
  fatherId?: number;
  motherId?: number;
  birthYear?: number;
  deathYear?: number;
  isLiving?: boolean;
}

/** Writes a person straight into the table: the API refuses some of these errors. */
async function plant(person: Planted): Promise<number> {
  const [row] = await app.db
    .insert(persons)
    .values({
      name: person.name,
      nameKey: foldName(person.name),
      sex: person.sex ?? 'M',
      fatherId: person.fatherId ?? null,
      motherId: person.motherId ?? null,
      path: person.fatherId ? [person.fatherId] : [],
      depth: person.fatherId ? 1 : 0,
      birthYear: person.birthYear ?? null,
      deathYear: person.deathYear ?? null,
      isLiving: person.isLiving ?? false,
    })
    .returning({ id: persons.id });
  if (!row) throw new Error('not planted');
  return row.id;
}

async function summary(user: TestUser | null) {
  const response = await app.inject({ url: '/api/tree-checks/', headers: user?.headers ?? {} });
  return { status: response.statusCode, body: response.json<Record<string, unknown>>() };
}

async function page(kind: string, query = '', user: TestUser | null = moderator) {
  const response = await app.inject({
    url: `/api/tree-checks/${kind}/${query}`,
    headers: user?.headers ?? {},
  });
  return { status: response.statusCode, body: response.json<TreeCheckPage>() };
}

/** Every item of a kind, as the ids of its persons (the one to fix first). */
async function itemIds(kind: TreeCheckKind): Promise<number[][]> {
  const { status, body } = await page(kind, '?page_size=100');
  expect(status).toBe(200);
  return TreeCheckPageSchema.parse(body).results.map((item) => item.persons.map((p) => p.id));
}

const ids: Record<string, number> = {};

beforeAll(async () => {
  app = await createTestApp();
  member = await createTestUser(app);
  moderator = await createTestUser(app, { role: 'moderator' });
  admin = await createTestUser(app, { role: 'admin' });
});

describe('GET /api/tree-checks/', () => {
  it('is for moderators and admins only', async () => {
    expect((await summary(null)).status).toBe(401);
    const refused = await summary(member);
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toEqual(expect.any(String));
    expect((await page('isolated', '', null)).status).toBe(401);
    expect((await page('isolated', '', member)).status).toBe(403);
    expect((await summary(admin)).status).toBe(200);
    expect((await page('isolated', '', admin)).status).toBe(200);
  });

  it('counts nothing in an empty tree', async () => {
    const { status, body } = await summary(moderator);
    expect(status).toBe(200);
    const parsed = TreeCheckSummarySchema.parse(body);
    expect(parsed.total).toBe(0);
    expect(Object.values(parsed.counts).every((count) => count === 0)).toBe(true);
    expect((await page('parent_age')).body).toEqual({
      count: 0,
      next: null,
      previous: null,
      results: [],
    });
  });

  it('refuses an unknown kind with a Kyrgyz field error', async () => {
    const { status, body } = await page('no_such_kind');
    expect(status).toBe(400);
    expect(body).toHaveProperty('kind');
  });
});

describe('each kind finds its planted error and not the near miss', () => {
  beforeAll(async () => {
    // A root with children: the planted persons hang under it, so that only the ones planted
    // for `isolated` stand alone.
    const root = await plant({ name: 'Түп ата', birthYear: 1700, deathYear: 1770 });
    ids.root = root;
    const wife = await plant({ name: 'Түп эне', sex: 'F', birthYear: 1705, deathYear: 1780 });
    await app.db.insert(unions).values({ person1Id: root, person2Id: wife });
    const under = (person: Planted) => plant({ fatherId: root, motherId: wife, ...person });

    // parent_age: a son born before his father; a mother 11 at her daughter's birth; and the
    // near misses: a father exactly 12, a father whose year is unknown.
    ids.father = await under({ name: 'Үсөн', birthYear: 1950, deathYear: 2010 });
    ids.mother = await under({ name: 'Айша', sex: 'F', birthYear: 1950, deathYear: 2015 });
    ids.earlySon = await plant({
      name: 'Эрте',
      fatherId: ids.father,
      birthYear: 1940,
      deathYear: 2000,
    });
    ids.youngMother = await plant({
      name: 'Кыз',
      sex: 'F',
      fatherId: ids.root,
      motherId: ids.mother,
      birthYear: 1961,
      deathYear: 2020,
    });
    ids.twelve = await plant({
      name: 'Он эки',
      fatherId: ids.father,
      birthYear: 1962,
      deathYear: 2020,
    });
    const unknown = await under({ name: 'Белгисиз' });
    await plant({ name: 'Уулу', fatherId: unknown, birthYear: 1800, deathYear: 1850 });

    // death_before_birth: years; the same year with the death event first; the near miss of
    // the same year with the birth event first.
    ids.deadFirst = await under({ name: 'Өлүк', birthYear: 1900, deathYear: 1890 });
    ids.sameYear = await under({ name: 'Наристе', birthYear: 1901, deathYear: 1901 });
    const sameYearFine = await under({ name: 'Бөбөк', birthYear: 1902, deathYear: 1902 });
    const day = (y: number, m: number) => Math.floor(367 * y - (7 * (y + 4)) / 4 + (275 * m) / 9);
    await app.db.insert(events).values([
      { personId: ids.sameYear, type: 'birth', dateSort: day(1901, 10) },
      { personId: ids.sameYear, type: 'death', dateSort: day(1901, 3) },
      { personId: sameYearFine, type: 'birth', dateSort: day(1902, 3) },
      { personId: sameYearFine, type: 'death', dateSort: day(1902, 10) },
    ]);

    // living_too_old: flagged living 111 years ago; near misses: flagged at exactly 110, dead
    // and born 120 years ago, and born 120 years ago with no death and no flag (the privacy
    // rule holds that person dead).
    ids.oldLiving = await under({ name: 'Карыя', birthYear: YEAR - 111, isLiving: true });
    await under({ name: 'Карыя эки', birthYear: YEAR - 110, isLiving: true });
    await under({ name: 'Баба', birthYear: YEAR - 120, deathYear: YEAR - 40 });
    await under({ name: 'Чоң баба', birthYear: YEAR - 120 });

    // future_date: born next year; died in five years; near miss: born this year.
    ids.futureBirth = await under({ name: 'Келечек', birthYear: YEAR + 1 });
    ids.futureDeath = await under({ name: 'Алдын', birthYear: 1950, deathYear: YEAR + 5 });
    await under({ name: 'Быйыл', birthYear: YEAR, isLiving: true });

    // isolated: two lone persons; near misses: one with a spouse only, one the mother of a
    // child only, one in an adoptive family only, each otherwise alone.
    ids.lone = await plant({ name: 'Жалгыз', birthYear: 1800, deathYear: 1860 });
    ids.lone2 = await plant({ name: 'Жалгыз эки' });
    const married = await plant({ name: 'Күйөө' });
    const spouse = await plant({ name: 'Аял', sex: 'F' });
    await app.db.insert(unions).values({ person1Id: married, person2Id: spouse });
    const motherOnly = await plant({ name: 'Эне', sex: 'F' });
    await under({ name: 'Энесинин баласы', motherId: motherOnly });
    const adopted = await plant({ name: 'Асырап алынган' });
    const adoptive = await plant({ name: 'Асыраган' });
    await app.db
      .insert(parentFamilies)
      .values({ childId: adopted, fatherId: adoptive, relation: 'adopted' });

    // duplicate_children: Өмүрбек and Омурбек (one folded name) of one father in one year;
    // near misses: the same name in other years, under another father, without years.
    ids.dupFather = await under({ name: 'Сары', birthYear: 1920, deathYear: 1990 });
    ids.dup1 = await plant({ name: 'Өмүрбек', fatherId: ids.dupFather, birthYear: 1950 });
    ids.dup2 = await plant({ name: 'Омурбек', fatherId: ids.dupFather, birthYear: 1950 });
    await plant({ name: 'Өмүрбек', fatherId: ids.dupFather, birthYear: 1952 });
    await plant({ name: 'Асан', fatherId: ids.dupFather });
    await plant({ name: 'Асан', fatherId: ids.dupFather });
    await plant({ name: 'Өмүрбек', fatherId: ids.root, birthYear: 1950 });

    invalidateTreeCaches();
  });

  it('parent_age: a child born before a parent, a parent under 12; not a parent of exactly 12', async () => {
    expect(await itemIds('parent_age')).toEqual([
      [ids.earlySon, ids.father],
      [ids.youngMother, ids.mother],
    ]);
    const { body } = await page('parent_age');
    const [early, young] = body.results;
    expect(early).toMatchObject({
      kind: 'parent_age',
      person_id: ids.earlySon,
      age: -10,
      persons: [
        { id: ids.earlySon, name: 'Эрте', role: 'person', birth_year: 1940 },
        { id: ids.father, name: 'Үсөн', role: 'father', birth_year: 1950 },
      ],
    });
    expect(early?.detail).toContain('мурун туулган');
    expect(young).toMatchObject({ age: 11, persons: [{ role: 'person' }, { role: 'mother' }] });
    expect(young?.detail).toContain('11 жашта');
    expect(young?.fix).toContain('энеси');
  });

  it('death_before_birth: by years, and by the events in the same year', async () => {
    expect(await itemIds('death_before_birth')).toEqual([[ids.deadFirst], [ids.sameYear]]);
    const { body } = await page('death_before_birth');
    expect(body.results[0]?.detail).toContain('1890');
    expect(body.results[1]?.detail).toContain('ошол эле жылы');
  });

  it('living_too_old: flagged living over 110; not at 110, not the dead', async () => {
    expect(await itemIds('living_too_old')).toEqual([[ids.oldLiving]]);
    expect((await page('living_too_old')).body.results[0]?.age).toBe(111);
  });

  it('future_date: a birth or a death after this year; not this year', async () => {
    expect(await itemIds('future_date')).toEqual([[ids.futureBirth], [ids.futureDeath]]);
    const [birth, death] = (await page('future_date')).body.results;
    expect(birth?.detail).toContain(`туулган жылы ${YEAR + 1}`);
    expect(death?.detail).toContain(`өлгөн жылы ${YEAR + 5}`);
  });

  it('isolated: no parent, child, spouse or parent family', async () => {
    expect(await itemIds('isolated')).toEqual([[ids.lone], [ids.lone2]]);
  });

  it('duplicate_children: one folded name and one year under one father', async () => {
    expect(await itemIds('duplicate_children')).toEqual([[ids.dup1, ids.dup2, ids.dupFather]]);
    const [item] = (await page('duplicate_children')).body.results;
    expect(item?.person_id).toBe(ids.dup1);
    expect(item?.persons.map((p) => p.role)).toEqual(['child', 'child', 'father']);
    expect(item?.detail).toContain('«Өмүрбек»');
    expect(item?.detail).toContain('«Омурбек»');
  });

  it('counts every kind in the summary', async () => {
    const { body } = await summary(moderator);
    expect(TreeCheckSummarySchema.parse(body)).toMatchObject({
      counts: {
        parent_age: 2,
        death_before_birth: 2,
        living_too_old: 1,
        future_date: 2,
        isolated: 2,
        duplicate_children: 1,
      },
      total: 10,
    });
  });

  it('counts again at once when a fix is saved through the API', async () => {
    const before = await app.inject({
      url: `/api/persons/${ids.dup2}/`,
      headers: moderator.headers,
    });
    const { version } = before.json<{ version: number }>();
    const saved = await app.inject({
      method: 'PATCH',
      url: `/api/persons/${ids.dup2}/`,
      headers: moderator.headers,
      payload: { birth_year: 1951, version },
    });
    expect(saved.statusCode).toBe(200);
    const { body } = await summary(moderator);
    expect(TreeCheckSummarySchema.parse(body).counts.duplicate_children).toBe(0);
    expect((await page('duplicate_children')).body.count).toBe(0);
  });
});

describe('pagination', () => {
  it('pages a kind in person id order with next and previous links', async () => {
    for (let i = 0; i < 23; i++) await plant({ name: `Жалгыз ${i}` });
    invalidateTreeCaches();
    const first = await page('isolated', '?page_size=10');
    expect(first.status).toBe(200);
    expect(first.body.count).toBe(25);
    expect(first.body.results).toHaveLength(10);
    expect(first.body.previous).toBeNull();
    expect(first.body.next).toContain('page=2');
    const third = await page('isolated', '?page_size=10&page=3');
    expect(third.body.results).toHaveLength(5);
    expect(third.body.next).toBeNull();
    expect(third.body.previous).toContain('page=2');
    const second = await page('isolated', '?page_size=10&page=2');
    const all = [first, second, third].flatMap((p) => p.body.results.map((item) => item.person_id));
    expect(all).toEqual([...all].sort((a, b) => a - b));
    expect(new Set(all).size).toBe(25);
    expect(all.slice(0, 2)).toEqual([ids.lone, ids.lone2]);
  });

  it('refuses a page size over the limit', async () => {
    const { status, body } = await page('isolated', '?page_size=101');
    expect(status).toBe(400);
    expect(body).toHaveProperty('page_size');
  });

  it('is documented in the OpenAPI document', async () => {
    const response = await app.inject({ url: '/api/docs/json' });
    const paths = Object.keys(response.json<{ paths: Record<string, unknown> }>().paths);
    expect(paths).toEqual(
      expect.arrayContaining(['/api/tree-checks/', '/api/tree-checks/{kind}/']),
    );
  });
});
