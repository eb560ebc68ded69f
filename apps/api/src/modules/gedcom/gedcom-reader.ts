import { createReadStream } from 'node:fs';
import { gedcomMessages } from '@bagysh/shared';

/**
 * Streaming GEDCOM reading (5.5.1 and 7.0): bytes → text in the file's encoding → lines →
 * level-0 records. Nothing holds more than one record and one read chunk in memory.
 */

export class GedcomError extends Error {
  override name = 'GedcomError';
}

export type GedcomEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252' | 'ansel';

// ---------------------------------------------------------------------------------------------
// Encodings

/** ANSEL (ANSI Z39.47) spacing characters above 0x7F. */
const ANSEL_SPACING: Record<number, string> = {
  0xa1: 'Ł',
  0xa2: 'Ø',
  0xa3: 'Đ',
  0xa4: 'Þ',
  0xa5: 'Æ',
  0xa6: 'Œ',
  0xa7: 'ʹ',
  0xa8: '·',
  0xa9: '♭',
  0xaa: '®',
  0xab: '±',
  0xac: 'Ơ',
  0xad: 'Ư',
  0xae: 'ʼ',
  0xb0: 'ʻ',
  0xb1: 'ł',
  0xb2: 'ø',
  0xb3: 'đ',
  0xb4: 'þ',
  0xb5: 'æ',
  0xb6: 'œ',
  0xb7: 'ʺ',
  0xb8: 'ı',
  0xb9: '£',
  0xba: 'ð',
  0xbc: 'ơ',
  0xbd: 'ư',
  0xbe: '□',
  0xbf: '■',
  0xc0: '°',
  0xc1: 'ℓ',
  0xc2: '℗',
  0xc3: '©',
  0xc4: '♯',
  0xc5: '¿',
  0xc6: '¡',
  0xc7: 'ß',
  0xc8: '€',
  0xcd: 'e',
  0xce: 'o',
  0xcf: 'ß',
};

/** ANSEL combining marks: written before the letter they modify, Unicode puts them after. */
const ANSEL_COMBINING: Record<number, string> = {
  0xe0: '\u0309',
  0xe1: '\u0300',
  0xe2: '\u0301',
  0xe3: '\u0302',
  0xe4: '\u0303',
  0xe5: '\u0304',
  0xe6: '\u0306',
  0xe7: '\u0307',
  0xe8: '\u0308',
  0xe9: '\u030c',
  0xea: '\u030a',
  0xeb: '\ufe20',
  0xec: '\ufe21',
  0xed: '\u0315',
  0xee: '\u030b',
  0xef: '\u0310',
  0xf0: '\u0327',
  0xf1: '\u0328',
  0xf2: '\u0323',
  0xf3: '\u0324',
  0xf4: '\u0325',
  0xf5: '\u0333',
  0xf6: '\u0332',
  0xf7: '\u0326',
  0xf8: '\u031c',
  0xf9: '\u032e',
  0xfa: '\ufe22',
  0xfb: '\ufe23',
  0xfe: '\u0313',
};

/** A streaming ANSEL decoder: combining marks wait for their base letter, across chunks. */
class AnselDecoder {
  private pending = '';

  decode(bytes: Uint8Array, options: { stream?: boolean } = {}): string {
    let out = '';
    for (const byte of bytes) {
      const mark = ANSEL_COMBINING[byte];
      if (mark !== undefined) {
        this.pending += mark;
        continue;
      }
      const char = byte < 0x80 ? String.fromCharCode(byte) : (ANSEL_SPACING[byte] ?? '\ufffd');
      // A mark before a line break has no letter: keep it rather than move it to the next line.
      out += char === '\n' || char === '\r' ? this.pending + char : char + this.pending;
      this.pending = '';
    }
    if (!options.stream) {
      out += this.pending;
      this.pending = '';
    }
    return out;
  }
}

interface TextDecoderLike {
  decode(bytes: Uint8Array, options?: { stream?: boolean }): string;
}

/**
 * The encoding of a GEDCOM file from its first bytes: a byte-order mark, the zero bytes of
 * UTF-16 around the leading "0", or else the `1 CHAR` line of the header (ANSEL, ANSI, ASCII,
 * UTF-8). Without any of these the file is read as UTF-8, the only encoding of GEDCOM 7.0.
 */
