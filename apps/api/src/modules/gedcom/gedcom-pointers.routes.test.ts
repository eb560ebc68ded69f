import { gedcomWarnings } from '@bagysh/shared';
import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import type { App } from '../../app';
import { queryRows } from '../../db/client';
import { createTestApp } from '../../test/app';
import { createTestUser, type TestUser } from '../../test/factories';
import { seedGenealogy } from '../../demo/persons.seed';
import { addNote, addSource } from '../persons/records.factories';
import { commitGedcomFile, importGedcomFile } from './gedcom.test-support';

// Imports and exports through a second app, on PGlite beside the other files: 20 s was too
// close under CI's load (15 s seen).
vi.setConfig({ testTimeout: 60_000 });

/**
 * Pointers in kept data (an ASSO, a custom `_TAG`) name records of the file they came from.
 * Imported into a tree that already has persons, sources and notes, those records get other
 * ids, so the export must write each pointer as the xref it gives that record. Checked by
 * what the exported pointers lead to (names and titles), never by ids.
 */

const FILE = [
  '0 HEAD',
  '1 GEDC',
  '2 VERS 5.5.1',
  '1 CHAR UTF-8',
  // Defined in this order, @S2@ gets the smaller id: its old xref would name the other.
  '0 @S2@ SOUR',
  '1 TITL Шилтемелүү булак',
  '0 @S1@ SOUR',
  '1 TITL Башка булак',
  '1 _SUBJ @I3@',
  '0 @N1@ NOTE Шилтемелүү эскертүү',
  '1 _ABOUT @I1@',
  '0 @R1@ REPO',
  '1 NAME Архив',
  '0 @I1@ INDI',
  '1 NAME Сыдык /Шилтемеев/',
  '1 SEX M',
  '1 ASSO @I3@',
  '2 RELA Досу',
  '1 _LINK @F2@',
  '1 _SRC @S2@',
  '2 _NOTE @N1@',
  '1 _WITN @R1@',
  // Families without a union: a father's alone, a mother's alone.
  '1 _LNK2 @F3@',
  '1 _LNK3 @F4@',
  '1 _MAIL a@@b.kg',
  '1 _TEXT @@I2@@',
  '1 FAMS @F1@',
  '0 @I2@ INDI',
  '1 NAME Айгүл',
  '1 SEX F',
  '1 FAMS @F1@',
  '0 @I3@ INDI',
  '1 NAME Досмат',
  '1 SEX M',
  '1 FAMC @F2@',
  '0 @I4@ INDI',
  '1 NAME Досматтын Атасы',
  '1 SEX M',
  '1 FAMS @F2@',
  '0 @I5@ INDI',
  '1 NAME Досматтын Энеси',
  '1 SEX F',
  '1 FAMS @F2@',
  '0 @F1@ FAM',
  '1 HUSB @I1@',
  '1 WIFE @I2@',
  '1 _GODP @I4@',
  '0 @F2@ FAM',
  '1 HUSB @I4@',
  '1 WIFE @I5@',
  '1 CHIL @I3@',
  '0 @I6@ INDI',
  '1 NAME Жалгыз Ата',
  '1 SEX M',
  '1 FAMS @F3@',
  '0 @I7@ INDI',
  '1 NAME Атанын Уулу',
  '1 SEX M',
  '1 FAMC @F3@',
  '0 @I8@ INDI',
  '1 NAME Жалгыз Эне',
  '1 SEX F',
  '1 FAMS @F4@',
  '0 @I9@ INDI',
  '1 NAME Эненин Кызы',
  '1 SEX F',
  '1 FAMC @F4@',
  '0 @F3@ FAM',
  '1 HUSB @I6@',
  '1 CHIL @I7@',
  '0 @F4@ FAM',
  '1 WIFE @I8@',
  '1 CHIL @I9@',
  '0 TRLR',
  '',
].join('\n');

