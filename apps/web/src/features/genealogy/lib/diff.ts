import {
  formatDateKy,
  formatRecordingTime,
  parseGedcomDate,
  type EventType,
  type NameKind,
  type ParentRelation,
  type Revision,
} from '@bagysh/shared';

export interface DiffRow {
  field: string;
  before: string;
  after: string;
  /** The values as the revision holds them (e.g. person ids, shown as the persons' labels). */
  beforeValue: unknown;
  afterValue: unknown;
}

/** A field's value as text ('—' for none). */
export function show(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (Array.isArray(value)) return value.length ? value.join(', ') : '—';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/**
 * What tells a field's two values apart: its text, or for a record list (objects) the whole
 * JSON, since every list of the same length would show as "[object Object], …".
 */
function compared(value: unknown): string {
  if (Array.isArray(value) && value.some((item) => typeof item === 'object' && item !== null)) {
    return JSON.stringify(value);
  }
  return show(value);
}

/** The changed fields of a revision, each with its value before and after. */
export function revisionDiff(revision: Pick<Revision, 'before' | 'after'>): DiffRow[] {
  const before = revision.before ?? {};
  const after = revision.after ?? {};
  // `stored`: what a deletion keeps for its revert (the GEDCOM notice and data), not a field.
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
    (field) => field !== 'version' && field !== 'stored',
  );
  return fields
    .map((field) => ({
      field,
      before: show(before[field]),
      after: show(after[field]),
      beforeValue: before[field],
      afterValue: after[field],
    }))
    .filter((row) => compared(row.beforeValue) !== compared(row.afterValue));
}

// ---------------------------------------------------------------------------------------------
// Record lists (names, events, citations, notes, media, further families, unions): one line
// per item, in the words of the person page, instead of their JSON.

/** A piece of a line: text, or a person (shown as a labelled link). */
export type DiffPart = string | { person: number };

/** The words a record line needs, from the `person` messages. */
export interface RecordWords {
  event(type: EventType, customType: string | null): string;
  nameKind(kind: NameKind): string;
  relation(relation: ParentRelation): string;
  father: string;
  mother: string;
  position(n: number): string;
  /** A place named by id: its full name, if the revision brings it. */
  place(id: number): string;
  source(id: number): string;
  page: string;
  note(id: number): string;
  file(id: number): string;
}

export const RECORD_LIST_FIELDS: ReadonlySet<string> = new Set([
  'names',
  'events',
  'citations',
  'note_ids',
  'media',
  'parent_families',
  'unions',
]);

type Item = Record<string, unknown>;
const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);
const id = (value: unknown) => (typeof value === 'number' ? value : null);
const joined = (parts: readonly (string | null)[], separator = ', ') =>
  parts.filter((part): part is string => part !== null).join(separator);

/** "Туулган: болжол менен 1850, Талас". */
function eventLine(event: Item, words: RecordWords): string {
  const title = words.event(event['type'] as EventType, text(event['custom_type']));
  const date = text(event['date']);
  const placeId = id(event['place_id']);
  const details = joined([
    text(event['value']),
    date === null ? null : formatDateKy(parseGedcomDate(date)),
    text(event['place']) ?? (placeId === null ? null : words.place(placeId)),
  ]);
  return details ? `${title}: ${details}` : title;
}

/** "Асан ата, барагы: 3 · ▶ 12:05" (the time heard in a recording, when one is cited). */
function citationLine(citation: Item, words: RecordWords): string {
  const page = text(citation['page']);
  const source = words.source(id(citation['source_id']) ?? 0);
  const cited = page ? `${source}, ${words.page.toLowerCase()}: ${page}` : source;
  const recording = citation['recording'];
  const at = recording && typeof recording === 'object' ? (recording as Item)['at'] : undefined;
  return typeof at === 'number' ? `${cited} · ▶ ${formatRecordingTime(at)}` : cited;
}

function itemLine(field: string, item: unknown, words: RecordWords): DiffPart[] {
  if (typeof item === 'number') {
    return [field === 'note_ids' ? words.note(item) : String(item)];
  }
  if (typeof item !== 'object' || item === null) return [show(item)];
  const record = item as Item;
  switch (field) {
    case 'names':
      return [`${text(record['full_name']) ?? ''} (${words.nameKind(record['kind'] as NameKind)})`];
    case 'events':
      return [eventLine(record, words)];
    case 'citations':
      return [citationLine(record, words)];
    case 'media':
      return [text(record['title']) ?? words.file(id(record['file_id']) ?? 0)];
    case 'parent_families': {
      const parts: DiffPart[] = [`${words.relation(record['relation'] as ParentRelation)}: `];
      const father = id(record['father_id']);
      const mother = id(record['mother_id']);
      if (father !== null) parts.push(`${words.father} `, { person: father });
      if (father !== null && mother !== null) parts.push(', ');
      if (mother !== null) parts.push(`${words.mother} `, { person: mother });
      return parts;
    }
    case 'unions': {
      const spouse = id(record['spouse_id']);
      const position = id(record['position']);
      const events = Array.isArray(record['events']) ? (record['events'] as Item[]) : [];
      const citations = Array.isArray(record['citations']) ? (record['citations'] as Item[]) : [];
      const notes = Array.isArray(record['note_ids']) ? (record['note_ids'] as unknown[]) : [];
      const details = joined(
        [
          ...events.map((event) => eventLine(event, words)),
          ...citations.map((citation) => citationLine(citation, words)),
          ...notes.map((note) => words.note(id(note) ?? 0)),
        ],
        '; ',
      );
      return [
        ...(spouse === null ? [] : [{ person: spouse }]),
        position === null ? '' : ` (${words.position(position)})`,
        details ? `: ${details}` : '',
      ].filter((part) => part !== '');
    }
    default:
      return [show(item)];
  }
}

/**
 * A record list of a revision as lines, one per item ("Туулган: болжол менен 1850, Талас"),
 * persons inside them as parts to link; null for a field that is not a record list.
 */
export function recordLines(
  field: string,
  value: unknown,
  words: RecordWords,
): DiffPart[][] | null {
  if (!RECORD_LIST_FIELDS.has(field)) return null;
  if (!Array.isArray(value)) return [];
  return (value as unknown[]).map((item) => itemLine(field, item, words));
}
