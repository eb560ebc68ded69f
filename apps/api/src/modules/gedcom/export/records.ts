import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../../db/client';
import type { GedcomExtraNode, GedcomExtraTarget } from '../../../db/schema/records';
import { intArray } from '../../../genealogy/person-rows';
import type { CitationRow, EventRow, NameRow, NoteLinkRow } from '../rows';
import { groupBy, noteXref, sourXref, type ExportContext } from './context';
import { objeLines, type MediaRow, type ObjectFile } from './objects';
import { dateLines, placeChains, placeLines, type PlaceChain } from './places';
import type { CoupleRow } from './pointers';
import { eventTag } from './writer';

/**
 * The records of a batch's shown persons and written unions: names, events, citations, note
 * and media links, primary photos and the places of the events, fetched by id lists (a fixed
 * number of queries per batch), and the lines each writes under its person, union or event.
 */

type Extra = GedcomExtraNode[] | null;

/** A note link as the export reads it: the linked record (`p12`, `e5`, `u3`) and the note. */
type NoteLinkTarget = { target: string } & Pick<NoteLinkRow, 'note_id'>;

export interface BatchIds {
  /** The persons whose details the viewer may see. */
  shownIds: number[];
  /** The unions of the families this batch writes. */
  unionIds: number[];
  /** The primary photos of the shown persons. */
  photoIds: number[];
}

export class BatchRecords {
  /** The xref of the record a pointer in kept data names (`load` first). */
  readonly xrefOf: (target: GedcomExtraTarget) => string | null;
  readonly namesOf: Map<number, NameRow[]>;
  readonly personEvents: Map<number, EventRow[]>;
  private readonly unionEvents: Map<number, EventRow[]>;
  private readonly citationsOf: Map<string, CitationRow[]>;
  private readonly notesOf: Map<string, NoteLinkTarget[]>;
  readonly mediaOf: Map<string, MediaRow[]>;

  private constructor(
    private readonly ctx: ExportContext,
    records: {
      names: NameRow[];
      events: EventRow[];
      citations: CitationRow[];
      noteLinks: NoteLinkTarget[];
      media: MediaRow[];
    },
    readonly photos: Map<number, ObjectFile>,
    private readonly places: Map<number, PlaceChain>,
  ) {
    this.xrefOf = ctx.pointerXref('persons');
    this.namesOf = groupBy(records.names, (n) => n.person_id);
    this.personEvents = groupBy(records.events, (e) => e.person_id);
    this.unionEvents = groupBy(records.events, (e) => e.union_id);
    this.citationsOf = groupBy(records.citations, (c) =>
      c.person_id !== null
        ? `p${c.person_id}`
        : c.event_id !== null
          ? `e${c.event_id}`
          : c.union_id !== null
            ? `u${c.union_id}`
            : `n${c.name_id}`,
    );
    this.notesOf = groupBy(records.noteLinks, (l) => l.target);
    this.mediaOf = groupBy(records.media, (m) => m.target);
  }

