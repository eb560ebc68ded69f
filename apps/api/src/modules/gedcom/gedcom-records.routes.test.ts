import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { foldName, gedcomWarnings, RECORD_LIMITS, type GedcomJob } from '@bagysh/shared';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import { queryRows } from '../../db/client';
import { createTestApp } from '../../test/app';
import { createTestUser, type TestUser } from '../../test/factories';
import { gedcomBytes } from './gedcom.factories';
import { importGedcomFile, lastPersonId, previewGedcomFile } from './gedcom.test-support';

/**
 * The GEDCOM import writes every part of the model (docs/genealogy.md, Records): names, events
 * with structured dates and places, sources (an informant too), citations, shared and inline
 * notes, parent families, the order of marriages, and what it does not map (`extra`). Each
 * test imports a small file written here and reads the stored rows back field by field.
 */

let app: App;
let admin: TestUser;
const dataDir = mkdtempSync(join(tmpdir(), 'bagysh-gedcom-records-test-'));
afterAll(() => rm(dataDir, { recursive: true, force: true }));

beforeAll(async () => {
  app = await createTestApp({ dataDir });
  admin = await createTestUser(app, { role: 'admin' });
});

/** Imports a file; answers the job and a function from a person's name to its id. */
async function imported(lines: string[]) {
  const after = await lastPersonId(app);
  const job: GedcomJob = await importGedcomFile(app, admin, dataDir, gedcomBytes(lines));
  expect(job.error).toBeNull();
  const persons = await queryRows<{ id: number; name: string }>(
    app.db,
    sql`select id, name from persons where id > ${after} order by id`,
  );
  const idOf = (name: string) => {
    const person = persons.find((p) => p.name === name);
    if (!person) throw new Error(`no person ${name}`);
    return person.id;
  };
  return { job, idOf };
}

/** "Ат-Башы < Нарын < Кыргызстан": a place and its parents. */
async function placeChainOf(id: number | null): Promise<string | null> {
  if (id === null) return null;
  const [row] = await queryRows<{ chain: string }>(
    app.db,
    sql`with recursive up(id, name, parent_id, depth) as (
          select id, name, parent_id, 0 from places where id = ${id}
          union all select p.id, p.name, p.parent_id, up.depth + 1
          from places p join up on p.id = up.parent_id)
        select string_agg(name, ' < ' order by depth) as chain from up`,
  );
  return row?.chain ?? null;
}

const HEAD_551 = ['0 HEAD', '1 GEDC', '2 VERS 5.5.1', '2 FORM LINEAGE-LINKED', '1 CHAR UTF-8'];