/** The same file in GEDCOM 7.0: a leading `@` only is doubled, shared notes are SNOTE. */
const FILE_7 = FILE.replace('2 VERS 5.5.1', '2 VERS 7.0')
  .replace('0 @N1@ NOTE ', '0 @N1@ SNOTE ')
  .replace('1 _MAIL a@@b.kg', '1 _MAIL a@b.kg')
  .replace('1 _TEXT @@I2@@', '1 _TEXT @@I2@');

/** The exported file's records by xref: each one's lines after its level-0 line. */
function recordsOf(text: string): Map<string, string[]> {
  const records = new Map<string, string[]>();
  let current: string[] | null = null;
  for (const line of text.split('\n')) {
    const head = /^0 (@[^@]+@) \w+/.exec(line);
    if (head?.[1]) {
      current = [];
      records.set(head[1], current);
    } else if (line.startsWith('0 ')) current = null;
    else current?.push(line);
  }
  return records;
}

/** The lines of an exported file whose pointer names no record of that file. */
function danglingPointers(text: string, records: Map<string, string[]>): string[] {
  return text.split('\n').filter((line) => {
    const value = /^[1-9]\d* \w+ (@[^@\s]+@)$/.exec(line)?.[1];
    return value !== undefined && value !== '@VOID@' && !records.has(value);
  });
}

/** The value of a record's first line `<level> <tag> …`. */
function valueOf(lines: string[] | undefined, line: string): string | undefined {
  const found = lines?.find((l) => l === line || l.startsWith(`${line} `));
  return found === undefined ? undefined : found.slice(line.length + 1);
}

/** The xref a tree record is exported under, found by its NAME. */
function xrefOfName(records: Map<string, string[]>, name: string): string {
  for (const [xref, lines] of records) if (valueOf(lines, '1 NAME') === name) return xref;
  throw new Error(`no record named ${name}`);
}

async function demoTree(): Promise<{ app: App; admin: TestUser }> {
  const app = await createTestApp();
  await app.db.transaction((tx) => seedGenealogy(tx));
  // Sources and notes before the import's, so theirs get other ids than the file's too.
  await addSource(app, { title: 'Демонун булагы' });
  await addSource(app, { title: 'Демонун экинчи булагы' });
  await addNote(app, 'Демонун эскертүүсү');
  return { app, admin: await createTestUser(app, { role: 'admin' }) };
}