  /**
   * Fetches the batch's records, and the records that pointers in their kept data name (and in
   * `extras`, the kept data of the batch's shown persons and written unions).
   */
  static async load(
    db: Db,
    ctx: ExportContext,
    ids: BatchIds,
    extras: { persons: Extra[]; unions: Extra[] },
  ): Promise<BatchRecords> {
    const { shownIds, unionIds } = ids;
    const names = await queryRows<NameRow>(
      db,
      sql`select id, person_id, kind, given, surname, nickname, prefix, suffix, full_name,
            position, extra
          from person_names where person_id = any(${intArray(shownIds)})
          order by person_id, position, id`,
    );
    const events = await queryRows<EventRow>(
      db,
      sql`select id, person_id, union_id, type, custom_type, value, date, place_id, note, extra
          from events
          where person_id = any(${intArray(shownIds)}) or union_id = any(${intArray(unionIds)})
          order by position, date_sort nulls last, id`,
    );
    const eventIds = events.map((e) => e.id);
    const nameIds = names.map((n) => n.id);
    const citations = await queryRows<CitationRow>(
      db,
      sql`select source_id, person_id, event_id, union_id, name_id, page, quality, note, extra
          from citations
          where person_id = any(${intArray(shownIds)}) or event_id = any(${intArray(eventIds)})
            or union_id = any(${intArray(unionIds)}) or name_id = any(${intArray(nameIds)})
          order by position, id`,
    );
    const noteLinks = await queryRows<NoteLinkTarget>(
      db,
      sql`select case when l.person_id is not null then 'p' || l.person_id
              when l.event_id is not null then 'e' || l.event_id else 'u' || l.union_id end as target,
            l.note_id
          from note_links l join notes n on n.id = l.note_id
          where (l.person_id = any(${intArray(shownIds)}) or l.event_id = any(${intArray(eventIds)})
            or l.union_id = any(${intArray(unionIds)})) and ${ctx.noteVisible}
          order by l.position, l.id`,
    );
    const media = await queryRows<MediaRow>(
      db,
      sql`select case when l.person_id is not null then 'p' || l.person_id else 'e' || l.event_id end
              as target, l.file_id, l.title, f.name, f.mime_type
          from media_links l join files f on f.id = l.file_id
          where l.person_id = any(${intArray(shownIds)}) or l.event_id = any(${intArray(eventIds)})
          order by l.position, l.id`,
    );
    const photoRows =
      ids.photoIds.length === 0
        ? []
        : await queryRows<ObjectFile>(
            db,
            sql`select id, name, mime_type from files where id = any(${intArray(ids.photoIds)})`,
          );
    const places = await placeChains(
      db,
      events.flatMap((e) => (e.place_id === null ? [] : [e.place_id])),
    );
    await ctx.pointers.load([
      ...extras.persons,
      ...names.map((n) => n.extra),
      ...events.map((e) => e.extra),
      ...citations.map((c) => c.extra),
      ...extras.unions,
      ...[...places.values()].map((p) => p.extra),
    ]);
    const photos = new Map(photoRows.map((f) => [f.id, f]));
    return new BatchRecords(ctx, { names, events, citations, noteLinks, media }, photos, places);
  }

  /** The SOUR citations of a record (`p12`, `e5`, `u3`, `n7`). */
  citationLines(level: number, target: string): string {
    const { w, sourceIds } = this.ctx;
    let out = '';
    for (const c of this.citationsOf.get(target) ?? []) {
      sourceIds.add(c.source_id);
      out += w.raw(level, 'SOUR', sourXref(c.source_id));
      out += w.optional(level + 1, 'PAGE', c.page);
      if (c.quality !== null) out += w.raw(level + 1, 'QUAY', String(c.quality));
      out += w.optional(level + 1, 'NOTE', c.note);
      out += w.extra(level + 1, c.extra, this.xrefOf);
    }
    return out;
  }

  /** The pointers to the shared notes of a record. */
  noteLinkLines(level: number, target: string): string {
    const { w, noteIds } = this.ctx;
    let out = '';
    for (const l of this.notesOf.get(target) ?? []) {
      noteIds.add(l.note_id);
      out += w.raw(level, w.v7 ? 'SNOTE' : 'NOTE', noteXref(l.note_id));
    }
    return out;
  }

  /** The OBJE links of a record, but the file `skip` (a person's primary photo, written first). */
  mediaLines(level: number, target: string, skip: number | null = null): string {
    let out = '';
    for (const m of this.mediaOf.get(target) ?? []) {
      if (m.file_id === skip) continue;
      out += objeLines(this.ctx, level, m, m.title, false);
    }
    return out;
  }

  /** An event with its date, place, notes, citations and media. */
  eventLines(e: EventRow): string {
    const { w } = this.ctx;
    const place = e.place_id === null ? undefined : this.places.get(e.place_id);
    const { tag, type } = eventTag(e.type, e.custom_type);
    let out = w.text(1, tag, e.value ?? '');
    out += w.optional(2, 'TYPE', type);
    out += dateLines(w, 2, e.date);
    out += placeLines(w, 2, place, this.xrefOf);
    out += w.optional(2, 'NOTE', e.note);
    out += this.noteLinkLines(2, `e${e.id}`);
    out += this.citationLines(2, `e${e.id}`);
    out += this.mediaLines(2, `e${e.id}`);
    out += w.extra(2, e.extra, this.xrefOf);
    return out;
  }

  /** A union's events, notes, citations and kept data, under its FAM record. */
  unionLines(union: CoupleRow): string {
    let out = '';
    for (const e of this.unionEvents.get(union.id) ?? []) out += this.eventLines(e);
    out += this.noteLinkLines(1, `u${union.id}`);
    out += this.citationLines(1, `u${union.id}`);
    out += this.ctx.w.extra(1, union.extra, this.xrefOf);
    return out;
  }
}
