import type { DescendantChart, Pedigree, PersonSummary } from '@bagysh/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import { createTestApp } from '../../test/app';
import { createTestFileRow, createTestUser, type TestUser } from '../../test/factories';
import { addPerson } from './persons.factories';

let app: App;
let moderator: TestUser;
let member: TestUser;

/**
 *            Бабасы ── Байбиче              Тай ата ── Тай эне
 *                 │                                │
 *              Атасы ────────────────────────── Энеси
 *                              │
 *            Тирүү (living, photo) ── Кызы (a daughter, dead) ── her son Жээн
 */
let ids: Record<string, number>;
let photo: number;
/** Public when chosen; members-only from then on, as the photo of a living person. */
let livingPhoto: number;

beforeAll(async () => {
  app = await createTestApp();
  moderator = await createTestUser(app, { role: 'moderator' });
  member = await createTestUser(app);
  photo = await createTestFileRow(app, moderator.id);
  livingPhoto = await createTestFileRow(app, moderator.id);
  const add = async (name: string, fields: Parameters<typeof addPerson>[2] = {}) =>
    (await addPerson(app, moderator, { name, death_year: 1950, ...fields })).id;
  const baba = await add('Бабасы', { sex: 'M', birth_year: 1850, death_year: 1920 });
  const baibiche = await add('Байбиче', { sex: 'F', birth_year: 1855, death_year: 1925 });
  const taiAta = await add('Тай ата', { sex: 'M', birth_year: 1852, death_year: 1922 });
  const taiEne = await add('Тай эне', { sex: 'F', birth_year: 1856, death_year: 1930 });
  const ata = await add('Атасы', { sex: 'M', father_id: baba, mother_id: baibiche });
  const ene = await add('Энеси', { sex: 'F', father_id: taiAta, mother_id: taiEne });
  const living = await add('Тирүү', {
    sex: 'M',
    father_id: ata,
    mother_id: ene,
    death_year: null,
    is_living: true,
    photo_file_id: livingPhoto,
  });
  const kyzy = await add('Кызы', {
    sex: 'F',
    father_id: ata,
    mother_id: ene,
    photo_file_id: photo,
  });
  const husband = await add('Күйөөсү', { sex: 'M' });
  const jeen = await add('Жээн', { sex: 'M', father_id: husband, mother_id: kyzy });
  ids = { baba, baibiche, taiAta, taiEne, ata, ene, living, kyzy, husband, jeen };
});

const names = (persons: readonly PersonSummary[]) => persons.map((person) => person.name);

async function pedigree(id: number, query = '', user: TestUser | null = member) {
  return app.inject({
    url: `/api/persons/${id}/pedigree/${query}`,
    ...(user && { headers: user.headers }),
  });
}

async function descendants(id: number, query = '', user: TestUser | null = member) {
  return app.inject({
    url: `/api/persons/${id}/descendant-chart/${query}`,
    ...(user && { headers: user.headers }),
  });
}

describe('GET /api/persons/:id/pedigree/', () => {
  it('climbs the father’s and the mother’s lines, generation by generation', async () => {
    const response = await pedigree(ids.kyzy!);
    expect(response.statusCode).toBe(200);
    const body = response.json<Pedigree>();
    expect(body.generations).toBe(4);
    expect(names(body.results)).toEqual([
      'Кызы',
      'Атасы',
      'Энеси',
      'Бабасы',
      'Байбиче',
      'Тай ата',
      'Тай эне',
    ]);
    const ene = body.results.find((person) => person.id === ids.ene);
    expect(ene).toMatchObject({ father_id: ids.taiAta, mother_id: ids.taiEne });
    expect(body.results[0]).toMatchObject({ photo_file_id: photo, sex: 'F' });
  });

  it('stops at `generations`, leaving the parent ids to expand from', async () => {
    const body = (await pedigree(ids.kyzy!, '?generations=1')).json<Pedigree>();
    expect(names(body.results)).toEqual(['Кызы', 'Атасы', 'Энеси']);
    expect(body.results[2]).toMatchObject({ father_id: ids.taiAta, mother_id: ids.taiEne });
  });

  it('bounds `generations` and answers 404 for a missing person', async () => {
    for (const query of ['?generations=0', '?generations=9', '?generations=x']) {
      expect((await pedigree(ids.kyzy!, query)).statusCode, query).toBe(400);
    }
    expect((await pedigree(ids.kyzy!, '?generations=8')).statusCode).toBe(200);
    expect((await pedigree(2_000_000_000)).statusCode).toBe(404);
  });

  it('shows a guest a living person’s name and father line only', async () => {
    const asMember = (await pedigree(ids.living!)).json<Pedigree>();
    expect(names(asMember.results)).toContain('Энеси');
    // Charts show public photos alone, and a living person's is not.
    expect(asMember.results[0]).toMatchObject({ restricted: false });
    expect(asMember.results[0]).not.toHaveProperty('photo_file_id');

    const asGuest = (await pedigree(ids.living!, '', null)).json<Pedigree>();
    expect(names(asGuest.results)).toEqual(['Тирүү', 'Атасы', 'Бабасы', 'Байбиче']);
    expect(asGuest.results[0]).toEqual(
      expect.objectContaining({ restricted: true, sex: 'U', mother_id: null, birth_year: null }),
    );
    expect(asGuest.results[0]).not.toHaveProperty('photo_file_id');
  });
});

describe('GET /api/persons/:id/descendant-chart/', () => {
  it('follows sons and daughters: a daughter’s children are there', async () => {
    const response = await descendants(ids.ata!);
    expect(response.statusCode).toBe(200);
    const body = response.json<DescendantChart>();
    expect(body).toMatchObject({ generations: 3, truncated: false });
    expect(names(body.results)).toEqual(['Атасы', 'Тирүү', 'Кызы', 'Жээн']);
    const jeen = body.results.find((person) => person.id === ids.jeen);
    expect(jeen).toMatchObject({ mother_id: ids.kyzy, father_id: ids.husband });

    // From the mother's side too.
    const fromMother = (await descendants(ids.taiEne!)).json<DescendantChart>();
    expect(names(fromMother.results)).toEqual(['Тай эне', 'Энеси', 'Тирүү', 'Кызы', 'Жээн']);
  });

  it('stops at `generations`; child counts tell what is below', async () => {
    const body = (await descendants(ids.baba!, '?generations=1')).json<DescendantChart>();
    expect(names(body.results)).toEqual(['Бабасы', 'Атасы']);
    expect(body.results[1]?.child_count).toBe(2);
  });

  it('bounds `generations` and answers 404 for a missing person', async () => {
    for (const query of ['?generations=0', '?generations=7', '?generations=-1']) {
      expect((await descendants(ids.ata!, query)).statusCode, query).toBe(400);
    }
    expect((await descendants(ids.ata!, '?generations=6')).statusCode).toBe(200);
    expect((await descendants(2_000_000_000)).statusCode).toBe(404);
  });

  it('hides from a guest a living person’s mother link, keeping the father line', async () => {
    const fromMother = (await descendants(ids.ene!, '', null)).json<DescendantChart>();
    expect(names(fromMother.results)).toEqual(['Энеси', 'Кызы', 'Жээн']);
    const fromFather = (await descendants(ids.ata!, '', null)).json<DescendantChart>();
    expect(names(fromFather.results)).toEqual(['Атасы', 'Тирүү', 'Кызы', 'Жээн']);
    expect(fromFather.results[1]).toMatchObject({ restricted: true, mother_id: null, sex: 'U' });
    expect(fromFather.results[2]).toMatchObject({ restricted: false, photo_file_id: photo });
  });
});
