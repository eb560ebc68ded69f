import type { SearchResponse } from '@bagysh/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import { createTestApp } from '../../test/app';
import { createTestUser, type TestUser } from '../../test/factories';
import { addLine, addPerson } from '../persons/persons.factories';

let app: App;
let moderator: TestUser;
let asanOfUson: number;
let asanOfBakyt: number;
let asanOfUsonOfKalys: number;

async function search(q: string, user?: TestUser) {
  const response = await app.inject({
    url: `/api/search/?q=${encodeURIComponent(q)}`,
    headers: user?.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<SearchResponse>().results;
}

beforeAll(async () => {
  app = await createTestApp();
  moderator = await createTestUser(app, { role: 'moderator' });
  // Асан son of Үсөн son of Төлөк; Асан son of Бакыт; Асан son of Үсөн son of Калыс.
  const [, uson, asan] = await addLine(app, moderator, ['Төлөк', 'Үсөн', 'Асан']);
  asanOfUson = asan!.id;
  const [, bakytAsan] = await addLine(app, moderator, ['Бакыт', 'Асан']);
  asanOfBakyt = bakytAsan!.id;
  const [, , other] = await addLine(app, moderator, ['Калыс', 'Үсөн', 'Асан']);
  asanOfUsonOfKalys = other!.id;
  await addPerson(app, moderator, { name: 'Өмүрбек', father_id: uson!.id, death_year: 1999 });
  await addPerson(app, moderator, { name: 'Асанкул', death_year: 1950 });
  await addPerson(app, moderator, { name: 'Чыңгыз', death_year: 1950 });
});

describe('name search', () => {
  it('folds case, ң/н, ө/о, ү/у and Latin transliteration', async () => {
    for (const q of ['Өмүрбек', 'омурбек', 'ӨМҮРБЕК', 'Omurbek', 'omurbek']) {
      const results = await search(q);
      expect(results[0]?.name, q).toBe('Өмүрбек');
    }
    expect((await search('Chyngyz'))[0]?.name).toBe('Чыңгыз');
    expect((await search('Чынгыз'))[0]?.name).toBe('Чыңгыз');
  });

  it('tolerates one typo (replace, swap, extra or missing letter) but not two', async () => {
    for (const q of ['Өмүрбак', 'Өмүрбке', 'Өмүрбеек', 'Өмрбек']) {
      expect(
        (await search(q)).map((r) => r.name),
        q,
      ).toContain('Өмүрбек');
    }
    for (const q of ['Асна', 'Асын', 'Асанн']) {
      expect(
        (await search(q)).map((r) => r.name),
        q,
      ).toContain('Асан');
    }
    expect((await search('Өмарбак')).map((r) => r.name)).not.toContain('Өмүрбек');
  });

  it('ranks exact matches before typos and prefixes', async () => {
    const names = (await search('Асан')).map((r) => r.name);
    expect(names.slice(0, 3)).toEqual(['Асан', 'Асан', 'Асан']);
    expect(names).toContain('Асанкул');
    expect(names.indexOf('Асанкул')).toBeGreaterThan(2);
  });

  it('understands "name father grandfather" and carries the lineage', async () => {
    const bySon = await search('Асан Үсөн');
    expect([bySon[0]?.id, bySon[1]?.id].sort()).toEqual([asanOfUson, asanOfUsonOfKalys].sort());
    expect(bySon[2]?.id).toBe(asanOfBakyt);

    const byGrandfather = await search('Асан Үсөн Калыс');
    expect(byGrandfather[0]?.id).toBe(asanOfUsonOfKalys);
    expect(byGrandfather[0]?.lineage).toEqual(['Үсөн', 'Калыс']);

    const withTypos = await search('асан усон толок');
    expect(withTypos[0]).toMatchObject({ id: asanOfUson, lineage: ['Үсөн', 'Төлөк'] });
    expect((await search('Asan Bakyt'))[0]?.id).toBe(asanOfBakyt);
    expect((await search('Асан Бакыт уулу'))[0]?.id).toBe(asanOfBakyt);
  });

  it('carries the nearest seven generations of the lineage', async () => {
    const names = ['Л1', 'Л2', 'Л3', 'Л4', 'Л5', 'Л6', 'Л7', 'Л8', 'Л9', 'Тукумбек'];
    await addLine(app, moderator, names);
    const [hit] = await search('Тукумбек');
    expect(hit).toMatchObject({
      generation: 10,
      lineage: ['Л9', 'Л8', 'Л7', 'Л6', 'Л5', 'Л4', 'Л3'],
    });
  });

  it('answers an empty list for an empty or unknown query', async () => {
    expect(await search('')).toEqual([]);
    expect(await search('   ')).toEqual([]);
    expect(await search('Ззззззз')).toEqual([]);
  });

  it('hides the years of living persons from guests', async () => {
    await addPerson(app, moderator, {
      name: 'Жаңыбай',
      birth_year: new Date().getFullYear() - 20,
    });
    expect((await search('Жаңыбай'))[0]).toMatchObject({ birth_year: null });
    const member = await createTestUser(app);
    expect((await search('Жаныбай', member))[0]?.birth_year).toBe(new Date().getFullYear() - 20);
  });
});
