import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CreatePersonInput, Person } from '@bagysh/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { App } from '../../app';
import { queryRows } from '../../db/client';
import {
  recomputePresumedLiving,
  recomputePresumedLivingYearly,
} from '../../genealogy/presumed-living';
import { invalidateTreeCaches } from '../../genealogy/tree-cache';
import { mulberry32 } from '../../lib/random';
import { createTestApp } from '../../test/app';
import { createTestUser, type TestUser } from '../../test/factories';
import { importGedcomFile } from '../gedcom/gedcom.test-support';
import { addPerson } from './persons.factories';

/**
 * "Probably living" from the family and from qualified birth dates (docs/genealogy.md,
 * Privacy): a dateless person with a recently born parent, or a living child or spouse, and a
 * person whose birth date at its latest is less than 100 years ago, are hidden from guests
 * exactly as a living person; a death year shows them. The stored presumption follows every
 * write in its transaction, and after an import.
 */

const THIS_YEAR = new Date().getUTCFullYear();
let app: App;
let moderator: TestUser;
let member: TestUser;
const dataDir = mkdtempSync(join(tmpdir(), 'bagysh-presumed-living-test-'));
afterAll(() => rm(dataDir, { recursive: true, force: true }));

beforeAll(async () => {
  app = await createTestApp({ dataDir });
  moderator = await createTestUser(app, { role: 'moderator' });
  member = await createTestUser(app);
});

type Fields = Partial<z.input<typeof CreatePersonInput>>;
const add = (fields: Fields) => addPerson(app, moderator, { birth_place: 'Нарын', ...fields });

async function read(id: number, user?: TestUser): Promise<Person> {
  const response = await app.inject({ url: `/api/persons/${id}/`, headers: user?.headers ?? {} });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Person>();
}

async function change(id: number, fields: Fields): Promise<void> {
  const { version } = await read(id, moderator);
  const response = await app.inject({
    method: 'PATCH',
    url: `/api/persons/${id}/`,
    headers: moderator.headers,
    payload: { ...fields, version },
  });
  expect(response.statusCode, response.body).toBe(200);
}

/** Hidden from a guest exactly as a living person: name and father line only. */
async function expectHidden(id: number) {
  const guest = await read(id);
  expect(guest, `${guest.name} hidden`).toMatchObject({
    restricted: true,
    living: true,
    sex: 'U',
    birth_year: null,
    birth_date: null,
    birth_place: null,
    death_year: null,
    mother: null,
    mother_id: null,
    spouses: [],
    events: [],
    version: 0,
  });
  // Members see them in full, as living.
  const full = await read(id, member);
  expect(full).toMatchObject({ restricted: false, living: true, birth_place: 'Нарын' });
}

async function expectShown(id: number) {
  const guest = await read(id);
  expect(guest, `${guest.name} shown`).toMatchObject({ restricted: false, living: false });
  expect(guest.birth_place).toBe('Нарын');
}

/** The stored columns equal what the set-based recompute makes of the whole tree. */
async function expectStoredAsRecomputed() {
  const stored = () =>
    queryRows<{ id: number; recent_birth: boolean; presumed_living: boolean }>(
      app.db,
      sql`select id, recent_birth, presumed_living from persons order by id`,
    );
  const before = await stored();
  await app.db.transaction((tx) => recomputePresumedLiving(tx));
  expect(before).toEqual(await stored());
}