describe('pointers in kept GEDCOM data', () => {
  const cases = [
    ['add', '5.5.1'],
    ['replace', '5.5.1'],
    ['add', '7.0'],
  ] as const;
  for (const [mode, read] of cases) {
    it(`name the same records after a ${read} import (${mode}) and an export, 5.5.1 and 7.0`, async () => {
      const { app, admin } = await demoTree();
      const job = await commitGedcomFile(app, admin, read === '7.0' ? FILE_7 : FILE, mode);
      expect(job.status, job.error ?? '').toBe('done');
      // The REPO record is a source's repository name here, no record of its own: the
      // pointer to it is reported, not kept as a pointer.
      expect(job.warnings).toContainEqual(
        expect.objectContaining({
          kind: 'keptPointer',
          record: '@I1@',
          message: gedcomWarnings.keptPointer('_WITN', 1, '22'),
        }),
      );
      expect(job.warnings.filter((w) => w.kind === 'keptPointer')).toHaveLength(1);

      for (const version of ['5.5.1', '7.0'] as const) {
        const response = await app.inject({
          url: `/api/gedcom/export/?version=${version}`,
          headers: admin.headers,
        });
        expect(response.statusCode).toBe(200);
        const records = recordsOf(response.body);
        const sydyk = records.get(xrefOfName(records, 'Сыдык /Шилтемеев/'));
        const name = (xref: string | undefined) => valueOf(records.get(xref ?? ''), '1 NAME');

        expect(name(valueOf(sydyk, '1 ASSO')), version).toBe('Досмат');
        expect(sydyk, version).toContain('2 RELA Досу');
        const family = records.get(valueOf(sydyk, '1 _LINK') ?? '');
        expect(name(valueOf(family, '1 HUSB')), version).toBe('Досматтын Атасы');
        expect(name(valueOf(family, '1 WIFE')), version).toBe('Досматтын Энеси');
        expect(family, version).toContain(`1 CHIL ${xrefOfName(records, 'Досмат')}`);
        const fathers = records.get(valueOf(sydyk, '1 _LNK2') ?? '');
        expect(name(valueOf(fathers, '1 HUSB')), version).toBe('Жалгыз Ата');
        expect(fathers, version).toContain(`1 CHIL ${xrefOfName(records, 'Атанын Уулу')}`);
        const mothers = records.get(valueOf(sydyk, '1 _LNK3') ?? '');
        expect(name(valueOf(mothers, '1 WIFE')), version).toBe('Жалгыз Эне');
        expect(mothers, version).toContain(`1 CHIL ${xrefOfName(records, 'Эненин Кызы')}`);
        const source = records.get(valueOf(sydyk, '1 _SRC') ?? '');
        expect(valueOf(source, '1 TITL'), version).toBe('Шилтемелүү булак');
        const noteXref = valueOf(sydyk, '2 _NOTE') ?? '';
        const note = [...response.body.split('\n')].find((l) => l.startsWith(`0 ${noteXref} `));
        expect(note, version).toMatch(/ (NOTE|SNOTE) Шилтемелүү эскертүү$/);

        // Pointers in a family's, a source's and a note's kept data.
        const marriage = records.get(valueOf(sydyk, '1 FAMS') ?? '');
        expect(name(valueOf(marriage, '1 _GODP')), version).toBe('Досматтын Атасы');
        const other = [...records.values()].find((l) => valueOf(l, '1 TITL') === 'Башка булак');
        expect(name(valueOf(other, '1 _SUBJ')), version).toBe('Досмат');
        expect(name(valueOf(records.get(noteXref), '1 _ABOUT')), version).toBe('Сыдык /Шилтемеев/');

        // A pointer to no record of ours is no pointer; text that reads like one stays text.
        if (version === '7.0') {
          expect(sydyk).toContain('1 _WITN @VOID@');
          expect(sydyk).toContain('1 _MAIL a@b.kg');
          expect(sydyk).toContain('1 _TEXT @@I2@');
        } else {
          expect(sydyk).toContain('1 _WITN @@R1@@');
          expect(sydyk).toContain('1 _MAIL a@@b.kg');
          expect(sydyk).toContain('1 _TEXT @@I2@@');
        }
      }

      // Сыдык's branch alone: Досмат and his parents are not in that file, the source is.
      const [root] = await queryRows<{ id: number }>(
        app.db,
        sql`select id from persons where name = 'Сыдык Шилтемеев'`,
      );
      for (const version of ['5.5.1', '7.0'] as const) {
        const response = await app.inject({
          url: `/api/gedcom/export/?version=${version}&root=${root?.id}`,
          headers: admin.headers,
        });
        expect(response.statusCode).toBe(200);
        const records = recordsOf(response.body);
        const sydyk = records.get(xrefOfName(records, 'Сыдык /Шилтемеев/'));
        const none = (old: string) => (version === '7.0' ? '@VOID@' : `@@${old}@@`);
        expect(sydyk, version).toContain(`1 ASSO ${none('I3')}`);
        expect(sydyk, version).toContain(`1 _LINK ${none('F2')}`);
        const source = records.get(valueOf(sydyk, '1 _SRC') ?? '');
        expect(valueOf(source, '1 TITL'), version).toBe('Шилтемелүү булак');
      }
    }, 60_000);
  }
});

