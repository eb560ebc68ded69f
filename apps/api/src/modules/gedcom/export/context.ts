import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import type { GedcomExtraTarget } from '../../../db/schema/records';
import { hiddenCondition, type Viewer } from '../../../genealogy/privacy';
import { ExtraPointers } from './pointers';
import { GedcomWriter } from './writer';

/**
 * Small batches, and the event loop gets a turn before each: on PGlite a query runs on the
 * main thread, so a long one (or a chain of them without a macrotask between) would hold up
 * every other request.
 */
export const BATCH = 50;

export interface ExportOptions {
  root?: number;
  version: '5.5.1' | '7.0';
  /** Whose view of living persons the file shows. */
  viewer: Viewer;
  /** Leave living persons out altogether. */
  excludeLiving?: boolean;
  /** Write private shared notes (only ever for a viewer who sees living persons). */
  privateNotes?: boolean;
  /** Absolute origin of the site (PUBLIC_URL): media files are linked by their download URL. */
  publicUrl: string;
}

export const indiXref = (id: number) => `@I${id}@`;
export const sourXref = (id: number) => `@S${id}@`;
export const noteXref = (id: number) => `@N${id}@`;
export const objeXref = (id: number) => `@O${id}@`;
export const repoXref = (sourceId: number) => `@R${sourceId}@`;

/** Rows grouped by a key, in their order. */
export function groupBy<T, K>(rows: T[], key: (row: T) => K | null): Map<K, T[]> {
  const map = new Map<K, T[]>();
  for (const row of rows) {
    const k = key(row);
    if (k === null) continue;
    const list = map.get(k);
    if (list) list.push(row);
    else map.set(k, [row]);
  }
  return map;
}

/**
 * What every section of one export shares: the writer, who reads, which persons and notes, and
 * the records written so far refer to — sources, notes and (7.0) files, written after them.
 */
export class ExportContext {
  readonly w: GedcomWriter;
  readonly viewer: Viewer;
  /** The persons written, as a condition on `persons p`. */
  readonly scope: SQL;
  /** The shared notes the viewer may read, as a condition on `notes n`. */
  readonly noteVisible: SQL;
  /**
   * Whole-tree exports write every source; for a full viewer every note too. The others write
   * only those the written records refer to (a note of a hidden living person stays out).
   */
  readonly everyRecord: boolean;
  readonly everyNote: boolean;
  readonly publicUrl: string;
  readonly sourceIds = new Set<number>();
  readonly noteIds = new Set<number>();
  readonly fileIds = new Set<number>();
  readonly pointers: ExtraPointers;

  constructor(db: Db, baseScope: SQL, options: ExportOptions) {
    const { viewer } = options;
    this.w = new GedcomWriter(options.version);
    this.viewer = viewer;
    this.scope = options.excludeLiving
      ? sql`(${baseScope} and not ${hiddenCondition('p')})`
      : baseScope;
    const privateNotes = viewer.seesLiving && options.privateNotes === true;
    this.noteVisible = privateNotes ? sql`true` : sql`not n.is_private`;
    this.everyRecord = options.root === undefined;
    this.everyNote = this.everyRecord && viewer.seesLiving && !options.excludeLiving;
    this.publicUrl = options.publicUrl;
    this.pointers = new ExtraPointers(db, this.scope, viewer, this.noteVisible);
  }

  /**
   * The xref of the record a pointer in kept data names, when this file has it. `after`: the
   * last source (or note) of the page being written; a later one is still to come.
   */
  pointerXref(
    section: 'persons' | 'sources' | 'notes',
    after = 0,
  ): (target: GedcomExtraTarget) => string | null {
    const { pointers, sourceIds, noteIds } = this;
    return (target) => {
      if ('person' in target)
        return pointers.person(target.person) ? indiXref(target.person) : null;
      if ('family' in target) return pointers.family(target.family);
      if ('source' in target) {
        const id = target.source;
        if (!pointers.source(id)) return null;
        // Sources follow the persons: the pointer makes sure this one is written.
        const written =
          this.everyRecord ||
          sourceIds.has(id) ||
          section === 'persons' ||
          (section === 'sources' && id > after);
        if (!written) return null;
        if (section !== 'notes') sourceIds.add(id);
        return sourXref(id);
      }
      const id = target.note;
      if (!pointers.note(id)) return null;
      if (section === 'notes' && !this.everyNote && !noteIds.has(id) && id <= after) return null;
      noteIds.add(id);
      return noteXref(id);
    };
  }
}