/** A 5.5.1 file with most of what genealogists record. */
const FILE_551 = [
  ...HEAD_551,
  '0 @I1@ INDI',
  '1 NAME Асан /Бообеков/ ажы',
  '2 GIVN Асан',
  '2 NICK Аке',
  '2 NPFX Молдо',
  '2 SPFX ван',
  '2 SOUR @S1@',
  '3 PAGE 3-бет',
  '3 QUAY 3',
  '2 ROMN Asan /Boobekov/',
  '3 TYPE translit',
  '1 NAME Асан Бообекович /Бообеков/',
  '2 TYPE documents',
  '1 NAME Ак сакал',
  '2 TYPE aka',
  '1 SEX M',
  '1 BIRT',
  '2 DATE ABT 1850',
  '2 PLAC Ат-Башы, Нарын, Кыргызстан',
  '3 MAP',
  '4 LATI N41.17',
  '4 LONG E75.8',
  '2 SOUR @S2@',
  '3 PAGE тасма 2',
  '2 NOTE Туулган жылы талаштуу',
  '1 OCCU манап',
  '2 DATE FROM 1880 TO 1900',
  '1 RESI',
  '2 PLAC Нарын, Кыргызстан',
  '1 EMIG',
  '2 DATE 1916',
  '2 PLAC Кытай',
  '1 EDUC медресе',
  '1 _MILT',
  '2 DATE BET 1914 AND 1915',
  '1 EVEN',
  '2 TYPE Ашка барган',
  '2 DATE 1900',
  '1 CENS',
  '2 DATE 1897',
  '2 AGE 47y',
  '1 DEAT',
  '2 DATE 12 MAR 1920',
  '2 PLAC ат-башы, нарын, кыргызстан',
  '2 NOTE @N1@',
  '1 CREM',
  '2 DATE 1920',
  '1 SOUR @S1@',
  '2 PAGE 5-бет',
  '2 QUAY 2',
  '2 NOTE Экинчи басылышы',
  '2 DATA',
  '3 TEXT Бообек уулу Асан',
  '1 SOUR Ат-Башы айылынын китеби',
  '1 SOUR @S9@', // line 60: no such source
  '1 NOTE @N9@', // line 61: no such note
  '1 NOTE @N1@',
  '1 NOTE Кыска өмүр баяны.',
  '1 _CUSTOM кошумча',
  '2 _SUB ички',
  '1 RIN 42',
  '1 FAMS @F1@',
  '1 FAMS @F2@',
  '0 @I2@ INDI',
  '1 NAME Айым /Сарыбаева/',
  '2 TYPE maiden',
  '1 SEX F',
  '1 FAMS @F1@',
  '0 @I3@ INDI',
  '1 NAME Бүбү',
  '1 SEX F',
  '1 FAMS @F2@',
  '0 @I4@ INDI',
  '1 NAME Үсөн /Асанов/',
  '1 SEX M',
  '1 CHR',
  '2 DATE 1875',
  '1 BURI',
  '2 DATE 1940',
  '2 PLAC Нарын, Кыргызстан',
  '1 FAMC @F1@',
  '1 FAMC @F3@',
  '2 PEDI adopted',
  '1 ADOP',
  '2 FAMC @F3@',
  '3 ADOP HUSB',
  '0 @I5@ INDI',
  '1 NAME Жетим',
  '1 FAMC @F3@',
  '2 PEDI foster',
  '0 @I6@ INDI',
  '1 NAME Тынай',
  '1 SEX M',
  '1 FAMS @F3@',
  '0 @I7@ INDI',
  '1 NAME Калыйча',
  '1 SEX F',
  '1 FAMS @F3@',
  '0 @I8@ INDI',
  '1 NAME Огуз',
  '1 BIRT',
  '2 DATE 44 B.C.',
  '1 DEAT',
  '2 DATE кыш, ачарчылык жылы', // line 109
  '0 @F1@ FAM',
  '1 HUSB @I1@',
  '1 WIFE @I2@',
  '1 CHIL @I4@',
  '1 MARR',
  '2 DATE 1870',
  '2 PLAC Ат-Башы, Нарын, Кыргызстан',
  '2 SOUR @S1@',
  '3 PAGE 7-бет',
  '3 QUAY 1',
  '1 DIV',
  '2 DATE 1880',
  '1 SOUR @S1@',
  '2 PAGE 8-бет',
  '1 NOTE @N2@',
  '1 _FAMTAG x',
  '0 @F2@ FAM',
  '1 HUSB @I1@',
  '1 WIFE @I3@',
  '1 ENGA',
  '2 DATE 1881',
  '1 MARR',
  '2 DATE 1882',
  '0 @F3@ FAM',
  '1 HUSB @I6@',
  '1 WIFE @I7@',
  '1 CHIL @I4@',
  '1 CHIL @I5@',
  '0 @S1@ SOUR',
  '1 TITL Санжыра китеби',
  '1 AUTH Белек Солтоноев',
  '1 PUBL Бишкек, 1993',
  '1 TEXT Бообек уулу Асан',
  '1 REPO @R1@',
  '2 CALN 12/345',
  '1 NOTE Китеп жөнүндө',
  '1 WWW https://example.org/book',
  '1 _SRCX x',
  '0 @S2@ SOUR',
  '1 _TYPE INFORMANT',
  '1 TITL Токтогулдун айтканы',
  '1 AUTH Токтогул',
  '1 DATA',
  '2 DATE 5 JUN 1995',
  '2 PLAC Ат-Башы, Нарын, Кыргызстан',
  '0 @R1@ REPO',
  '1 NAME Улуттук китепкана',
  '0 @N1@ NOTE Жалпы эскертүү',
  '1 CONT экинчи сап',
  '0 @N2@ NOTE Жашыруун',
  '1 RESN privacy',
  '0 TRLR',
];