describe('presumed living from the family', () => {
  it('hides a dateless son of a father born less than 100 years ago, not his mother line', async () => {
    const mother = await add({ name: 'Энеси', sex: 'F', birth_year: 1850, death_year: 1910 });
    const father = await add({ name: 'Атасы', sex: 'M', birth_year: 1960 });
    const son = await add({ name: 'Уулу', sex: 'M', father_id: father.id, mother_id: mother.id });
    await expectHidden(son.id);
    const guest = await read(son.id);
    expect(guest.father).toEqual({ id: father.id, name: 'Атасы' });
    // The mother does not show the hidden son among her children.
    const motherView = await read(mother.id);
    expect(motherView.child_count).toBe(0);
    // Dead, he is shown whatever his father's year.
    await change(son.id, { death_year: 2001 });
    await expectShown(son.id);
    await change(son.id, { death_year: null });
    await expectHidden(son.id);
    // The father's old birth year un-hides him.
    await change(father.id, { birth_year: 1880, death_year: 1950 });
    await expectShown(son.id);
    await expectStoredAsRecomputed();
  });

  it('hides the dateless father and grandfather of a living child, until the child dies', async () => {
    const ancestor = await add({ name: 'Бабасы', sex: 'M' });
    const grandfather = await add({ name: 'Чоң ата', sex: 'M', father_id: ancestor.id });
    const father = await add({ name: 'Ата', sex: 'M', father_id: grandfather.id });
    const wife = await add({ name: 'Аялы', sex: 'F', spouse_ids: [father.id] });
    await expectShown(grandfather.id);
    await expectShown(father.id);
    await expectShown(wife.id);
    const child = await add({ name: 'Бала', sex: 'M', father_id: father.id, birth_year: 1990 });
    await expectHidden(child.id);
    await expectHidden(father.id);
    await expectHidden(grandfather.id);
    // Two steps up at most: the dateless line above the grandfather stays shown.
    await expectShown(ancestor.id);
    // Her living husband presumes the dateless wife living.
    await expectHidden(wife.id);
    await expectStoredAsRecomputed();

    await change(child.id, { death_year: 2010 });
    await expectShown(father.id);
    await expectShown(grandfather.id);
    await expectShown(wife.id);
    await expectStoredAsRecomputed();

    // A flagged living child does it too, and taking the flag back undoes it.
    const flagged = await add({ name: 'Кызы', sex: 'F', father_id: father.id, is_living: true });
    await expectHidden(father.id);
    await expectHidden(grandfather.id);
    await change(flagged.id, { is_living: false, death_year: 2020 });
    await expectShown(father.id);
    // Deleting the living child shows the father again.
    const late = await add({ name: 'Кенже', sex: 'M', father_id: father.id, birth_year: 2000 });
    await expectHidden(father.id);
    const deleted = await app.inject({
      method: 'DELETE',
      url: `/api/persons/${late.id}/`,
      headers: moderator.headers,
    });
    expect(deleted.statusCode, deleted.body).toBe(204);
    await expectShown(father.id);
    await expectShown(grandfather.id);
    await expectStoredAsRecomputed();
  });

  it('never presumes living a person with a death year', async () => {
    const father = await add({ name: 'Жаш ата', sex: 'M', birth_year: 1970 });
    const son = await add({ name: 'Өлгөн уулу', sex: 'M', father_id: father.id, death_year: 1999 });
    await expectShown(son.id);
    const parent = await add({ name: 'Өлгөн ата', sex: 'M', death_year: 1980 });
    await add({ name: 'Тирүү бала', sex: 'M', father_id: parent.id, birth_year: 1975 });
    await expectShown(parent.id);
  });
});

describe('qualified birth dates', () => {
  it('reads each at the bound that keeps a person hidden', async () => {
    // Years counted from this one, so that the cases hold in later years too (in 2026:
    // BEF 1950, ABT 1921, BET 1896 AND 1931).
    const hidden: [string, number][] = [
      ['AFT 1920', 1920],
      [`BEF ${THIS_YEAR - 76}`, THIS_YEAR - 76],
      [`ABT ${THIS_YEAR - 105}`, THIS_YEAR - 105],
      [`BET ${THIS_YEAR - 130} AND ${THIS_YEAR - 95}`, THIS_YEAR - 130],
      [`FROM ${THIS_YEAR - 130} TO ${THIS_YEAR - 95}`, THIS_YEAR - 130],
      [`EST ${THIS_YEAR - 108}`, THIS_YEAR - 108],
      [`CAL ${THIS_YEAR - 101}`, THIS_YEAR - 101],
    ];
    for (const [date, year] of hidden) {
      const person = await add({ name: date, birth_date: date, birth_year: year });
      await expectHidden(person.id);
      // Members see the year shown and sorted by, as it was.
      expect((await read(person.id, member)).birth_year).toBe(year);
    }
    const shown: [string, number][] = [
      ['BEF 1900', 1900],
      [`ABT ${THIS_YEAR - 115}`, THIS_YEAR - 115],
      ['BET 1850 AND 1900', 1850],
    ];
    for (const [date, year] of shown) {
      const person = await add({ name: date, birth_date: date, birth_year: year });
      await expectShown(person.id);
    }
    const dead = await add({ name: 'AFT өлгөн', birth_date: 'AFT 1920', birth_year: 1920 });
    await change(dead.id, { death_year: 1990 });
    await expectShown(dead.id);
    await expectStoredAsRecomputed();
  });
});

