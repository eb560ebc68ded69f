import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GEDCOM_WARNINGS_KEPT, type GedcomJob } from '@bagysh/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import { queryRows } from '../../db/client';
import { createTestApp } from '../../test/app';
import { createTestUser, type TestUser } from '../../test/factories';
import { pngFile, zipArchive } from '../files/test/fixtures';
import { familyLines, gedcomBytes, type FixtureEncoding, type LineEnd } from './gedcom.factories';
import { importGedcomFile, lastPersonId, storedBlobs, uploadCopies } from './gedcom.test-support';

let app: App;
let admin: TestUser;
const dataDir = mkdtempSync(join(tmpdir(), 'bagysh-gedcom-import-test-'));
afterAll(() => rm(dataDir, { recursive: true, force: true }));

beforeAll(async () => {
  app = await createTestApp({ dataDir });
  admin = await createTestUser(app, { role: 'admin' });
});

interface StoredPerson {
  id: number;
  name: string;
  sex: string;
  father: string | null;
  mother: string | null;
  birth_year: number | null;
  birth_date: string | null;
  birth_place: string | null;
  biography: string | null;
}

/** Persons written after `after`, in file order, with their parents' names. */
async function personsAfter(after: number): Promise<StoredPerson[]> {
  return queryRows<StoredPerson>(
    app.db,
    sql`select p.id, p.name, p.sex, f.name as father, m.name as mother, p.birth_year,
          p.birth_date, p.birth_place, p.biography
        from persons p left join persons f on f.id = p.father_id
          left join persons m on m.id = p.mother_id
        where p.id > ${after} order by p.id`,
  );
}

/** Tables an import writes, its staging tables included. */
const IMPORT_TABLES = [
  'persons',
  'unions',
  'places',
  'notes',
  'sources',
  'person_names',
  'events',
  'citations',
  'note_links',
  'parent_families',
  'name_keys',
  'files',
  'media_links',
  'gedcom_staging',
  'gedcom_staging_notes',
  'gedcom_staging_sources',
  'gedcom_staging_names',
  'gedcom_staging_events',
  'gedcom_staging_citations',
  'gedcom_staging_note_links',
  'gedcom_staging_parent_families',
  'gedcom_staging_unions',
];

/** Rows an import may leave, in every table it writes. */
async function rowCount(): Promise<number> {
  const [row] = await queryRows<{ count: number }>(
    app.db,
    sql.raw(
      `select ${IMPORT_TABLES.map((t) => `(select count(*)::int from ${t})`).join(' + ')} as count`,
    ),
  );
  return row?.count ?? 0;
}

/** Imports a file that must fail: its message, and nothing written. */
async function rejected(content: Buffer | string, fileName?: string): Promise<string> {
  const before = await rowCount();
  const job = await importGedcomFile(app, admin, dataDir, content, fileName);
  expect(job).toMatchObject({ status: 'failed', persons_created: 0 });
  expect(await rowCount()).toBe(before);
  return job.error ?? '';
}

async function imported(content: Buffer | string, fileName?: string) {
  const after = await lastPersonId(app);
  const job = await importGedcomFile(app, admin, dataDir, content, fileName);
  expect(job.error).toBeNull();
  expect(job.status).toBe('done');
  return { job, persons: await personsAfter(after) };
}

const ENCODINGS: [FixtureEncoding, string | null, string, string, string, string][] = [
  // encoding, header CHAR, the job's encoding label, father, mother, son
  ['utf-8', 'UTF-8', 'UTF-8', 'Чоткара /Бообеков/', 'Бүбүш', 'Өмүрбек /Чоткаров/'],
  ['utf-16le', 'UNICODE', 'UTF-16LE', 'Бообек /Үсөнов/', 'Айзада', 'Ңаалы /Бообеков/'],
  ['utf-16be', 'UNICODE', 'UTF-16BE', 'Үсөн /Төлөков/', 'Гүлбара', 'Жаңыш /Үсөнов/'],
  ['windows-1251', 'WINDOWS-1251', 'CP1251', 'Пётр /Иванов/', 'Анна', 'Сергей /Петров/'],
  ['windows-1251', null, 'CP1251', 'Фёдор /Щукин/', 'Мария', 'Юрий /Щукин/'],
  ['windows-1252', 'ANSI', 'CP1252', 'François /Lefèvre/', 'Zoë', 'José /Müller/'],
  ['cp437', 'IBMPC', 'CP437 (IBMPC)', 'Jürgen /Größ/', 'Ñora', 'Émile /Größ/'],
  ['macintosh', 'MACINTOSH', 'MACINTOSH', 'Åke /Lindén/', 'Ôdile', 'Sören /Lindén/'],
  ['ansel', 'ANSEL', 'ANSEL', 'Łukasz /Dvořák/', 'Renée', 'Søren /Dvořák/'],
];
const LINE_ENDS: LineEnd[] = ['lf', 'crlf', 'cr'];

