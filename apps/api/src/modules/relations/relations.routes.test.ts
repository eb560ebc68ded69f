import type { Comparison, Person, RelationsResponse } from '@bagysh/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import { createTestApp } from '../../test/app';
import { createTestUser, type TestUser } from '../../test/factories';
import { addPerson } from '../persons/persons.factories';

let app: App;
let moderator: TestUser;
const p: Record<string, Person> = {};
const id = (key: string) => p[key]!.id;

async function relations(
  a: string,
  b: string,
  { max, member = false }: { max?: number; member?: boolean } = {},
): Promise<RelationsResponse> {
  const response = await app.inject({
    url: `/api/relations/?a=${id(a)}&b=${id(b)}${max === undefined ? '' : `&max=${max}`}`,
    ...(member ? { headers: moderator.headers } : {}),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<RelationsResponse>();
}

const terms = (result: RelationsResponse) => result.relations.map((r) => r.term);
const names = (result: RelationsResponse, i = 0) => result.relations[i]!.path.map((s) => s.name);

/*
 * Бабакан (1850) ══ Бүбү
 * ├─ Сары (1880, 1st) ══ Гүлсүн (daughter of Керим)
 * │   ├─ Асан (1910) ══ Айда (1915, daughter of Ормон) ── Бакыт (1940) ── Нурлан (living)
 * │   │                 Назик (1918, Айда's sister) ══ Темир (Сапар's son)
 * │   └─ Динара (1912, daughter) ══ Эрлан ── Жылдыз (1938, her daughter)
 * └─ Сапар (1885, 2nd) ┬─ Чыңгыз (1915) ⇢ Тилек (adopted; born to Бөтөн)
 *                      └─ Темир (1912)
 * Нурлан (born 2000, living) ══ Мээрим (living); their son Ринат (living).
 */
beforeAll(async () => {
  app = await createTestApp();
  moderator = await createTestUser(app, { role: 'moderator' });
  const add = async (key: string, fields: Parameters<typeof addPerson>[2]) => {
    p[key] = await addPerson(app, moderator, { sex: 'M', ...fields });
  };
  const dead = (birth: number) => ({ birth_year: birth, death_year: birth + 70 });
  await add('root', { name: 'Бабакан', ...dead(1850) });
  await add('rootWife', { name: 'Бүбү', sex: 'F', ...dead(1855), spouse_ids: [id('root')] });
  await add('kerim', { name: 'Керим', ...dead(1855) });
  await add('gulsun', { name: 'Гүлсүн', sex: 'F', father_id: id('kerim'), ...dead(1885) });
  const parents = { father_id: id('root'), mother_id: id('rootWife') };
  await add('sary', {
    name: 'Сары',
    ...parents,
    birth_order: 1,
    ...dead(1880),
    spouse_ids: [id('gulsun')],
  });
  await add('sapar', { name: 'Сапар', ...parents, birth_order: 2, ...dead(1885) });
  await add('ormon', { name: 'Ормон', ...dead(1888) });
  await add('aida', { name: 'Айда', sex: 'F', father_id: id('ormon'), ...dead(1915) });
  await add('nazik', { name: 'Назик', sex: 'F', father_id: id('ormon'), ...dead(1918) });

  const sarys = { father_id: id('sary'), mother_id: id('gulsun') };
  await add('asan', { name: 'Асан', ...sarys, ...dead(1910), spouse_ids: [id('aida')] });
  await add('dinara', { name: 'Динара', sex: 'F', ...sarys, ...dead(1912) });
  await add('erlan', { name: 'Эрлан', ...dead(1908), spouse_ids: [id('dinara')] });
  await add('jyldyz', {
    name: 'Жылдыз',
    sex: 'F',
    father_id: id('erlan'),
    mother_id: id('dinara'),
    ...dead(1938),
  });
  await add('bakyt', {
    name: 'Бакыт',
    father_id: id('asan'),
    mother_id: id('aida'),
    ...dead(1940),
  });
  await add('temir', {
    name: 'Темир',
    father_id: id('sapar'),
    ...dead(1912),
    spouse_ids: [id('nazik')],
  });
  await add('chyngyz', { name: 'Чыңгыз', father_id: id('sapar'), ...dead(1915) });
  await add('other', { name: 'Бөтөн', ...dead(1910) });
  await add('tilek', {
    name: 'Тилек',
    father_id: id('other'),
    parent_families: [{ father_id: id('chyngyz'), relation: 'adopted' }],
    ...dead(1945),
  });
  await add('nurlan', { name: 'Нурлан', father_id: id('bakyt'), birth_year: 2000 });
  await add('meerim', { name: 'Мээрим', sex: 'F', birth_year: 2002, spouse_ids: [id('nurlan')] });
  await add('rinat', {
    name: 'Ринат',
    father_id: id('nurlan'),
    mother_id: id('meerim'),
    birth_year: 2024,
  });
});

describe('GET /api/relations/', () => {
  it('counts full siblings once, through the father, with the path and both terms', async () => {
    const result = await relations('asan', 'dinara');
    const blood = result.relations.filter((r) => r.kind === 'blood');
    expect(blood).toHaveLength(1);
    expect(blood[0]).toMatchObject({
      term: 'карындаш',
      term_reverse: 'ага',
      generations_up: 1,
      generations_down: 1,
      sentence: 'Динара — Асандын карындашы.',
      jeti_ata: true,
      unverified: false,
    });
    expect(blood[0]!.path.map((s) => [s.name, s.link])).toEqual([
      ['Асан', null],
      ['Сары', 'father'],
      ['Динара', 'daughter'],
    ]);
  });

  it('names a daughter’s line: жээн one way, таякесинин кызы the other', async () => {
    const result = await relations('bakyt', 'jyldyz');
    expect(result.relations[0]).toMatchObject({
      kind: 'blood',
      term: 'жээн',
      term_reverse: 'таякесинин уулу',
      jeti_ata: null,
    });
    expect(names(result)).toEqual(['Бакыт', 'Асан', 'Сары', 'Динара', 'Жылдыз']);
  });

  it('finds kin by marriage and ranks blood first, shorter first', async () => {
    expect((await relations('asan', 'ormon')).relations[0]).toMatchObject({
      kind: 'marriage',
      marriages: 1,
      term: 'кайната',
      term_reverse: 'күйөө бала',
      descriptive: 'аялынын атасы',
    });
    expect(terms(await relations('asan', 'nazik'))).toContain('балдыз');
    const cousins = await relations('asan', 'temir');
    expect(cousins.relations.map((r) => [r.kind, r.term])).toEqual([
      ['blood', 'аталаш бир тууган'],
      ['marriage', 'бажа'],
    ]);
    expect(cousins.relations[1]).toMatchObject({ marriages: 2 });
    expect(terms(await relations('sary', 'ormon'))[0]).toBe('куда');
    expect(terms(await relations('dinara', 'aida'))[0]).toBe('жеңе');

    // Through the mother, not again as "the father's wife's father".
    expect(terms(await relations('bakyt', 'ormon'))).toEqual(['тай ата']);
  });

  it('follows an adoption (parent_families)', async () => {
    expect(terms(await relations('chyngyz', 'tilek'))).toEqual(['уул']);
    const result = await relations('sapar', 'tilek');
    expect(result.relations[0]).toMatchObject({ term: 'небере', kind: 'blood' });
    expect(names(result)).toEqual(['Сапар', 'Чыңгыз', 'Тилек']);
  });

  it('answers өзү for A = B and says when more relations exist than asked for', async () => {
    const self = await relations('asan', 'asan');
    expect(self.relations).toHaveLength(1);
    expect(self.relations[0]).toMatchObject({ term: 'өзү', path: [{ name: 'Асан', link: null }] });
    const all = await relations('asan', 'temir');
    const first = await relations('asan', 'temir', { max: 1 });
    expect(all.truncated).toBe(false);
    expect(first).toMatchObject({ truncated: true, relations: [all.relations[0]] });
  });

  it('shows a guest the father line of living persons only, as the comparison does', async () => {
    // The father line is public: a guest learns the relation, not the living person's facts.
    const guest = await relations('asan', 'nurlan');
    expect(guest.relations[0]).toMatchObject({ term: 'небере' });
    expect(guest.relations[0]!.path.at(-1)).toMatchObject({
      name: 'Нурлан',
      sex: 'U',
      birth_year: null,
      link: 'child',
    });
    // A living person's mother and spouse links stay hidden from a guest …
    expect((await relations('rinat', 'meerim')).relations).toEqual([]);
    expect((await relations('nurlan', 'meerim')).relations).toEqual([]);
    // … and a member sees them.
    expect(terms(await relations('rinat', 'meerim', { member: true }))[0]).toBe('эне');
    expect(terms(await relations('nurlan', 'meerim', { member: true }))[0]).toBe('аял');
  });

  it('answers 404 for an unknown person and 400 in Kyrgyz for a bad query, changing nothing', async () => {
    const missing = await app.inject({ url: `/api/relations/?a=${id('asan')}&b=999999` });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ detail: 'Табылган жок.' });
    const tooMany = await app.inject({ url: `/api/relations/?a=1&b=2&max=51` });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.body).toContain('50 же андан кичине болушу керек.');
  });
});

describe('GET /api/comparison/ with relations', () => {
  it('keeps the closest blood relation and adds it in the shape of /relations', async () => {
    const response = await app.inject({
      url: `/api/comparison/?a=${id('bakyt')}&b=${id('ormon')}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    const comparison = response.json<Comparison>();
    expect(comparison.term).toBe('тай ата');
    expect(comparison.relations.map((r) => r.term)[0]).toBe('тай ата');
    expect(comparison.relations).toHaveLength(1);
  });

  it('leaves kin by marriage to /relations, which the page asks next', async () => {
    const response = await app.inject({
      url: `/api/comparison/?a=${id('asan')}&b=${id('temir')}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<Comparison>().relations.map((r) => [r.kind, r.term])).toEqual([
      ['blood', 'аталаш бир тууган'],
    ]);
  });
});
