import {
  foldName,
  gedcomWarnings,
  RECORD_LIMITS,
  type EventDate,
  type EventType,
  type NameKind,
  type ParentRelation,
  type SourceKind,
} from '@bagysh/shared';
import type { GedcomExtraNode, GedcomExtraTarget } from '../../db/schema';
import { dateYear, importedDate, parseGedcomDate as treeDateText } from './gedcom-dates';
import { child, type GedcomNode } from './read/node';
import { type ImportReport } from './read/report';

/**
 * GEDCOM records → rows of the genealogist's records (issue 15): names, events, places,
 * sources, citations, notes, note links, parent families. Pure mapping; the import
 * (gedcom-import.ts) gives the ids and stages the rows.
 *
 * The tags this site writes for what GEDCOM has no word for — the export (gedcom-export.ts)
 * writes exactly these, and this import reads them back:
 * - A name's kind: 5.5.1 `2 TYPE <kind>` in lower case (aka, birth, immigrant, maiden, married
 *   are standard; documents, religious, professional, other are user-defined values); 7.0
 *   `2 TYPE AKA|BIRTH|IMMIGRANT|MAIDEN|MARRIED|PROFESSIONAL`, and for the others `2 TYPE OTHER`
 *   + `3 PHRASE DOCUMENTS|RELIGIOUS` ("documents" = the name in Russian documents). Read case
 *   insensitively; an unknown TYPE gives kind 'other' and keeps its TYPE line in `extra`.
 * - A name's ROMN/FONE variant is a name row of kind 'other' whose `extra` starts with
 *   `{tag: '_VARIANT', value: 'ROMN'|'FONE'}`: written back as `2 ROMN`/`2 FONE` under the
 *   name row before it.
 * - A source's kind: `1 _TYPE BOOK|ARCHIVE|WEB|INFORMANT` (none for 'other'). An informant
 *   (айтуучу): `1 _TYPE INFORMANT`, `1 AUTH <who told it>`, `1 DATA` + `2 DATE <when>` +
 *   `2 PLAC <where>` (also read from the standard `2 EVEN` + `3 DATE`/`3 PLAC`).
 * - An event of type 'other': `custom_type` is a GEDCOM tag (CENS, ENGA, CREM…) when it came
 *   from one — written back as that tag — else the text of `1 EVEN` + `2 TYPE`. Christening
 *   from BAPM, burial from CREM, migration (EMIG/IMMI) and military service from MILI/_MILI
 *   keep their tag in `custom_type` too (CHR, BURI, _MILT and _MIGR are the defaults).
 * - Unknown and custom data: `extra` of its record, in file order, as {tag, value, children}.
 */

export type Owner =
  | { person_id: number }
  | { union_id: number }
  | { event_id: number }
  | { name_id: number }
  | { source_id: number };

export interface NameRow {
  id: number;
  person_id: number;
  kind: NameKind;
  given: string | null;
  surname: string | null;
  nickname: string | null;
  prefix: string | null;
  suffix: string | null;
  full_name: string;
  name_key: string;
  /** The key differs from the person's display name key (person_names.alternative). */
  alternative: boolean;
  position: number;
  extra: GedcomExtraNode[] | null;
}

export interface EventRow {
  id: number;
  person_id?: number;
  union_id?: number;
  type: EventType;
  custom_type: string | null;
  value: string | null;
  date: EventDate | null;
  date_sort: number | null;
  place_id: number | null;
  note: string | null;
  position: number;
  extra: GedcomExtraNode[] | null;
}

export type CitationRow = Owner & {
  source_id: number;
  page: string | null;
  quality: number | null;
  note: string | null;
  position: number;
  extra: GedcomExtraNode[] | null;
};

export type NoteLinkRow = Owner & { note_id: number; position: number };

export interface NoteRow {
  id: number;
  text: string;
  is_private: boolean;
  extra: GedcomExtraNode[] | null;
}

export interface SourceRow {
  id: number;
  kind: SourceKind;
  title: string;
  author: string | null;
  publication: string | null;
  repository: string | null;
  call_number: string | null;
  url: string | null;
  told_date: EventDate | null;
  told_place_id: number | null;
  text: string | null;
  note: string | null;
  extra: GedcomExtraNode[] | null;
}

export interface ParentFamilyRow {
  child_id: number;
  father_id: number | null;
  mother_id: number | null;
  relation: Exclude<ParentRelation, 'birth'>;
  position: number;
}

/** Rows made from a batch of records, staged together. */
export class StagedRecords {
  names: NameRow[] = [];
  events: EventRow[] = [];
  citations: CitationRow[] = [];
  noteLinks: NoteLinkRow[] = [];
  notes: NoteRow[] = [];
  sources: SourceRow[] = [];
  parentFamilies: ParentFamilyRow[] = [];
  unions: { id: number; extra: GedcomExtraNode[] }[] = [];

  /** How many rows of each kind there are, for `extrasSince`. */
  mark(): number[] {
    return this.kept().map((rows) => rows.length);
  }

  /** The `extra` of every row added since `mark`. */
  *extrasSince(mark: readonly number[]): Generator<GedcomExtraNode[] | null> {
    for (const [k, rows] of this.kept().entries())
      for (let i = mark[k] ?? 0; i < rows.length; i++) yield rows[i]?.extra ?? null;
  }

  private kept(): readonly (readonly { extra: GedcomExtraNode[] | null }[])[] {
    return [this.names, this.events, this.citations, this.notes, this.sources, this.unions];
  }
}

/**
 * Where the mapping reports what it noticed: the import's report, or the part of it a preview
 * predicts (gedcom-preview.ts).
 */
export type MappingReport = Pick<ImportReport, 'warn' | 'tally' | 'unknownTagsDropped'>;

