import { gedcomWarnings } from '@bagysh/shared';
import type { Db } from '../../../db/client';
import {
  events,
  notes,
  personNames,
  sources,
  unions,
  type GedcomExtraNode,
  type GedcomExtraTarget,
} from '../../../db/schema';
import { personsTable } from '../../../genealogy/person-table';
import type { GedcomNode } from '../read/node';
import { definedFamily, mapFamily, sharedPositions, type Couples } from './families';
import { IdBlock, reserveIds } from './ids';
import { OwnerPositions, type MapContext, type StagedRecords } from './mapping';
import { mapNote } from './notes';
import { mapPerson, type MappedPerson } from './persons';
import { resolvePlaces } from './places';
import { KeptPointers } from './pointers';
import { mapSource } from './sources';
import { recordKey, type Structure } from './structure';

/**
 * Pass 2's mapping of the records with details (INDI, FAM, SOUR, NOTE/SNOTE) to rows
 * (persons.ts, families.ts, sources.ts, notes.ts), each family's on its couple's union, or its one spouse; and the pointers
 * in what they keep linked to the records the import makes, those to no such record reported
 * (keptPointer). The import stages the rows; the preview makes them only to report what the
 * import would.
 */
export class RecordMapping {
  readonly context: MapContext;
  /**
   * The unknown data of the couples with several FAM records, by union id: staged once the last
   * one is read (a staged union row is not added to).
   */
  readonly coupleExtra = new Map<number, GedcomExtraNode[]>();
  private readonly kept = new KeptPointers();

  constructor(
    private readonly s: Structure,
    private readonly couples: Couples,
    private readonly ids: { idOf: (index: number) => number; unionBase: number },
    context: Omit<MapContext, 'keep'>,
  ) {
    this.context = { ...context, keep: this.kept.keep };
  }

  /** Maps one record into `out`; answers an individual's person (its row is the caller's). */
  map(record: GedcomNode, out: StagedRecords): MappedPerson | null {
    const { s, context } = this;
    const { idOf, unionBase } = this.ids;
    const key = recordKey(record);
    const mark = out.mark();
    this.kept.clear();
    let person: MappedPerson | null = null;
    if (record.tag === 'FAM') {
      const fam = s.famIndex.get(key) ?? -1;
      const union = this.couples.famUnion[fam] ?? -1;
      const spouse = s.famHusband.get(fam) !== -1 ? s.famHusband.get(fam) : s.famWife.get(fam);
      const owner =
        union !== -1
          ? { union_id: unionBase + union }
          : spouse !== -1
            ? { person_id: idOf(spouse) }
            : null;
      const extra = mapFamily(record, owner, key, context, out);
      // Unknown data (extra) comes only from a couple's family.
      const id = unionBase + union;
      if (extra.length > 0 && this.couples.several(union)) {
        this.link(extra, key);
        this.coupleExtra.set(id, [...(this.coupleExtra.get(id) ?? []), ...extra]);
      } else if (extra.length > 0) out.unions.push({ id, extra });
    } else if (record.tag === 'SOUR' && record.xref) {
      mapSource(record, context.sourceId(record.xref) ?? 0, key, context, out);
    } else if ((record.tag === 'NOTE' || record.tag === 'SNOTE') && record.xref) {
      mapNote(record, context.noteId(record.xref) ?? 0, key, context, out);
    } else if (record.tag === 'INDI') {
      const index = s.indiIndex.get(key) ?? 0;
      person = mapPerson(record, idOf(index), s.nameKeyOf(index), key, context, out);
      if (this.kept.any) this.link(person.extra, key);
    }
    if (this.kept.any) for (const extra of out.extrasSince(mark)) this.link(extra, key);
    return person;
  }

  /** Gives the pointers in kept data their records; those to none are reported. */
  private link(nodes: GedcomExtraNode[] | null, key: string): void {
    this.kept.link(nodes, this.target, (node, line) => {
      this.context.report.tally(
        `keptPointer:${node.tag}`,
        line,
        key,
        'keptPointer',
        (count, lines) => gedcomWarnings.keptPointer(node.tag, count, lines),
      );
    });
  }

