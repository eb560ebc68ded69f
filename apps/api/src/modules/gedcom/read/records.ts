import { gedcomMessages, gedcomWarnings } from '@bagysh/shared';
import { encodingLabel, readText, type EncodingChoice } from './encoding';
import { headerVersion, isUnknownTag, type GedcomNode } from './node';
import { GedcomError, type ImportReport } from './report';

/**
 * Streaming GEDCOM reading (5.5, 5.5.1, 5.5.5 and 7.0): bytes → text in the file's encoding →
 * lines → level-0 records. Nothing holds more than one record and one read chunk in memory.
 * What a reader can live with (an unknown tag, a stray line, an undecodable byte) goes into the
 * import report; only a file that would give a wrong tree is refused (GedcomError).
 */

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
    // A tab after the tag is a hand edit's space: the value is still plain to read.
    if (!WHITESPACE(text.charCodeAt(i))) return null;
    value = text.slice(i + 1);
    if (hasCombiningMark(value)) value = value.normalize('NFC');
  }
  return { level, xref, tag, value };
}

/** A pointer as a line holds it; an escaped `@@` never matches (its second `@` is no xref). */
const RAW_POINTER = /^@[^@\s]+@\s*$/;

const NUL = /\0/g;

/** The first level-0 line's text, shortened, for "this file starts with …". */
function shortLine(text: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what it removes
  const clean = text.replace(/[\u0000-\u001f]/g, ' ').trim();
  return clean.length > 40 ? `${clean.slice(0, 40)}…` : clean;
}

/**
 * Turns lines into level-0 records, synchronously: the async machinery runs once per read
 * chunk, not once per line (a million-person file has ten million lines). CONT and CONC are
 * folded into the value they continue; '@@' is unescaped the way the file's version says
 * (every one in 5.5.1, a leading one in 7.0, which the header tells before any other record).
 * A line it cannot read is skipped with its subtree and reported; the file must start with
 * `0 HEAD` and end with `0 TRLR` (a file without it was cut short).
 */
class RecordAssembler {
  private record: GedcomNode | undefined;
  private readonly stack: GedcomNode[] = [];
  private previousLevel = -1;
  /** After an unreadable line: its deeper lines are skipped too. */
  private skipDeeperThan = Number.POSITIVE_INFINITY;
  private version7 = false;
  private trailer = false;
  private warnedAfterTrailer = false;
  private lastLine = 0;
  readonly done: GedcomNode[] = [];

  constructor(
    private readonly report: ImportReport | undefined,
    private readonly encodingLabel: string,
  ) {}

  private unescape(value: string): string {
    if (value.indexOf('@@') === -1) return value;
    return this.version7 ? value.replace(/^@@/, '@') : value.replace(/@@/g, '@');
  }

  private get recordName(): string | null {
    return this.record ? (this.record.xref ?? this.record.tag) : null;
  }