export function detectEncoding(head: Uint8Array): { encoding: GedcomEncoding; bom: number } {
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf)
    return { encoding: 'utf-8', bom: 3 };
  if (head[0] === 0xff && head[1] === 0xfe) return { encoding: 'utf-16le', bom: 2 };
  if (head[0] === 0xfe && head[1] === 0xff) return { encoding: 'utf-16be', bom: 2 };
  if (head[0] === 0x30 && head[1] === 0x00) return { encoding: 'utf-16le', bom: 0 };
  if (head[0] === 0x00 && head[1] === 0x30) return { encoding: 'utf-16be', bom: 0 };
  const text = Buffer.from(head.subarray(0, 8192)).toString('latin1');
  const declared = /(?:^|[\r\n])\s*1\s+CHAR\s+(\S+)/.exec(text)?.[1]?.toUpperCase();
  switch (declared) {
    case 'ANSEL':
      return { encoding: 'ansel', bom: 0 };
    case 'ANSI':
    case 'WINDOWS-1252':
    case 'CP1252':
    case 'IBMPC':
    case 'MACINTOSH':
      return { encoding: 'windows-1252', bom: 0 };
    default:
      return { encoding: 'utf-8', bom: 0 };
  }
}

function decoderFor(encoding: GedcomEncoding): TextDecoderLike {
  return encoding === 'ansel' ? new AnselDecoder() : new TextDecoder(encoding);
}

/** The file's text, chunk by chunk, in its own encoding. */
async function* readText(
  path: string,
  onEncoding?: (encoding: GedcomEncoding) => void,
): AsyncGenerator<string> {
  let decoder: TextDecoderLike | undefined;
  for await (const chunk of createReadStream(path, { highWaterMark: 256 * 1024 })) {
    let bytes = chunk as Buffer;
    if (!decoder) {
      const { encoding, bom } = detectEncoding(bytes);
      onEncoding?.(encoding);
      decoder = decoderFor(encoding);
      bytes = bytes.subarray(bom);
    }
    yield decoder.decode(bytes, { stream: true });
  }
  if (decoder) yield decoder.decode(new Uint8Array(), { stream: false });
}

// ---------------------------------------------------------------------------------------------
// Lines and records

const WHITESPACE = (code: number) => code === 32 || code === 9;
const TAG_CHAR = (code: number) =>
  (code >= 48 && code <= 57) ||
  (code >= 65 && code <= 90) ||
  (code >= 97 && code <= 122) ||
  code === 95;
/** Whether a value has a combining mark: only then can it need NFC (the common case skips it). */
function hasCombiningMark(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c < 0x300) continue;
    if (c <= 0x36f || (c >= 0x1dc0 && c <= 0x1dff) || (c >= 0x20d0 && c <= 0x20ff)) return true;
    if (c >= 0xfe20 && c <= 0xfe2f) return true;
  }
  return false;
}

/**
 * `level [@xref@] TAG [value]`, by hand rather than by regular expression: it runs for every
 * line of a million-person file, twice. Null when the line does not have that shape.
 */
export function parseLine(
  text: string,
): { level: number; xref: string | null; tag: string; value: string } | null {
  const n = text.length;
  let i = 0;
  while (i < n && WHITESPACE(text.charCodeAt(i))) i++;
  let level = 0;
  const levelStart = i;
  while (i < n) {
    const code = text.charCodeAt(i);
    if (code < 48 || code > 57) break;
    level = level * 10 + code - 48;
    i++;
  }
  if (i === levelStart || i - levelStart > 2 || i === n || !WHITESPACE(text.charCodeAt(i))) {
    return null;
  }
  while (i < n && WHITESPACE(text.charCodeAt(i))) i++;
  let xref: string | null = null;
  if (text.charCodeAt(i) === 64) {
    const end = text.indexOf('@', i + 1);
    if (end <= i + 1 || end + 1 >= n || !WHITESPACE(text.charCodeAt(end + 1))) return null;
    xref = text.slice(i, end + 1);
    if (/\s/.test(xref)) return null;
    i = end + 1;
    while (i < n && WHITESPACE(text.charCodeAt(i))) i++;
  }
  const tagStart = i;
  while (i < n && TAG_CHAR(text.charCodeAt(i))) i++;
  if (i === tagStart) return null;
  const tag = text.slice(tagStart, i).toUpperCase();
  let value = '';
  if (i < n) {
    if (text.charCodeAt(i) !== 32) return null;
    value = text.slice(i + 1);
    if (hasCombiningMark(value)) value = value.normalize('NFC');
  }
  return { level, xref, tag, value };
}

export interface GedcomNode {
  line: number;
  tag: string;
  xref: string | null;
  value: string;
  children: GedcomNode[];
}