/** What the mapping asks of the import: ids, and the records pass 1 has seen. */
export interface MapContext {
  report: MappingReport;
  /** A SOUR record's id; null when the file has no such record. */
  sourceId(xref: string): number | null;
  /** A NOTE/SNOTE record's id; null when the file has no such record. */
  noteId(xref: string): number | null;
  /** The place of a PLAC text (every one was collected in pass 1). */
  placeId(text: string): number | null;
  /** A REPO record's NAME. */
  repositoryName(xref: string): string | null | undefined;
  newEventId(): number;
  newNameId(): number;
  /** For a 5.5.1 inline source ("1 SOUR the parish book"). */
  newSourceId(): number;
  /** For an inline note too long for a biography, and a family's inline note. */
  newNoteId(): number;
  /** A structure we do not model, for `extra` (the import links the pointers in it). */
  keep: (node: GedcomNode) => GedcomExtraNode;
  /**
   * Where a person's or a union's next event, citation and note link go. Records that add to
   * one owner (a couple's second FAM, a spouse's FAM without the other spouse, and the
   * spouse's INDI) share it: their rows run on in the file's order.
   */
  positions(owner: { person_id: number } | { union_id: number }): OwnerPositions;
  /**
   * An OBJE link of a person, an event or a source; or `from` a family (given its union, whose
   * spouses get it, or its one spouse) or a citation (given the record that cites): true when it
   * became a media link (a file of a GEDZip archive, stored), false when it stays unknown data.
   */
  media(
    node: GedcomNode,
    owner: MediaOwner | { union_id: number },
    from?: 'family' | 'citation',
  ): boolean;
}

export type MediaOwner = { person_id: number } | { event_id: number } | { source_id: number };

/** The longest biography (persons.biography, the API's limit); a longer one is a shared note. */
export const BIOGRAPHY_MAX_LENGTH = 20_000;

/** The name of a person the file gives none: the export then writes no NAME either. */
export const NO_NAME = 'Аты белгисиз';

/**
 * Whether a line holds a pointer (`@N1@`), as a NOTE's or SOUR's may instead of text; text that
 * reads like one once its `@@` are unescaped (5.5.1's `1 NOTE @@N1@@`) is text.
 */
export function isPointer(node: GedcomNode): boolean {
  return node.pointer === true;
}

/** A pointer's xref; null for no pointer, `@VOID@` (7.0's "none") included. */
export function pointer(value: string): string | null {
  const match = /^(@[^@\s]+@)$/.exec(value.trim());
  const xref = match?.[1] ?? null;
  return xref === '@VOID@' ? null : xref;
}

/**
 * A structure we do not model, for `extra`. A pointer gets `target: null` here and its line in
 * `lines`: the import (`KeptPointers.link`) then names the record it points to, which the
 * mapping cannot know.
 */
function toExtra(node: GedcomNode, lines: Map<GedcomExtraNode, number>): GedcomExtraNode {
  const kept: GedcomExtraNode = {
    tag: node.tag,
    value: node.value,
    children: node.children.map((c) => toExtra(c, lines)),
  };
  if (node.pointer) {
    // 7.0's @VOID@ stays a pointer to nothing.
    kept.target = null;
    if (pointer(node.value) !== null) lines.set(kept, node.line);
  }
  return kept;
}

/**
 * The pointers in the kept data of the record being mapped, with their lines for the import's
 * warnings (the stored rows hold no lines). One per import: `keep` is its MapContext's.
 */
export class KeptPointers {
  private readonly lines = new Map<GedcomExtraNode, number>();

  readonly keep = (node: GedcomNode): GedcomExtraNode => toExtra(node, this.lines);

  /** Whether the record kept a pointer (most records keep none): else nothing is to link. */
  get any(): boolean {
    return this.lines.size > 0;
  }

  /** Forgets the pointers kept so far, before the next record. */
  clear(): void {
    this.lines.clear();
  }

  /**
   * Gives every pointer in kept data its target, `find(xref)` (null: no record we keep;
   * `missed` is told with its line).
   */
  link(
    nodes: readonly GedcomExtraNode[] | null,
    find: (xref: string) => GedcomExtraTarget | null,
    missed: (node: GedcomExtraNode, line: number) => void,
  ): void {
    for (const node of nodes ?? []) {
      const line = this.lines.get(node);
      if (line !== undefined) {
        this.lines.delete(node);
        const xref = pointer(node.value);
        node.target = xref === null ? null : find(xref);
        if (node.target === null) missed(node, line);
      }
      if (node.children.length > 0) this.link(node.children, find, missed);
    }
  }
}

function textOrNull(value: string | undefined, max?: number): string | null {
  const text = value?.trim() ?? '';
  if (text === '') return null;
  return max === undefined ? text : text.slice(0, max);
}

/** Individual events and attributes, and what they become. */
const PERSON_EVENTS: Record<string, { type: EventType; keepTag?: boolean }> = {
  BIRT: { type: 'birth' },
  CHR: { type: 'christening' },
  BAPM: { type: 'christening', keepTag: true },
  DEAT: { type: 'death' },
  BURI: { type: 'burial' },
  CREM: { type: 'burial', keepTag: true },
  RESI: { type: 'residence' },
  EMIG: { type: 'migration', keepTag: true },
  IMMI: { type: 'migration', keepTag: true },
  OCCU: { type: 'occupation' },
  EDUC: { type: 'education' },
  _MILT: { type: 'military' },
  _MIGR: { type: 'migration' },
  MILI: { type: 'military', keepTag: true },
  _MILI: { type: 'military', keepTag: true },
};

/** Standard tags of other individual events and attributes: type 'other', the tag kept. */
const OTHER_PERSON_EVENTS = new Set(
  (
    'ADOP BARM BASM BLES CHRA CONF FCOM ORDN NATU CENS PROB WILL GRAD RETI CAST DSCR IDNO ' +
    'NATI NCHI NMR PROP RELI SSN TITL EVEN FACT'
  ).split(' '),
);