  /** A pointer in kept data names the record by our ids (the export writes its xref then). */
  private readonly target = (xref: string): GedcomExtraTarget | null => {
    const { s, context } = this;
    const { idOf } = this.ids;
    const indi = s.indiIndex.get(xref);
    if (indi !== undefined && s.indiDefined.get(indi) === 1) return { person: idOf(indi) };
    const fam = definedFamily(s, xref);
    if (fam !== -1) {
      const h = s.famHusband.get(fam);
      const w = s.famWife.get(fam);
      // A family without parents is no family of the tree.
      if (h === -1 && w === -1) return null;
      return { family: [h === -1 ? null : idOf(h), w === -1 ? null : idOf(w)] };
    }
    const source = context.sourceId(xref);
    if (source !== null) return { source };
    const note = context.noteId(xref);
    return note === null ? null : { note };
  };
}

/** The ids pass 2 hands out, reserved before it starts. */
export interface RecordIds {
  /** A person's id by the individual's index (a pointer to a missing record leaves a gap). */
  idOf: (index: number) => number;
  /** The first union's id: a union's is this plus its index among the couples. */
  unionBase: number;
  /** The places of the PLAC texts, the new ones and the other names new to known ones. */
  places: Awaited<ReturnType<typeof resolvePlaces>>;
  /** The part of the mapping's context that hands out ids and numbering. */
  context: Omit<MapContext, 'report' | 'keep' | 'media'>;
  /** The blocks reserved, as [first id, count] (a merging import's revert removes them). */
  blocks: {
    persons: [number, number];
    unions: [number, number];
    sources: [number, number];
    notes: [number, number];
  };
}

/**
 * Reserves an id for every individual (those only pointed at included), union, place, name,
 * event, source and note pass 2 can make (pass 1 counted an upper bound of each).
 */
export async function reserveRecordIds(
  db: Db,
  s: Structure,
  couples: Couples,
  replace: boolean,
): Promise<RecordIds> {
  const base = await reserveIds(db, personsTable, s.count);
  const idOf = (index: number) => base + index;
  const unionBase = await reserveIds(db, unions, couples.unionFamily.length);
  const positions = sharedPositions(s, couples, unionBase, idOf);
  const places = await resolvePlaces(db, s, replace);
  const names = new IdBlock(await reserveIds(db, personNames, s.counts.names), s.counts.names);
  const eventIds = new IdBlock(await reserveIds(db, events, s.counts.events), s.counts.events);
  const sourceCount = s.sourceLine.length;
  const sourceBase = await reserveIds(db, sources, sourceCount + s.counts.inlineSources);
  const inlineSources = new IdBlock(sourceBase, sourceCount + s.counts.inlineSources, sourceCount);
  const noteCount = s.noteLine.length;
  const noteBase = await reserveIds(db, notes, noteCount + s.counts.longNotes);
  const longNotes = new IdBlock(noteBase, noteCount + s.counts.longNotes, noteCount);
  const context: RecordIds['context'] = {
    sourceId: (xref) => {
      const index = s.sources.get(xref);
      return index === undefined ? null : sourceBase + index;
    },
    noteId: (xref) => {
      const index = s.notes.get(xref);
      return index === undefined ? null : noteBase + index;
    },
    placeId: (text) => places.placeOf.get(text.trim()) ?? null,
    repositoryName: (xref) => s.repositories.get(xref),
    newEventId: () => eventIds.take(),
    newNameId: () => names.take(),
    newSourceId: () => inlineSources.take(),
    newNoteId: () => longNotes.take(),
    positions: (owner) =>
      positions.get('union_id' in owner ? `u${owner.union_id}` : `p${owner.person_id}`) ??
      new OwnerPositions(),
  };
  const blocks: RecordIds['blocks'] = {
    persons: [base, s.count],
    unions: [unionBase, couples.unionFamily.length],
    sources: [sourceBase, sourceCount + s.counts.inlineSources],
    notes: [noteBase, noteCount + s.counts.longNotes],
  };
  return { idOf, unionBase, places, context, blocks };
}