/**
 * Turns lines into level-0 records, synchronously: the async machinery runs once per read
 * chunk, not once per line (a million-person file has ten million lines). CONT and CONC are
 * folded into the value they continue; '@@' is unescaped the way the file's version says
 * (every one in 5.5.1, a leading one in 7.0, which the header tells before any other record).
 */
class RecordAssembler {
  private record: GedcomNode | undefined;
  private readonly stack: GedcomNode[] = [];
  private previousLevel = -1;
  private version7 = false;
  readonly done: GedcomNode[] = [];

  private unescape(value: string): string {
    return this.version7 ? value.replace(/^@@/, '@') : value.replace(/@@/g, '@');
  }

  line(number: number, raw: string): void {
    const text = number === 1 ? raw.replace(/^\ufeff/, '') : raw;
    if (text.trim() === '') return;
    const parsed = parseLine(text);
    if (!parsed) {
      throw new GedcomError(
        gedcomMessages.malformedLine(number, 'күтүлгөн түзүлүш: деңгээл [@id@] ТЕГ [маани]'),
      );
    }
    const { level } = parsed;
    if (this.previousLevel === -1 && (level !== 0 || parsed.tag !== 'HEAD')) {
      throw new GedcomError(gedcomMessages.notGedcom);
    }
    if (level > this.previousLevel + 1) {
      throw new GedcomError(
        gedcomMessages.malformedLine(number, `деңгээл ${this.previousLevel}ден ${level}ге секирет`),
      );
    }
    this.previousLevel = level;
    if (level === 0) {
      this.flush();
      this.record = {
        line: number,
        tag: parsed.tag,
        xref: parsed.xref,
        value: parsed.value,
        children: [],
      };
      this.stack.length = 0;
      this.stack.push(this.record);
      return;
    }
    this.stack.length = level;
    const parent = this.stack[level - 1];
    if (!parent) throw new GedcomError(gedcomMessages.malformedLine(number, 'ата-теги жок'));
    if (parsed.tag === 'CONT' || parsed.tag === 'CONC') {
      parent.value += (parsed.tag === 'CONT' ? '\n' : '') + this.unescape(parsed.value);
      this.stack.push(parent);
      return;
    }
    const node: GedcomNode = {
      line: number,
      tag: parsed.tag,
      xref: parsed.xref,
      value: this.unescape(parsed.value),
      children: [],
    };
    parent.children.push(node);
    this.stack.push(node);
  }

  /** Ends the record being read (at the next level-0 line, or at the end of the file). */
  flush(): void {
    if (!this.record) return;
    if (this.record.tag === 'HEAD') this.version7 = headerVersion(this.record).startsWith('7');
    this.done.push(this.record);
    this.record = undefined;
  }

  finish(): void {
    if (this.previousLevel === -1) throw new GedcomError(gedcomMessages.notGedcom);
    this.flush();
  }
}

/**
 * Level-0 records with their substructures, a read chunk's worth at a time. Lines end with CR,
 * LF, CRLF or LFCR; a line that is not `level [@xref@] TAG [value]` fails with its number.
 */
export async function* readGedcomRecordBatches(
  path: string,
  onEncoding?: (encoding: GedcomEncoding) => void,
): AsyncGenerator<GedcomNode[]> {
  const assembler = new RecordAssembler();
  let buffer = '';
  let number = 0;
  for await (const chunk of readText(path, onEncoding)) {
    buffer += chunk;
    let start = 0;
    for (let i = 0; i < buffer.length; i++) {
      const code = buffer.charCodeAt(i);
      if (code !== 10 && code !== 13) continue;
      // A CR at the very end may be the first half of CRLF: wait for the next chunk.
      if (i === buffer.length - 1 && code === 13) break;
      const next = buffer.charCodeAt(i + 1);
      number += 1;
      assembler.line(number, buffer.slice(start, i));
      if ((code === 13 && next === 10) || (code === 10 && next === 13)) i++;
      start = i + 1;
    }
    buffer = buffer.slice(start);
    if (assembler.done.length > 0) yield assembler.done.splice(0);
  }
  if (buffer.length > 0) assembler.line(number + 1, buffer);
  assembler.finish();
  if (assembler.done.length > 0) yield assembler.done.splice(0);
}

/** `HEAD.GEDC.VERS`: '5.5.1', '7.0', … ('' when absent). */
export function headerVersion(head: GedcomNode): string {
  const gedc = head.children.find((child) => child.tag === 'GEDC');
  return gedc?.children.find((child) => child.tag === 'VERS')?.value.trim() ?? '';
}

export function child(node: GedcomNode, tag: string): GedcomNode | undefined {
  return node.children.find((c) => c.tag === tag);
}