const UNION_EVENTS: Record<string, EventType> = { MARR: 'marriage', DIV: 'divorce' };
const OTHER_UNION_EVENTS = new Set(
  'ANUL CENS DIVF ENGA MARB MARC MARL MARS RESI NCHI EVEN FACT'.split(' '),
);

/** An INDI child's event type, or null when it is no event. */
export function personEventOf(tag: string): { type: EventType; customType: string | null } | null {
  const known = PERSON_EVENTS[tag];
  if (known) return { type: known.type, customType: known.keepTag ? tag : null };
  return OTHER_PERSON_EVENTS.has(tag) ? { type: 'other', customType: tag } : null;
}

/** A FAM child's event type, or null when it is no event. */
export function unionEventOf(tag: string): { type: EventType; customType: string | null } | null {
  const known = UNION_EVENTS[tag];
  if (known) return { type: known, customType: null };
  return OTHER_UNION_EVENTS.has(tag) ? { type: 'other', customType: tag } : null;
}

/**
 * Counts for pass 1, to reserve ids: names (with ROMN/FONE variants), events, inline sources,
 * and inline notes that will become shared notes (a too long biography, a family's notes). An
 * upper bound of what pass 2 makes.
 */
export function countRecords(record: GedcomNode): {
  names: number;
  events: number;
  inlineSources: number;
  longNotes: number;
} {
  let names = 0;
  let events = 0;
  let biography = 0;
  let familyNotes = 0;
  const isEvent = record.tag === 'FAM' ? unionEventOf : personEventOf;
  for (const node of record.children) {
    if (record.tag === 'INDI' && node.tag === 'NAME') {
      names += 1;
      for (const c of node.children) if (c.tag === 'ROMN' || c.tag === 'FONE') names += 1;
    } else if (isEvent(node.tag)) {
      events += 1;
    } else if (record.tag === 'INDI' && node.tag === 'NOTE' && !isPointer(node)) {
      biography += node.value.trim().length + 2;
    } else if (record.tag === 'FAM' && isFamilyNote(node)) {
      familyNotes += 1;
    }
  }
  return {
    names,
    events,
    inlineSources: countInlineSources(record),
    longNotes: (biography > BIOGRAPHY_MAX_LENGTH ? 1 : 0) + familyNotes,
  };
}

function countInlineSources(node: GedcomNode): number {
  let count = 0;
  for (const c of node.children) {
    if (c.tag === 'SOUR' && !isPointer(c)) count += 1;
    else if (c.children.length > 0) count += countInlineSources(c);
  }
  return count;
}

/**
 * A place's other names as GEDCOM writes them under its PLAC: 5.5.1 `ROMN` and `FONE` (each with
 * a TYPE), 7.0 `TRAN` (with a LANG). Each is the whole jurisdiction text in another spelling
 * ("Фрунзе, Кыргызстан" for "Бишкек, Кыргызстан"); `placeVariants` tells which level it renames.
 */
export const PLACE_VARIANT_TAGS: ReadonlySet<string> = new Set(['ROMN', 'FONE', 'TRAN']);

/** Calls `add` with every place text, its MAP coordinates and its variants (ROMN/FONE/TRAN). */
export function collectPlaces(
  record: GedcomNode,
  add: (
    text: string,
    latitude: number | null,
    longitude: number | null,
    variants: string[],
  ) => void,
): void {
  const fromPlac = (plac: GedcomNode | undefined) => {
    if (!plac || plac.value.trim() === '') return;
    const map = child(plac, 'MAP');
    const latitude = map ? coordinate(child(map, 'LATI')?.value, 'N', 'S', 90) : null;
    const longitude = map ? coordinate(child(map, 'LONG')?.value, 'E', 'W', 180) : null;
    const both = latitude !== null && longitude !== null;
    const variants = plac.children
      .filter((c) => PLACE_VARIANT_TAGS.has(c.tag) && c.value.trim() !== '')
      .map((c) => c.value.trim());
    add(plac.value, both ? latitude : null, both ? longitude : null, variants);
  };
  if (record.tag === 'SOUR') {
    const data = child(record, 'DATA');
    if (data) {
      fromPlac(child(data, 'PLAC'));
      const even = child(data, 'EVEN');
      if (even) fromPlac(child(even, 'PLAC'));
    }
    return;
  }
  const isEvent = record.tag === 'FAM' ? unionEventOf : personEventOf;
  for (const node of record.children) if (isEvent(node.tag)) fromPlac(child(node, 'PLAC'));
}

/**
 * Which place of a chain a variant names, and how: a variant with as many parts as the place
 * text gives each differing part to the place at that level ("Фрунзе, Кыргызстан" of "Бишкек,
 * Кыргызстан" renames Бишкек); any other gives its first part to the smallest place. Answers
 * [level in `placeChain` order, other name] pairs.
 */
export function placeVariants(text: string, variant: string): [number, string][] {
  const chain = placeChain(text);
  const other = placeChain(variant);
  if (other.length === 0) return [];
  if (other.length !== chain.length) return [[chain.length - 1, other[other.length - 1] ?? '']];
  const found: [number, string][] = [];
  other.forEach((name, level) => {
    if (!sameSpelling(name, chain[level] ?? '')) found.push([level, name]);
  });
  return found;
}

/**
 * Whether two names are one spelling (case aside). Not `foldName`, which takes "At-Bashy" for
 * "Ат-Башы" so that search finds either: as other names they are two spellings to keep.
 */
export function sameSpelling(a: string, b: string): boolean {
  return a.normalize('NFC').toLowerCase() === b.normalize('NFC').toLowerCase();
}

