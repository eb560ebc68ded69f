import { parseGedcomDate } from '@bagysh/shared';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import { queryRows } from '../../db/client';
import type { GedcomExtraNode } from '../../db/schema/records';
import { createTestApp } from '../../test/app';
import { createTestUser, type TestUser } from '../../test/factories';
import { addPerson } from '../persons/persons.factories';

/**
 * The export of every record of the model, checked line by line in both versions. The records
 * are written with SQL here (the API for them is another issue's), the persons through the API.
 */

let app: App;
let admin: TestUser;
let member: TestUser;
let ids: Awaited<ReturnType<typeof insertTree>>;

beforeAll(async () => {
  app = await createTestApp();
  admin = await createTestUser(app, { role: 'admin' });
  member = await createTestUser(app);
  ids = await insertTree(app, admin);
});

async function insertId(target: App, query: ReturnType<typeof sql>): Promise<number> {
  const [row] = await queryRows<{ id: number }>(target.db, query);
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

const json = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;
const date = (text: string) => parseGedcomDate(text);
const node = (tag: string, value: string, children: GedcomExtraNode[] = []): GedcomExtraNode => ({
  tag,
  value,
  children,
});

/** A small tree with one record of every kind. */
async function insertTree(target: App, owner: TestUser) {
  const db = target.db;
  const country = await insertId(
    target,
    sql`insert into places (name, name_key) values ('Кыргызстан', 'кыргызстан') returning id`,
  );
  const region = await insertId(
    target,
    sql`insert into places (name, name_key, parent_id) values ('Нарын', 'нарын', ${country})
        returning id`,
  );
  const village = await insertId(
    target,
    sql`insert into places (name, name_key, parent_id, latitude, longitude, extra)
        values ('Ат-Башы', 'ат-башы', ${region}, 41.17, -75.8, ${json([node('_PLX', 'айыл')])})
        returning id`,
  );

  const asan = await addPerson(target, owner, { name: 'Молдо Асан Үсөнов', sex: 'M' });
  const aisha = await addPerson(target, owner, { name: 'Айша', sex: 'F', death_year: 1910 });
  const bubu = await addPerson(target, owner, { name: 'Бүбү', sex: 'F', death_year: 1915 });
  const kadyr = await addPerson(target, owner, { name: 'Кадыр', sex: 'M', death_year: 1880 });
  const bakyt = await addPerson(target, owner, {
    name: 'Бакыт',
    sex: 'M',
    father_id: asan.id,
    mother_id: aisha.id,
    birth_year: 1870,
    death_year: 1940,
  });
  const joldosh = await addPerson(target, owner, {
    name: 'Жолдош',
    sex: 'M',
    father_id: kadyr.id,
    birth_year: 1875,
    death_year: 1950,
  });
  const living = await addPerson(target, owner, {
    name: 'Тирүү Бакытов',
    sex: 'F',
    father_id: bakyt.id,
    birth_year: new Date().getFullYear() - 30,
    is_living: true,
  });
  const biography =
    'Узун өмүр баяны @ белгиси менен. ' + 'Ал көп жерди кыдырган. '.repeat(12) + '\nЭкинчи сап.';
  await db.execute(sql`update persons set extra = ${json([node('_UID', 'ABC-1', [node('_SUB', 'x')])])},
      biography = ${biography}, birth_order = 1 where id = ${asan.id}`);

  const names = {
    primary: await insertId(
      target,
      sql`insert into person_names (person_id, kind, given, surname, nickname, prefix, full_name,
            name_key, position, extra)
          values (${asan.id}, 'birth', 'Асан', 'Үсөнов', 'Асеке', 'Молдо', 'Молдо Асан Үсөнов',
            'молдо асан үсөнов', 0, ${json([node('_NX', 'n')])}) returning id`,
    ),
    documents: await insertId(
      target,
      sql`insert into person_names (person_id, kind, given, surname, full_name, name_key, position)
          values (${asan.id}, 'documents', 'Асан', 'Усенов', 'Асан Усенов', 'асан усенов', 1)
          returning id`,
    ),
    romanized: await insertId(
      target,
      sql`insert into person_names (person_id, kind, given, surname, full_name, name_key, position,
            extra)
          values (${asan.id}, 'other', 'Asan', 'Usenov', 'Asan Usenov', 'asan usenov', 2,
            ${json([node('_VARIANT', 'ROMN'), node('_RX', 'r')])})
          returning id`,
    ),
    living: await insertId(
      target,
      sql`insert into person_names (person_id, kind, given, nickname, full_name, name_key, position)
          values (${living.id}, 'aka', 'Тирүү', 'Жашыруун Лакап', 'Тирүү Жашыруун', 'т', 1)
          returning id`,
    ),
  };

  const event = (
    person: number | null,
    union: number | null,
    type: string,
    fields: {
      date?: string;
      place?: number;
      value?: string;
      customType?: string;
      note?: string;
      extra?: GedcomExtraNode[];
      position: number;
    },
  ) => {
    const parsed = fields.date === undefined ? null : date(fields.date);
    return insertId(
      target,
      sql`insert into events (person_id, union_id, type, custom_type, value, date, date_sort,
            place_id, note, position, extra)
          values (${person}, ${union}, ${type}, ${fields.customType ?? null}, ${fields.value ?? null},
            ${parsed === null ? null : json(parsed)}, ${parsed?.sort ?? null},
            ${fields.place ?? null}, ${fields.note ?? null}, ${fields.position},
            ${fields.extra === undefined ? null : json(fields.extra)})
          returning id`,
    );
  };
  const events = {
    birth: await event(asan.id, null, 'birth', {
      date: 'ABT 1850',
      place: village,
      note: 'Жазында туулган',
      extra: [node('_EVX', 'x', [node('_SUB', 'y')])],
      position: 0,
    }),
    occupation: await event(asan.id, null, 'occupation', {
      value: 'Молдо',
      date: 'BET 1870 AND 1880',
      position: 1,
    }),
    migration: await event(asan.id, null, 'migration', { date: 'FROM 1890 TO 1892', position: 2 }),
    military: await event(asan.id, null, 'military', { date: '1895', position: 3 }),
    other: await event(asan.id, null, 'other', {
      customType: 'Ашка барган',
      date: '12 MAR 1880',
      position: 4,
    }),
    death: await event(asan.id, null, 'death', { date: 'INT 1900 (кыштын аягында)', position: 5 }),
    burial: await event(asan.id, null, 'burial', { position: 6 }),
    bc: await event(kadyr.id, null, 'residence', {
      date: '500 B.C.',
      value: 'Эски жер',
      position: 0,
    }),
    baptism: await event(kadyr.id, null, 'christening', {
      customType: 'BAPM',
      date: '1851',
      position: 1,
    }),
    census: await event(kadyr.id, null, 'other', { customType: 'CENS', date: '1870', position: 2 }),
    living: await event(living.id, null, 'residence', {
      value: 'Жашыруун дарек',
      place: village,
      position: 0,
    }),
  };

  const unionAisha = await insertId(
    target,
    sql`insert into unions (person1_id, person2_id, person1_position, person2_position, extra)
        values (${asan.id}, ${aisha.id}, 2, 1, ${json([node('_STAT', 'бирге')])}) returning id`,
  );
  const unionBubu = await insertId(
    target,
    sql`insert into unions (person1_id, person2_id, person1_position, person2_position)
        values (${asan.id}, ${bubu.id}, 1, 1) returning id`,
  );
  const marriage = await event(null, unionAisha, 'marriage', {
    date: '1868',
    place: region,
    position: 0,
  });
  const divorce = await event(null, unionBubu, 'divorce', { position: 0 });
  await event(null, unionBubu, 'other', { customType: 'ENGA', position: 1 });
  await db.execute(sql`insert into parent_families (child_id, father_id, mother_id, relation)
      values (${joldosh.id}, ${asan.id}, ${aisha.id}, 'adopted'),
        (${bakyt.id}, ${kadyr.id}, null, 'step')`);

  const book = await insertId(
    target,
    sql`insert into sources (kind, title, author, publication, repository, call_number, url, text,
          note, extra)
        values ('book', 'Санжыра китеби', 'Осмонаалы Сыдык уулу', 'Бишкек, 1913',
          'Улуттук китепкана', 'К-12', 'https://example.kg/sanjyra', 'Асан Үсөн уулу...',
          'Кол жазма', ${json([node('_SRCX', 's')])})
        returning id`,
  );
  const informant = await insertId(
    target,
    sql`insert into sources (kind, title, author, told_date, told_place_id)
        values ('informant', 'Токтогул атанын айтканы', 'Токтогул ата',
          ${json(date('12 MAR 1995'))}, ${region})
        returning id`,
  );
  const unused = await insertId(
    target,
    sql`insert into sources (title) values ('Эч ким шилтебеген булак') returning id`,
  );
  await db.execute(sql`insert into citations (source_id, person_id, page, quality, note, extra)
      values (${book}, ${asan.id}, 'б. 12', 3, 'Түз далил', ${json([node('_CX', 'c')])})`);
  await db.execute(sql`insert into citations (source_id, event_id, quality)
      values (${informant}, ${events.birth}, 2)`);
  await db.execute(sql`insert into citations (source_id, union_id, page)
      values (${book}, ${unionAisha}, 'б. 13')`);
  await db.execute(sql`insert into citations (source_id, name_id, page)
      values (${book}, ${names.documents}, 'паспорт')`);
  await db.execute(sql`insert into citations (source_id, person_id, page)
      values (${informant}, ${bakyt.id}, 'Бакыт жөнүндө')`);
  await db.execute(sql`insert into citations (source_id, person_id, page)
      values (${book}, ${living.id}, 'Тирүүнүн барагы')`);

  const shared = await insertId(
    target,
    sql`insert into notes (text, extra) values ('Жалпы эскертүү\nэкинчи сап', ${json([node('_NOTX', 'z')])})
        returning id`,
  );
  const secret = await insertId(
    target,
    sql`insert into notes (text, is_private) values ('Жашыруун эскертүү', true) returning id`,
  );
  const livingNote = await insertId(
    target,
    sql`insert into notes (text) values ('Тирүүнүн эскертүүсү') returning id`,
  );
  await db.execute(sql`insert into note_links (note_id, person_id, position) values
      (${shared}, ${asan.id}, 0), (${secret}, ${asan.id}, 1), (${livingNote}, ${living.id}, 0)`);
  await db.execute(
    sql`insert into note_links (note_id, union_id) values (${shared}, ${unionAisha})`,
  );
  await db.execute(sql`insert into note_links (note_id, source_id) values (${shared}, ${book})`);
  await db.execute(
    sql`insert into note_links (note_id, event_id) values (${shared}, ${events.birth})`,
  );

  const file = (name: string, mime: string, kind: string) =>
    insertId(
      target,
      sql`insert into files (name, mime_type, kind, size, checksum, owner_id)
          values (${name}, ${mime}, ${kind}, 10, ${name}, ${owner.id}) returning id`,
    );
  const photo = await file('asan.jpg', 'image/jpeg', 'image');
  const page = await file('barak.pdf', 'application/pdf', 'pdf');
  const livingPhoto = await file('tiruu.png', 'image/png', 'image');
  await db.execute(sql`update persons set photo_file_id = ${photo} where id = ${asan.id}`);
  await db.execute(sql`update persons set photo_file_id = ${livingPhoto} where id = ${living.id}`);
  await db.execute(sql`insert into media_links (file_id, person_id, title)
      values (${photo}, ${asan.id}, 'Асандын сүрөтү')`);
  await db.execute(sql`insert into media_links (file_id, source_id, title)
      values (${page}, ${book}, 'Барак')`);
  await db.execute(sql`insert into media_links (file_id, event_id)
      values (${page}, ${events.birth})`);

  return {
    asan: asan.id,
    aisha: aisha.id,
    bubu: bubu.id,
    kadyr: kadyr.id,
    bakyt: bakyt.id,
    joldosh: joldosh.id,
    living: living.id,
    book,
    informant,
    unused,
    shared,
    secret,
    livingNote,
    photo,
    page,
    livingPhoto,
    marriage,
    divorce,
  };
}

async function exportText(query: string, user: TestUser = admin): Promise<string> {
  const response = await app.inject({ url: `/api/gedcom/export/?${query}`, headers: user.headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.body;
}

/** The lines of the level-0 record that starts with `start` ("0 @I1@ INDI"). */
function record(text: string, start: string): string[] {
  const lines = text.split('\n');
  const from = lines.indexOf(start);
  if (from < 0) throw new Error(`no ${start}`);
  const to = lines.findIndex((line, i) => i > from && line.startsWith('0 '));
  return lines.slice(from, to);
}

const url = (id: number) => `${app.config.publicUrl}/api/files/${id}/download/`;

describe('GEDCOM export of every record', () => {
  it('writes a person with names, events, places, citations, notes and media (5.5.1)', async () => {
    const text = await exportText('version=5.5.1');
    expect(text.split('\n').every((line) => line.length < 256)).toBe(true);
    const f = `@F${ids.asan}_${ids.aisha}@`;
    expect(record(text, `0 @I${ids.asan}@ INDI`)).toEqual([
      `0 @I${ids.asan}@ INDI`,
      '1 NAME Молдо Асан /Үсөнов/',
      '2 NPFX Молдо',
      '2 GIVN Асан',
      '2 NICK Асеке',
      '2 SURN Үсөнов',
      '2 _NX n',
      '1 NAME Асан /Усенов/',
      '2 TYPE documents',
      '2 GIVN Асан',
      '2 SURN Усенов',
      `2 SOUR @S${ids.book}@`,
      '3 PAGE паспорт',
      '2 ROMN Asan /Usenov/',
      '3 GIVN Asan',
      '3 SURN Usenov',
      '3 _RX r',
      '1 SEX M',
      '1 BIRT',
      '2 DATE ABT 1850',
      '2 PLAC Ат-Башы, Нарын, Кыргызстан',
      '3 MAP',
      '4 LATI N41.17',
      '4 LONG W75.8',
      '3 _PLX айыл',
      '2 NOTE Жазында туулган',
      `2 NOTE @N${ids.shared}@`,
      `2 SOUR @S${ids.informant}@`,
      '3 QUAY 2',
      '2 OBJE',
      `3 FILE ${url(ids.page)}`,
      '4 FORM pdf',
      '2 _EVX x',
      '3 _SUB y',
      '1 OCCU Молдо',
      '2 DATE BET 1870 AND 1880',
      '1 _MIGR',
      '2 DATE FROM 1890 TO 1892',
      '1 _MILT',
      '2 DATE 1895',
      '1 EVEN',
      '2 TYPE Ашка барган',
      '2 DATE 12 MAR 1880',
      '1 DEAT',
      '2 DATE INT 1900 (кыштын аягында)',
      '1 BURI',
      // The biography: CONC past 200 characters, CONT at the line break, every @ doubled.
      expect.stringMatching(/^1 NOTE Узун өмүр баяны @@ белгиси менен\. Ал/),
      expect.stringMatching(/^2 CONC /),
      '2 CONT Экинчи сап.',
      `1 NOTE @N${ids.shared}@`,
      `1 SOUR @S${ids.book}@`,
      '2 PAGE б. 12',
      '2 QUAY 3',
      '2 NOTE Түз далил',
      '2 _CX c',
      '1 OBJE',
      `2 FILE ${url(ids.photo)}`,
      '3 FORM jpg',
      '3 TITL Асандын сүрөтү',
      '2 _PRIM Y',
      '1 _BORD 1',
      '1 _UID ABC-1',
      '2 _SUB x',
      // Marriages in his order: Бүбү first (position 1), Айша second, then the adoptive family.
      `1 FAMS @F${ids.asan}_${ids.bubu}@`,
      `1 FAMS ${f}`,
    ]);
    expect(record(text, `0 ${f} FAM`)).toEqual([
      `0 ${f} FAM`,
      `1 HUSB @I${ids.asan}@`,
      `1 WIFE @I${ids.aisha}@`,
      `1 CHIL @I${ids.bakyt}@`,
      `1 CHIL @I${ids.joldosh}@`,
      '1 MARR',
      '2 DATE 1868',
      '2 PLAC Нарын, Кыргызстан',
      `1 NOTE @N${ids.shared}@`,
      `1 SOUR @S${ids.book}@`,
      '2 PAGE б. 13',
      '1 _STAT бирге',
    ]);
    expect(record(text, `0 @F${ids.asan}_${ids.bubu}@ FAM`)).toEqual([
      `0 @F${ids.asan}_${ids.bubu}@ FAM`,
      `1 HUSB @I${ids.asan}@`,
      `1 WIFE @I${ids.bubu}@`,
      '1 DIV',
      '1 ENGA',
    ]);
    // The adopted son: his birth family, then the adoptive one with PEDI.
    expect(record(text, `0 @I${ids.joldosh}@ INDI`).filter((l) => /FAMC|PEDI/.test(l))).toEqual([
      `1 FAMC @F${ids.kadyr}_0@`,
      `1 FAMC ${f}`,
      '2 PEDI adopted',
    ]);
    expect(record(text, `0 @I${ids.bakyt}@ INDI`).filter((l) => /FAMC|PEDI/.test(l))).toEqual([
      `1 FAMC ${f}`,
      `1 FAMC @F${ids.kadyr}_0@`,
      '2 PEDI step',
    ]);
    expect(record(text, `0 @F${ids.kadyr}_0@ FAM`)).toEqual([
      `0 @F${ids.kadyr}_0@ FAM`,
      `1 HUSB @I${ids.kadyr}@`,
      `1 CHIL @I${ids.joldosh}@`,
      `1 CHIL @I${ids.bakyt}@`,
    ]);
    expect(record(text, `0 @I${ids.kadyr}@ INDI`).slice(3, 9)).toEqual([
      '1 RESI Эски жер',
      '2 DATE 500 B.C.',
      '1 BAPM',
      '2 DATE 1851',
      '1 CENS',
      '2 DATE 1870',
    ]);
    expect(record(text, `0 @S${ids.book}@ SOUR`)).toEqual([
      `0 @S${ids.book}@ SOUR`,
      '1 TITL Санжыра китеби',
      '1 AUTH Осмонаалы Сыдык уулу',
      '1 PUBL Бишкек, 1913',
      '1 TEXT Асан Үсөн уулу...',
      `1 REPO @R${ids.book}@`,
      '2 CALN К-12',
      '1 WWW https://example.kg/sanjyra',
      '1 _TYPE BOOK',
      '1 NOTE Кол жазма',
      `1 NOTE @N${ids.shared}@`,
      '1 OBJE',
      `2 FILE ${url(ids.page)}`,
      '3 FORM pdf',
      '3 TITL Барак',
      '1 _SRCX s',
    ]);
    expect(record(text, `0 @R${ids.book}@ REPO`)).toEqual([
      `0 @R${ids.book}@ REPO`,
      '1 NAME Улуттук китепкана',
    ]);
    expect(record(text, `0 @S${ids.informant}@ SOUR`)).toEqual([
      `0 @S${ids.informant}@ SOUR`,
      '1 TITL Токтогул атанын айтканы',
      '1 AUTH Токтогул ата',
      '1 _TYPE INFORMANT',
      '1 DATA',
      '2 DATE 12 MAR 1995',
      '2 PLAC Нарын, Кыргызстан',
    ]);
    // A source no one cites is a record of the tree all the same.
    expect(record(text, `0 @S${ids.unused}@ SOUR`)).toEqual([
      `0 @S${ids.unused}@ SOUR`,
      '1 TITL Эч ким шилтебеген булак',
    ]);
    expect(record(text, `0 @N${ids.shared}@ NOTE Жалпы эскертүү`)).toEqual([
      `0 @N${ids.shared}@ NOTE Жалпы эскертүү`,
      '1 CONT экинчи сап',
      '1 _NOTX z',
    ]);
    expect(text).not.toContain('SNOTE');
    expect(text).not.toContain('SCHMA');
  });

  it('writes the 7.0 forms: SNOTE, OBJE records, TYPE with PHRASE, no CONC, SCHMA', async () => {
    const text = await exportText('version=7.0');
    expect(text).not.toMatch(/^\d+ CONC/m);
    const head = record(text, '0 HEAD');
    for (const tag of ['_LIVING', '_BORD', '_MIGR', '_MILT', '_TYPE', '_PRIM'])
      expect(head).toContain(`2 TAG ${tag} https://bagysh.kg/gedcom/${tag}`);
    // Custom tags kept from imported files, at any depth.
    for (const tag of [
      '_UID',
      '_SUB',
      '_EVX',
      '_PLX',
      '_NX',
      '_CX',
      '_STAT',
      '_SRCX',
      '_NOTX',
      '_RX',
    ])
      expect(head).toContain(`2 TAG ${tag} https://bagysh.kg/gedcom/${tag}`);
    const asan = record(text, `0 @I${ids.asan}@ INDI`);
    expect(asan.slice(7, 10)).toEqual([
      '1 NAME Асан /Усенов/',
      '2 TYPE OTHER',
      '3 PHRASE documents',
    ]);
    expect(asan).toContain(`1 SNOTE @N${ids.shared}@`);
    expect(asan).toContain(`2 SNOTE @N${ids.shared}@`);
    const birth = asan.indexOf('1 BIRT');
    expect(asan.slice(birth, birth + 3)).toEqual([
      '1 BIRT',
      '2 DATE ABT 1850',
      '2 PLAC Ат-Башы, Нарын, Кыргызстан',
    ]);
    expect(asan).toContain('2 DATE 1900');
    expect(asan[asan.indexOf('2 DATE 1900') + 1]).toBe('3 PHRASE кыштын аягында');
    expect(asan).toContain(`1 OBJE @O${ids.photo}@`);
    expect(asan[asan.indexOf(`1 OBJE @O${ids.photo}@`) + 1]).toBe('2 TITL Асандын сүрөтү');
    expect(asan.find((line) => line.startsWith('1 NOTE Узун'))).toContain(
      'Ал көп жерди кыдырган. Ал',
    );
    expect(record(text, `0 @O${ids.photo}@ OBJE`)).toEqual([
      `0 @O${ids.photo}@ OBJE`,
      `1 FILE ${url(ids.photo)}`,
      '2 FORM image/jpeg',
      '2 TITL asan.jpg',
    ]);
    expect(record(text, `0 @O${ids.page}@ OBJE`)).toContain('2 FORM application/pdf');
    expect(record(text, `0 @S${ids.book}@ SOUR`).slice(5, 7)).toEqual([
      `1 REPO @R${ids.book}@`,
      '2 CALN К-12',
    ]);
    expect(record(text, `0 @R${ids.book}@ REPO`)).toEqual([
      `0 @R${ids.book}@ REPO`,
      '1 NAME Улуттук китепкана',
    ]);
    expect(
      record(text, `0 @I${ids.bakyt}@ INDI`).filter((l) => /FAMC|PEDI|PHRASE/.test(l)),
    ).toEqual([
      `1 FAMC @F${ids.asan}_${ids.aisha}@`,
      `1 FAMC @F${ids.kadyr}_0@`,
      '2 PEDI OTHER',
      '3 PHRASE step',
    ]);
    expect(record(text, `0 @I${ids.joldosh}@ INDI`)).toContain('2 PEDI ADOPTED');
    expect(record(text, `0 @N${ids.shared}@ SNOTE Жалпы эскертүү`)).toEqual([
      `0 @N${ids.shared}@ SNOTE Жалпы эскертүү`,
      '1 CONT экинчи сап',
      '1 _NOTX z',
    ]);
  });

  it('shows a living person to members by name and father line only, records included', async () => {
    for (const version of ['5.5.1', '7.0']) {
      const text = await exportText(`version=${version}`, member);
      expect(record(text, `0 @I${ids.living}@ INDI`)).toEqual([
        `0 @I${ids.living}@ INDI`,
        '1 NAME Тирүү Бакытов',
        `1 FAMC @F${ids.bakyt}_0@`,
      ]);
      for (const hidden of [
        'Жашыруун Лакап',
        'Жашыруун дарек',
        'Тирүүнүн барагы',
        'Тирүүнүн эскертүүсү',
        'tiruu.png',
        `@N${ids.livingNote}@`,
        `/files/${ids.livingPhoto}/`,
      ])
        expect(text, hidden).not.toContain(hidden);
      // The rest of the tree is there for members, private notes never.
      expect(text).toContain('Асандын сүрөтү');
      expect(text).not.toContain('Жашыруун эскертүү');
      const withPrivate = await exportText(`version=${version}&private_notes=include`, member);
      expect(withPrivate).not.toContain('Жашыруун эскертүү');
    }
    // Admins see the living person in full.
    const full = await exportText('version=5.5.1');
    expect(full).toContain('Жашыруун Лакап');
    expect(full).toContain('Тирүүнүн эскертүүсү');
    expect(record(full, `0 @I${ids.living}@ INDI`)).toContain('1 _LIVING Y');
  });

  it('writes private notes only for admins who ask, leaves living persons out on request', async () => {
    const plain = await exportText('version=7.0');
    expect(plain).not.toContain('Жашыруун эскертүү');
    expect(plain).not.toContain(`@N${ids.secret}@`);
    for (const version of ['5.5.1', '7.0']) {
      const text = await exportText(`version=${version}&private_notes=include`);
      const tag = version === '7.0' ? 'SNOTE' : 'NOTE';
      expect(record(text, `0 @N${ids.secret}@ ${tag} Жашыруун эскертүү`)).toEqual([
        `0 @N${ids.secret}@ ${tag} Жашыруун эскертүү`,
        '1 RESN PRIVACY',
      ]);
      expect(record(text, `0 @I${ids.asan}@ INDI`)).toContain(`1 ${tag} @N${ids.secret}@`);
    }
    for (const user of [admin, member]) {
      const text = await exportText('version=5.5.1&living=exclude', user);
      expect(text).not.toContain(`@I${ids.living}@`);
      expect(text).not.toContain('Тирүү');
      expect(text).not.toContain('Тирүүнүн эскертүүсү');
      expect(text).toContain(`0 @I${ids.bakyt}@ INDI`);
      expect(text.trimEnd().endsWith('0 TRLR')).toBe(true);
    }
    const bad = await app.inject({
      url: '/api/gedcom/export/?living=maybe',
      headers: admin.headers,
    });
    expect(bad.statusCode).toBe(400);
  });

  it('a subtree carries the sources and notes its records cite, no others', async () => {
    const text = await exportText(`version=5.5.1&root=${ids.bakyt}`);
    expect(text).toContain(`0 @S${ids.informant}@ SOUR`);
    // Cited by the living granddaughter, whom an admin sees in full.
    expect(text).toContain(`0 @S${ids.book}@ SOUR`);
    expect(text).not.toContain(`0 @S${ids.unused}@ SOUR`);
    // Бакыт's step-father is outside the subtree: the link is left out, not dangling.
    expect(text).not.toContain(`@F${ids.kadyr}_0@`);
    // The living granddaughter's note is written: an admin sees her in full.
    expect(text).toContain(`0 @N${ids.livingNote}@ NOTE Тирүүнүн эскертүүсү`);
    // The book's note comes with the book.
    expect(text).toContain(`0 @N${ids.shared}@ NOTE`);
    const forMember = await exportText(`version=5.5.1&root=${ids.bakyt}`, member);
    expect(forMember).not.toContain('Тирүүнүн эскертүүсү');
    expect(forMember).not.toContain('Тирүүнүн барагы');
    expect(forMember).toContain(`0 @S${ids.informant}@ SOUR`);
    expect(forMember).not.toContain(`0 @S${ids.book}@ SOUR`);
    expect(forMember).not.toContain(`0 @N${ids.shared}@ NOTE`);
  });
});
