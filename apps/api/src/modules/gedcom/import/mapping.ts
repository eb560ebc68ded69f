import { gedcomWarnings, RECORD_LIMITS, type EventDate } from '@bagysh/shared';
import type { GedcomExtraNode } from '../../../db/schema';
import { importedDate } from '../gedcom-dates';
import { child, type GedcomNode } from '../read/node';
import type { ImportReport } from '../read/report';
import type {
  NoteRow,
  ParentFamilyRow,
  SourceRow,
  StagedCitationFields,
  StagedEventRow,
  StagedNameRow,
  StagedNoteLinkFields,
  UnionRow,
} from '../rows';

/**
 * GEDCOM records → rows of the genealogist's records: names, events, places, sources,
 * citations, notes, note links, parent families (persons.ts, families.ts, events.ts,
 * sources.ts, notes.ts). Pure mapping; the import gives the ids and stages the rows. This file
 * holds what every mapper shares: the rows it makes, what it asks of the import, its numbering.
 * What the mapping writes for what GEDCOM has no word for is in conventions.ts.
 */

/** The record a citation or a note link belongs to. */
export type Owner =
  | { person_id: number }
  | { union_id: number }
  | { event_id: number }
  | { name_id: number }
  | { source_id: number };

export type StagedCitation = Owner & StagedCitationFields;
export type StagedNoteLink = Owner & StagedNoteLinkFields;

/** Rows made from a batch of records, staged together. */

export class StagedRecords {
  names: StagedNameRow[] = [];
  events: StagedEventRow[] = [];
  citations: StagedCitation[] = [];
  noteLinks: StagedNoteLink[] = [];
  notes: NoteRow[] = [];
  sources: SourceRow[] = [];
  parentFamilies: ParentFamilyRow[] = [];
  unions: (Pick<UnionRow, 'id'> & { extra: GedcomExtraNode[] })[] = [];

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
 * predicts (preview.ts).
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

/** A value's trimmed text (cut at `max`), null when empty. */
export function textOrNull(value: string | undefined, max?: number): string | null {
  const text = value?.trim() ?? '';
  if (text === '') return null;
  return max === undefined ? text : text.slice(0, max);
}

/**
 * A DATE node → EventDate. A date written another way with one clear reading ("12.03.1925") is
 * kept as that GEDCOM date, and a value that is no date at all as a phrase; both are reported.
 */
export function dateOf(node: GedcomNode, recordKey: string, ctx: MapContext): EventDate | null {
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
export function noteText(node: GedcomNode, recordKey: string, ctx: MapContext): string {
  const text = node.value;
  if (text.length <= RECORD_LIMITS.noteMaxLength) return text;
  ctx.report.warn(node.line, recordKey, 'noteTooLong', text.length, RECORD_LIMITS.noteMaxLength);
  return text.slice(0, RECORD_LIMITS.noteMaxLength);
}

/** Warns about a pointer to a record the file lacks. */
export function dangling(node: GedcomNode, xref: string, recordKey: string, ctx: MapContext): void {
  ctx.report.warn(node.line, recordKey, 'dangling', xref);
}

/** Link rows numbered in order, per owner. */
export class Positions {
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