describe('a pointer in kept data to a living person', () => {
  // Досмат is living: a member's export names him only, with no links, and `living=exclude`
  // leaves him out; a pointer to him must not lead to him in either file.
  // Эненин Кызы, living too, is the only child of a family without a father.
  const LIVING = FILE.replace(
    '1 NAME Досмат\n1 SEX M\n',
    '1 NAME Досмат\n1 SEX M\n1 _LIVING Y\n',
  ).replace('1 NAME Эненин Кызы\n1 SEX F\n', '1 NAME Эненин Кызы\n1 SEX F\n1 _LIVING Y\n');

  it('leads to him in an admin’s full export only', async () => {
    const { app, admin } = await demoTree();
    expect(LIVING.match(/1 _LIVING Y/g)).toHaveLength(2);
    const job = await commitGedcomFile(app, admin, LIVING, 'add');
    expect(job.status, job.error ?? '').toBe('done');
    const member = await createTestUser(app);
    const exports = [
      { who: admin, query: '', leads: true },
      { who: admin, query: '&living=exclude', leads: false },
      { who: member, query: '', leads: false },
      { who: member, query: '&living=exclude', leads: false },
    ];
    for (const { who, query, leads } of exports) {
      for (const version of ['5.5.1', '7.0'] as const) {
        const label = `${who.role} ${version}${query}`;
        const response = await app.inject({
          url: `/api/gedcom/export/?version=${version}${query}`,
          headers: who.headers,
        });
        expect(response.statusCode, label).toBe(200);
        const records = recordsOf(response.body);
        const sydyk = records.get(xrefOfName(records, 'Сыдык /Шилтемеев/'));
        const asso = valueOf(sydyk, '1 ASSO');
        if (leads) expect(valueOf(records.get(asso ?? ''), '1 NAME'), label).toBe('Досмат');
        else expect(asso, label).toBe(version === '7.0' ? '@VOID@' : '@@I3@@');
        // Whatever the file leaves out, no pointer in it names a record it does not have.
        expect(danglingPointers(response.body, records), label).toEqual([]);
      }
    }
  }, 60_000);
});

const ADOPTION = [
  '0 HEAD',
  '1 GEDC',
  '2 VERS 5.5.1',
  '1 CHAR UTF-8',
  '0 @I1@ INDI',
  '1 NAME Ата',
  '1 SEX M',
  '1 FAMS @F1@',
  '0 @I2@ INDI',
  '1 NAME Эне',
  '1 SEX F',
  '1 FAMS @F1@',
  '0 @I3@ INDI',
  '1 NAME Бала',
  '1 FAMC @F1@',
  '2 PEDI adopted',
  '1 ADOP',
  '2 FAMC @F1@',
  '3 ADOP HUSB',
  '0 @I4@ INDI',
  '1 NAME Кыз',
  '1 FAMC @F1@',
  '0 @F1@ FAM',
  '1 HUSB @I1@',
  '1 WIFE @I2@',
  '1 CHIL @I3@',
  '1 CHIL @I4@',
  '0 TRLR',
  '',
].join('\n');

describe("an adoption's ADOP.FAMC, now a pointer in the export", () => {
  it('comes back as one parent family, adopted by the husband', async () => {
    const parentFamilies = (app: App) =>
      queryRows(
        app.db,
        sql`select c.name as child, f.name as father, m.name as mother, pf.relation
            from parent_families pf join persons c on c.id = pf.child_id
              left join persons f on f.id = pf.father_id left join persons m on m.id = pf.mother_id
            order by pf.id`,
      );
    const expected = [{ child: 'Бала', father: 'Ата', mother: null, relation: 'adopted' }];
    const app = await createTestApp();
    const admin = await createTestUser(app, { role: 'admin' });
    const job = await importGedcomFile(app, admin, app.config.dataDir, ADOPTION);
    expect(job.status, job.error ?? '').toBe('done');
    expect(await parentFamilies(app)).toEqual(expected);
    for (const version of ['5.5.1', '7.0'] as const) {
      const text = (
        await app.inject({ url: `/api/gedcom/export/?version=${version}`, headers: admin.headers })
      ).body;
      // The couple's family: the export's FAMC of the adoption is the husband's alone.
      expect(text).toMatch(/\n1 ADOP\n2 FAMC @F\d+_\d+@\n3 ADOP HUSB\n1 FAMC @F\d+_0@\n/);
      const again = await createTestApp();
      const other = await createTestUser(again, { role: 'admin' });
      const reread = await importGedcomFile(again, other, again.config.dataDir, text);
      expect(reread.status, reread.error ?? '').toBe('done');
      expect(await parentFamilies(again), version).toEqual(expected);
    }
  }, 60_000);
});