describe('GEDCOM import: encodings and line ends', () => {
  it.each(ENCODINGS)(
    '%s (CHAR %s) with LF, CRLF and CR lines: every name stored as written',
    async (encoding, char, label, father, mother, son) => {
      const plain = (name: string) => name.replace(/\//g, '').trim();
      for (const eol of LINE_ENDS) {
        const place = encoding === 'windows-1251' ? 'Тюп' : encoding === 'ansel' ? 'Brno' : 'Tüp';
        const bytes = gedcomBytes(familyLines({ father, mother, son, place }, char), {
          encoding,
          eol,
          bom: encoding.startsWith('utf-16'),
        });
        const { job, persons } = await imported(bytes);
        expect(job).toMatchObject({
          persons_created: 3,
          encoding: label,
          warnings: [],
          warnings_total: 0,
        });
        expect(job.encoding_reason).not.toBe('');
        expect(persons).toEqual([
          expect.objectContaining({ name: plain(father), sex: 'M', father: null, mother: null }),
          expect.objectContaining({ name: plain(mother), sex: 'F', father: null, mother: null }),
          expect.objectContaining({
            name: plain(son),
            sex: 'M',
            father: plain(father),
            mother: plain(mother),
            birth_year: 1850,
            birth_date: '12 MAR 1850',
            birth_place: place,
          }),
        ]);
        for (const person of persons) expect(person.name).not.toContain('\ufffd');
      }
    },
  );

  it('says why it read a Cyrillic file declared UTF-8 as CP1251', async () => {
    const bytes = gedcomBytes(
      familyLines({ father: 'Андрей /Козлов/', mother: 'Ольга', son: 'Олег /Козлов/' }, 'UTF-8'),
      { encoding: 'windows-1251', eol: 'crlf' },
    );
    const { job, persons } = await imported(bytes);
    expect(job.encoding).toBe('CP1251');
    expect(job.encoding_reason).toBe(
      'баштамада CHAR UTF-8 деп жазылган, бирок байттар UTF-8 эмес: байттар кириллица тамгаларына окшош (CP1251)',
    );
    expect(persons.map((p) => p.name)).toEqual(['Андрей Козлов', 'Ольга', 'Олег Козлов']);
  });
});

describe('GEDCOM import: GEDCOM 7.0 and GEDZip', () => {
  const v7 = [
    '0 HEAD',
    '1 GEDC',
    '2 VERS 7.0',
    '1 SCHMA',
    '2 TAG _UID https://example.org/uid',
    '0 @I1@ INDI',
    '1 NAME Асан /Бообеков/',
    '1 SEX M',
    '0 @I2@ INDI',
    '1 NAME @@Үсөн',
    '1 SEX M',
    '1 BIRT',
    '2 DATE 1901',
    '3 PHRASE жазында',
    '1 FAMC @F1@',
    '0 @F1@ FAM',
    '1 HUSB @I1@',
    '1 WIFE @VOID@',
    '1 CHIL @I2@',
    '0 INDI',
    '1 NAME Айша /Асанова/',
    '1 SEX F',
    '1 FAMC @VOID@',
    '0 SNOTE Жалпы эскертүү',
    '0 TRLR',
  ];

  it('reads @VOID@ as no pointer, records without xref, a leading @@', async () => {
    const { job, persons } = await imported(gedcomBytes(v7));
    expect(job).toMatchObject({ persons_created: 3, encoding: 'UTF-8' });
    // SCHMA's TAG lines declare extension tags; the SNOTE record is skipped quietly.
    expect(job.warnings).toEqual([]);
    expect(persons).toEqual([
      expect.objectContaining({ name: 'Асан Бообеков', father: null, mother: null }),
      expect.objectContaining({
        name: '@Үсөн',
        father: 'Асан Бообеков',
        mother: null,
        birth_year: 1901,
        birth_date: 'жазында',
      }),
      expect.objectContaining({ name: 'Айша Асанова', sex: 'F', father: null }),
    ]);
  });

  it('reads the GEDCOM of a GEDZip archive and says which of its files no link names', async () => {
    const archive = zipArchive([
      { name: 'gedcom.ged', content: gedcomBytes(v7, { bom: true }) },
      { name: 'photos/asan.jpg', content: Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]) },
    ]);
    const { job, persons } = await imported(archive, 'tree.gdz');
    expect(job.persons_created).toBe(3);
    expect(job.warnings[0]).toEqual({
      line: null,
      record: null,
      message:
        'GEDZip архивиндеги 1 файлга эч бир медиа шилтемеси (OBJE/FILE) жок: алар импорттолгон жок.',
      kind: 'gedzipMedia',
    });
    expect(persons.map((p) => p.name)).toEqual(['Асан Бообеков', '@Үсөн', 'Айша Асанова']);
    // What was taken out of the archive went with the job's copy of the upload.
    expect(uploadCopies(dataDir)).toEqual([]);
  });
});

