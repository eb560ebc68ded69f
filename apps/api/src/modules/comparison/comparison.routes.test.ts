import type { Comparison, Person } from '@bagysh/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import { createTestApp } from '../../test/app';
import { createTestUser, type TestUser } from '../../test/factories';
import { addLine, addPerson } from '../persons/persons.factories';

let app: App;
let moderator: TestUser;
const p: Record<string, Person> = {};

async function compare(a: string, b: string): Promise<Comparison> {
  const response = await app.inject({
    url: `/api/comparison/?a=${p[a]!.id}&b=${p[b]!.id}`,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Comparison>();
}

/*
 * Root ─┬─ S1 (1900) ─┬─ C1 (1930) ── G1
 *       │             └─ D1 (daughter, 1935) ══ E (her son; his father is from another line)
 *       └─ S2 (1905) ──── C2 (1932)
 */
beforeAll(async () => {
  app = await createTestApp();
  moderator = await createTestUser(app, { role: 'moderator' });
  const add = async (key: string, fields: Parameters<typeof addPerson>[2]) => {
    p[key] = await addPerson(app, moderator, { sex: 'M', death_year: 1990, ...fields });
  };
  await add('root', { name: 'Бабакан', birth_year: 1870 });
  await add('s1', { name: 'Сары', father_id: p.root!.id, birth_year: 1900 });
  await add('s2', { name: 'Сапар', father_id: p.root!.id, birth_year: 1905 });
  await add('c1', { name: 'Чоро', father_id: p.s1!.id, birth_year: 1930 });
  await add('d1', { name: 'Динара', sex: 'F', father_id: p.s1!.id, birth_year: 1935 });
  await add('c2', { name: 'Чолпонбай', father_id: p.s2!.id, birth_year: 1932 });
  await add('g1', { name: 'Гапар', father_id: p.c1!.id, birth_year: 1960 });
  await add('other', { name: 'Бөтөн', birth_year: 1900 });
  await add('e', { name: 'Эрлан', father_id: p.other!.id, mother_id: p.d1!.id, birth_year: 1960 });
});

describe('comparison', () => {
  it('names brothers by age', async () => {
    const result = await compare('s1', 's2');
    expect(result).toMatchObject({
      common_ancestor: { id: p.root!.id, name: 'Бабакан' },
      generations_a: 1,
      generations_b: 1,
      term: 'ини',
      term_reverse: 'ага',
      jeti_ata: true,
      via_mother: false,
    });
    expect(result.chain_a.map((x) => x.name)).toEqual(['Сары', 'Бабакан']);
    expect(result.sentence).toBe('Сапар — Сарынын иниси');
  });

  it('names first cousins through sons аталаш бир тууган', async () => {
    const result = await compare('c1', 'c2');
    expect(result).toMatchObject({
      generations_a: 2,
      generations_b: 2,
      term: 'аталаш бир тууган',
      term_reverse: 'аталаш бир тууган',
      jeti_ata: true,
    });
    expect(result.chain_b.map((x) => x.name)).toEqual(['Чолпонбай', 'Сапар', 'Бабакан']);
  });

  it('names an uncle and a nephew', async () => {
    const result = await compare('c1', 's2');
    expect(result).toMatchObject({ generations_a: 2, generations_b: 1 });
    expect(result.term).toBe('атасынын иниси');
    expect(result.term_reverse).toBe('бир тууганынын уулу');
  });

  it('names a direct descendant and ancestor', async () => {
    const result = await compare('root', 'g1');
    expect(result).toMatchObject({
      common_ancestor: { id: p.root!.id },
      generations_a: 0,
      generations_b: 3,
      term: 'чөбөрө',
      term_reverse: 'баба',
      jeti_ata: true,
    });
    expect((await compare('g1', 'g1')).term).toBe('өзү');
  });

  it("follows a mother's line: таяке, жээн, and no жети ата", async () => {
    const result = await compare('e', 'c1');
    expect(result).toMatchObject({
      common_ancestor: { id: p.s1!.id },
      generations_a: 2,
      generations_b: 1,
      term: 'таяке',
      term_reverse: 'жээн',
      via_mother: true,
      jeti_ata: false,
    });
    expect(result.chain_a.map((x) => x.name)).toEqual(['Эрлан', 'Динара', 'Сары']);
  });

  it('answers clearly, not with an error, when there is no common ancestor', async () => {
    const result = await compare('c1', 'other');
    expect(result).toMatchObject({
      common_ancestor: null,
      generations_a: null,
      generations_b: null,
      chain_a: [],
      chain_b: [],
      term: null,
      jeti_ata: false,
    });
  });

  it('says жети ата up to seven generations and not beyond', async () => {
    const names = (side: string, n: number) =>
      Array.from({ length: n }, (_, i) => `${side}${i + 1}`);
    const top = await addPerson(app, moderator, { name: 'Түп ата', sex: 'M' });
    const left = await addLine(app, moderator, names('Сол', 8), top.id);
    const right = await addLine(app, moderator, names('Оң', 8), top.id);
    const at = async (a: Person, b: Person) =>
      (await app.inject({ url: `/api/comparison/?a=${a.id}&b=${b.id}` })).json<Comparison>();

    const seven = await at(left[6]!, right[6]!);
    expect(seven).toMatchObject({ generations_a: 7, generations_b: 7, jeti_ata: true });
    expect(seven.term).toBe('7 атадан кошулган тууган');
    const eight = await at(left[7]!, right[7]!);
    expect(eight).toMatchObject({ generations_a: 8, generations_b: 8, jeti_ata: false });
  });

  it('answers 404 for an unknown person and 400 for a bad id', async () => {
    expect(
      (await app.inject({ url: `/api/comparison/?a=${p.c1!.id}&b=99999999` })).statusCode,
    ).toBe(404);
    expect((await app.inject({ url: '/api/comparison/?a=x&b=1' })).statusCode).toBe(400);
  });
});
