import { mkdtempSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { gedcomBytes, type FixtureEncoding, type LineEnd } from './gedcom.factories';
import { chooseEncoding, looksCyrillic, notGedcomKind, sampleFile } from './read/encoding';
import { type GedcomNode } from './read/node';
import { readGedcomRecordBatches } from './read/records';
import { GedcomError, ImportReport } from './read/report';

const dir = mkdtempSync(join(tmpdir(), 'bagysh-gedcom-reader-'));
afterAll(() => rm(dir, { recursive: true, force: true }));
let files = 0;

/** Writes `bytes` to a file and reads it the way the import does: records and report. */
async function read(bytes: Buffer): Promise<{ records: GedcomNode[]; report: ImportReport }> {
  const path = join(dir, `f${++files}.ged`);
  writeFileSync(path, bytes);
  const { head, sample } = await sampleFile(path);
  const choice = chooseEncoding(head, sample);
  const report = new ImportReport();
  report.encoding = choice.encoding;
  report.encodingReason = choice.reason;
  const records: GedcomNode[] = [];
  for await (const batch of readGedcomRecordBatches(path, choice, report)) records.push(...batch);
  return { records, report };
}

async function readError(bytes: Buffer): Promise<string> {
  const error: unknown = await read(bytes).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(GedcomError);
  return (error as GedcomError).message;
}

const nameOf = (records: GedcomNode[], xref: string) =>
  records.find((r) => r.xref === xref)?.children.find((c) => c.tag === 'NAME')?.value;

const person = (char: string | null, name: string) => [
  '0 HEAD',
  ...(char === null ? [] : [`1 CHAR ${char}`]),
  '0 @I1@ INDI',
  `1 NAME ${name}`,
  '0 TRLR',
];

describe('GEDCOM reader: encodings', () => {
  const cases: [FixtureEncoding, string | null, string, boolean, string][] = [
    ['utf-8', 'UTF-8', 'Өмүрбек /Үсөнов/', false, 'utf-8'],
    ['utf-8', 'UTF-8', 'Чоткара /Бообеков/', true, 'utf-8'],
    ['utf-8', null, 'Ңаалы /Төлөкөв/', false, 'utf-8'],
    ['utf-16le', 'UNICODE', 'Бообек /Өмүров/', true, 'utf-16le'],
    ['utf-16le', 'UNICODE', 'Бообек /Өмүров/', false, 'utf-16le'],
    ['utf-16be', 'UNICODE', 'Үсөн /Жаңыбаев/', true, 'utf-16be'],
    ['utf-16be', 'UNICODE', 'Үсөн /Жаңыбаев/', false, 'utf-16be'],
    ['windows-1251', 'CP1251', 'Иван /Петров/', false, 'windows-1251'],
    ['windows-1251', 'WINDOWS-1251', 'Ёлкин /Щукин/', false, 'windows-1251'],
    ['windows-1252', 'ANSI', 'François /Müller/', false, 'windows-1252'],
    ['windows-1252', 'CP1252', 'Zoë /Ødegård/', false, 'windows-1252'],
    ['cp437', 'IBMPC', 'José /Müller/', false, 'cp437'],
    ['macintosh', 'MACINTOSH', 'Åsa /Lindén/', false, 'macintosh'],
    ['ansel', 'ANSEL', 'Renée /Łukasz Müller/', false, 'ansel'],
  ];
  it.each(cases)('%s with CHAR %s: %s (BOM %s)', async (encoding, char, name, bom, expected) => {
    for (const eol of ['lf', 'crlf', 'cr'] as LineEnd[]) {
      const { records, report } = await read(
        gedcomBytes(person(char, name), { encoding, eol, bom }),
      );
      expect(report.encoding).toBe(expected);
      expect(nameOf(records, '@I1@')).toBe(name);
      expect(report.warnings()).toEqual([]);
    }
  });

  it('reads a Cyrillic single-byte file as CP1251 whatever its header says', async () => {
    for (const char of [null, 'UTF-8', 'ANSI', 'ANSEL', 'ASCII']) {
      const { records, report } = await read(
        gedcomBytes(person(char, 'Александр /Иванов/'), { encoding: 'windows-1251' }),
      );
      expect(report.encoding).toBe('windows-1251');
      expect(report.encodingReason).toMatch(/кириллица/);
      expect(nameOf(records, '@I1@')).toBe('Александр /Иванов/');
    }
  });

  it('reads a Latin single-byte file without a header as CP1252, and UTF-8 under CHAR ANSEL', async () => {
    const latin = await read(
      gedcomBytes(person(null, 'Sébastien /Müller/'), { encoding: 'windows-1252' }),
    );
    expect(latin.report.encoding).toBe('windows-1252');
    expect(nameOf(latin.records, '@I1@')).toBe('Sébastien /Müller/');
    const utf8 = await read(gedcomBytes(person('ANSEL', 'Асан /Үсөнов/')));
    expect(utf8.report.encoding).toBe('utf-8');
    expect(utf8.report.encodingReason).toMatch(/бирок байттар UTF-8/);
    expect(nameOf(utf8.records, '@I1@')).toBe('Асан /Үсөнов/');
  });

  it('finds the first Cyrillic name far into an ASCII file', async () => {
    const filler = Array.from({ length: 3000 }, (_, i) => [
      `0 @X${i}@ NOTE`,
      `1 CONT ${'x'.repeat(40)}`,
    ]).flat();
    const lines = ['0 HEAD', ...filler, '0 @I1@ INDI', '1 NAME Борис /Годунов/', '0 TRLR'];
    const { records, report } = await read(gedcomBytes(lines, { encoding: 'windows-1251' }));
    expect(report.encoding).toBe('windows-1251');
    expect(nameOf(records, '@I1@')).toBe('Борис /Годунов/');
  });

  it('tells Cyrillic from Latin by runs of letters', () => {
    const bytes = (text: string, encoding: FixtureEncoding) => gedcomBytes([text], { encoding });
    expect(looksCyrillic(bytes('1 NAME Мырзабек /Осмонов/', 'windows-1251'))).toBe(true);
    expect(looksCyrillic(bytes('1 NAME João /Conceição/ Müller', 'windows-1252'))).toBe(false);
  });

  it('reports an undecodable byte with its line instead of storing U+FFFD silently', async () => {
    // A stray byte among UTF-8 names: still UTF-8, that line reported.
    const near = await read(
      Buffer.concat([
        gedcomBytes(['0 HEAD', '1 CHAR UTF-8', '0 @I1@ INDI', '1 NAME Асан /Үсөнов/']),
        Buffer.from('0 @I2@ INDI\n1 NAME Бек'),
        Buffer.from([0xff]),
        Buffer.from('\n0 TRLR\n'),
      ]),
    );
    expect(near.report.encoding).toBe('utf-8');
    expect(nameOf(near.records, '@I1@')).toBe('Асан /Үсөнов/');
    expect(near.report.warnings()).toEqual([
      {
        line: 6,
        record: '@I2@',
        message: expect.stringMatching(/UTF-8 коддоосунда окулбаган/) as string,
        kind: 'undecodable',
      },
    ]);
    const big = Buffer.concat([
      gedcomBytes(['0 HEAD', '1 CHAR UTF-8', '0 @I1@ INDI', '1 NAME Асан']),
      Buffer.from(`${'0 @N1@ NOTE x\n'.repeat(6000)}0 @I2@ INDI\n1 NAME Бек`),
      Buffer.from([0xff]),
      Buffer.from('\n0 TRLR\n'),
    ]);
    const late = await read(big);
    expect(late.report.encoding).toBe('utf-8');
    const [warning] = late.report.warnings();
    expect(warning).toMatchObject({ line: 6006, record: '@I2@' });
    expect(warning?.message).toMatch(/окулбаган байт/);
  });
});

describe('GEDCOM reader: lines and records', () => {
  it('joins CONC and CONT, keeps a 2 MB line, unescapes @@ by version', async () => {
    const long = 'ж'.repeat(2_000_000);
    const { records } = await read(
      gedcomBytes(
        [
          '0 HEAD',
          '1 GEDC',
          '2 VERS 5.5.1',
          '0 @I1@ INDI',
          '1 NAME a@@b',
          `1 NOTE ${long}`,
          '2 CONC соңу',
          '2 CONT экинчи',
          '0 TRLR',
        ],
        { eol: 'crlf' },
      ),
    );
    const indi = records.find((r) => r.xref === '@I1@');
    expect(indi?.children[0]?.value).toBe('a@b');
    expect(indi?.children[1]?.value).toBe(`${long}соңу\nэкинчи`);
    const v7 = await read(
      gedcomBytes(['0 HEAD', '1 GEDC', '2 VERS 7.0', '0 INDI', '1 NAME @@a@@b', '0 TRLR']),
    );
    expect(v7.records[1]).toMatchObject({ xref: null, tag: 'INDI' });
    expect(v7.records[1]?.children[0]?.value).toBe('@a@@b');
  });

  it('reads mixed line ends and counts lines across them', async () => {
    const bytes = Buffer.from('0 HEAD\r\n0 @I1@ INDI\r1 NAME A\n1 XX y\r\n0 TRLR\r');
    const { records, report } = await read(bytes);
    expect(records.map((r) => r.tag)).toEqual(['HEAD', 'INDI']);
    expect(report.warnings()).toEqual([
      {
        line: 4,
        record: null,
        message: expect.stringContaining('XX: 1 жолу (4-сап)') as string,
        kind: 'unknownTag',
      },
    ]);
  });

  it('tallies unknown tags, stray lines, indentation and NUL bytes instead of failing', async () => {
    const lines = ['0 HEAD', '0 @I1@ INDI', '1 NAME A'];
    // Unknown standard-looking tags are tallied; custom `_` tags are expected, not reported.
    for (let i = 0; i < 1000; i++) lines.push(i % 2 ? `1 CUSTOM ${i}` : `1 _CUSTOM ${i}`);
    lines.push('  1 SEX M', 'garbage here', '1 NOTE a\0b', '3 DEEP x', '0 TRLR', 'after');
    const { records, report } = await read(gedcomBytes(lines));
    const indi = records[1];
    expect(indi?.children.find((c) => c.tag === 'SEX')?.value).toBe('M');
    expect(indi?.children.find((c) => c.tag === 'NOTE')?.value).toBe('ab');
    const messages = report.warnings().map((w) => `${w.line}: ${w.message}`);
    expect(messages).toHaveLength(6);
    expect(messages[0]).toMatch(/^5: Белгисиз тег CUSTOM: 500 жолу \(5, 7, .*, 23, …-сап\)/);
    expect(messages.slice(1).join('\n')).toMatch(
      /1004: 1 сап боштук[\s\S]*1005: 1 сап GEDCOM[\s\S]*1006: 1 сапта NUL[\s\S]*1007: 1 саптын деңгээли[\s\S]*1009: 1009-сап «0 TRLR»/,
    );
  });

  it('takes back the unknown tags of dropped data from their count and lines', async () => {
    const lines = ['0 HEAD', '0 @F1@ FAM'];
    for (let i = 0; i < 12; i++) lines.push(`1 CUSTOM ${i}`, `2 OTHER ${i}`);
    lines.push('1 _UID x', '0 TRLR');
    const { records, report } = await read(gedcomBytes(lines));
    const nodes = records[1]?.children ?? [];
    // A listed line (3, with its OTHER on 4), one beyond the listed (25), and a custom tag.
    for (const at of [0, 11, 12]) report.unknownTagsDropped(nodes[at] as GedcomNode);
    expect(report.warnings().map((w) => `${w.line}: ${w.message}`)).toEqual([
      expect.stringMatching(/^5: Белгисиз тег CUSTOM: 10 жолу \(5, 7, .*, 21, …-сап\)/) as string,
      expect.stringMatching(/^6: Белгисиз тег OTHER: 10 жолу \(6, 8, .*, 22, …-сап\)/) as string,
    ]);
    expect(report.warningsTotal).toBe(2);
    for (const node of nodes.slice(1, 11)) report.unknownTagsDropped(node);
    expect(report.warnings()).toEqual([]);
    expect(report.warningsTotal).toBe(0);
  });

  it('skips a line that jumps levels, or cannot be read, with the lines under it', async () => {
    const lines = [
      '0 HEAD',
      '0 @I1@ INDI',
      '1 BIRT',
      '3 DATE 1850',
      '4 CONT x',
      '2 PLAC Талас',
      '1 NAME:Асан',
      '2 GIVN Асан',
      '1 SEX M',
      '0 @I2 INDI',
      '1 NAME Жок',
      '0 @I3@ INDI',
      '0 TRLR',
    ];
    const { records, report } = await read(gedcomBytes(lines));
    expect(records.map((r) => r.xref)).toEqual([null, '@I1@', '@I3@']);
    expect(
      records[1]?.children.map((c) => `${c.tag}:${c.children.map((g) => g.tag).join()}`),
    ).toEqual(['BIRT:PLAC', 'SEX:']);
    expect(report.warnings().map((w) => [w.line, w.record])).toEqual([
      [4, '@I1@'],
      [7, '@I1@'],
    ]);
    expect(report.warnings()[1]?.message).toMatch(/^2 сап GEDCOM түзүлүшүндө эмес \(7, 10-сап;/);
  });

  it('refuses a file cut short, naming its last line', async () => {
    const lines = ['0 HEAD', '0 @I1@ INDI', '1 NAME Асан', '0 @I2@ INDI', '1 NA'];
    expect(await readError(gedcomBytes(lines))).toMatch(/толук эмес.*5-сап/);
    expect(await readError(gedcomBytes(lines.slice(0, 3), { eol: 'cr' }))).toMatch(/3-сап/);
  });

  it('says what a file is when it is not a GEDCOM', async () => {
    expect(notGedcomKind(Buffer.from('PK\x03\x04rest', 'latin1'))).toBe('zip');
    expect(notGedcomKind(Buffer.from('\x89PNG\r\n', 'latin1'))).toMatch(/сүрөт \(PNG\)/);
    expect(notGedcomKind(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toMatch(/JPEG/);
    expect(notGedcomKind(Buffer.from('%PDF-1.7'))).toMatch(/PDF/);
    expect(notGedcomKind(Buffer.from('\ufeff  <!DOCTYPE html><html>'))).toMatch(/веб-барак/);
    expect(notGedcomKind(Buffer.from('0 HEAD\n'))).toBeNull();
    expect(await readError(Buffer.from('Name,Born\nАсан,1850\n'))).toMatch(/«Name,Born» менен/);
  });
});