describe('GEDCOM import: warnings, not rejection', () => {
  it('drops dangling pointers and reports each with its line, record and what was done', async () => {
    const lines = [
      '0 HEAD',
      '1 CHAR UTF-8',
      '0 @I1@ INDI',
      '1 NAME Асан',
      '1 FAMS @F1@',
      '1 FAMS @F404@',
      '0 @I2@ INDI',
      '1 NAME Үсөн',
      '1 FAMC @F1@',
      '0 @I3@ INDI',
      '1 NAME Бек',
      '1 FAMC @F405@',
      '0 @F1@ FAM',
      '1 HUSB @I1@',
      '1 WIFE @I999@',
      '1 CHIL @I2@',
      '1 CHIL @I998@',
      '0 TRLR',
    ];
    const { job, persons } = await imported(gedcomBytes(lines));
    expect(job.persons_created).toBe(3);
    expect(job.warnings).toEqual([
      {
        line: 6,
        record: '@I1@',
        message: '@F404@ табылган жок: шилтеме эске алынган жок.',
        kind: 'dangling',
      },
      {
        line: 12,
        record: '@I3@',
        message: '@F405@ табылган жок: шилтеме эске алынган жок.',
        kind: 'dangling',
      },
      {
        line: 15,
        record: '@F1@',
        message: '@I999@ табылган жок: шилтеме эске алынган жок.',
        kind: 'dangling',
      },
      {
        line: 17,
        record: '@F1@',
        message: '@I998@ табылган жок: шилтеме эске алынган жок.',
        kind: 'dangling',
      },
    ]);
    expect(persons).toEqual([
      expect.objectContaining({ name: 'Асан', father: null, mother: null }),
      expect.objectContaining({ name: 'Үсөн', father: 'Асан', mother: null }),
      expect.objectContaining({ name: 'Бек', father: null, mother: null }),
    ]);
  });

  it('keeps the first warnings and counts them all; the report is stored with the job', async () => {
    const lines = ['0 HEAD', '0 @F1@ FAM'];
    for (let i = 1; i <= 600; i++) lines.push(`1 CHIL @I${1000 + i}@`);
    lines.push('0 @I1@ INDI', '1 NAME Жалгыз', '0 TRLR');
    const { job } = await imported(gedcomBytes(lines));
    expect(job.warnings).toHaveLength(GEDCOM_WARNINGS_KEPT);
    expect(job.warnings_total).toBe(600);
    expect(job.warnings[0]).toMatchObject({ line: 3, record: '@F1@' });
    const [row] = await queryRows<{ report: Pick<GedcomJob, 'encoding' | 'warnings_total'> }>(
      app.db,
      sql`select report from gedcom_jobs where id = ${job.id}::uuid`,
    );
    expect(row?.report).toMatchObject({ encoding: 'UTF-8', warnings_total: 600 });
  });

  it('reports unknown tags once per tag, unparseable dates, look-alikes and NUL bytes', async () => {
    const lines = ['0 HEAD', '1 CHAR UTF-8', '0 @I1@ INDI', '1 NAME Төлөк', '1 FAMS @F1@'];
    // An unknown standard-looking tag is reported; custom `_` tags are expected (not reported).
    for (let i = 0; i < 50; i++) lines.push(i % 2 ? `1 MARKER ${i}` : `1 _MARKER ${i}`);
    lines.push(
      '0 @I2@ INDI', // line 56
      '1 NAME Асан',
      '1 BIRT',
      '2 DATE 1880',
      '1 FAMC @F1@',
      '0 @I3@ INDI', // line 61
      '1 NAME Асан',
      '1 BIRT',
      '2 DATE ABT 1880',
      '1 DEAT',
      '2 DATE кыш, ачарчылык жылы', // line 66
      '1 NOTE Бир\0эки',
      '1 FAMC @F1@',
      '0 @F1@ FAM',
      '1 HUSB @I1@',
      '1 CHIL @I2@',
      '1 CHIL @I3@',
      '0 TRLR',
    );
    const { job, persons } = await imported(gedcomBytes(lines, { eol: 'crlf' }));
    expect(job.persons_created).toBe(3);
    expect(job.warnings).toEqual([
      {
        line: 7,
        record: null,
        message:
          'Белгисиз тег MARKER: 25 жолу (7, 9, 11, 13, 15, 17, 19, 21, 23, 25, …-сап): жазуусунда сакталды (экспортко кайра жазылат), сайтта көрсөтүлбөйт.',
        kind: 'unknownTag',
      },
      {
        line: 61,
        record: '@I3@',
        message:
          '56-саптагы @I2@ менен окшош (аты, туулган жылы жана атасынын аты бирдей): экөө тең импорттолду, текшериңиз.',
        kind: 'duplicatePerson',
      },
      {
        line: 66,
        record: '@I3@',
        message: '«кыш, ачарчылык жылы» GEDCOM датасы катары окулган жок: текст катары сакталды.',
        kind: 'date',
      },
      {
        line: 67,
        record: '@I3@',
        message: '1 сапта NUL (0x00) байты бар (67-сап): алынып салынды.',
        kind: 'nulBytes',
      },
    ]);
    expect(persons[2]).toMatchObject({
      name: 'Асан',
      father: 'Төлөк',
      birth_year: 1880,
      birth_date: 'ABT 1880',
      biography: 'Бирэки',
    });
    const [death] = await queryRows<{ death_date: string }>(
      app.db,
      sql`select death_date from persons where id = ${persons[2]?.id ?? 0}`,
    );
    expect(death?.death_date).toBe('кыш, ачарчылык жылы');
  });

  it('keeps dates written another way as the GEDCOM dates they clearly are, and says so once', async () => {
    // As programs and people write them in Russian-language trees, and one that reads two ways.
    const lines = [
      '0 HEAD',
      '1 CHAR UTF-8',
      '0 @I1@ INDI',
      '1 NAME Асан',
      '1 BIRT',
      '2 DATE 12.03.1925', // line 6
      '1 DEAT',
      '2 DATE ABT. 1990', // line 8
      '0 @I2@ INDI',
      '1 NAME Үсөн',
      '1 BIRT',
      '2 DATE 05/03/1930', // line 12: 5 March or 3 May
      '0 TRLR',
    ];
    const { job, persons } = await imported(gedcomBytes(lines));
    expect(job.warnings).toEqual([
      {
        line: 6,
        record: '@I1@',
        message:
          '2 дата GEDCOM түрүндө эмес жазылган (6, 8-сап), мисалы «12.03.1925»: ар бири бир гана мааниде окулуп, GEDCOM датасы катары сакталды («12 MAR 1925»).',
        kind: 'dateRead',
      },
      {
        line: 12,
        record: '@I2@',
        message: '«05/03/1930» GEDCOM датасы катары окулган жок: текст катары сакталды.',
        kind: 'date',
      },
    ]);
    expect(persons.map((p) => [p.birth_year, p.birth_date])).toEqual([
      [1925, '12 MAR 1925'],
      [1930, '05/03/1930'],
    ]);
    const events = await queryRows<{ type: string; text: string; qualifier: string }>(
      app.db,
      sql`select type, date->>'text' as text, date->>'qualifier' as qualifier from events
          where person_id = ${persons[0]?.id ?? 0} order by position`,
    );
    expect(events).toEqual([
      { type: 'birth', text: '12 MAR 1925', qualifier: 'exact' },
      { type: 'death', text: 'ABT 1990', qualifier: 'about' },
    ]);
  });
});