/** "N42.87" → 42.87, "W74.5" → -74.5; null when unreadable or out of range. */
function coordinate(
  value: string | undefined,
  plus: string,
  minus: string,
  limit: number,
): number | null {
  const match = /^([NSEW])?\s*(-?\d+(?:\.\d+)?)$/i.exec(value?.trim() ?? '');
  if (!match) return null;
  let number = Number(match[2]);
  const hemisphere = match[1]?.toUpperCase();
  if (hemisphere === minus) number = -number;
  else if (hemisphere !== undefined && hemisphere !== plus) return null;
  return Number.isFinite(number) && Math.abs(number) <= limit ? number : null;
}

/**
 * A comma inside one place's own name, as the export writes it: GEDCOM's PLAC is a list whose
 * items cannot hold a comma (the comma separates the jurisdictions), so the export writes
 * U+201A (‚, which looks like a comma) and the import reads it back as a comma.
 */
export const PLACE_NAME_COMMA = '\u201A';

/**
 * "Ат-Башы, Нарын, Кыргызстан" → ['Кыргызстан', 'Нарын', 'Ат-Башы'], the largest first; a
 * `PLACE_NAME_COMMA` in a part is a comma of that place's name.
 */
export function placeChain(text: string): string[] {
  return text
    .split(',')
    .map((part) =>
      part.trim().replaceAll(PLACE_NAME_COMMA, ',').slice(0, RECORD_LIMITS.placeNameMaxLength),
    )
    .filter((part) => part !== '')
    .reverse();
}

/**
 * A DATE node → EventDate. A date written another way with one clear reading ("12.03.1925") is
 * kept as that GEDCOM date, and a value that is no date at all as a phrase; both are reported.
 */
function dateOf(node: GedcomNode, recordKey: string, ctx: MapContext): EventDate | null {
  const phrase = child(node, 'PHRASE')?.value;
  if (node.value.trim() === '' && !phrase) return null;
  const { date, read } = importedDate(node.value, phrase);
  const written = node.value.trim();
  if (!date.valid) ctx.report.warn(node.line, recordKey, 'date', written);
  else if (read !== null) {
    ctx.report.tally('dateRead', node.line, recordKey, 'dateRead', (count, lines) =>
      gedcomWarnings.dateRead(count, lines, written, read),
    );
  }
  return date;
}

/** A note's text, cut (and reported) over the limit of a note. */
function noteText(node: GedcomNode, recordKey: string, ctx: MapContext): string {
  const text = node.value;
  if (text.length <= RECORD_LIMITS.noteMaxLength) return text;
  ctx.report.warn(node.line, recordKey, 'noteTooLong', text.length, RECORD_LIMITS.noteMaxLength);
  return text.slice(0, RECORD_LIMITS.noteMaxLength);
}

/** Warns about a pointer to a record the file lacks. */
function dangling(node: GedcomNode, xref: string, recordKey: string, ctx: MapContext): void {
  ctx.report.warn(node.line, recordKey, 'dangling', xref);
}

/** Link rows numbered in order, per owner. */
class Positions {
  private next = 0;
  take(): number {
    return this.next++;
  }
}

/** The numbering of a person's or a union's events, citations and note links. */
export class OwnerPositions {
  readonly events = new Positions();
  readonly citations = new Positions();
  readonly links = new Positions();
}

/**
 * A SOUR under a record, a name, an event or a family → a citation (a 5.5.1 inline source
 * becomes a source record of its own). Returns false when it was not one (kept by the caller).
 */
function citation(
  node: GedcomNode,
  owner: Owner,
  /** Where the citation's media go: the cited record (a name's: its person). */
  mediaOwner: MediaOwner | { union_id: number },
  positions: Positions,
  recordKey: string,
  ctx: MapContext,
  out: StagedRecords,
): void {
  let sourceId: number;
  const extra: GedcomExtraNode[] = [];
  if (isPointer(node)) {
    const xref = pointer(node.value);
    if (xref === null) return;
    const id = ctx.sourceId(xref);
    if (id === null) {
      dangling(node, xref, recordKey, ctx);
      return;
    }
    sourceId = id;
  } else {
    sourceId = ctx.newSourceId();
    const text = node.value.trim();
    const quoted = child(node, 'TEXT')?.value.trim() || null;
    out.sources.push({
      id: sourceId,
      kind: 'other',
      title: (text || quoted || 'Булак').slice(0, RECORD_LIMITS.titleMaxLength),
      author: null,
      publication: null,
      repository: null,
      call_number: null,
      url: null,
      told_date: null,
      told_place_id: null,
      text: text.length > RECORD_LIMITS.titleMaxLength ? text : quoted,
      note: null,
      extra: null,
    });
  }
  let page: string | null = null;
  let quality: number | null = null;
  const notes: string[] = [];
  for (const c of node.children) {
    if (c.tag === 'PAGE') page = textOrNull(c.value);
    else if (c.tag === 'QUAY' && /^[0-3]$/.test(c.value.trim())) quality = Number(c.value.trim());
    else if (c.tag === 'NOTE' && !isPointer(c)) notes.push(noteText(c, recordKey, ctx));
    else if (c.tag === 'TEXT' && !isPointer(node)) continue;
    else if (c.tag === 'OBJE' && ctx.media(c, mediaOwner, 'citation')) continue;
    else extra.push(ctx.keep(c));
  }
  out.citations.push({
    ...owner,
    source_id: sourceId,
    page,
    quality,
    note: notes.length > 0 ? notes.join('\n\n') : null,
    position: positions.take(),
    extra: extra.length > 0 ? extra : null,
  });
}

/** A family's inline note with text: it becomes a shared note of the union (`familyNote`). */
function isFamilyNote(node: GedcomNode): boolean {
  return node.tag === 'NOTE' && !isPointer(node) && node.value.trim() !== '';
}