  /** One line of the file; `suspect` when its chunk has NUL or U+FFFD characters. */
  line(number: number, raw: string, suspect = false): void {
    let text = raw;
    if (suspect) {
      if (text.indexOf('\0') !== -1) {
        text = text.replace(NUL, '');
        this.report?.tally('nul', number, this.recordName, 'nulBytes', gedcomWarnings.nulBytes);
      }
      if (text.indexOf('\ufffd') !== -1) {
        const label = this.encodingLabel;
        this.report?.tally('fffd', number, this.recordName, 'undecodable', (count, lines) =>
          gedcomWarnings.undecodable(label, count, lines),
        );
      }
    }
    if (text.trim() === '') return;
    this.lastLine = number;
    if (this.trailer) {
      if (!this.warnedAfterTrailer) {
        this.warnedAfterTrailer = true;
        this.report?.warn(number, null, 'afterTrailer', number);
      }
      return;
    }
    const parsed = parseLine(text);
    if (this.previousLevel === -1 && (parsed?.level !== 0 || parsed.tag !== 'HEAD')) {
      throw new GedcomError(gedcomMessages.notGedcomStart(shortLine(text)));
    }
    if (!parsed) {
      const level = /^\s*(\d{1,2})\s/.exec(text)?.[1];
      // The lines under one that cannot be read go with it; a level-0 one starts a record
      // that cannot be read either.
      if (level !== undefined) {
        if (level === '0') this.flush();
        this.skipDeeperThan = Number(level);
      }
      this.report?.tally(
        'malformed',
        number,
        this.recordName,
        'malformedLines',
        gedcomWarnings.malformedLines,
      );
      return;
    }
    const { level } = parsed;
    if (level > this.skipDeeperThan) return;
    this.skipDeeperThan = Number.POSITIVE_INFINITY;
    if (level > this.previousLevel + 1) {
      // Counted once, with the lines under it skipped quietly.
      this.report?.tally('jump', number, this.recordName, 'levelJumps', gedcomWarnings.levelJumps);
      this.skipDeeperThan = this.previousLevel + 1;
      return;
    }
    if (text.charCodeAt(0) === 32 || text.charCodeAt(0) === 9) {
      this.report?.tally(
        'indent',
        number,
        this.recordName,
        'leadingSpace',
        gedcomWarnings.leadingSpace,
      );
    }
    // Custom tags (`_TAG`) are expected: kept in `extra` like unknown ones, without a warning.
    if (this.report && isUnknownTag(parsed.tag)) {
      const tag = parsed.tag;
      this.report.tally(`tag:${tag}`, number, null, 'unknownTag', (count, lines) =>
        gedcomWarnings.unknownTag(tag, count, lines),
      );
    }
    this.previousLevel = level;
    if (level === 0) {
      this.flush();
      if (parsed.tag === 'TRLR') {
        this.trailer = true;
        return;
      }
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
    if (!parent) return;
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
    if (parsed.value.charCodeAt(0) === 64 && RAW_POINTER.test(parsed.value)) node.pointer = true;
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
    // Without its trailer the file was cut short: the last record may be missing lines.
    if (!this.trailer) throw new GedcomError(gedcomMessages.truncated(this.lastLine));
    this.flush();
  }
}

/**
 * Level-0 records with their substructures, a read chunk's worth at a time. Lines end with CR,
 * LF, CRLF or LFCR, of any length. Reader warnings go to `report` (pass 1 only: the second
 * pass reads the same lines again).
 */
export async function* readGedcomRecordBatches(
  path: string,
  choice: EncodingChoice,
  report?: ImportReport,
): AsyncGenerator<GedcomNode[]> {
  const assembler = new RecordAssembler(report, encodingLabel(choice.encoding));
  let buffer = '';
  let number = 0;
  for await (const chunk of readText(path, choice)) {
    buffer += chunk;
    const suspect = buffer.indexOf('\0') !== -1 || buffer.indexOf('\ufffd') !== -1;
    let start = 0;
    for (let i = 0; i < buffer.length; i++) {
      const code = buffer.charCodeAt(i);
      if (code !== 10 && code !== 13) continue;
      // A CR at the very end may be the first half of CRLF: wait for the next chunk.
      if (i === buffer.length - 1 && code === 13) break;
      const next = buffer.charCodeAt(i + 1);
      number += 1;
      assembler.line(number, buffer.slice(start, i), suspect);
      if ((code === 13 && next === 10) || (code === 10 && next === 13)) i++;
      start = i + 1;
    }
    buffer = buffer.slice(start);
    if (assembler.done.length > 0) yield assembler.done.splice(0);
  }
  const rest = buffer.replace(/[\r\n]+$/, '');
  if (rest.length > 0) {
    assembler.line(number + 1, rest, rest.indexOf('\0') !== -1 || rest.indexOf('\ufffd') !== -1);
  }
  assembler.finish();
  if (assembler.done.length > 0) yield assembler.done.splice(0);
}