describe('GEDCOM import: rejections with the line', () => {
  it('refuses a file cut short', async () => {
    const lines = familyLines({ father: 'Асан', mother: 'Айша', son: 'Үсөн' });
    const cut = gedcomBytes(lines.slice(0, 17)).subarray(0, -4);
    expect(await rejected(cut)).toBe(
      'Файл толук эмес (кесилип калган): 17-сап акыркы, аягында «0 TRLR» жок. Файлды кайра сактап жүктөңүз.',
    );
    expect(await rejected(gedcomBytes(lines.slice(0, -1), { eol: 'cr' }))).toMatch(/24-сап акыркы/);
  });

  it('refuses a loop through a mother, naming the persons and their lines', async () => {
    const lines = [
      '0 HEAD',
      '0 @I1@ INDI',
      '1 NAME Айша',
      '1 SEX F',
      '1 FAMC @F2@',
      '0 @I2@ INDI',
      '1 NAME Асан',
      '1 FAMC @F1@',
      '0 @F1@ FAM',
      '1 WIFE @I1@',
      '1 CHIL @I2@',
      '0 @F2@ FAM',
      '1 HUSB @I2@',
      '1 CHIL @I1@',
      '0 TRLR',
    ];
    expect(await rejected(gedcomBytes(lines))).toBe(
      'Инсан өзүнүн ата-бабасы болуп калат (тукум чынжыры туюкталат): @I1@ (2-сап) → @I2@ (6-сап) → @I1@ (2-сап). Файлды оңдоп, кайра жүктөңүз.',
    );
  });

  it('refuses duplicate xrefs, naming both lines', async () => {
    const lines = [
      '0 HEAD',
      '0 @I1@ INDI',
      '1 NAME Асан',
      '0 @I2@ INDI',
      '1 NAME Үсөн',
      '0 @I1@ INDI',
      '1 NAME Бек',
      '0 TRLR',
    ];
    expect(await rejected(gedcomBytes(lines))).toBe(
      '6-сап: @I1@ идентификатору кайталанат (биринчиси 2-сапта). Файлды оңдоп, кайра жүктөңүз.',
    );
    const family = ['0 HEAD', '0 @X1@ INDI', '1 NAME Асан', '0 @X1@ FAM', '0 TRLR'];
    expect(await rejected(gedcomBytes(family))).toMatch(/^4-сап: @X1@ .* 2-сапта/);
  });

  it('says what a file is when it is not a GEDCOM', async () => {
    expect(await rejected(zipArchive([{ name: 'readme.txt', content: 'салам' }]), 'tree.zip')).toBe(
      'Бул GEDCOM файлы эмес: бул ZIP архиви, ичинде GEDCOM (.ged) файлы жок.',
    );
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    expect(await rejected(png)).toBe('Бул GEDCOM файлы эмес: бул сүрөт (PNG).');
    expect(await rejected(Buffer.from('%PDF-1.4\n%âãÏÓ\n'))).toBe(
      'Бул GEDCOM файлы эмес: бул PDF документи.',
    );
    expect(await rejected('<!DOCTYPE html>\n<html><body>404</body></html>\n')).toBe(
      'Бул GEDCOM файлы эмес: бул веб-барак (HTML).',
    );
    expect(await rejected('Аты,Туулган\nАсан,1850\n')).toBe(
      'Бул GEDCOM файлы эмес: GEDCOM «0 HEAD» менен башталат, бул файл «Аты,Туулган» менен башталат.',
    );
  });
});

