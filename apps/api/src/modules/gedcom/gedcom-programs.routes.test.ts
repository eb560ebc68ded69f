import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { GedcomJob } from '@bagysh/shared';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { App } from '../../app';
import { queryRows } from '../../db/client';
import { createTestApp } from '../../test/app';
import { createTestUser, type TestUser } from '../../test/factories';
import {
  commitGedcomFile,
  importGedcomFile,
  lastPersonId,
  previewGedcomFile,
} from './gedcom.test-support';
import { treeFromFile } from './gedcom-compare.test-support';

// Imports and exports through a second app, on PGlite beside the other files: 20 s was too
// close under CI's load (15 s seen).
vi.setConfig({ testTimeout: 60_000 });

/**
 * Files as other genealogy programs export them (fixtures/: one per program, written by hand in
 * that program's style, with its encoding and line ends byte for byte), imported through the
 * API: what a user relies on comes out right — names, parents, years — and the report says only
 * what is so. Then the whole tree goes out and in again.
 */

const FIXTURES = join(import.meta.dirname, 'fixtures');
const fixture = (name: string) => readFileSync(join(FIXTURES, name));

/** The first `1 NOTE` of a UTF-8 fixture as the file writes it: its value and its CONC lines'. */
function noteIn(name: string): string {
  const lines = fixture(name)
    .toString('utf8')
    .split(/\r\n|\r|\n/);
  const start = lines.findIndex((line) => line.startsWith('1 NOTE '));
  let text = lines[start]?.slice('1 NOTE '.length) ?? '';
  for (const line of lines.slice(start + 1)) {
    if (!line.startsWith('2 CONC ')) break;
    text += line.slice('2 CONC '.length);
  }
  return text;
}

let app: App;
let admin: TestUser;

beforeAll(async () => {
  app = await createTestApp();
  admin = await createTestUser(app, { role: 'admin' });
});

interface Person {
  id: number;
  name: string;
  sex: string;
  father: string | null;
  mother: string | null;
  birth_year: number | null;
  birth_date: string | null;
  birth_place: string | null;
  death_year: number | null;
  death_date: string | null;
  death_place: string | null;
  biography: string | null;
  extra: { tag: string; value: string; target?: unknown; children: unknown[] }[] | null;
}

/** Each person's lineage and the other parent families (adoptive, step…), by names. */
async function tree(target: App, after = 0) {
  const persons = await queryRows<Person>(
    target.db,
    sql`select p.id, p.name, p.sex, f.name as father, m.name as mother, p.birth_year,
          p.birth_date, p.birth_place, p.death_year, p.death_date, p.death_place, p.biography,
          p.extra
        from persons p left join persons f on f.id = p.father_id
          left join persons m on m.id = p.mother_id
        where p.id > ${after} order by p.id`,
  );
  const parentFamilies = await queryRows<{
    child: string;
    father: string | null;
    mother: string | null;
    relation: string;
  }>(
    target.db,
    sql`select c.name as child, f.name as father, m.name as mother, pf.relation
        from parent_families pf join persons c on c.id = pf.child_id
          left join persons f on f.id = pf.father_id left join persons m on m.id = pf.mother_id
        where c.id > ${after} order by c.id, pf.position`,
  );
  return { persons, parentFamilies };
}

/** Name, sex, father, mother and birth year of each person: what the tree page shows. */
const lineage = (persons: Person[]) =>
  persons.map((p) => [p.name, p.sex, p.father, p.mother, p.birth_year]);

/** The kinds of the job's warnings, in line order. */
const kinds = (job: GedcomJob) => job.warnings.map((w) => w.kind);

/** Kept data of a person by tag (what the export writes back). */
const kept = (person: Person | undefined, tag: string) =>
  person?.extra?.filter((node) => node.tag === tag).map((node) => node.value);

/**
 * Previews and imports a fixture: the preview refuses nothing, warns as the import does and
 * counts the persons and events it makes.
 */