describe('GEDCOM import: the records of a 5.5.1 file', () => {
  let idOf: (name: string) => number;
  let job: GedcomJob;
  beforeAll(async () => {
    ({ job, idOf } = await imported(FILE_551));
  });

  it('reports dangling source and note pointers and an unreadable date, and goes on', () => {
    expect(job.persons_created).toBe(8);
    expect(job.warnings).toEqual([
      { line: 60, record: '@I1@', message: gedcomWarnings.dangling('@S9@'), kind: 'dangling' },
      { line: 61, record: '@I1@', message: gedcomWarnings.dangling('@N9@'), kind: 'dangling' },
      {
        line: 109,
        record: '@I8@',
        message: gedcomWarnings.date('кыш, ачарчылык жылы'),
        kind: 'date',
      },
    ]);
  });

  it('stores every name with its parts, kind, order and name key', async () => {
    const names = await queryRows(
      app.db,
      sql`select kind, given, surname, nickname, prefix, suffix, full_name, name_key,
            alternative, position, extra
          from person_names where person_id = ${idOf('Асан Бообеков ажы')} order by position`,
    );
    expect(names).toEqual([
      {
        kind: 'birth',
        given: 'Асан',
        surname: 'Бообеков',
        nickname: 'Аке',
        prefix: 'Молдо',
        suffix: 'ажы',
        full_name: 'Асан Бообеков ажы',
        name_key: foldName('Асан Бообеков ажы'),
        // The display name again: search finds the person by `persons.name_key`.
        alternative: false,
        position: 0,
        extra: [{ tag: 'SPFX', value: 'ван', children: [] }],
      },
      {
        kind: 'other',
        given: 'Asan',
        surname: 'Boobekov',
        nickname: null,
        prefix: null,
        suffix: null,
        full_name: 'Asan Boobekov',
        name_key: foldName('Asan Boobekov'),
        alternative: true,
        position: 1,
        extra: [
          { tag: '_VARIANT', value: 'ROMN', children: [] },
          { tag: 'TYPE', value: 'translit', children: [] },
        ],
      },
      expect.objectContaining({
        kind: 'documents',
        given: 'Асан Бообекович',
        surname: 'Бообеков',
        full_name: 'Асан Бообекович Бообеков',
        alternative: true,
        position: 2,
        extra: null,
      }),
      expect.objectContaining({
        kind: 'aka',
        full_name: 'Ак сакал',
        alternative: true,
        position: 3,
      }),
    ]);
    const [maiden] = await queryRows(
      app.db,
      sql`select kind, surname from person_names where person_id = ${idOf('Айым Сарыбаева')}`,
    );
    expect(maiden).toEqual({ kind: 'maiden', surname: 'Сарыбаева' });
    // Every name key is a row of name_keys: search finds the person by any of its names.
    const keys = await queryRows<{ key: string }>(
      app.db,
      sql`select key from name_keys where key in (select name_key from person_names
            where person_id = ${idOf('Асан Бообеков ажы')})`,
    );
    expect(keys).toHaveLength(4);
  });

  it('stores each event with its type, date parts, place chain, note and order', async () => {
    const events = await queryRows<{
      type: string;
      custom_type: string | null;
      value: string | null;
      date: Record<string, unknown> | null;
      date_sort: number | null;
      place_id: number | null;
      note: string | null;
      position: number;
      extra: unknown;
    }>(
      app.db,
      sql`select type, custom_type, value, date, date_sort, place_id, note, position, extra
          from events where person_id = ${idOf('Асан Бообеков ажы')} order by position`,
    );
    expect(events.map((e) => [e.type, e.custom_type, e.value, e.date?.text ?? null])).toEqual([
      ['birth', null, null, 'ABT 1850'],
      ['occupation', null, 'манап', 'FROM 1880 TO 1900'],
      ['residence', null, null, null],
      ['migration', 'EMIG', null, '1916'],
      ['education', null, 'медресе', null],
      ['military', null, null, 'BET 1914 AND 1915'],
      ['other', 'Ашка барган', null, '1900'],
      ['other', 'CENS', null, '1897'],
      ['death', null, null, '12 MAR 1920'],
      ['burial', 'CREM', null, '1920'],
    ]);
    expect(events.map((e) => e.position)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    const [birth, occupation, residence, migration, , military, , census, death] = events;
    expect(birth?.date).toMatchObject({
      qualifier: 'about',
      calendar: 'gregorian',
      start: { year: 1850, month: null, day: null, bc: false },
      valid: true,
    });
    expect(birth?.date_sort).toBe(birth?.date?.sort);
    expect(birth?.note).toBe('Туулган жылы талаштуу');
    expect(await placeChainOf(birth?.place_id ?? null)).toBe('Ат-Башы < Нарын < Кыргызстан');
    expect(occupation?.date).toMatchObject({
      qualifier: 'from_to',
      start: { year: 1880 },
      end: { year: 1900 },
    });
    expect(military?.date).toMatchObject({ qualifier: 'between', start: { year: 1914 } });
    expect(death?.date).toMatchObject({ start: { year: 1920, month: 3, day: 12 } });
    // The same place written in other letter case is the same place record.
    expect(death?.place_id).toBe(birth?.place_id);
    expect(await placeChainOf(residence?.place_id ?? null)).toBe('Нарын < Кыргызстан');
    expect(await placeChainOf(migration?.place_id ?? null)).toBe('Кытай');
    expect(census?.extra).toEqual([{ tag: 'AGE', value: '47y', children: [] }]);
    const [place] = await queryRows(
      app.db,
      sql`select latitude, longitude from places where id = ${birth?.place_id ?? 0}`,
    );
    expect(place).toEqual({ latitude: 41.17, longitude: 75.8 });
    // A shared note pointed at from the death event.
    const links = await queryRows(
      app.db,
      sql`select n.text from note_links l join notes n on n.id = l.note_id
          where l.event_id = (select id from events where person_id = ${idOf('Асан Бообеков ажы')}
            and type = 'death')`,
    );
    expect(links).toEqual([{ text: 'Жалпы эскертүү\nэкинчи сап' }]);
  });

  it('derives the tree summary from the events, christening and burial standing in', async () => {
    const rows = await queryRows(
      app.db,
      sql`select name, birth_year, birth_date, birth_place, birth_year_source, death_year,
            death_date, death_place, death_year_source
          from persons where id in (${idOf('Асан Бообеков ажы')}, ${idOf('Үсөн Асанов')},
            ${idOf('Огуз')}) order by id`,
    );
    expect(rows).toEqual([
      {
        name: 'Асан Бообеков ажы',
        birth_year: 1850,
        birth_date: 'ABT 1850',
        birth_place: 'Ат-Башы, Нарын, Кыргызстан',
        birth_year_source: null,
        death_year: 1920,
        death_date: '12 MAR 1920',
        death_place: 'ат-башы, нарын, кыргызстан',
        death_year_source: null,
      },
      {
        name: 'Үсөн Асанов',
        birth_year: 1875,
        birth_date: null,
        birth_place: null,
        birth_year_source: 'christening',
        death_year: 1940,
        death_date: null,
        death_place: 'Нарын, Кыргызстан',
        death_year_source: 'burial',
      },
      {
        name: 'Огуз',
        // B.C. years are negative; a bare year is all in `birth_year`.
        birth_year: -44,
        birth_date: null,
        birth_place: null,
        birth_year_source: null,
        death_year: null,
        death_date: 'кыш, ачарчылык жылы',
        death_place: null,
        death_year_source: null,
      },
    ]);
    const [oguz] = await queryRows<{ date: Record<string, unknown> }>(
      app.db,
      sql`select date from events where person_id = ${idOf('Огуз')} and type = 'death'`,
    );
    expect(oguz?.date).toMatchObject({ valid: false, phrase: 'кыш, ачарчылык жылы' });
  });

  it('stores sources, the informant included, and citations with page and quality', async () => {
    const sources = await queryRows(
      app.db,
      sql`select s.kind, s.title, s.author, s.publication, s.repository, s.call_number, s.url,
            s.told_date->>'text' as told, s.told_place_id, s.text, s.note, s.extra
          from sources s where s.id in (select source_id from citations c
            where c.person_id = ${idOf('Асан Бообеков ажы')}
              or c.event_id in (select id from events where person_id = ${idOf('Асан Бообеков ажы')}))
          order by s.id`,
    );
    expect(sources).toEqual([
      {
        kind: 'other',
        title: 'Санжыра китеби',
        author: 'Белек Солтоноев',
        publication: 'Бишкек, 1993',
        repository: 'Улуттук китепкана',
        call_number: '12/345',
        url: 'https://example.org/book',
        told: null,
        told_place_id: null,
        text: 'Бообек уулу Асан',
        note: 'Китеп жөнүндө',
        extra: [{ tag: '_SRCX', value: 'x', children: [] }],
      },
      expect.objectContaining({
        kind: 'informant',
        title: 'Токтогулдун айтканы',
        author: 'Токтогул',
        told: '5 JUN 1995',
        extra: null,
      }),
      // A 5.5.1 inline source text becomes a source record of its own.
      expect.objectContaining({ kind: 'other', title: 'Ат-Башы айылынын китеби', author: null }),
    ]);
    const [informant] = await queryRows<{ told_place_id: number }>(
      app.db,
      sql`select told_place_id from sources where kind = 'informant' and title = 'Токтогулдун айтканы'`,
    );
    expect(await placeChainOf(informant?.told_place_id ?? null)).toBe(
      'Ат-Башы < Нарын < Кыргызстан',
    );

    const asan = idOf('Асан Бообеков ажы');
    const citations = await queryRows(
      app.db,
      sql`select s.title, c.page, c.quality, c.note, c.position, c.extra,
            case when c.person_id is not null then 'person'
              when c.event_id is not null then (select type from events where id = c.event_id)
              when c.union_id is not null then 'union' else 'name' end as on
          from citations c join sources s on s.id = c.source_id
          where c.person_id = ${asan}
            or c.event_id in (select id from events where person_id = ${asan})
            or c.name_id in (select id from person_names where person_id = ${asan})
          order by c.id`,
    );
    expect(citations).toEqual([
      {
        title: 'Санжыра китеби',
        page: '3-бет',
        quality: 3,
        note: null,
        position: 0,
        extra: null,
        on: 'name',
      },
      {
        title: 'Токтогулдун айтканы',
        page: 'тасма 2',
        quality: null,
        note: null,
        position: 0,
        extra: null,
        on: 'birth',
      },
      {
        title: 'Санжыра китеби',
        page: '5-бет',
        quality: 2,
        note: 'Экинчи басылышы',
        position: 0,
        extra: [
          {
            tag: 'DATA',
            value: '',
            children: [{ tag: 'TEXT', value: 'Бообек уулу Асан', children: [] }],
          },
        ],
        on: 'person',
      },
      {
        title: 'Ат-Башы айылынын китеби',
        page: null,
        quality: null,
        note: null,
        position: 1,
        extra: null,
        on: 'person',
      },
    ]);
  });

  it('stores shared notes with their privacy, inline notes and unknown data', async () => {
    const asan = idOf('Асан Бообеков ажы');
    const [person] = await queryRows(
      app.db,
      sql`select biography, extra from persons where id = ${asan}`,
    );
    expect(person).toEqual({
      biography: 'Кыска өмүр баяны.',
      extra: [
        {
          tag: '_CUSTOM',
          value: 'кошумча',
          children: [{ tag: '_SUB', value: 'ички', children: [] }],
        },
        { tag: 'RIN', value: '42', children: [] },
      ],
    });
    const notes = await queryRows(
      app.db,
      sql`select n.text, n.is_private, l.position from note_links l join notes n on n.id = l.note_id
          where l.person_id = ${asan}`,
    );
    expect(notes).toEqual([{ text: 'Жалпы эскертүү\nэкинчи сап', is_private: false, position: 0 }]);
    const [secret] = await queryRows(
      app.db,
      sql`select n.text, n.is_private from note_links l join notes n on n.id = l.note_id
          where l.union_id is not null and n.text = 'Жашыруун'`,
    );
    expect(secret).toEqual({ text: 'Жашыруун', is_private: true });
  });

  it('stores two marriages in their order, with their events and citations', async () => {
    const asan = idOf('Асан Бообеков ажы');
    const unions = await queryRows<{
      id: number;
      wife: string;
      position: number;
      wife_position: number;
      extra: unknown;
    }>(
      app.db,
      sql`select u.id, w.name as wife, u.extra,
            case when u.person1_id = ${asan} then u.person1_position else u.person2_position end
              as position,
            case when u.person1_id = ${asan} then u.person2_position else u.person1_position end
              as wife_position
          from unions u join persons w on w.id = case when u.person1_id = ${asan}
            then u.person2_id else u.person1_id end
          where ${asan} in (u.person1_id, u.person2_id) order by position`,
    );
    expect(unions.map(({ id: _id, ...rest }) => rest)).toEqual([
      {
        wife: 'Айым Сарыбаева',
        position: 1,
        wife_position: 1,
        extra: [{ tag: '_FAMTAG', value: 'x', children: [] }],
      },
      { wife: 'Бүбү', position: 2, wife_position: 1, extra: null },
    ]);
    const [first, second] = unions;
    const events = await queryRows(
      app.db,
      sql`select union_id, type, custom_type, date->>'text' as date, place_id is not null as placed,
            position
          from events where union_id in (${first?.id ?? 0}, ${second?.id ?? 0})
          order by union_id = ${first?.id ?? 0} desc, position`,
    );
    expect(events).toEqual([
      {
        union_id: first?.id,
        type: 'marriage',
        custom_type: null,
        date: '1870',
        placed: true,
        position: 0,
      },
      {
        union_id: first?.id,
        type: 'divorce',
        custom_type: null,
        date: '1880',
        placed: false,
        position: 1,
      },
      {
        union_id: second?.id,
        type: 'other',
        custom_type: 'ENGA',
        date: '1881',
        placed: false,
        position: 0,
      },
      {
        union_id: second?.id,
        type: 'marriage',
        custom_type: null,
        date: '1882',
        placed: false,
        position: 1,
      },
    ]);
    const citations = await queryRows(
      app.db,
      sql`select c.page, c.quality, c.union_id is not null as on_union
          from citations c where c.union_id = ${first?.id ?? 0}
            or c.event_id in (select id from events where union_id = ${first?.id ?? 0})
          order by c.id`,
    );
    expect(citations).toEqual([
      { page: '7-бет', quality: 1, on_union: false },
      { page: '8-бет', quality: null, on_union: true },
    ]);
  });

  it('keeps the birth family as lineage and the adoptive and foster ones beside it', async () => {
    const rows = await queryRows(
      app.db,
      sql`select p.name, f.name as father, m.name as mother
          from persons p left join persons f on f.id = p.father_id
            left join persons m on m.id = p.mother_id
          where p.id in (${idOf('Үсөн Асанов')}, ${idOf('Жетим')}) order by p.id`,
    );
    expect(rows).toEqual([
      { name: 'Үсөн Асанов', father: 'Асан Бообеков ажы', mother: 'Айым Сарыбаева' },
      // Only an adoptive (foster) family: no lineage father.
      { name: 'Жетим', father: null, mother: null },
    ]);
    const families = await queryRows(
      app.db,
      sql`select c.name as child, f.name as father, m.name as mother, pf.relation, pf.position
          from parent_families pf join persons c on c.id = pf.child_id
            left join persons f on f.id = pf.father_id left join persons m on m.id = pf.mother_id
          where pf.child_id in (${idOf('Үсөн Асанов')}, ${idOf('Жетим')}) order by pf.id`,
    );
    expect(families).toEqual([
      // ADOP HUSB: adopted by the husband only.
      { child: 'Үсөн Асанов', father: 'Тынай', mother: null, relation: 'adopted', position: 0 },
      { child: 'Жетим', father: 'Тынай', mother: 'Калыйча', relation: 'foster', position: 0 },
    ]);
    const [adoption] = await queryRows(
      app.db,
      sql`select type, custom_type, extra from events where person_id = ${idOf('Үсөн Асанов')}
            and custom_type = 'ADOP'`,
    );
    expect(adoption).toEqual({
      type: 'other',
      custom_type: 'ADOP',
      extra: [
        {
          tag: 'FAMC',
          value: '@F3@',
          children: [{ tag: 'ADOP', value: 'HUSB', children: [] }],
          // The family the pointer names, by its parents' ids: the export writes its xref.
          target: { family: [idOf('Тынай'), idOf('Калыйча')] },
        },
      ],
    });
  });
});

describe('GEDCOM import: 7.0 records and long notes', () => {
  it('reads 7.0 name types, SNOTE records and pointers, FAMC.PEDI and date phrases', async () => {
    const { job, idOf } = await imported([
      '0 HEAD',
      '1 GEDC',
      '2 VERS 7.0',
      '0 @I1@ INDI',
      '1 NAME Асан /Бообеков/',
      '2 TYPE OTHER',
      '3 PHRASE DOCUMENTS',
      '1 NAME Аке',
      '2 TYPE PROFESSIONAL',
      '1 SNOTE @N1@',
      '1 BIRT',
      '2 DATE 1901',
      '3 PHRASE жазында',
      '1 FAMC @F1@',
      '2 PEDI ADOPTED',
      '3 PHRASE асырап алган',
      '1 SOUR @VOID@',
      '0 @I2@ INDI',
      '1 NAME Ата',
      '1 SEX M',
      '1 FAMS @F1@',
      '0 @F1@ FAM',
      '1 HUSB @I2@',
      '1 CHIL @I1@',
      '0 @N1@ SNOTE Жалпы эскертүү',
      '1 RESN CONFIDENTIAL',
      '0 TRLR',
    ]);
    expect(job.warnings).toEqual([]);
    const asan = idOf('Асан Бообеков');
    const names = await queryRows(
      app.db,
      sql`select kind, full_name from person_names where person_id = ${asan} order by position`,
    );
    expect(names).toEqual([
      { kind: 'documents', full_name: 'Асан Бообеков' },
      { kind: 'professional', full_name: 'Аке' },
    ]);
    const [person] = await queryRows(
      app.db,
      sql`select father_id, birth_year, birth_date from persons where id = ${asan}`,
    );
    expect(person).toEqual({ father_id: null, birth_year: 1901, birth_date: 'жазында' });
    const [birth] = await queryRows<{ date: Record<string, unknown> }>(
      app.db,
      sql`select date from events where person_id = ${asan}`,
    );
    expect(birth?.date).toMatchObject({ text: '1901', phrase: 'жазында', start: { year: 1901 } });
    const families = await queryRows(
      app.db,
      sql`select father_id, mother_id, relation from parent_families where child_id = ${asan}`,
    );
    expect(families).toEqual([{ father_id: idOf('Ата'), mother_id: null, relation: 'adopted' }]);
    const notes = await queryRows(
      app.db,
      sql`select n.text, n.is_private from note_links l join notes n on n.id = l.note_id
          where l.person_id = ${asan}`,
    );
    expect(notes).toEqual([{ text: 'Жалпы эскертүү', is_private: true }]);
  });

  it('makes a note over 20 000 characters a shared note, and cuts one over the limit with a warning', async () => {
    const long = 'Өмүр баяны. '.repeat(2500);
    const tooLong = 'ы'.repeat(RECORD_LIMITS.noteMaxLength + 10);
    const { job, idOf } = await imported([
      ...HEAD_551,
      '0 @I1@ INDI',
      '1 NAME Узун',
      `1 NOTE ${long}`,
      '0 @I2@ INDI',
      '1 NAME Өтө узун',
      `1 NOTE ${tooLong}`, // line 11
      '0 TRLR',
    ]);
    expect(job.warnings).toEqual([
      {
        line: 11,
        record: '@I2@',
        message: gedcomWarnings.noteTooLong(tooLong.length, RECORD_LIMITS.noteMaxLength),
        kind: 'noteTooLong',
      },
    ]);
    const rows = await queryRows<{ biography: string | null; text: string }>(
      app.db,
      sql`select p.biography, n.text from persons p join note_links l on l.person_id = p.id
            join notes n on n.id = l.note_id
          where p.id in (${idOf('Узун')}, ${idOf('Өтө узун')}) order by p.id`,
    );
    expect(rows.map((r) => [r.biography, r.text.length])).toEqual([
      [null, long.trim().length],
      [null, RECORD_LIMITS.noteMaxLength],
    ]);
    expect(rows[0]?.text).toBe(long.trim());
  });
});

describe("GEDCOM import: one owner's rows from several records", () => {
  /** The owner's events, citations and note links in their order, numbered 0, 1, 2… */
  async function positionsOf(owner: SQL) {
    const rows = await queryRows<{ kind: string; label: string; position: number }>(
      app.db,
      sql`select 'event' as kind, coalesce(custom_type, type) as label, position from events
            where ${owner}
          union all
          select 'citation', c.page, c.position from citations c where ${owner}
          union all
          select 'note', n.text, l.position from note_links l join notes n on n.id = l.note_id
            where ${owner}
          order by kind, position`,
    );
    const of = (kind: string) => {
      const ofKind = rows.filter((r) => r.kind === kind);
      expect(ofKind.map((r) => r.position)).toEqual(ofKind.map((_, i) => i));
      return ofKind.map((r) => r.label);
    };
    return { events: of('event'), citations: of('citation'), notes: of('note') };
  }

  it("numbers a couple's second FAM record's rows after its first's", async () => {
    const { job, idOf } = await imported([
      ...HEAD_551,
      '0 @I1@ INDI',
      '1 NAME Күйөө',
      '1 SEX M',
      '0 @I2@ INDI',
      '1 NAME Аял',
      '1 SEX F',
      '0 @S1@ SOUR',
      '1 TITL Китеп',
      '0 @N1@ NOTE Биринчи',
      '0 @N2@ NOTE Экинчи',
      '0 @F1@ FAM',
      '1 HUSB @I1@',
      '1 WIFE @I2@',
      '1 MARR',
      '2 DATE 1900',
      '1 DIV',
      '2 DATE 1905',
      '1 SOUR @S1@',
      '2 PAGE 1-бет',
      '1 NOTE @N1@',
      '1 _UID биринчи',
      '0 @F2@ FAM',
      '1 HUSB @I1@',
      '1 WIFE @I2@',
      '1 _UID экинчи',
      '1 _WITN @I2@',
      '1 MARR',
      '2 DATE 1910',
      '1 SOUR @S1@',
      '2 PAGE 2-бет',
      '1 NOTE @N2@',
      '0 TRLR',
    ]);
    expect(job.warnings).toEqual([]);
    const [union] = await queryRows<{ id: number }>(
      app.db,
      sql`select id from unions where person1_id = ${idOf('Күйөө')} or person2_id = ${idOf('Күйөө')}`,
    );
    expect(await positionsOf(sql`union_id = ${union?.id ?? 0}`)).toEqual({
      events: ['marriage', 'divorce', 'marriage'],
      citations: ['1-бет', '2-бет'],
      notes: ['Биринчи', 'Экинчи'],
    });
    // Both records' unknown data is the union's, a pointer in it naming its person.
    const [{ extra } = { extra: null }] = await queryRows<{ extra: unknown }>(
      app.db,
      sql`select extra from unions where id = ${union?.id ?? 0}`,
    );
    expect(extra).toEqual([
      { tag: '_UID', value: 'биринчи', children: [] },
      { tag: '_UID', value: 'экинчи', children: [] },
      { tag: '_WITN', value: '@I2@', children: [], target: { person: idOf('Аял') } },
    ]);
  });

  it("numbers a lone spouse's FAM rows after or before the person's own, as the file has them", async () => {
    const lines = [
      ...HEAD_551,
      '0 @S1@ SOUR',
      '1 TITL Китеп',
      '0 @N1@ NOTE Үй-бүлөнүн',
      '0 @N2@ NOTE Өзүнүн',
      // The family comes before its one spouse: its rows come first.
      '0 @F1@ FAM',
      '1 WIFE @I1@',
      '1 _UID f1',
      '1 MARR',
      '2 DATE 1900',
      '1 SOUR @S1@',
      '2 PAGE үй-бүлө',
      '1 NOTE @N1@',
      '0 @I1@ INDI',
      '1 NAME Жалгыз',
      '1 SEX F',
      '1 FAMS @F1@',
      '1 BIRT',
      '2 DATE 1880',
      '1 DEAT',
      '2 DATE 1950',
      '1 SOUR @S1@',
      '2 PAGE өзү',
      '1 NOTE @N2@',
      '0 @I2@ INDI',
      '1 NAME Экинчи',
      '1 SEX M',
      '1 FAMS @F2@',
      '1 BIRT',
      '2 DATE 1881',
      '1 SOUR @S1@',
      '2 PAGE өзү',
      '1 NOTE @N2@',
      // This one comes after: its rows follow the person's.
      '0 @F2@ FAM',
      '1 HUSB @I2@',
      '1 DIV',
      '2 DATE 1920',
      '1 SOUR @S1@',
      '2 PAGE үй-бүлө',
      '1 NOTE @N1@',
      '1 _UID f2',
      '0 TRLR',
    ];
    const { job, idOf } = await imported(lines);
    // Unknown data of a family without a couple has nowhere to live: said, with its lines.
    const lineOf = (line: string) => lines.indexOf(line) + 1;
    expect(job.warnings).toEqual([
      {
        line: lineOf('1 _UID f1'),
        record: '@F1@',
        message: gedcomWarnings.familyDataDropped(
          '_UID',
          2,
          `${lineOf('1 _UID f1')}, ${lineOf('1 _UID f2')}`,
        ),
        kind: 'familyDataDropped',
      },
    ]);
    expect(await positionsOf(sql`person_id = ${idOf('Жалгыз')}`)).toEqual({
      events: ['marriage', 'birth', 'death'],
      citations: ['үй-бүлө', 'өзү'],
      notes: ['Үй-бүлөнүн', 'Өзүнүн'],
    });
    expect(await positionsOf(sql`person_id = ${idOf('Экинчи')}`)).toEqual({
      events: ['birth', 'divorce'],
      citations: ['өзү', 'үй-бүлө'],
      notes: ['Өзүнүн', 'Үй-бүлөнүн'],
    });
  });

  it('says of an unknown tag that a family without a couple drops only that it was dropped', async () => {
    const lines = [
      ...HEAD_551,
      '0 @I1@ INDI',
      '1 NAME Күйөө',
      '1 SEX M',
      '1 XTAG жеке',
      '1 FAMS @F1@',
      '1 FAMS @F2@',
      '0 @I2@ INDI',
      '1 NAME Аял',
      '1 SEX F',
      '1 FAMS @F1@',
      '0 @I3@ INDI',
      '1 NAME Бала',
      '1 FAMC @F3@',
      '0 @F1@ FAM',
      '1 HUSB @I1@',
      '1 WIFE @I2@',
      '1 XTAG жубайлар',
      // A lone spouse's family: its unknown line is dropped, and its event is the spouse's,
      // whose unknown line is kept with the event.
      '0 @F2@ FAM',
      '1 HUSB @I1@',
      '1 XTAG жалгыз',
      '1 MARR',
      '2 XTAG окуя',
      // No spouse at all: the event is dropped with the unknown line under it.
      '0 @F3@ FAM',
      '1 CHIL @I3@',
      '1 MARR',
      '2 DATE 1900',
      '2 YTAG эч кимдики',
      '0 TRLR',
    ];
    const { job } = await imported(lines);
    const lineOf = (line: string) => lines.indexOf(line) + 1;
    const kept = [lineOf('1 XTAG жеке'), lineOf('1 XTAG жубайлар'), lineOf('2 XTAG окуя')];
    const marr = lines.lastIndexOf('1 MARR') + 1;
    expect(job.warnings).toEqual([
      {
        line: kept[0],
        record: null,
        message: gedcomWarnings.unknownTag('XTAG', 3, kept.join(', ')),
        kind: 'unknownTag',
      },
      {
        line: lineOf('1 XTAG жалгыз'),
        record: '@F2@',
        message: gedcomWarnings.familyDataDropped('XTAG', 1, `${lineOf('1 XTAG жалгыз')}`),
        kind: 'familyDataDropped',
      },
      {
        line: marr,
        record: '@F3@',
        message: gedcomWarnings.familyDataDropped('MARR', 1, `${marr}`),
        kind: 'familyDataDropped',
      },
    ]);
    expect(job.warnings_total).toBe(3);
  });
});

describe('GEDCOM import: escaped @@ in 5.5.1', () => {
  const FILE = [
    ...HEAD_551,
    '0 @I1@ INDI',
    '1 NAME Эскертме',
    '1 NOTE @@N1@@',
    '1 SOUR @@S1@@',
    '0 @N1@ NOTE Жазуу',
    '0 TRLR',
  ];

  it('reads a NOTE or SOUR of text that looks like a pointer once unescaped as text', async () => {
    const { job, idOf } = await imported(FILE);
    expect(job.warnings).toEqual([]);
    const person = idOf('Эскертме');
    const [row] = await queryRows(
      app.db,
      sql`select p.biography,
            (select count(*)::int from note_links where person_id = p.id) as note_links,
            (select string_agg(s.title, ',') from citations c join sources s on s.id = c.source_id
              where c.person_id = p.id) as sources
          from persons p where p.id = ${person}`,
    );
    expect(row).toEqual({ biography: '@N1@', note_links: 0, sources: '@S1@' });
  });

  it('does not preview such text as a missing record', async () => {
    const file = gedcomBytes(FILE.filter((line) => !line.startsWith('0 @N1@')));
    expect((await previewGedcomFile(app, admin, file)).warnings).toEqual([]);
  });
});