/**
 * A family's inline NOTE (5.5.1 and 7.0, CONT/CONC already joined) → a shared note of its own
 * linked to the union (or the one spouse), so that the marriage dialog and the person page show
 * and edit it; the export writes it back as a NOTE/SNOTE record and pointer, which a re-import
 * reads as that one note. A note holds no citations: its SOUR become the owner's, said in the
 * report; its other lines (7.0 MIME, LANG, TRAN) are the note's `extra`, written under its
 * record.
 */
function familyNote(
  node: GedcomNode,
  owner: { union_id: number } | { person_id: number },
  links: Positions,
  citations: Positions,
  recordKey: string,
  ctx: MapContext,
  out: StagedRecords,
): void {
  const id = ctx.newNoteId();
  const extra: GedcomExtraNode[] = [];
  for (const c of node.children) {
    if (c.tag === 'SOUR') {
      citation(c, owner, owner, citations, recordKey, ctx, out);
      ctx.report.warn(c.line, recordKey, 'noteCitationMoved', 'union_id' in owner);
    } else extra.push(ctx.keep(c));
  }
  out.notes.push({
    id,
    text: noteText(node, recordKey, ctx),
    is_private: false,
    extra: extra.length > 0 ? extra : null,
  });
  out.noteLinks.push({ ...owner, note_id: id, position: links.take() });
}

/** A NOTE/SNOTE pointer → a note link; false when the node is an inline note. */
function noteLink(
  node: GedcomNode,
  owner: Owner,
  positions: Positions,
  recordKey: string,
  ctx: MapContext,
  out: StagedRecords,
): boolean {
  if (node.tag !== 'SNOTE' && !(node.tag === 'NOTE' && isPointer(node))) return false;
  const xref = pointer(node.value);
  if (xref === null) return true;
  const id = ctx.noteId(xref);
  if (id === null) dangling(node, xref, recordKey, ctx);
  else out.noteLinks.push({ ...owner, note_id: id, position: positions.take() });
  return true;
}

/** One event of a person or a union, with its citations and note links. */
function mapEvent(
  node: GedcomNode,
  kind: { type: EventType; customType: string | null },
  owner: { person_id: number } | { union_id: number },
  position: number,
  recordKey: string,
  ctx: MapContext,
  out: StagedRecords,
): EventRow {
  const id = ctx.newEventId();
  const typed = node.tag === 'EVEN' || node.tag === 'FACT';
  let customType = kind.customType;
  let date: EventDate | null = null;
  let placeId: number | null = null;
  const notes: string[] = [];
  const extra: GedcomExtraNode[] = [];
  const citations = new Positions();
  const links = new Positions();
  for (const c of node.children) {
    if (c.tag === 'DATE') date = dateOf(c, recordKey, ctx);
    else if (c.tag === 'PLAC' && c.value.trim() !== '') {
      placeId = ctx.placeId(c.value);
      // Coordinates and other names belong to the place record.
      const rest = c.children.filter((p) => p.tag !== 'MAP' && !PLACE_VARIANT_TAGS.has(p.tag));
      if (rest.length > 0) extra.push({ ...ctx.keep(c), children: rest.map(ctx.keep) });
    } else if (c.tag === 'TYPE' && typed && c.value.trim() !== '') customType = c.value.trim();
    else if (c.tag === 'SOUR')
      citation(c, { event_id: id }, { event_id: id }, citations, recordKey, ctx, out);
    else if (noteLink(c, { event_id: id }, links, recordKey, ctx, out)) continue;
    else if (c.tag === 'OBJE' && ctx.media(c, { event_id: id })) continue;
    else if (c.tag === 'NOTE') notes.push(noteText(c, recordKey, ctx));
    else extra.push(ctx.keep(c));
  }
  const row: EventRow = {
    id,
    ...owner,
    type: kind.type,
    custom_type: customType,
    value: textOrNull(node.value, RECORD_LIMITS.textMaxLength),
    date,
    date_sort: date?.sort ?? null,
    place_id: placeId,
    note: notes.length > 0 ? notes.join('\n\n') : null,
    position,
    extra: extra.length > 0 ? extra : null,
  };
  out.events.push(row);
  return row;
}

const NAME_TYPES: Record<string, NameKind> = {
  AKA: 'aka',
  BIRTH: 'birth',
  DOCUMENTS: 'documents',
  MAIDEN: 'maiden',
  MARRIED: 'married',
  RELIGIOUS: 'religious',
  PROFESSIONAL: 'professional',
  IMMIGRANT: 'immigrant',
  OTHER: 'other',
};