async function importFixture(name: string) {
  const after = await lastPersonId(app);
  const preview = await previewGedcomFile(app, admin, fixture(name), name);
  const job = await importGedcomFile(app, admin, app.config.dataDir, fixture(name), name);
  expect(job.error).toBeNull();
  expect(job.status).toBe('done');
  const imported = await tree(app, after);
  const [events] = await queryRows<{ count: number }>(
    app.db,
    sql`select count(*)::int as count from events e left join unions u on u.id = e.union_id
      where e.person_id > ${after} or u.person1_id > ${after}`,
  );
  expect(preview).toMatchObject({
    refusal: null,
    encoding: job.encoding,
    warnings: job.warnings,
    counts: { individuals: imported.persons.length, events: events?.count },
  });
  return { job, ...imported };
}

describe('GEDCOM import: files from other programs', () => {
  it('MyHeritage Family Tree Builder (UTF-8 with BOM, CRLF): names, parents, ABT/BET years, its tags kept', async () => {
    const bytes = fixture('myheritage.ged');
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.toString('utf8')).toContain('\r\n');
    const { job, persons } = await importFixture('myheritage.ged');
    expect(job).toMatchObject({ persons_created: 4, encoding: 'UTF-8', warnings: [] });
    expect(lineage(persons)).toEqual([
      ['Чоткара Бообеков', 'M', null, null, 1870],
      ['Бүбүш Асанова', 'F', null, null, 1875],
      ['Өмүрбек Чоткаров', 'M', 'Чоткара Бообеков', 'Бүбүш Асанова', 1900],
      ['Айзада Чоткарова', 'F', 'Чоткара Бообеков', 'Бүбүш Асанова', 1903],
    ]);
    const [father, mother] = persons;
    expect(persons.map((p) => p.birth_date)).toEqual([
      'ABT 1870',
      'BET 1875 AND 1880',
      '12 MAR 1900',
      null,
    ]);
    expect(father?.birth_place).toBe('Нарын, Кыргызстан');
    expect(kept(father, '_UID')).toEqual(['5F1A2B3C4D5E6F708192A3B4C5D6E7F8']);
    expect(kept(father, 'RIN')).toEqual(['MH:I1']);
    expect(kept(father, '_UPD')).toHaveLength(1);
    // The photo's link (a URL: no file of an archive) stays with its _PRIMARY for the export.
    expect(father?.extra?.find((node) => node.tag === 'OBJE')?.children).toContainEqual(
      expect.objectContaining({ tag: '_PRIMARY', value: 'Y' }),
    );
    expect(kept(mother, '_MARNM')).toEqual(['Бообекова']);
  });

  it('Gramps 5 (GEDCOM 5.5.1): an adopted child, a shared note with CONC/CONT, a repository', async () => {
    const { job, persons, parentFamilies } = await importFixture('gramps-5.ged');
    expect(job).toMatchObject({ persons_created: 4, encoding: 'UTF-8', warnings: [] });
    expect(lineage(persons)).toEqual([
      ['Үсөн Төлөков', 'M', null, null, 1880],
      ['Гүлбара Асанова', 'F', null, null, 1885],
      // Her birth family (the first FAMC, without PEDI) has a father only.
      ['Бактыгүл Асанова', 'F', 'Асан Асанов', null, 1910],
      ['Асан Асанов', 'M', null, null, null],
    ]);
    expect(parentFamilies).toEqual([
      {
        child: 'Бактыгүл Асанова',
        father: 'Үсөн Төлөков',
        mother: 'Гүлбара Асанова',
        relation: 'adopted',
      },
    ]);
    expect(kept(persons[0], '_UID')).toEqual(['3A0F7C2B9E1D4F6A8B5C0D2E4F6A8B1C2D3E']);
    expect(kept(persons[0], 'CHAN')).toHaveLength(1);
    const notes = await queryRows<{ text: string }>(
      app.db,
      sql`select n.text from notes n join note_links l on l.note_id = n.id
        where l.person_id = ${persons[2]?.id ?? 0}`,
    );
    expect(notes).toEqual([
      {
        text:
          'Бактыгүл 1916-жылы Үркүндө ата-энесинен ажырап, Үсөндүн үй-бүлөсүнө берилген.\n' +
          'Бул тууралуу Жаңыш аксакал айтып берген.',
      },
    ]);
    const sources = await queryRows(
      app.db,
      sql`select s.title, s.repository, s.call_number, c.page from citations c
        join sources s on s.id = c.source_id join events e on e.id = c.event_id
        where e.person_id = ${persons[0]?.id ?? 0}`,
    );
    expect(sources).toEqual([
      {
        title: 'Ат-Башы болушунун метрикалык китеби',
        repository: 'Нарын облустук мамлекеттик архиви',
        call_number: 'Ф. 12, оп. 3, д. 45',
        page: '12-бет',
      },
    ]);
  });

  it('Ancestry / Family Tree Maker: _FREL/_MREL Adopted under CHIL, _MILT, a long note in CONC', async () => {
    const { job, persons, parentFamilies } = await importFixture('ancestry.ged');
    expect(job).toMatchObject({ persons_created: 4, encoding: 'UTF-8' });
    expect(lineage(persons)).toEqual([
      ['Бообек Үсөнов', 'M', null, null, 1890],
      ['Айша Токтогулова', 'F', null, null, 1895],
      ['Токтосун Бообеков', 'M', 'Бообек Үсөнов', 'Айша Токтогулова', 1921],
      // `2 _FREL Adopted` + `2 _MREL Adopted`: adopted, not their son by birth.
      ['Сейит Бообеков', 'M', null, null, 1928],
    ]);
    expect(parentFamilies).toEqual([
      {
        child: 'Сейит Бообеков',
        father: 'Бообек Үсөнов',
        mother: 'Айша Токтогулова',
        relation: 'adopted',
      },
    ]);
    const [boobek] = persons;
    // CONC joins without a space: the words split across lines come back whole.
    expect(boobek?.biography).toBe(noteIn('ancestry.ged'));
    expect(boobek?.biography).toContain('фронтко кайткан. 1945-жылы');
    const events = await queryRows(
      app.db,
      sql`select type, date->>'text' as date from events
        where person_id = ${boobek?.id ?? 0} and type <> 'birth'`,
    );
    expect(events).toEqual([{ type: 'military', date: 'FROM 1941 TO 1945' }]);
    // The tag record (_MTTAG) is not imported: its pointer stays as text, and the report says so.
    expect(kinds(job)).toEqual(['keptPointer']);
    expect(job.warnings[0]?.message).toContain('_MTTAG');
  });

  it('FamilySearch PAF (ANSEL, CR line ends): names and places with diacritics exactly', async () => {
    const bytes = fixture('paf-ansel.ged');
    expect(bytes.includes(0x0a)).toBe(false);
    // ANSEL writes the mark before its letter: ř is 0xE9 'r'.
    expect(bytes.includes(Buffer.from([0xe9, 0x72]))).toBe(true);
    const { job, persons } = await importFixture('paf-ansel.ged');
    expect(job).toMatchObject({ persons_created: 4, encoding: 'ANSEL', warnings: [] });
    expect(lineage(persons)).toEqual([
      ['Łukasz Dvořák', 'M', null, null, 1850],
      ['Renée Müller', 'F', null, null, 1853],
      ['Søren Dvořák', 'M', 'Łukasz Dvořák', 'Renée Müller', 1875],
      ['Zoë Dvořáková', 'F', 'Łukasz Dvořák', 'Renée Müller', 1878],
    ]);
    const [lukasz] = persons;
    expect(lukasz).toMatchObject({
      birth_date: '4 FEB 1850',
      birth_place: 'Brno, Morava, Česko',
      death_year: 1911,
      death_place: 'Plzeň, Čechy, Česko',
    });
    expect(persons[3]?.birth_date).toBe('ABT 1878');
    expect(kept(lukasz, '_UID')).toEqual(['5B8A0C1D2E3F40516273849506A7B8C9D0E1']);
    expect(kept(lukasz, 'AFN')).toEqual(['1XG4-QPZ']);
  });

  it('Древо Жизни (CHAR windows-1251): patronymics, dates written 12.03.1925 and "около 1890"', async () => {
    const bytes = fixture('drevo-zhizni-cp1251.ged');
    expect(bytes.toString('utf8')).toContain('\ufffd');
    const { job, persons } = await importFixture('drevo-zhizni-cp1251.ged');
    expect(job).toMatchObject({ persons_created: 5, encoding: 'CP1251' });
    expect(lineage(persons)).toEqual([
      ['Усен Тологонович Бообеков', 'M', null, null, 1890],
      ['Мария Петровна Иванова', 'F', null, null, 1897],
      ['Асан Усенович Бообеков', 'M', 'Усен Тологонович Бообеков', 'Мария Петровна Иванова', 1925],
      ['Анна Сергеевна Щукина', 'F', null, null, 1928],
      ['Пётр Асанович Бообеков', 'M', 'Асан Усенович Бообеков', 'Анна Сергеевна Щукина', 1952],
    ]);
    expect(persons.map((p) => p.birth_date)).toEqual([
      'ABT 1890',
      '5 NOV 1897',
      '12 MAR 1925',
      null,
      '1 SEP 1952',
    ]);
    expect(persons[2]?.birth_place).toBe('г. Нарын, Кыргызстан');
    expect(kinds(job)).toEqual(['dateRead']);
    expect(job.warnings[0]?.message).toMatch(/^4 дата .*«около 1890».*«ABT 1890»/);
  });

  it('GeneWeb: DEAT Y, OCCU, notes under events, ASSO, three persons of one name', async () => {
    const { job, persons } = await importFixture('geneweb.ged');
    // Same name and birth year, but other fathers: no look-alike warning.
    expect(job).toMatchObject({ persons_created: 5, encoding: 'UTF-8', warnings: [] });
    expect(lineage(persons)).toEqual([
      ['Асан Багыш', 'M', null, null, 1850],
      ['Үсөн Багыш', 'M', 'Асан Багыш', null, 1875],
      ['Төлөк Багыш', 'M', 'Асан Багыш', null, 1878],
      ['Асан Багыш', 'M', 'Үсөн Багыш', null, 1900],
      ['Асан Багыш', 'M', 'Төлөк Багыш', null, 1900],
    ]);
    expect(persons.map((p) => [p.death_year, p.death_date])).toEqual([
      [null, 'белгисиз'],
      [null, 'белгисиз'],
      [1930, null],
      [null, null],
      [null, null],
    ]);
    const [asan, , tolok, grandson] = persons;
    expect(grandson?.extra).toEqual([
      {
        tag: 'ASSO',
        value: '@I3@',
        target: { person: tolok?.id },
        children: [{ tag: 'RELA', value: 'godfather', children: [] }],
      },
    ]);
    const events = await queryRows(
      app.db,
      sql`select e.type, e.value, e.note from events e
        where e.person_id = ${asan?.id ?? 0} or e.person_id = ${tolok?.id ?? 0}
        order by e.person_id, e.position`,
    );
    expect(events).toEqual([
      { type: 'birth', value: null, note: 'Туулган жылы уруунун санжырасынан алынган.' },
      // `1 DEAT Y` says the death happened, with no date: kept as written for the export.
      { type: 'death', value: 'Y', note: null },
      { type: 'occupation', value: 'малчы', note: null },
      { type: 'birth', value: null, note: null },
      { type: 'death', value: null, note: 'Кыштын катуусунда каза болгон.' },
    ]);
  });

  it('GEDCOM 7.0 (Gramps Web): SNOTE, EXID, SCHMA tags, PHRASE, @VOID@ pointers, TRAN', async () => {
    const { job, persons, parentFamilies } = await importFixture('gedcom-7.ged');
    expect(job).toMatchObject({ persons_created: 4, encoding: 'UTF-8', warnings: [] });
    expect(lineage(persons)).toEqual([
      ['Жантай Карабеков', 'M', null, null, 1880],
      ['Бурул Сарыбагышева', 'F', null, null, 1885],
      ['Шабдан Жантаев', 'M', 'Жантай Карабеков', 'Бурул Сарыбагышева', 1905],
      // PEDI ADOPTED and no other FAMC: no birth parents known.
      ['Асыл Жантаева', 'F', null, null, 1912],
    ]);
    expect(parentFamilies).toEqual([
      {
        child: 'Асыл Жантаева',
        father: 'Жантай Карабеков',
        mother: 'Бурул Сарыбагышева',
        relation: 'adopted',
      },
    ]);
    const [jantai, burul, shabdan] = persons;
    expect(burul?.birth_date).toBe('1885-жылдар чамасы');
    expect(kept(jantai, 'EXID')).toEqual(['9KQ7-2MX']);
    expect(kept(jantai, '_URUU')).toEqual(['Бугу']);
    expect(shabdan?.extra?.[0]).toMatchObject({ tag: 'ASSO', value: '@VOID@', target: null });
    const notes = await queryRows(
      app.db,
      sql`select n.text from notes n join note_links l on l.note_id = n.id
        where l.person_id = ${jantai?.id ?? 0}`,
    );
    expect(notes).toEqual([
      {
        text:
          'Жантай бий Тоң өрөөнүндөгү бугу уруусунун атактуу бийлеринен болгон.\n' +
          'Анын айтымдары азыр да эл арасында айтылат.',
      },
    ]);
    const names = await queryRows(
      app.db,
      sql`select full_name, extra->0->>'value' as tran from person_names
        where person_id = ${jantai?.id ?? 0}`,
    );
    expect(names).toEqual([{ full_name: 'Жантай Карабеков', tran: 'Zhantai /Karabekov/' }]);
  });

  it('a hand-edited file: mixed line ends, blank lines, spaces, a tab, lowercase tags, no NAME', async () => {
    const text = fixture('hand-edited.ged').toString('utf8');
    expect(text).toMatch(/\r\n/);
    expect(text).toMatch(/\r[^\n]/);
    expect(text).toMatch(/[^\r]\n/);
    expect(text).toContain('\t');
    const { job, persons } = await importFixture('hand-edited.ged');
    expect(job).toMatchObject({ persons_created: 4, encoding: 'UTF-8' });
    expect(lineage(persons)).toEqual([
      ['Аты белгисиз', 'M', null, null, 1898],
      ['Бүбүш Асанова', 'F', null, null, null],
      ['Өмүрбек Чоткаров', 'M', 'Аты белгисиз', 'Бүбүш Асанова', 1925],
      ['Айгүл Чоткарова', 'F', 'Аты белгисиз', 'Бүбүш Асанова', 1930],
    ]);
    const omurbek = persons[2];
    expect(omurbek).toMatchObject({ birth_date: '5 MAY 1925', birth_place: 'Нарын' });
    // A line of 300 characters without CONC: read whole.
    expect(omurbek?.biography).toBe(noteIn('hand-edited.ged'));
    expect(omurbek?.biography).toHaveLength(321);
    // The indented lines are read, and said so; nothing else is worth a warning.
    expect(job.warnings).toEqual([
      expect.objectContaining({ line: 20, kind: 'leadingSpace', record: '@I3@' }),
    ]);
  });

  it('webtrees: RESN, places with MAP coordinates, QUAY, a confidential shared note, a media object', async () => {
    const { job, persons } = await importFixture('webtrees.ged');
    expect(job).toMatchObject({ persons_created: 3, encoding: 'UTF-8' });
    expect(lineage(persons)).toEqual([
      ['Кубат Жолдошев', 'M', null, null, 1890],
      ['Асылбек Кубатов', 'M', 'Кубат Жолдошев', null, 1920],
      ['Гүлбара Асылбекова', 'F', 'Асылбек Кубатов', null, 1985],
    ]);
    const [kubat, asylbek, gulbara] = persons.map((person) => person.id);
    // A plain .ged has no media files: the OBJE record is not imported, its pointer stays as
    // text, and the report says so (a GEDZip brings the files: gedzip.routes.test.ts).
    expect(kinds(job)).toEqual(['keptPointer']);
    expect(job.warnings[0]?.message).toContain('OBJE');
    // The places of the events carry their MAP coordinates.
    const places = await queryRows(
      app.db,
      sql`select e.type, pl.name, pl.latitude, pl.longitude from events e
        join places pl on pl.id = e.place_id where e.person_id = ${kubat ?? 0} order by e.type`,
    );
    expect(places).toEqual([
      { type: 'birth', name: 'Талас', latitude: 42.5228, longitude: 72.2427 },
      { type: 'death', name: 'Бишкек', latitude: 42.8746, longitude: 74.5698 },
    ]);
    // Each citation keeps its page and its QUAY.
    const citations = await queryRows(
      app.db,
      sql`select c.page, c.quality from citations c join events e on e.id = c.event_id
        where e.person_id in (${kubat ?? 0}, ${asylbek ?? 0}) order by c.page`,
    );
    expect(citations).toEqual([
      { page: '12-бет', quality: 3 },
      { page: '14-бет', quality: 1 },
    ]);
    // RESN privacy hides her from guests; the confidential note is the family's only.
    const guest = await app.inject({ url: `/api/persons/${gulbara}/` });
    expect(guest.json()).toMatchObject({ restricted: true, birth_year: null, notes: [] });
    const member = await app.inject({ url: `/api/persons/${gulbara}/`, headers: admin.headers });
    expect(member.json()).toMatchObject({
      birth_year: 1985,
      notes: [{ text: 'Гүлбаранын дареги жана телефону үй-бүлөдө гана.', is_private: true }],
    });
  });

  it('every file above, exported (5.5.1, then 7.0) and imported again, gives the same tree field by field', async () => {
    const before = await treeFromFile(app, admin);
    expect(Object.keys(before.persons)).toHaveLength(37);
    const fresh = await createTestApp();
    const freshAdmin = await createTestUser(fresh, { role: 'admin' });
    for (const [version, mode] of [
      ['5.5.1', 'add'],
      ['7.0', 'replace'],
    ] as const) {
      const response = await app.inject({
        url: `/api/gedcom/export/?version=${version}&private_notes=include`,
        headers: admin.headers,
      });
      expect(response.statusCode).toBe(200);
      // 7.0's pointer to nothing (Шабдан's teacher): 5.5.1 has none, so the ASSO has no value.
      const teacher = version === '7.0' ? '1 ASSO @VOID@\n' : '1 ASSO\n';
      expect(response.body).toContain(`${teacher}2 PHRASE Молдо Бекназар\n2 ROLE OTHER\n`);
      expect(response.body).not.toContain('VOID@@');
      // The hand-edited file's person without NAME has none in the export either.
      expect(response.body).not.toContain('NAME Аты белгисиз');
      const job = await commitGedcomFile(fresh, freshAdmin, response.body, mode, `${version}.ged`);
      expect(job).toMatchObject({ status: 'done', error: null, persons_created: 37 });
      // Nothing is lost on the way: no pointer nor line left out.
      expect(kinds(job)).toEqual([]);
      // Field by field (gedcom-compare.test-support.ts): persons, places, sources, notes.
      expect(await treeFromFile(fresh, freshAdmin), version).toEqual(before);
    }
  });

  it('_FREL/_MREL: the next FAMC is the birth family; a child named on a CHIL line only is linked too', async () => {
    const after = await lastPersonId(app);
    const lines = [
      '0 HEAD',
      '1 GEDC',
      '2 VERS 5.5.1',
      '1 CHAR UTF-8',
      ...['Асан /Бектуров/', 'Зуура', 'Бектур /Асанов/', 'Сайра'].flatMap((name, i) => [
        `0 @I${i + 1}@ INDI`,
        `1 NAME ${name}`,
        `1 FAMS @F${i < 2 ? 1 : 2}@`,
      ]),
      // The adoptive family is listed first, as Family Tree Maker may write it.
      '0 @I5@ INDI',
      '1 NAME Нурбек /Бектуров/',
      '1 FAMC @F2@',
      '1 FAMC @F1@',
      '0 @I6@ INDI',
      '1 NAME Алтынай /Бектурова/',
      '0 @F1@ FAM',
      '1 HUSB @I1@',
      '1 WIFE @I2@',
      '1 CHIL @I5@',
      '0 @F2@ FAM',
      '1 HUSB @I3@',
      '1 WIFE @I4@',
      '1 CHIL @I5@',
      '2 _FREL Adopted',
      '2 _MREL Adopted',
      '1 CHIL @I6@',
      '2 _FREL Foster',
      '2 _MREL Foster',
      '0 TRLR',
    ];
    const job = await importGedcomFile(app, admin, app.config.dataDir, lines.join('\n'));
    expect(job).toMatchObject({ status: 'done', persons_created: 6, warnings: [] });
    const { persons, parentFamilies } = await tree(app, after);
    expect(lineage(persons).slice(4)).toEqual([
      ['Нурбек Бектуров', 'U', 'Асан Бектуров', 'Зуура', null],
      ['Алтынай Бектурова', 'U', null, null, null],
    ]);
    expect(parentFamilies).toEqual([
      { child: 'Нурбек Бектуров', father: 'Бектур Асанов', mother: 'Сайра', relation: 'adopted' },
      { child: 'Алтынай Бектурова', father: 'Бектур Асанов', mother: 'Сайра', relation: 'foster' },
    ]);
  });

  it('_FREL/_MREL that differ: a stepfather who adopted keeps the mother the birth mother, both through an export', async () => {
    const lines = [
      '0 HEAD',
      '1 GEDC',
      '2 VERS 5.5.1',
      '1 CHAR UTF-8',
      '0 @I1@ INDI',
      '1 NAME Бакыт /Осмонов/',
      '1 SEX M',
      '1 FAMS @F1@',
      '0 @I2@ INDI',
      '1 NAME Гүлнара',
      '1 SEX F',
      '1 FAMS @F1@',
      ...['Эрлан', 'Айжан', 'Темир'].flatMap((name, i) => [
        `0 @I${i + 3}@ INDI`,
        `1 NAME ${name}`,
        '1 FAMC @F1@',
      ]),
      '0 @F1@ FAM',
      '1 HUSB @I1@',
      '1 WIFE @I2@',
      // Adopted by his stepfather; his mother's own son.
      '1 CHIL @I3@',
      '2 _FREL Adopted',
      '2 _MREL Natural',
      // Her father's daughter; Гүлнара is her stepmother.
      '1 CHIL @I4@',
      '2 _FREL Natural',
      '2 _MREL Step',
      // Neither parent's by birth, and not the same way.
      '1 CHIL @I5@',
      '2 _FREL Adopted',
      '2 _MREL Foster',
      '0 TRLR',
    ].join('\n');
    const expected = {
      lineage: [
        ['Эрлан', 'U', null, 'Гүлнара', null],
        ['Айжан', 'U', 'Бакыт Осмонов', null, null],
        ['Темир', 'U', null, null, null],
      ],
      parentFamilies: [
        { child: 'Эрлан', father: 'Бакыт Осмонов', mother: null, relation: 'adopted' },
        { child: 'Айжан', father: null, mother: 'Гүлнара', relation: 'step' },
        { child: 'Темир', father: 'Бакыт Осмонов', mother: null, relation: 'adopted' },
        { child: 'Темир', father: null, mother: 'Гүлнара', relation: 'foster' },
      ],
    };
    const sorted = (rows: unknown[]) => rows.map((row) => JSON.stringify(row)).sort();
    let text = lines;
    for (const step of ['file', 'export 5.5.1', 'export 7.0']) {
      const fresh = await createTestApp();
      const freshAdmin = await createTestUser(fresh, { role: 'admin' });
      const job = await commitGedcomFile(fresh, freshAdmin, text, 'add', `${step}.ged`);
      expect(job, step).toMatchObject({ status: 'done', persons_created: 5 });
      expect(kinds(job), step).toEqual([]);
      const { persons, parentFamilies } = await tree(fresh);
      // The export orders persons its own way: compared as sets.
      expect(sorted(lineage(persons).slice(2)), step).toEqual(sorted(expected.lineage));
      expect(sorted(parentFamilies), step).toEqual(sorted(expected.parentFamilies));
      const version = step === 'file' ? '5.5.1' : '7.0';
      const response = await fresh.inject({
        url: `/api/gedcom/export/?version=${version}`,
        headers: freshAdmin.headers,
      });
      expect(response.statusCode).toBe(200);
      text = response.body;
    }
  });
});