/** A file of another program: a REPO record, a source citing it, one with a call number only. */
const REPOSITORIES = [
  '0 HEAD',
  '1 GEDC',
  '2 VERS 5.5.1',
  '1 CHAR UTF-8',
  '0 @R1@ REPO',
  '1 NAME Улуттук архив',
  '0 @S1@ SOUR',
  '1 TITL Архивдеги дептер',
  '1 REPO @R1@',
  '2 CALN 12/7',
  '2 NOTE Үчүнчү текче',
  '0 @S2@ SOUR',
  '1 TITL Шифри гана белгилүү',
  '1 REPO',
  '2 CALN К-5',
  '0 @I1@ INDI',
  '1 NAME Дептердеги',
  '1 SOUR @S1@',
  '1 SOUR @S2@',
  '0 TRLR',
  '',
].join('\n');

describe("a source's repository, a REPO record of the file", () => {
  it('comes back named, with its call number and its lines under the pointer to it', async () => {
    const sources = (app: App) =>
      queryRows(
        app.db,
        sql`select title, repository, call_number, extra from sources order by title`,
      );
    const expected = [
      {
        title: 'Архивдеги дептер',
        repository: 'Улуттук архив',
        call_number: '12/7',
        // The citation's other lines; its pointer is the repository itself.
        extra: [
          {
            tag: 'REPO',
            value: '',
            children: [{ tag: 'NOTE', value: 'Үчүнчү текче', children: [] }],
          },
        ],
      },
      { title: 'Шифри гана белгилүү', repository: null, call_number: 'К-5', extra: null },
    ];
    const app = await createTestApp();
    const admin = await createTestUser(app, { role: 'admin' });
    const job = await importGedcomFile(app, admin, app.config.dataDir, REPOSITORIES);
    expect(job.status, job.error ?? '').toBe('done');
    expect(job.warnings).toEqual([]);
    expect(await sources(app)).toEqual(expected);
    for (const version of ['5.5.1', '7.0'] as const) {
      const text = (
        await app.inject({ url: `/api/gedcom/export/?version=${version}`, headers: admin.headers })
      ).body;
      const records = recordsOf(text);
      expect(danglingPointers(text, records), version).toEqual([]);
      const book = [...records.values()].find((l) => valueOf(l, '1 TITL') === 'Архивдеги дептер');
      const repo = valueOf(book, '1 REPO') ?? '';
      // One citation of the repository, its lines under the pointer to the exported record.
      expect(
        book?.filter((line) => line.startsWith('1 REPO')),
        version,
      ).toEqual([`1 REPO ${repo}`]);
      const at = book?.indexOf(`1 REPO ${repo}`) ?? -1;
      expect(book?.slice(at, at + 3), version).toEqual([
        `1 REPO ${repo}`,
        '2 CALN 12/7',
        '2 NOTE Үчүнчү текче',
      ]);
      expect(valueOf(records.get(repo), '1 NAME'), version).toBe('Улуттук архив');

      const again = await createTestApp();
      const other = await createTestUser(again, { role: 'admin' });
      const reread = await importGedcomFile(again, other, again.config.dataDir, text);
      expect(reread.status, reread.error ?? '').toBe('done');
      expect(reread.warnings, version).toEqual([]);
      expect(await sources(again), version).toEqual(expected);
    }
  }, 60_000);
});
