import iconv from 'iconv-lite';

/**
 * GEDCOM files for tests, written here rather than copied in: lines → bytes in any encoding a
 * desktop genealogy program writes, with any line end.
 */

export type LineEnd = 'lf' | 'crlf' | 'cr';
export type FixtureEncoding =
  | 'utf-8'
  | 'utf-16le'
  | 'utf-16be'
  | 'windows-1251'
  | 'windows-1252'
  | 'cp437'
  | 'macintosh'
  | 'ansel';

const EOL: Record<LineEnd, string> = { lf: '\n', crlf: '\r\n', cr: '\r' };

/** ANSEL's combining marks, by the Unicode mark they stand for (written before the letter). */
const ANSEL_MARKS: Record<string, number> = {
  '\u0300': 0xe1,
  '\u0301': 0xe2,
  '\u0302': 0xe3,
  '\u0303': 0xe4,
  '\u0306': 0xe6,
  '\u0308': 0xe8,
  '\u030c': 0xe9,
  '\u030a': 0xea,
  '\u0327': 0xf0,
};
const ANSEL_LETTERS: Record<string, number> = { Ł: 0xa1, Ø: 0xa2, ł: 0xb1, ø: 0xb2, æ: 0xb5 };

/** Text → ANSEL: each letter decomposed, its marks moved before it. */
export function encodeAnsel(text: string): Buffer {
  const bytes: number[] = [];
  for (const cluster of text.normalize('NFD').match(/\P{M}\p{M}*/gu) ?? []) {
    const [base = '', ...marks] = [...cluster];
    for (const mark of marks) {
      const byte = ANSEL_MARKS[mark];
      if (byte === undefined)
        throw new Error(`no ANSEL for U+${mark.codePointAt(0)?.toString(16)}`);
      bytes.push(byte);
    }
    const code = base.charCodeAt(0);
    const letter = ANSEL_LETTERS[base];
    if (letter !== undefined) bytes.push(letter);
    else if (code < 0x80) bytes.push(code);
    else throw new Error(`no ANSEL for ${base}`);
  }
  return Buffer.from(bytes);
}

/** Joins lines with `eol` (and one after the last) and encodes them; `bom` adds a byte-order mark. */
export function gedcomBytes(
  lines: readonly string[],
  options: { encoding?: FixtureEncoding; eol?: LineEnd; bom?: boolean } = {},
): Buffer {
  const { encoding = 'utf-8', eol = 'lf', bom = false } = options;
  const text = lines.join(EOL[eol]) + EOL[eol];
  if (encoding === 'ansel') return encodeAnsel(text);
  const bytes = iconv.encode(text, encoding, { addBOM: bom });
  // iconv-lite writes '?' for what a code page lacks: a fixture must hold what it says.
  if (iconv.decode(bytes, encoding) !== text) throw new Error(`${encoding} cannot hold the text`);
  return bytes;
}

/**
 * A small family in GEDCOM 5.5.1: a father and a mother (`names.father`, `names.mother`) and
 * their son (`names.son`, born 1850 in `place`); `char` is the header's CHAR (none if null).
 */
export function familyLines(
  names: { father: string; mother: string; son: string; place?: string },
  char: string | null = 'UTF-8',
): string[] {
  return [
    '0 HEAD',
    '1 GEDC',
    '2 VERS 5.5.1',
    '2 FORM LINEAGE-LINKED',
    ...(char === null ? [] : [`1 CHAR ${char}`]),
    '0 @I1@ INDI',
    `1 NAME ${names.father}`,
    '1 SEX M',
    '1 FAMS @F1@',
    '0 @I2@ INDI',
    `1 NAME ${names.mother}`,
    '1 SEX F',
    '1 FAMS @F1@',
    '0 @I3@ INDI',
    `1 NAME ${names.son}`,
    '1 SEX M',
    '1 BIRT',
    '2 DATE 12 MAR 1850',
    `2 PLAC ${names.place ?? 'Talas'}`,
    '1 FAMC @F1@',
    '0 @F1@ FAM',
    '1 HUSB @I1@',
    '1 WIFE @I2@',
    '1 CHIL @I3@',
    '0 TRLR',
  ];
}