/** "Асан /Үсөнов/ кичүү" → given, surname and what follows; the whole name without slashes. */
function splitName(value: string) {
  const match = /^([^/]*)(?:\/([^/]*)\/?(.*))?$/.exec(value) ?? [];
  return {
    given: textOrNull(match[1]),
    surname: textOrNull(match[2]),
    after: textOrNull(match[3]),
    full: value.replace(/\//g, ' ').replace(/\s+/g, ' ').trim(),
  };
}

/**
 * A NAME (or its ROMN/FONE variant) → a name row; variants follow their name. `displayKey` is
 * the person's display name key.
 */
function mapName(
  node: GedcomNode,
  personId: number,
  displayKey: string,
  position: number,
  variant: string | null,
  recordKey: string,
  ctx: MapContext,
  out: StagedRecords,
): number {
  const id = ctx.newNameId();
  const parts = splitName(node.value);
  let given = parts.given;
  let surname = parts.surname;
  let nickname: string | null = null;
  let prefix: string | null = null;
  let suffix = parts.after;
  let kind: NameKind = variant ? 'other' : 'birth';
  const extra: GedcomExtraNode[] = variant
    ? [{ tag: '_VARIANT', value: variant, children: [] }]
    : [];
  const citations = new Positions();
  const variants: GedcomNode[] = [];
  for (const c of node.children) {
    const value = textOrNull(c.value, RECORD_LIMITS.nameMaxLength);
    if (c.tag === 'GIVN') given = value;
    else if (c.tag === 'SURN') surname = value;
    else if (c.tag === 'NICK') nickname = value;
    else if (c.tag === 'NPFX') prefix = value;
    else if (c.tag === 'NSFX') suffix = value;
    else if (c.tag === 'TYPE' && !variant) {
      const phrase = child(c, 'PHRASE')?.value.trim().toUpperCase();
      const type = c.value.trim().toUpperCase();
      const known = NAME_TYPES[type === 'OTHER' && phrase ? phrase : type];
      if (known) kind = known;
      else {
        kind = 'other';
        extra.push(ctx.keep(c));
      }
    } else if (c.tag === 'SOUR')
      citation(c, { name_id: id }, { person_id: personId }, citations, recordKey, ctx, out);
    else if ((c.tag === 'ROMN' || c.tag === 'FONE') && !variant) variants.push(c);
    else extra.push(ctx.keep(c));
  }
  let full = parts.full;
  if (full === '') full = [prefix, given, surname, suffix].filter(Boolean).join(' ');
  if (full === '') full = NO_NAME;
  full = full.slice(0, RECORD_LIMITS.nameMaxLength);
  out.names.push({
    id,
    person_id: personId,
    kind,
    given: given?.slice(0, RECORD_LIMITS.nameMaxLength) ?? null,
    surname: surname?.slice(0, RECORD_LIMITS.nameMaxLength) ?? null,
    nickname,
    prefix,
    suffix: suffix?.slice(0, RECORD_LIMITS.nameMaxLength) ?? null,
    full_name: full,
    name_key: foldName(full),
    alternative: foldName(full) !== displayKey,
    position,
    extra: extra.length > 0 ? extra : null,
  });
  let next = position + 1;
  for (const v of variants) {
    next = mapName(v, personId, displayKey, next, v.tag, recordKey, ctx, out);
  }
  return next;
}

/** The birth or death summary of the tree, from the first of its events. */
export interface Summary {
  year: number | null;
  text: string | null;
  place: string | null;
  present: boolean;
  /** Christening/burial standing in for birth/death. */
  standIn: boolean;
}

export interface MappedPerson {
  birth: Summary;
  death: Summary;
  biography: string | null;
  extra: GedcomExtraNode[] | null;
}

/** Tags of an INDI record that the import itself reads (structure and summary). */
const PERSON_STRUCTURE = new Set(['SEX', 'FAMC', 'FAMS', '_LIVING', '_BORD', 'NAME']);

/** A year that fits the tree's limits, or null. */
export function saneYear(year: number | null): number | null {
  return year !== null && year >= -3000 && year <= 2100 ? year : null;
}

/** The year of an event node's DATE (signed: B.C. negative) without reporting anything. */
export function quickYear(node: GedcomNode | undefined): number | null {
  const date = node && child(node, 'DATE');
  return date ? saneYear(dateYear(date.value, child(date, 'PHRASE')?.value)) : null;
}

function summaryOf(event: EventRow | undefined, node: GedcomNode | undefined, standIn: boolean) {
  if (!event || !node) {
    return { year: null, text: null, place: null, present: false, standIn: false };
  }
  const plac = child(node, 'PLAC')?.value.trim() || null;
  const date = child(node, 'DATE');
  // The tree's year and date text as before events existed, spaces and all: the phrase, or the
  // date unless it is a bare year (which birth_year says).
  const told = date ? treeDateText(date.value, child(date, 'PHRASE')?.value) : null;
  return {
    year: saneYear(told?.year ?? null),
    text: told?.text ?? null,
    place: plac,
    present: true,
    standIn,
  };
}

/**
 * An INDI record's names (each marked alternative when it is not `displayKey`, the display
 * name's key), events, citations, note links and notes; what it says about birth and
 * death for the tree; its biography (inline notes, a too long one becoming a shared note) and
 * what the import does not map. FAMC/FAMS are the import's (parent families, unions).
 */
export function mapPerson(
  record: GedcomNode,
  personId: number,
  displayKey: string,
  recordKey: string,
  ctx: MapContext,
  out: StagedRecords,
): MappedPerson {
  const owner = { person_id: personId };
  const { events, citations, links } = ctx.positions(owner);
  const extra: GedcomExtraNode[] = [];
  const biography: GedcomNode[] = [];
  let namePosition = 0;
  const firstOf = new Map<EventType, { row: EventRow; node: GedcomNode }>();
  for (const node of record.children) {
    if (node.tag === 'NAME') {
      namePosition = mapName(node, personId, displayKey, namePosition, null, recordKey, ctx, out);
      continue;
    }
    const kind = personEventOf(node.tag);
    if (kind) {
      const row = mapEvent(node, kind, owner, events.take(), recordKey, ctx, out);
      if (!firstOf.has(row.type)) firstOf.set(row.type, { row, node });
    } else if (node.tag === 'SOUR') citation(node, owner, owner, citations, recordKey, ctx, out);
    else if (noteLink(node, owner, links, recordKey, ctx, out)) continue;
    else if (node.tag === 'OBJE' && ctx.media(node, owner)) continue;
    else if (node.tag === 'NOTE') {
      if (node.value.trim() !== '') biography.push(node);
    } else if (!PERSON_STRUCTURE.has(node.tag)) extra.push(ctx.keep(node));
  }
  let text: string | null = biography.map((n) => n.value.trim()).join('\n\n') || null;
  if (text !== null && text.length > BIOGRAPHY_MAX_LENGTH) {
    const first = biography[0] as GedcomNode;
    const id = ctx.newNoteId();
    out.notes.push({
      id,
      text: noteText({ ...first, value: text }, recordKey, ctx),
      is_private: false,
      extra: null,
    });
    out.noteLinks.push({ ...owner, note_id: id, position: links.take() });
    text = null;
  }
  const birth = firstOf.get('birth');
  const christening = firstOf.get('christening');
  const death = firstOf.get('death');
  const burial = firstOf.get('burial');
  return {
    birth: birth
      ? summaryOf(birth.row, birth.node, false)
      : summaryOf(christening?.row, christening?.node, true),
    death: death
      ? summaryOf(death.row, death.node, false)
      : summaryOf(burial?.row, burial?.node, true),
    biography: text,
    extra: extra.length > 0 ? extra : null,
  };
}

/**
 * A FAM record's events, citations, notes (linked, and inline ones made shared notes) and media
 * on its union; without a union (one spouse only) they go to that spouse. Returns what is not
 * mapped, for the union's `extra`; a family without a union has nowhere to keep it (reported).
 */
export function mapFamily(
  record: GedcomNode,
  owner: { union_id: number } | { person_id: number } | null,
  recordKey: string,
  ctx: MapContext,
  out: StagedRecords,
): GedcomExtraNode[] {
  const extra: GedcomExtraNode[] = [];
  const { events, citations, links } = owner ? ctx.positions(owner) : new OwnerPositions();
  for (const node of record.children) {
    if (node.tag === 'HUSB' || node.tag === 'WIFE' || node.tag === 'CHIL') continue;
    const kind = unionEventOf(node.tag);
    if (kind && owner) mapEvent(node, kind, owner, events.take(), recordKey, ctx, out);
    else if (node.tag === 'SOUR' && owner) {
      citation(node, owner, owner, citations, recordKey, ctx, out);
    } else if (owner && noteLink(node, owner, links, recordKey, ctx, out)) continue;
    else if (owner && isFamilyNote(node)) {
      familyNote(node, owner, links, citations, recordKey, ctx, out);
    } else if (node.tag === 'OBJE' && owner && ctx.media(node, owner, 'family')) continue;
    else if (owner && 'union_id' in owner) extra.push(ctx.keep(node));
    else {
      // No union to keep it: the site has no record of a family without a couple. Its unknown
      // tags are not kept either, as the reader's report first said.
      ctx.report.unknownTagsDropped(node);
      ctx.report.tally(
        `familyDataDropped:${node.tag}`,
        node.line,
        recordKey,
        'familyDataDropped',
        (count, lines) => gedcomWarnings.familyDataDropped(node.tag, count, lines),
      );
    }
  }
  return extra;
}

/**
 * Whether `mapFamily` gives a FAM record's owner numbered rows (events, citations, notes): pass 1
 * asks, so that a lone spouse's FAM and INDI share their numbering only when they need to.
 */
export function hasNumberedRows(record: GedcomNode): boolean {
  return record.children.some(
    (node) => unionEventOf(node.tag) !== null || ['SOUR', 'NOTE', 'SNOTE'].includes(node.tag),
  );
}

const SOURCE_KINDS_BY_TAG: Record<string, SourceKind> = {
  BOOK: 'book',
  ARCHIVE: 'archive',
  WEB: 'web',
  INFORMANT: 'informant',
  OTHER: 'other',
};

/** A SOUR record → a source, with its note links. */
export function mapSource(
  record: GedcomNode,
  id: number,
  recordKey: string,
  ctx: MapContext,
  out: StagedRecords,
): void {
  const row: SourceRow = {
    id,
    kind: 'other',
    title: '',
    author: null,
    publication: null,
    repository: null,
    call_number: null,
    url: null,
    told_date: null,
    told_place_id: null,
    text: null,
    note: null,
    extra: null,
  };
  const extra: GedcomExtraNode[] = [];
  const notes: string[] = [];
  const links = new Positions();
  const owner = { source_id: id };
  let abbreviation: string | null = null;
  for (const node of record.children) {
    const value = textOrNull(node.value);
    const known =
      node.tag === '_TYPE' ? SOURCE_KINDS_BY_TAG[node.value.trim().toUpperCase()] : null;
    if (known) row.kind = known;
    else if (node.tag === 'TITL' && value) row.title = value.slice(0, RECORD_LIMITS.titleMaxLength);
    else if (node.tag === 'ABBR') abbreviation = value;
    else if (node.tag === 'AUTH') row.author = value;
    else if (node.tag === 'PUBL') row.publication = value;
    else if (node.tag === 'TEXT') row.text = value;
    else if ((node.tag === 'WWW' || node.tag === '_URL') && !row.url) row.url = value;
    else if (node.tag === 'REPO' && row.repository === null) {
      // The repository is the source's: the export writes it as a REPO record of its own, and
      // this citation's other lines under its pointer (kept without one: `value` '').
      const xref = pointer(node.value);
      if (xref) {
        const name = ctx.repositoryName(xref);
        if (name === undefined) dangling(node, xref, recordKey, ctx);
        row.repository = name ?? null;
      } else if (!isPointer(node)) row.repository = value;
      const rest: GedcomNode[] = [];
      for (const c of node.children) {
        if (c.tag === 'CALN' && row.call_number === null) row.call_number = textOrNull(c.value);
        else rest.push(c);
      }
      if (rest.length > 0) extra.push({ tag: 'REPO', value: '', children: rest.map(ctx.keep) });
    } else if (node.tag === 'DATA') {
      const rest: GedcomNode[] = [];
      for (const c of node.children) {
        if (c.tag === 'DATE' && row.told_date === null) row.told_date = dateOf(c, recordKey, ctx);
        else if (c.tag === 'PLAC' && row.told_place_id === null && c.value.trim() !== '') {
          row.told_place_id = ctx.placeId(c.value);
        } else if (c.tag === 'EVEN' && row.told_date === null && row.told_place_id === null) {
          // The standard place of a source's date and place; kept when it says more.
          const date = child(c, 'DATE');
          const plac = child(c, 'PLAC');
          if (date) row.told_date = dateOf(date, recordKey, ctx);
          if (plac && plac.value.trim() !== '') row.told_place_id = ctx.placeId(plac.value);
          const more = c.children.filter((e) => e !== date && e !== plac);
          if (c.value.trim() !== '' || more.length > 0) {
            rest.push({ ...c, children: more });
          }
        } else rest.push(c);
      }
      if (rest.length > 0) extra.push({ ...ctx.keep(node), children: rest.map(ctx.keep) });
    } else if (noteLink(node, owner, links, recordKey, ctx, out)) continue;
    else if (node.tag === 'OBJE' && ctx.media(node, owner)) continue;
    else if (node.tag === 'NOTE') notes.push(noteText(node, recordKey, ctx));
    else extra.push(ctx.keep(node));
  }
  row.title =
    row.title || abbreviation?.slice(0, RECORD_LIMITS.titleMaxLength) || row.author || recordKey;
  if (abbreviation && row.title !== abbreviation) {
    extra.unshift({ tag: 'ABBR', value: abbreviation, children: [] });
  }
  row.note = notes.length > 0 ? notes.join('\n\n') : null;
  row.extra = extra.length > 0 ? extra : null;
  out.sources.push(row);
}

/**
 * The lines of a source's repository citation that the site does not model, as `mapSource`
 * keeps them: a REPO without value (its pointer is the source's repository), which the export
 * writes under the citation it makes of the repository.
 */
export function isRepositoryCitation(node: GedcomExtraNode): boolean {
  return node.tag === 'REPO' && node.value === '' && node.target === undefined;
}

/** A NOTE (5.5.1) or SNOTE (7.0) record → a shared note; RESN PRIVACY/CONFIDENTIAL makes it private. */
export function mapNote(
  record: GedcomNode,
  id: number,
  recordKey: string,
  ctx: MapContext,
  out: StagedRecords,
): void {
  let isPrivate = false;
  const extra: GedcomExtraNode[] = [];
  for (const node of record.children) {
    if (node.tag === 'RESN' && /PRIVACY|CONFIDENTIAL/i.test(node.value)) isPrivate = true;
    else extra.push(ctx.keep(node));
  }
  out.notes.push({
    id,
    text: noteText(record, recordKey, ctx),
    is_private: isPrivate,
    extra: extra.length > 0 ? extra : null,
  });
}

const PEDIGREES: Record<string, ParentRelation> = {
  BIRTH: 'birth',
  ADOPTED: 'adopted',
  FOSTER: 'foster',
  STEP: 'step',
};

/** A FAMC's pedigree: null without PEDI, 'unknown' for sealing/other. */
export function pedigreeOf(famc: GedcomNode): ParentRelation | null {
  const pedi = child(famc, 'PEDI');
  if (!pedi || pedi.value.trim() === '') return null;
  // 7.0 has no STEP: the export writes `PEDI OTHER` + `PHRASE step`.
  const value = pedi.value.trim().toUpperCase();
  const phrase = value === 'OTHER' ? child(pedi, 'PHRASE')?.value.trim().toUpperCase() : undefined;
  return PEDIGREES[phrase ?? value] ?? 'unknown';
}

/** `_FREL`/`_MREL` values (Ancestry, Family Tree Maker, Gramps); null: says nothing. */
const CHILD_RELATIONS: Record<string, ParentRelation | null> = {
  ...PEDIGREES,
  NATURAL: 'birth',
  UNKNOWN: null,
};

/** What a CHIL line's child is to the family's husband and to its wife (`_FREL`, `_MREL`). */
export interface ChildRelation {
  father: ParentRelation;
  mother: ParentRelation;
}

/**
 * A CHIL line's relation to its family by its `_FREL` (father) and `_MREL` (mother), which
 * Ancestry writes instead of a PEDI under the child's FAMC: null without them or when both say
 * birth; one said alone stands for both. They may differ: a stepfather's adoption is `_FREL
 * Adopted` with `_MREL Natural` (the family is then the birth family of the mother only).
 */
export function childRelationOf(chil: GedcomNode): ChildRelation | null {
  let father: ParentRelation | undefined;
  let mother: ParentRelation | undefined;
  for (const node of chil.children) {
    if (node.tag !== '_FREL' && node.tag !== '_MREL') continue;
    const value = node.value.trim().toUpperCase();
    const said = value === '' ? null : CHILD_RELATIONS[value];
    if (said === null) continue;
    if (node.tag === '_FREL') father = said ?? 'unknown';
    else mother = said ?? 'unknown';
  }
  father ??= mother;
  mother ??= father;
  if (father === undefined || mother === undefined) return null;
  return father === 'birth' && mother === 'birth' ? null : { father, mother };
}

/** Whether a CHIL line's relation leaves the family no birth parent of the child. */
export function neitherByBirth(relation: ChildRelation | null): boolean {
  return relation !== null && relation.father !== 'birth' && relation.mother !== 'birth';
}

/**
 * Families an ADOP event names (`2 FAMC @F2@` + `3 ADOP HUSB|WIFE|BOTH`): family xref → which
 * adoptive parents (BOTH when not said).
 */
export function adoptions(record: GedcomNode): Map<string, 'HUSB' | 'WIFE' | 'BOTH'> {
  const found = new Map<string, 'HUSB' | 'WIFE' | 'BOTH'>();
  for (const node of record.children) {
    if (node.tag !== 'ADOP') continue;
    const famc = child(node, 'FAMC');
    const xref = famc && pointer(famc.value);
    if (!famc || !xref) continue;
    const by = child(famc, 'ADOP')?.value.trim().toUpperCase();
    found.set(xref, by === 'HUSB' || by === 'WIFE' ? by : 'BOTH');
  }
  return found;
}