describe('GEDCOM import: all or nothing', () => {
  /**
   * 3000 persons (two staging batches), the one named `failing` at position 2500; with
   * `photo`, the first 10 link a photo of a GEDZip archive.
   */
  function bigFile(failing: string, photo = false): Buffer {
    const lines = ['0 HEAD', '1 CHAR UTF-8'];
    for (let i = 1; i <= 3000; i++) {
      lines.push(`0 @I${i}@ INDI`, `1 NAME ${i === 2500 ? failing : `Киши ${i}`}`);
      if (photo && i <= 10) lines.push('1 OBJE', `2 FILE photos/${i % 2}.png`, '2 _PRIM Y');
      // Every kind of record, so that a failure has something of each kind to leave behind.
      lines.push('1 BIRT', `2 DATE ${1800 + (i % 200)}`, `2 PLAC Айыл ${i % 7}, Нарын`);
      lines.push('2 SOUR @S1@', `3 PAGE ${i}`, '1 NOTE @N1@', '1 FAMS @F1@', '1 FAMC @F2@');
      lines.push('2 PEDI adopted', '1 _MARK x');
    }
    lines.push('0 @F1@ FAM', '1 HUSB @I1@', '1 WIFE @I2@', '1 MARR', '2 DATE 1850', '1 _X y');
    lines.push('0 @F2@ FAM', '1 HUSB @I3@', '0 @S1@ SOUR', '1 TITL Китеп', '0 @N1@ NOTE Эске');
    lines.push('0 TRLR');
    return gedcomBytes(lines);
  }

  // Four imports of 3000 persons with all their records: slow on PGlite under load.
  it(
    'leaves no row and no file behind when the database fails after the first pass',
    {
      timeout: 150_000,
    },
    async () => {
      // Real database failures, made by triggers: one while staging the second batch (after the
      // first batch is written), one while moving the staged persons into the tree, one at the
      // last table moved (everything else is in by then).
      await app.db.execute(
        sql.raw(`create function gedcom_test_fail() returns trigger language plpgsql as $$
        begin raise exception 'test failure'; end $$`),
      );
      await app.db.execute(
        sql.raw(`create trigger gedcom_test_fail_staging before insert on gedcom_staging
        for each row when (new.name = 'Токто') execute function gedcom_test_fail()`),
      );
      await app.db.execute(
        sql.raw(`create trigger gedcom_test_fail_persons before insert on persons
        for each row when (new.name = 'Токтот') execute function gedcom_test_fail()`),
      );
      await app.db.execute(
        sql.raw(`create function gedcom_test_fail_child() returns trigger language plpgsql as $$
        begin
          if (select name from persons where id = new.child_id) = 'Токтоо' then
            raise exception 'test failure';
          end if;
          return new;
        end $$`),
      );
      await app.db.execute(
        sql.raw(`create trigger gedcom_test_fail_families before insert on parent_families
        for each row execute function gedcom_test_fail_child()`),
      );
      // A GEDZip archive of the same tree with photos: stored by the transaction that fails.
      const gedzip = async (failing: string) =>
        zipArchive([
          { name: 'gedcom.ged', content: bigFile(failing, true) },
          { name: 'photos/0.png', content: await pngFile(30, 30, '#0a0b0c') },
          { name: 'photos/1.png', content: await pngFile(30, 30, '#0c0b0a') },
        ]);
      try {
        for (const failing of ['Токто', 'Токтот', 'Токтоо']) {
          expect(await rejected(bigFile(failing))).toBe(
            'Импорт ийгиликсиз аяктады: маалымат базасынын катасы.',
          );
        }
        for (const failing of ['Токто', 'Токтоо']) {
          expect(await rejected(await gedzip(failing), 'tree.gdz')).toBe(
            'Импорт ийгиликсиз аяктады: маалымат базасынын катасы.',
          );
          // No file on disk either: neither stored blobs nor staged copies.
          expect(storedBlobs(dataDir)).toEqual([]);
        }
      } finally {
        await app.db.execute(sql.raw('drop trigger gedcom_test_fail_staging on gedcom_staging'));
        await app.db.execute(sql.raw('drop trigger gedcom_test_fail_persons on persons'));
        await app.db.execute(sql.raw('drop trigger gedcom_test_fail_families on parent_families'));
        await app.db.execute(sql.raw('drop function gedcom_test_fail'));
        await app.db.execute(sql.raw('drop function gedcom_test_fail_child'));
      }
      // The same file goes in once the database lets it.
      const { job, persons } = await imported(bigFile('Токтот'));
      expect(job.persons_created).toBe(3000);
      expect(persons[2499]?.name).toBe('Токтот');
      expect(storedBlobs(dataDir)).toEqual([]);
    },
  );
});