describe('after an import', () => {
  it('hides what the family and the qualified dates presume living', async () => {
    const file = [
      '0 HEAD',
      '1 GEDC',
      '2 VERS 5.5.1',
      '1 CHAR UTF-8',
      '0 @I1@ INDI',
      '1 NAME Мурат /Импорт/',
      '1 SEX M',
      '1 BIRT',
      '2 DATE 1960',
      '2 PLAC Нарын',
      '1 FAMS @F1@',
      '0 @I2@ INDI',
      '1 NAME Азат /Импорт/',
      '1 SEX M',
      '1 BIRT',
      '2 PLAC Нарын',
      '1 FAMC @F1@',
      '0 @I3@ INDI',
      '1 NAME Бакай /Импорт/',
      '1 SEX M',
      '1 BIRT',
      '2 DATE AFT 1920',
      '2 PLAC Нарын',
      '0 @I4@ INDI',
      '1 NAME Тайлак /Импорт/',
      '1 SEX M',
      '1 BIRT',
      '2 PLAC Нарын',
      '1 FAMS @F2@',
      '0 @I5@ INDI',
      '1 NAME Сыдык /Импорт/',
      '1 SEX M',
      '1 BIRT',
      '2 DATE ABT 1990',
      '2 PLAC Нарын',
      '1 FAMC @F2@',
      '0 @I6@ INDI',
      '1 NAME Эски /Импорт/',
      '1 SEX M',
      '1 BIRT',
      '2 DATE BEF 1900',
      '2 PLAC Нарын',
      '0 @F1@ FAM',
      '1 HUSB @I1@',
      '1 CHIL @I2@',
      '0 @F2@ FAM',
      '1 HUSB @I4@',
      '1 CHIL @I5@',
      '0 TRLR',
      '',
    ].join('\n');
    const admin = await createTestUser(app, { role: 'admin' });
    const job = await importGedcomFile(app, admin, dataDir, file, 'presumed.ged');
    expect(job.status, job.error ?? '').toBe('done');
    invalidateTreeCaches();
    const ids = async (name: string) => {
      const [row] = await queryRows<{ id: number }>(
        app.db,
        sql`select id from persons where name = ${name}`,
      );
      return row?.id ?? 0;
    };
    await expectHidden(await ids('Мурат Импорт'));
    await expectHidden(await ids('Азат Импорт')); // a dateless son of a father born 1960
    await expectHidden(await ids('Бакай Импорт')); // AFT 1920
    await expectHidden(await ids('Тайлак Импорт')); // a dateless father of a living son
    await expectHidden(await ids('Сыдык Импорт'));
    await expectShown(await ids('Эски Импорт')); // BEF 1900
    await expectStoredAsRecomputed();
  });
});

describe('the stored presumption', () => {
  it('is recomputed at the first start of a year, once', async () => {
    expect(await recomputePresumedLivingYearly(app.db)).toBe(true);
    expect(await recomputePresumedLivingYearly(app.db)).toBe(false);
  });

  it('after random writes equals the whole tree recomputed', async () => {
    await app.db.execute(sql`truncate persons, unions cascade`);
    const next = mulberry32(20261207);
    const pick = <T>(values: readonly T[]): T => values[Math.floor(next() * values.length)] as T;
    const ids: number[] = [];
    const men: number[] = [];
    const women: number[] = [];
    const years = () => {
      const kind = pick(['none', 'none', 'old', 'recent', 'dead', 'flag', 'aft'] as const);
      switch (kind) {
        case 'none':
          return {};
        case 'old':
          return { birth_year: 1800 + Math.floor(next() * 100) };
        case 'recent':
          return { birth_year: THIS_YEAR - Math.floor(next() * 90) };
        case 'dead':
          return { death_year: 1990 };
        case 'flag':
          return { is_living: true };
        case 'aft':
          return { birth_year: 1910, birth_date: 'AFT 1910' };
      }
    };
    for (let step = 0; step < 60; step++) {
      const action =
        ids.length < 6 ? 'add' : pick(['add', 'add', 'edit', 'edit', 'link', 'link', 'delete']);
      if (action === 'add') {
        const sex = pick(['M', 'F'] as const);
        const person = await add({
          sex,
          father_id: men.length > 0 && next() < 0.7 ? pick(men) : null,
          mother_id: women.length > 0 && next() < 0.4 ? pick(women) : null,
          spouse_ids: ids.length > 0 && next() < 0.3 ? [pick(ids)] : [],
          ...years(),
        });
        ids.push(person.id);
        (sex === 'M' ? men : women).push(person.id);
      } else if (action === 'edit') {
        const id = pick(ids);
        await change(id, {
          birth_year: null,
          birth_date: null,
          death_year: null,
          is_living: false,
          ...years(),
        });
      } else if (action === 'link') {
        // Another mother, spouses or father (a move under oneself is refused: no matter).
        const id = pick(ids);
        const { version } = await read(id, moderator);
        const others = ids.filter((other) => other !== id);
        const fields = pick([
          { mother_id: next() < 0.3 ? null : pick(women.filter((w) => w !== id).concat(id)) },
          { spouse_ids: next() < 0.3 ? [] : [pick(others)] },
          { father_id: next() < 0.3 ? null : pick(men.filter((m) => m !== id).concat(id)) },
        ]);
        await app.inject({
          method: 'PATCH',
          url: `/api/persons/${id}/`,
          headers: moderator.headers,
          payload: { ...fields, version },
        });
      } else {
        const id = pick(ids);
        const response = await app.inject({
          method: 'DELETE',
          url: `/api/persons/${id}/`,
          headers: moderator.headers,
        });
        if (response.statusCode === 204) {
          for (const list of [ids, men, women]) {
            const index = list.indexOf(id);
            if (index >= 0) list.splice(index, 1);
          }
        }
      }
      await expectStoredAsRecomputed();
    }
    // Sixty writes, each compared with the whole tree: slow on a loaded machine.
  }, 90_000);
});
