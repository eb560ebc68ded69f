import { rm } from 'node:fs/promises';
import {
  foldName,
  gedcomMessages,
  gedcomWarnings,
  RECORD_LIMITS,
  type ParentRelation,
  type Sex,
  type YearSource,
} from '@bagysh/shared';
import { sql } from 'drizzle-orm';
import { queryRows, type Database, type Db } from '../../db/client';
import { copyText, type CopyValue } from '../../db/copy-text';
import type { GedcomExtraNode, GedcomExtraTarget } from '../../db/schema';
import { releaseBlobs } from '../../files/file-blobs';
import {
  importedChecksums,
  storeImportedFiles,
  type ImportedFile,
} from '../../files/imported-files';
import { isLiving } from '../../genealogy/privacy';
import { lockTree } from '../../genealogy/tree';
import { invalidateTreeCaches } from '../../genealogy/tree-cache';
import {
  chooseEncoding,
  encodingLabel,
  notGedcomKind,
  sampleFile,
  type EncodingChoice,
} from './read/encoding';
import { child, headerVersion, type GedcomNode } from './read/node';
import { readGedcomRecordBatches } from './read/records';
import { GedcomError, ImportReport } from './read/report';
import { deleteTree, deleteUnlinkedImportedFiles } from './replace-tree';
import {
  adoptions,
  type ChildRelation,
  childRelationOf,
  collectPlaces,
  countRecords,
  KeptPointers,
  mapFamily,
  mapNote,
  mapPerson,
  mapSource,
  type MappedPerson,
  neitherByBirth,
  NO_NAME,
  pedigreeOf,
  placeChain,
  placeVariants,
  pointer,
  sameSpelling,
  quickYear,
  StagedRecords,
  hasNumberedRows,
  type MapContext,
  OwnerPositions,
  type MediaOwner,
  type ParentFamilyRow,
} from './gedcom-records';
import {
  GedzipArchive,
  MediaReferences,
  objeLink,
  stageMedia,
  type MediaFiles,
  type MediaOptions,
} from './gedzip-media';

/**
 * GEDCOM import, all or nothing, in two streaming passes over the uploaded file:
 * 1. the structure: every individual's xref, name key and family; a file cut short, a duplicate
 *    xref or a loop through any parent fails the import before anything is written, while
 *    what can be skipped (a dangling pointer, an unknown tag, a stray line) goes into the
 *    import report;
 *    Pass 1 also indexes the sources, notes and repositories, collects the distinct places
 *    and counts names and events, so that every id can be reserved before pass 2;
 * 2. the details, every record mapped by gedcom-records.ts, written batch by batch into
 *    `gedcom_staging` and the `gedcom_staging_*` tables (short statements, so PGlite's single
 *    connection keeps serving requests), then moved into `persons`, `unions`, `places`,
 *    `sources`, `notes`, `person_names`, `events`, `citations`, `note_links` and
 *    `parent_families` by one INSERT … SELECT each in one transaction — the only moment the
 *    tree is locked.
 * A GEDZip archive's media (gedzip-media.ts) are staged and checked between the passes, linked
 * in pass 2 (the links held in memory: an archive's worth) and stored as files in that same
 * transaction; a failure releases their blobs.
 * Memory holds a few integers per individual and family, the distinct places and the
 * repositories' names, never the file.
 */

const BATCH = 2000;
/** A batch is also written when it holds this many rows of all kinds. */
const BATCH_ROWS = 12_000;

export interface ImportCallbacks {
  onProgress(processed: number, total: number | null): void;
  /** Asked between batches: true stops the import (the app is closing). */
  cancelled(): boolean;
  /** Told when a phase starts ('structure', 'staging', 'moving'), for logs and benchmarks. */
  onPhase?(phase: 'structure' | 'staging' | 'moving'): void;
  /** Collects the encoding and the warnings, also of an import that fails. */
  report?: ImportReport;
  /** The new tree replaces the old one, deleted in the same transaction (replace-tree.ts). */
  replace?: boolean;
  /** Where a GEDZip archive's media go (the Files feature); without it they are not imported. */
  media?: MediaOptions;
}

export interface ImportResult {
  persons: number;
  version: string;
}

/** A growable Int32Array: a few bytes per individual instead of a JS array's boxed slots. */
class IntList {
  private data: Int32Array;
  length = 0;

  constructor(private readonly fillValue = -1) {
    this.data = new Int32Array(1024).fill(fillValue);
  }

  private grow(size: number) {
    if (size <= this.data.length) return;
    let capacity = this.data.length;
    while (capacity < size) capacity *= 2;
    const next = new Int32Array(capacity).fill(this.fillValue);
    next.set(this.data);
    this.data = next;
  }

  get(index: number): number {
    return index < this.length ? (this.data[index] ?? this.fillValue) : this.fillValue;
  }

  set(index: number, value: number) {
    this.grow(index + 1);
    this.data[index] = value;
    if (index >= this.length) this.length = index + 1;
  }

  push(value: number): number {
    this.set(this.length, value);
    return this.length - 1;
  }
}

/** No birth year, in an IntList of years. */
export const NO_YEAR = -2_147_483_648;

const NUMBERED_XREF = /^@([A-Za-z_]{0,8})([1-9]\d{0,7})@$/;

/**
 * xref → index. Xrefs like @I123@ (what every program writes) go into a dense array per
 * prefix, 4 bytes each; any other spelling into a Map.
 */
class XrefIndex {
  private readonly dense = new Map<string, IntList>();
  private readonly other = new Map<string, number>();
  size = 0;

  get(xref: string): number | undefined {
    const match = NUMBERED_XREF.exec(xref);
    if (match) {
      const value = this.dense.get(match[1] ?? '')?.get(Number(match[2]));
      return value === undefined || value === -1 ? undefined : value;
    }
    return this.other.get(xref);
  }

  set(xref: string, index: number): void {
    const match = NUMBERED_XREF.exec(xref);
    if (match) {
      const prefix = match[1] ?? '';
      let list = this.dense.get(prefix);
      if (!list) {
        list = new IntList();
        this.dense.set(prefix, list);
      }
      list.set(Number(match[2]), index);
    } else {
      this.other.set(xref, index);
    }
    this.size += 1;
  }

  /** The xref of an index, for error messages only (a linear search). */
  xrefOf(index: number): string {
    for (const [prefix, list] of this.dense) {
      for (let n = 0; n < list.length; n++) if (list.get(n) === index) return `@${prefix}${n}@`;
    }
    for (const [xref, value] of this.other) if (value === index) return xref;
    return '?';
  }
}

/** The structure of the file after pass 1, indexed by individual or family. */
export class Structure {
  readonly indiIndex = new XrefIndex();
  readonly indiLine = new IntList();
  readonly indiDefined = new IntList(0);
  readonly indiFamc = new IntList();
  /** 1: the individual has FAMC lines but no birth family among them (adopted only). */
  readonly indiNoBirthFamily = new IntList(0);
  readonly indiChildOf = new IntList();
  /**
   * The families of FAMC lines without PEDI after the one taken for the birth family, of the
   * individuals with several: the next is theirs when a CHIL line says the first is not.
   */
  readonly indiLaterFamcs = new Map<number, number[]>();
  /** 1: the birth family is a FAMC with PEDI birth (which a CHIL line does not overrule). */
  readonly indiBirthPedigree = new IntList(0);
  /** CHIL lines' relations other than birth (`_FREL`/`_MREL`): individual → family → relation. */
  readonly childRelations = new Map<number, Map<number, ChildRelation>>();
  readonly indiNameKey = new IntList();
  readonly indiBirthYear = new IntList(NO_YEAR);
  readonly famIndex = new XrefIndex();
  readonly famLine = new IntList();
  readonly famDefined = new IntList(0);
  readonly famHusband = new IntList();
  readonly famWife = new IntList();
  /** Order of the family among the husband's / the wife's FAMS (1 first), 0 if not listed. */
  readonly famHusbandPosition = new IntList(0);
  readonly famWifePosition = new IntList(0);
  /** 1: the family has rows its owner numbers (events, citations, notes). */
  readonly famRows = new IntList(0);
  readonly sources = new XrefIndex();
  readonly sourceLine = new IntList();
  readonly notes = new XrefIndex();
  readonly noteLine = new IntList();
  readonly repositories = new Map<string, string>();
  /** Distinct PLAC texts, with the first coordinates given for each and every variant. */
  readonly places = new Map<
    string,
    { latitude: number | null; longitude: number | null; variants: string[] }
  >();
  readonly counts = { names: 0, events: 0, inlineSources: 0, longNotes: 0 };
  readonly keys: string[] = [];
  private readonly keyIndex = new Map<string, number>();
  /** Individuals with a record (the others are only pointed at): set at the end of pass 1. */
  defined = 0;
  /** The OBJE links, gathered for a GEDZip archive only (whose media are imported). */
  media: MediaReferences | null = null;

  get count(): number {
    return this.indiLine.length;
  }

  individual(xref: string, line: number): number {
    let index = this.indiIndex.get(xref);
    if (index === undefined) {
      index = this.indiLine.push(line);
      this.indiIndex.set(xref, index);
    }
    return index;
  }

  family(xref: string, line: number): number {
    let index = this.famIndex.get(xref);
    if (index === undefined) {
      index = this.famLine.push(line);
      this.famIndex.set(xref, index);
    }
    return index;
  }

  /** How an individual is its family's child, as the family's CHIL line says; null if not said. */
  childRelation(fam: number, index: number): ChildRelation | null {
    return this.childRelations.get(index)?.get(fam) ?? null;
  }

  /**
   * The relation the CHIL line of an individual's birth family gives it to one parent when the
   * other is its parent by birth (a stepfather's adoption): that parent is no lineage parent.
   */
  halfBirthRelation(fam: number, index: number, side: 'father' | 'mother'): ParentRelation {
    if (this.indiBirthPedigree.get(index) === 1) return 'birth';
    return this.childRelation(fam, index)?.[side] ?? 'birth';
  }

  /** An individual's folded name. */
  nameKeyOf(index: number): string {
    return this.keys[this.indiNameKey.get(index)] ?? '';
  }

  nameKey(key: string): number {
    let index = this.keyIndex.get(key);
    if (index === undefined) {
      index = this.keys.length;
      this.keyIndex.set(key, index);
      this.keys.push(key);
    }
    return index;
  }
}

/** "Асан /Үсөнов/" → "Асан Үсөнов"; GIVN/SURN when NAME is empty. */
export function personName(record: GedcomNode): string {
  const name = child(record, 'NAME');
  let text = name?.value ?? '';
  if (text.trim() === '' && name) {
    text = [child(name, 'GIVN')?.value, child(name, 'SURN')?.value].filter(Boolean).join(' ');
  }
  const clean = text.replace(/\//g, ' ').replace(/\s+/g, ' ').trim();
  return clean === '' ? NO_NAME : clean.slice(0, 200);
}

/**
 * A record's key: its xref, or (7.0 allows records nobody points to) a key made of its line,
 * which no xref can be.
 */
export function recordKey(record: GedcomNode): string {
  return record.xref ?? `#${record.line}`;
}

/**
 * The FAMC of the birth family: the one with PEDI birth, else the first without PEDI that no
 * ADOP event names (`plain`: all those, in order). None when every FAMC is adoptive, foster…
 */
function birthFamcOf(record: GedcomNode): { birth: GedcomNode | undefined; plain: GedcomNode[] } {
  const adopted = adoptions(record);
  const plain: GedcomNode[] = [];
  let birth: GedcomNode | undefined;
  for (const famc of record.children) {
    if (famc.tag !== 'FAMC') continue;
    const xref = pointer(famc.value);
    if (!xref) continue;
    const pedigree = pedigreeOf(famc);
    if (pedigree === 'birth') birth ??= famc;
    if (pedigree === null && !adopted.has(xref)) plain.push(famc);
  }
  return { birth: birth ?? plain[0], plain };
}

/** A SOUR or NOTE record's index; a second record with its xref fails the import. */
function defineOnce(index: XrefIndex, lines: IntList, record: GedcomNode): void {
  const xref = record.xref ?? '';
  const seen = index.get(xref);
  if (seen !== undefined) {
    throw new GedcomError(gedcomMessages.duplicateXref(record.line, xref, lines.get(seen)));
  }
  index.set(xref, lines.push(record.line));
}

function addPlace(
  s: Structure,
  text: string,
  latitude: number | null,
  longitude: number | null,
  variants: string[],
) {
  const key = text.trim();
  const known = s.places.get(key);
  if (!known) s.places.set(key, { latitude, longitude, variants: [...new Set(variants)] });
  else {
    if (known.latitude === null && latitude !== null) {
      known.latitude = latitude;
      known.longitude = longitude;
    }
    for (const v of variants) if (!known.variants.includes(v)) known.variants.push(v);
  }
}

/** Pass 1's counts of an INDI or FAM record, and its places. */
function countInto(s: Structure, record: GedcomNode): void {
  const counts = countRecords(record);
  s.counts.names += counts.names;
  s.counts.events += counts.events;
  s.counts.inlineSources += counts.inlineSources;
  s.counts.longNotes += counts.longNotes;
  collectPlaces(record, (text, lat, long, variants) => addPlace(s, text, lat, long, variants));
}

/** Pass 1: the skeleton of the tree. */
export async function readStructure(
  path: string,
  choice: EncodingChoice,
  report: ImportReport,
  collectMedia = false,
): Promise<{ structure: Structure; version: string }> {
  const s = new Structure();
  if (collectMedia) s.media = new MediaReferences();
  let version = '';
  for await (const batch of readGedcomRecordBatches(path, choice, report))
    for (const record of batch) {
      s.media?.collect(record);
      switch (record.tag) {
        case 'HEAD':
          version = headerVersion(record);
          break;
        case 'INDI': {
          const xref = recordKey(record);
          const index = s.individual(xref, record.line);
          if (s.indiDefined.get(index) === 1) {
            throw new GedcomError(
              gedcomMessages.duplicateXref(record.line, xref, s.indiLine.get(index)),
            );
          }
          const fam = s.famIndex.get(xref);
          if (fam !== undefined && s.famDefined.get(fam) === 1) {
            throw new GedcomError(
              gedcomMessages.duplicateXref(record.line, xref, s.famLine.get(fam)),
            );
          }
          s.indiDefined.set(index, 1);
          s.indiLine.set(index, record.line);
          s.indiNameKey.set(index, s.nameKey(foldName(personName(record))));
          s.indiBirthYear.set(index, quickYear(child(record, 'BIRT')) ?? NO_YEAR);
          const { birth: birthFamily, plain } = birthFamcOf(record);
          const famXref = birthFamily ? pointer(birthFamily.value) : null;
          if (birthFamily && famXref) {
            s.indiFamc.set(index, s.family(famXref, birthFamily.line));
            if (birthFamily !== plain[0]) s.indiBirthPedigree.set(index, 1);
            if (birthFamily === plain[0] && plain.length > 1) {
              const later = plain.slice(1).map((n) => s.family(pointer(n.value) ?? '', n.line));
              s.indiLaterFamcs.set(index, later);
            }
          } else if (record.children.some((c) => c.tag === 'FAMC' && pointer(c.value))) {
            s.indiNoBirthFamily.set(index, 1);
          }
          countInto(s, record);
          break;
        }
        case 'FAM': {
          const xref = recordKey(record);
          const index = s.family(xref, record.line);
          if (s.famDefined.get(index) === 1) {
            throw new GedcomError(
              gedcomMessages.duplicateXref(record.line, xref, s.famLine.get(index)),
            );
          }
          const indi = s.indiIndex.get(xref);
          if (indi !== undefined && s.indiDefined.get(indi) === 1) {
            throw new GedcomError(
              gedcomMessages.duplicateXref(record.line, xref, s.indiLine.get(indi)),
            );
          }
          s.famDefined.set(index, 1);
          s.famLine.set(index, record.line);
          if (hasNumberedRows(record)) s.famRows.set(index, 1);
          for (const node of record.children) {
            if (node.tag !== 'HUSB' && node.tag !== 'WIFE' && node.tag !== 'CHIL') continue;
            const target = pointer(node.value);
            if (!target) {
              if (node.value.trim() !== '@VOID@' && node.value.trim() !== '') {
                report.warn(node.line, xref, 'notPointer', node.tag, node.value.trim());
              }
              continue;
            }
            const person = s.individual(target, node.line);
            const relation = node.tag === 'CHIL' ? childRelationOf(node) : null;
            const notBirth = neitherByBirth(relation);
            if (relation) {
              const families = s.childRelations.get(person) ?? new Map<number, ChildRelation>();
              s.childRelations.set(person, families.set(index, relation));
            }
            if (node.tag === 'HUSB') s.famHusband.set(index, person);
            else if (node.tag === 'WIFE') s.famWife.set(index, person);
            else if (!notBirth && s.indiChildOf.get(person) === -1)
              s.indiChildOf.set(person, index);
          }
          countInto(s, record);
          break;
        }
        case 'SOUR':
          if (record.xref) {
            defineOnce(s.sources, s.sourceLine, record);
            collectPlaces(record, (text, lat, long, variants) =>
              addPlace(s, text, lat, long, variants),
            );
          }
          break;
        case 'NOTE':
        case 'SNOTE':
          if (record.xref) defineOnce(s.notes, s.noteLine, record);
          break;
        case 'REPO':
          if (record.xref)
            s.repositories.set(record.xref, child(record, 'NAME')?.value.trim() ?? '');
          break;
        default:
          break;
      }
    }
  // Pointers to records that are not there are dropped (pass 2 reports each one): families
  // lose such members, and an individual whose FAMC is missing falls back on a CHIL line.
  let defined = 0;
  for (let index = 0; index < s.count; index++) if (s.indiDefined.get(index) === 1) defined++;
  if (defined === 0) throw new GedcomError(gedcomMessages.empty);
  for (let fam = 0; fam < s.famLine.length; fam++) {
    if (s.indiDefined.get(s.famHusband.get(fam)) !== 1) s.famHusband.set(fam, -1);
    if (s.indiDefined.get(s.famWife.get(fam)) !== 1) s.famWife.set(fam, -1);
  }
  // A FAMC without PEDI to a family whose CHIL line says adopted, foster… for both parents
  // (Ancestry's `_FREL`, `_MREL`) is no birth family: the next such FAMC is, or none.
  for (const [index, families] of s.childRelations) {
    const fam = s.indiFamc.get(index);
    if (!neitherByBirth(families.get(fam) ?? null) || s.indiBirthPedigree.get(index) === 1) {
      continue;
    }
    const later = s.indiLaterFamcs.get(index) ?? [];
    const next = later.find((f) => !neitherByBirth(s.childRelation(f, index))) ?? -1;
    s.indiFamc.set(index, next);
    if (next === -1) s.indiNoBirthFamily.set(index, 1);
  }
  for (let index = 0; index < s.count; index++) {
    const famc = s.indiFamc.get(index);
    if (famc !== -1 && s.famDefined.get(famc) !== 1) s.indiFamc.set(index, -1);
  }
  s.defined = defined;
  return { structure: s, version };
}

/**
 * How many persons descend from each individual through fathers: the deepest first, each adds
 * itself and its own count to its father's (a counting sort by depth, linear in the file).
 */
function countDescendants(father: Int32Array, depth: Int32Array): Int32Array {
  const n = father.length;
  let maxDepth = 0;
  for (let i = 0; i < n; i++) maxDepth = Math.max(maxDepth, depth[i] ?? 0);
  const starts = new Int32Array(maxDepth + 2);
  for (let i = 0; i < n; i++) starts[(depth[i] ?? 0) + 1] = (starts[(depth[i] ?? 0) + 1] ?? 0) + 1;
  for (let d = 1; d < starts.length; d++) starts[d] = (starts[d] ?? 0) + (starts[d - 1] ?? 0);
  const byDepth = new Int32Array(n);
  const next = starts.slice();
  for (let i = 0; i < n; i++) {
    const d = depth[i] ?? 0;
    byDepth[next[d] ?? 0] = i;
    next[d] = (next[d] ?? 0) + 1;
  }
  const count = new Int32Array(n);
  for (let k = n - 1; k >= 0; k--) {
    const i = byDepth[k] ?? 0;
    const f = father[i] ?? -1;
    if (f !== -1) count[f] = (count[f] ?? 0) + (count[i] ?? 0) + 1;
  }
  return count;
}

/** `@I5@ (12-сап)`, for messages; a record without xref by its line alone. */
function describeIndividual(s: Structure, index: number): string {
  const xref = s.indiIndex.xrefOf(index);
  const line = s.indiLine.get(index);
  return xref.startsWith('#') ? `INDI (${line}-сап)` : `${xref} (${line}-сап)`;
}

/**
 * Fails the import when someone is their own ancestor through any mix of fathers and mothers,
 * naming the persons of the loop. A depth-first walk up the parents with an explicit stack
 * (a million-person line would overflow the call stack).
 */
function assertNoCycle(s: Structure, father: Int32Array, mother: Int32Array): void {
  const n = father.length;
  // 0: not seen, 1: on the walk's path, 2: done (no loop above it).
  const state = new Uint8Array(n);
  // Which parent of each path node to look at next: 0 father, 1 mother, 2 none left.
  const nextParent = new Uint8Array(n);
  const path: number[] = [];
  for (let start = 0; start < n; start++) {
    if (state[start] !== 0) continue;
    path.push(start);
    state[start] = 1;
    while (path.length > 0) {
      const node = path[path.length - 1] ?? 0;
      const which = nextParent[node] ?? 2;
      if (which >= 2) {
        state[node] = 2;
        path.pop();
        continue;
      }
      nextParent[node] = which + 1;
      const parent = (which === 0 ? father[node] : mother[node]) ?? -1;
      if (parent === -1 || state[parent] === 2) continue;
      if (state[parent] === 1) {
        const loop = path.slice(path.indexOf(parent));
        const shown = loop.length > 8 ? [...loop.slice(0, 4), -1, ...loop.slice(-3)] : loop;
        const chain = [...shown, parent]
          .map((i) => (i === -1 ? '…' : describeIndividual(s, i)))
          .join(' → ');
        throw new GedcomError(gedcomMessages.cycle(chain));
      }
      state[parent] = 1;
      path.push(parent);
    }
  }
}

/**
 * The family whose husband and wife are an individual's lineage father and mother: its birth
 * FAMC, else (no FAMC at all) the first family listing it as CHIL.
 */
function birthFamily(s: Structure, index: number): number {
  if (s.indiFamc.get(index) !== -1) return s.indiFamc.get(index);
  return s.indiNoBirthFamily.get(index) === 1 ? -1 : s.indiChildOf.get(index);
}

/** Fathers and mothers by index, and each individual's depth; a loop fails the import. */
export function resolveLineage(s: Structure) {
  const n = s.count;
  const father = new Int32Array(n).fill(-1);
  const mother = new Int32Array(n).fill(-1);
  for (let i = 0; i < n; i++) {
    if (s.indiDefined.get(i) !== 1) continue;
    const fam = birthFamily(s, i);
    if (fam === -1) continue;
    if (s.halfBirthRelation(fam, i, 'father') === 'birth') father[i] = s.famHusband.get(fam);
    if (s.halfBirthRelation(fam, i, 'mother') === 'birth') mother[i] = s.famWife.get(fam);
  }
  assertNoCycle(s, father, mother);
  const depth = new Int32Array(n).fill(-1);
  const chain: number[] = [];
  for (let i = 0; i < n; i++) {
    if (depth[i] !== -1) continue;
    chain.length = 0;
    let current = i;
    while (current !== -1 && depth[current] === -1) {
      chain.push(current);
      current = father[current] ?? -1;
    }
    let d = current === -1 ? -1 : (depth[current] ?? -1);
    for (let k = chain.length - 1; k >= 0; k--) {
      d += 1;
      depth[chain[k] ?? 0] = d;
    }
  }
  return { father, mother, depth };
}

/** A PostgreSQL array literal, sent as one text parameter. */
function arrayLiteral(values: readonly (string | number | boolean | null)[]): string {
  const items = values.map((value) => {
    if (value === null) return 'NULL';
    if (typeof value === 'number') return String(value);
    if (typeof value === 'boolean') return value ? 't' : 'f';
    return `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
  });
  return `{${items.join(',')}}`;
}

interface StagedRow {
  id: number;
  name: string;
  nameKey: string;
  fatherNameKey: string | null;
  sex: Sex;
  fatherId: number | null;
  motherId: number | null;
  path: string;
  depth: number;
  descendantCount: number;
  birthYear: number | null;
  deathYear: number | null;
  birthDate: string | null;
  deathDate: string | null;
  birthPlace: string | null;
  deathPlace: string | null;
  biography: string | null;
  isLiving: boolean;
  birthOrder: number | null;
  birthYearSource: YearSource | null;
  deathYearSource: YearSource | null;
  /** JSON of the person's GedcomExtraNode[]. */
  extra: string | null;
}

/**
 * Staging table of each kind of record and the columns of its target table it holds, made by
 * migration 0022 with the target's types (a column staged later is added there too); the final
 * move copies them over. The unions' GEDCOM data joins the unions made from the families.
 */
const STAGED_RECORDS = [
  {
    kind: 'notes',
    staging: 'gedcom_staging_notes',
    table: 'notes',
    columns: ['id', 'text', 'is_private', 'extra'],
  },
  {
    kind: 'sources',
    staging: 'gedcom_staging_sources',
    table: 'sources',
    columns: [
      'id',
      'kind',
      'title',
      'author',
      'publication',
      'repository',
      'call_number',
      'url',
      'told_date',
      'told_place_id',
      'text',
      'note',
      'extra',
    ],
  },
  {
    kind: 'names',
    staging: 'gedcom_staging_names',
    table: 'person_names',
    columns: [
      'id',
      'person_id',
      'kind',
      'given',
      'surname',
      'nickname',
      'prefix',
      'suffix',
      'full_name',
      'name_key',
      'alternative',
      'position',
      'extra',
    ],
  },
  {
    kind: 'events',
    staging: 'gedcom_staging_events',
    table: 'events',
    columns: [
      'id',
      'person_id',
      'union_id',
      'type',
      'custom_type',
      'value',
      'date',
      'date_sort',
      'place_id',
      'note',
      'position',
      'extra',
    ],
  },
  {
    kind: 'citations',
    staging: 'gedcom_staging_citations',
    table: 'citations',
    columns: [
      'source_id',
      'person_id',
      'event_id',
      'union_id',
      'name_id',
      'page',
      'quality',
      'note',
      'position',
      'extra',
    ],
  },
  {
    kind: 'noteLinks',
    staging: 'gedcom_staging_note_links',
    table: 'note_links',
    columns: ['note_id', 'person_id', 'event_id', 'union_id', 'source_id', 'position'],
  },
  {
    kind: 'parentFamilies',
    staging: 'gedcom_staging_parent_families',
    table: 'parent_families',
    columns: ['child_id', 'father_id', 'mother_id', 'relation', 'position'],
  },
  { kind: 'unions', staging: 'gedcom_staging_unions', table: null, columns: ['id', 'extra'] },
] as const;

/** Every staging table: what a finished or abandoned import clears. */
const STAGING_TABLES = ['gedcom_staging', ...STAGED_RECORDS.map((r) => r.staging)];

/** Removes what an import staged. */
export async function clearStaging(db: Db, jobId: string): Promise<void> {
  for (const table of STAGING_TABLES) {
    await db.execute(sql`delete from ${sql.identifier(table)} where job_id = ${jobId}::uuid`);
  }
}

/** Removes what imports that are neither queued nor running left behind. */
export async function clearAbandonedStaging(db: Db): Promise<void> {
  for (const table of STAGING_TABLES) {
    await db.execute(sql`delete from ${sql.identifier(table)} s where not exists (
      select 1 from gedcom_jobs j where j.id = s.job_id and j.status in ('queued', 'running'))`);
  }
}

/** The columns of `gedcom_staging` and the staged person's field each takes. */
const PERSON_COLUMNS: readonly (readonly [string, keyof StagedRow])[] = [
  ['id', 'id'],
  ['name', 'name'],
  ['name_key', 'nameKey'],
  ['father_name_key', 'fatherNameKey'],
  ['sex', 'sex'],
  ['father_id', 'fatherId'],
  ['mother_id', 'motherId'],
  ['path', 'path'],
  ['depth', 'depth'],
  ['descendant_count', 'descendantCount'],
  ['birth_year', 'birthYear'],
  ['death_year', 'deathYear'],
  ['birth_date', 'birthDate'],
  ['death_date', 'deathDate'],
  ['birth_place', 'birthPlace'],
  ['death_place', 'deathPlace'],
  ['biography', 'biography'],
  ['is_living', 'isLiving'],
  ['birth_order', 'birthOrder'],
  ['birth_year_source', 'birthYearSource'],
  ['death_year_source', 'deathYearSource'],
  ['extra', 'extra'],
];

/**
 * Writes a batch into the staging tables by COPY: the import's hot path, several times
 * cheaper for the database than the same rows as JSON or array parameters.
 */
async function stage(
  database: Database,
  jobId: string,
  rows: StagedRow[],
  records: StagedRecords,
): Promise<void> {
  if (rows.length > 0) {
    await database.copyIn(
      'gedcom_staging',
      ['job_id', ...PERSON_COLUMNS.map(([column]) => column)],
      copyText(rows, (row) => [jobId, ...PERSON_COLUMNS.map(([, key]) => row[key])]),
    );
  }
  for (const { kind, staging, columns } of STAGED_RECORDS) {
    const list: readonly object[] = records[kind];
    if (list.length === 0) continue;
    await database.copyIn(
      staging,
      ['job_id', ...columns],
      copyText(list, (row) => [
        jobId,
        ...columns.map((c) => (row as Record<string, CopyValue>)[c]),
      ]),
    );
  }
}

/** An import this many times larger than the tree it lands in is loaded in bulk. */
const BULK_RATIO = 10;

/**
 * Tables whose indexes (and foreign keys, `persons` excepted) a bulk load drops and makes
 * again: their rows grow with the persons.
 */
const BULK_TABLES = ['persons', 'person_names', 'events', 'citations', 'note_links'];

/**
 * Drops every index of the bulk tables but their primary keys (which the foreign keys need),
 * and the foreign keys of the tables other than `persons` (checked once per table afterwards,
 * by one join, instead of once per row); answers the statements that make them again, exactly
 * as the migrations made them, to be run after the load.
 */
async function dropSecondaryIndexes(tx: Db): Promise<string[]> {
  const tables = sql.join(
    BULK_TABLES.map((t) => sql`${t}`),
    sql`, `,
  );
  const indexes = await queryRows<{ name: string; definition: string }>(
    tx,
    sql`select i.indexname as name, i.indexdef as definition from pg_indexes i
        where i.schemaname = current_schema() and i.tablename in (${tables})
          and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
  );
  const foreignKeys = await queryRows<{ table: string; name: string; definition: string }>(
    tx,
    sql`select c.conrelid::regclass::text as table, c.conname as name,
          pg_get_constraintdef(c.oid) as definition
        from pg_constraint c
        where c.contype = 'f' and c.conrelid::regclass::text in (${tables})
          and c.conrelid::regclass::text <> 'persons'`,
  );
  // Sorting a million rows for each index wants more than the default 64 MB.
  await tx.execute(sql`set local maintenance_work_mem = '256MB'`);
  for (const key of foreignKeys) {
    await tx.execute(sql.raw(`alter table ${key.table} drop constraint "${key.name}"`));
  }
  for (const index of indexes) await tx.execute(sql.raw(`drop index "${index.name}"`));
  return [
    ...indexes.map((index) => index.definition),
    ...foreignKeys.map(
      (key) => `alter table ${key.table} add constraint "${key.name}" ${key.definition}`,
    ),
  ];
}

/**
 * Reserves `count` consecutive ids of `table` (its identity sequence); nobody else can insert in
 * between. Answers the first; nothing is reserved for 0.
 */
async function reserveIds(db: Db, table: string, count: number): Promise<number> {
  if (count === 0) return 0;
  return db.transaction(async (tx) => {
    await tx.execute(sql`lock table ${sql.identifier(table)} in share row exclusive mode`);
    const [row] = await queryRows<{ base: number }>(
      tx,
      sql`select nextval(pg_get_serial_sequence(${table}, 'id'))::int as base`,
    );
    const base = row?.base ?? 1;
    if (count > 1) {
      await tx.execute(
        sql`select setval(pg_get_serial_sequence(${table}, 'id'), ${base + count - 1})`,
      );
    }
    return base;
  });
}

/** Hands out the ids of a reserved block; asking for more than was counted is a bug. */
class IdBlock {
  private next: number;
  constructor(
    private readonly base: number,
    private readonly size: number,
    start = 0,
  ) {
    this.next = start;
  }

  take(): number {
    if (this.next >= this.size) throw new Error('GEDCOM import: more ids taken than counted');
    return this.base + this.next++;
  }
}

interface PlaceRow {
  id: number;
  name: string;
  name_key: string;
  alt_names: string[];
  parent_id: number | null;
  latitude: number | null;
  longitude: number | null;
}

/**
 * Every PLAC text → a place: "Ат-Башы, Нарын, Кыргызстан" is Ат-Башы inside Нарын inside
 * Кыргызстан, each found by its folded name under the same parent among the places already in
 * the database and those of this import, or else new. The variants (ROMN/FONE/TRAN) give the
 * places their other names (`placeVariants`). Answers the place of each text, the new places
 * (parents first) and the other names new to places already in the database. A replacing
 * import (`replace`) reuses none: the old tree's places are deleted before its rows go in.
 */
async function resolvePlaces(db: Db, s: Structure, replace: boolean) {
  const byKey = new Map<string, number>();
  /** Other names of the places already in the database, by id. */
  const known = new Map<number, string[]>();
  if (s.places.size > 0 && !replace) {
    const existing = await queryRows<{
      id: number;
      name_key: string;
      parent_id: number | null;
      alt_names: string[];
    }>(db, sql`select id, name_key, parent_id, alt_names from places`);
    const byId = new Map(existing.map((p) => [p.id, p]));
    const keyOf = (id: number, depth = 0): string => {
      const place = byId.get(id);
      if (!place) return '';
      const parent =
        place.parent_id === null || depth > 20 ? '' : keyOf(place.parent_id, depth + 1);
      return `${parent}|${place.name_key}`;
    };
    for (const place of existing) {
      const key = keyOf(place.id);
      if (!byKey.has(key)) byKey.set(key, place.id);
      known.set(place.id, place.alt_names);
    }
  }
  let upperBound = 0;
  for (const text of s.places.keys()) upperBound += placeChain(text).length;
  const block = new IdBlock(await reserveIds(db, 'places', upperBound), upperBound);
  const rows: PlaceRow[] = [];
  const created = new Map<number, PlaceRow>();
  const placeOf = new Map<string, number>();
  /** Other names added to places already in the database. */
  const added = new Map<number, string[]>();
  const addName = (id: number, name: string) => {
    const row = created.get(id);
    const names = row ? row.alt_names : (added.get(id) ?? [...(known.get(id) ?? [])]);
    if (name.trim() === '' || (row && sameSpelling(row.name, name))) return;
    if (names.some((n) => sameSpelling(n, name))) return;
    names.push(name);
    if (!row) added.set(id, names);
  };
  for (const [text, { latitude, longitude, variants }] of s.places) {
    let key = '';
    let parent: number | null = null;
    const ids: number[] = [];
    for (const name of placeChain(text)) {
      const nameKey = foldName(name);
      key = `${key}|${nameKey}`;
      let id = byKey.get(key);
      if (id === undefined) {
        id = block.take();
        const row: PlaceRow = {
          id,
          name,
          name_key: nameKey,
          alt_names: [],
          parent_id: parent,
          latitude: null,
          longitude: null,
        };
        rows.push(row);
        created.set(id, row);
        byKey.set(key, id);
      }
      ids.push(id);
      parent = id;
    }
    if (parent === null) continue;
    placeOf.set(text, parent);
    for (const variant of variants) {
      for (const [level, name] of placeVariants(text, variant)) {
        const id = ids[level];
        if (id !== undefined) addName(id, name.slice(0, RECORD_LIMITS.placeNameMaxLength));
      }
    }
    const leaf = created.get(parent);
    if (leaf && leaf.latitude === null && latitude !== null) {
      leaf.latitude = latitude;
      leaf.longitude = longitude;
    }
  }
  return { placeOf, rows, added };
}

/**
 * Individuals that look like another one defined earlier in the file (same name, birth year
 * and father's name): `firstOf[i]` is that one's index, or -1. Linear: a counting sort by name,
 * then a small map per group of equal names.
 */
function findLookAlikes(s: Structure, father: Int32Array): Int32Array {
  const n = s.count;
  const firstOf = new Int32Array(n).fill(-1);
  const keys = s.keys.length;
  const start = new Int32Array(keys + 1);
  const candidate = (i: number) => s.indiDefined.get(i) === 1 && s.indiBirthYear.get(i) !== NO_YEAR;
  for (let i = 0; i < n; i++) {
    const k = s.indiNameKey.get(i) + 1;
    if (candidate(i)) start[k] = (start[k] ?? 0) + 1;
  }
  for (let k = 1; k <= keys; k++) start[k] = (start[k] ?? 0) + (start[k - 1] ?? 0);
  const order = new Int32Array(start[keys] ?? 0);
  const fill = start.slice();
  for (let i = 0; i < n; i++) {
    if (!candidate(i)) continue;
    const k = s.indiNameKey.get(i);
    order[fill[k] ?? 0] = i;
    fill[k] = (fill[k] ?? 0) + 1;
  }
  const earliest = new Map<number, number>();
  const keyOf = (i: number) => {
    const f = father[i] ?? -1;
    const fatherKey = f === -1 ? 0 : s.indiNameKey.get(f) + 1;
    return (s.indiBirthYear.get(i) + 4000) * 0x800000 + fatherKey;
  };
  for (let k = 0; k < keys; k++) {
    const from = start[k] ?? 0;
    const to = start[k + 1] ?? 0;
    if (to - from < 2) continue;
    earliest.clear();
    for (let j = from; j < to; j++) {
      const i = order[j] ?? 0;
      const key = keyOf(i);
      const seen = earliest.get(key);
      if (seen === undefined || s.indiLine.get(i) < s.indiLine.get(seen)) earliest.set(key, i);
    }
    for (let j = from; j < to; j++) {
      const i = order[j] ?? 0;
      const first = earliest.get(keyOf(i)) ?? i;
      if (first !== i) firstOf[i] = first;
    }
  }
  return firstOf;
}

/** The file's encoding after a look at its bytes; other kinds of files are refused. */
/**
 * A GEDZip archive's GEDCOM is copied to `gedzipTarget` and read from there; the archive stays
 * open for its media (the caller closes it).
 */
export async function prepare(
  path: string,
  gedzipTarget: string,
  report: ImportReport,
): Promise<{ source: string; choice: EncodingChoice; archive: GedzipArchive | null }> {
  let source = path;
  let { head, sample } = await sampleFile(source);
  let kind = notGedcomKind(head);
  let archive: GedzipArchive | null = null;
  try {
    if (kind === 'zip') {
      archive = await GedzipArchive.open(path);
      await archive.extractGedcom(gedzipTarget);
      source = gedzipTarget;
      ({ head, sample } = await sampleFile(source));
      kind = notGedcomKind(head);
      if (kind === 'zip') kind = 'бул ZIP архивинин ичиндеги ZIP архиви';
    }
    if (kind) throw new GedcomError(gedcomMessages.notGedcomKind(kind));
  } catch (error) {
    archive?.close();
    throw error;
  }
  const choice = chooseEncoding(head, sample);
  report.encoding = encodingLabel(choice.encoding);
  report.encodingReason = choice.reason;
  return { source, choice, archive };
}

/**
 * Imports the file at `path` (a GEDCOM file or a GEDZip archive); the caller's job row tracks
 * it (and who started it: imported persons themselves have no `created_by`).
 */
export async function importGedcom(
  database: Database,
  path: string,
  jobId: string,
  callbacks: ImportCallbacks,
): Promise<ImportResult> {
  const report = callbacks.report ?? new ImportReport();
  // A GEDCOM taken out of a GEDZip archive sits beside the upload while it is read.
  const gedzipTarget = `${path}.gedzip.ged`;
  let archive: GedzipArchive | null = null;
  try {
    const prepared = await prepare(path, gedzipTarget, report);
    archive = prepared.archive;
    return await importFile(
      {
        database,
        path: prepared.source,
        choice: prepared.choice,
        jobId,
        callbacks,
        report,
      },
      archive,
    );
  } finally {
    archive?.close();
    await rm(gedzipTarget, { force: true });
  }
}

/** What the import of one file works with, from pass to pass. */
interface ImportRun {
  database: Database;
  /** The GEDCOM to read (taken out of a GEDZip archive). */
  path: string;
  choice: EncodingChoice;
  jobId: string;
  callbacks: ImportCallbacks;
  report: ImportReport;
}

/** What pass 1 found, and the archive's staged media, for pass 2. */
interface FirstPass {
  s: Structure;
  version: string;
  lineage: ReturnType<typeof resolveLineage>;
  media: MediaFiles | null;
}

async function importFile(run: ImportRun, archive: GedzipArchive | null): Promise<ImportResult> {
  const { database, path, choice, callbacks, report } = run;
  const { db } = database;
  callbacks.onPhase?.('structure');
  const { structure: s, version } = await readStructure(path, choice, report, archive !== null);
  const lineage = resolveLineage(s);
  // A GEDZip archive's media are staged (checked, not yet stored) before anything is written.
  let media: MediaFiles | null = null;
  if (archive && s.media && callbacks.media) {
    media = await stageMedia(db, archive, s.media, callbacks.media, report);
  } else if (archive && archive.files.length > 0) {
    report.warn(null, null, 'gedzipMedia', archive.files.length);
  }
  try {
    return await importRecords(run, { s, version, lineage, media });
  } finally {
    // Files stored by the import are no longer staged: this removes only what was not.
    await media?.discard();
  }
}

/** A family with a record: its index, or -1. */
function definedFamily(s: Structure, xref: string | null): number {
  const fam = xref === null ? undefined : s.famIndex.get(xref);
  return fam !== undefined && s.famDefined.get(fam) === 1 ? fam : -1;
}

/** A union for each couple of the file's families: several FAM records of one couple make one. */
export class Couples {
  /** Each family's union (its index), or -1 for a family without a couple. */
  readonly famUnion: Int32Array;
  /** Each union's first family. */
  readonly unionFamily: number[] = [];
  private readonly records: number[] = [];

  constructor(s: Structure) {
    this.famUnion = new Int32Array(s.famLine.length).fill(-1);
    const couples = new Map<string, number>();
    for (let fam = 0; fam < s.famLine.length; fam++) {
      const h = s.famHusband.get(fam);
      const w = s.famWife.get(fam);
      if (h === -1 || w === -1 || h === w) continue;
      const couple = `${Math.min(h, w)}:${Math.max(h, w)}`;
      let union = couples.get(couple);
      if (union === undefined) {
        union = this.unionFamily.push(fam) - 1;
        this.records.push(0);
        couples.set(couple, union);
      }
      this.records[union] = (this.records[union] ?? 0) + 1;
      this.famUnion[fam] = union;
    }
  }

  /** Whether a union is made of more than one FAM record. */
  several(union: number): boolean {
    return (this.records[union] ?? 0) > 1;
  }
}

/**
 * The GEDZip file an OBJE link names, staged and accepted; null when there is none (the link
 * then stays unknown data).
 */
export function stagedMedia(node: GedcomNode, s: Structure, media: MediaFiles | null) {
  const link = objeLink(node);
  const named = link && s.media?.resolve(link);
  const staged = named && media?.get(named.path);
  const file = staged && media?.files[staged.index];
  return link && named && staged && file ? { link, named, staged, file } : null;
}

/**
 * Pass 2's mapping of the records with details (INDI, FAM, SOUR, NOTE/SNOTE) to rows
 * (gedcom-records.ts), each family's on its couple's union, or its one spouse; and the pointers
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

async function importRecords(run: ImportRun, first: FirstPass): Promise<ImportResult> {
  const { database, path, choice, jobId, callbacks, report } = run;
  const { db } = database;
  const { s, version, media } = first;
  const { father, mother, depth } = first.lineage;
  const descendants = countDescendants(father, depth);
  const firstOf = findLookAlikes(s, father);
  // The xrefs of individuals that others look like, learnt in pass 2 before those others.
  const firstXref = new Map<number, string>();
  for (const first of firstOf) if (first !== -1) firstXref.set(first, '');
  const total = s.defined;
  callbacks.onProgress(0, total);

  // An id for every index, those of pointers to missing records included (they leave gaps).
  const base = await reserveIds(db, 'persons', s.count);
  const idOf = (index: number) => base + index;
  const keyOf = (index: number) => s.nameKeyOf(index);
  const pathOf = (index: number) => {
    const ids: number[] = [];
    for (let f = father[index] ?? -1; f !== -1; f = father[f] ?? -1) ids.push(idOf(f));
    return `{${ids.reverse().join(',')}}`;
  };

  const couples = new Couples(s);
  const { famUnion, unionFamily } = couples;
  const unionBase = await reserveIds(db, 'unions', unionFamily.length);
  // The owners several records add rows to keep their numbering from one record to the next:
  // a couple with more than one FAM record, and a spouse alone in a FAM that has such rows
  // (they are the person's, beside the INDI's). Every other owner's come from one record.
  const sharedPositions = new Map<string, OwnerPositions>();
  for (let fam = 0; fam < s.famLine.length; fam++) {
    const union = famUnion[fam] ?? -1;
    const spouse = s.famHusband.get(fam) !== -1 ? s.famHusband.get(fam) : s.famWife.get(fam);
    if (union !== -1) {
      if (couples.several(union))
        sharedPositions.set(`u${unionBase + union}`, new OwnerPositions());
    } else if (spouse !== -1 && s.famRows.get(fam) === 1) {
      sharedPositions.set(`p${idOf(spouse)}`, new OwnerPositions());
    }
  }
  const places = await resolvePlaces(db, s, callbacks.replace === true);
  const names = new IdBlock(await reserveIds(db, 'person_names', s.counts.names), s.counts.names);
  const events = new IdBlock(await reserveIds(db, 'events', s.counts.events), s.counts.events);
  const sourceCount = s.sourceLine.length;
  const sourceBase = await reserveIds(db, 'sources', sourceCount + s.counts.inlineSources);
  const inlineSources = new IdBlock(sourceBase, sourceCount + s.counts.inlineSources, sourceCount);
  const noteCount = s.noteLine.length;
  const noteBase = await reserveIds(db, 'notes', noteCount + s.counts.longNotes);
  const longNotes = new IdBlock(noteBase, noteCount + s.counts.longNotes, noteCount);
  const mapping = new RecordMapping(
    s,
    couples,
    { idOf, unionBase },
    {
      report,
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
      newEventId: () => events.take(),
      newNameId: () => names.take(),
      newSourceId: () => inlineSources.take(),
      newNoteId: () => longNotes.take(),
      media: (node, owner, from) => linkMedia(node, owner, from),
      positions: (owner) =>
        sharedPositions.get('union_id' in owner ? `u${owner.union_id}` : `p${owner.person_id}`) ??
        new OwnerPositions(),
    },
  );

  // GEDZip media: the links (few, held in memory) and the persons' primary photos.
  const fileBase =
    media && media.files.length > 0 ? await reserveIds(db, 'files', media.files.length) : 0;
  media?.number(fileBase);
  const mediaLinks: (MediaOwner & { file_id: number; title: string | null; position: number })[] =
    [];
  const mediaPositions = new Map<string, number>();
  const linkedFiles = new Set<number>();
  const photos: { person: number; file: number }[] = [];
  /** The primary photo (a file index) met in the person record being mapped. */
  let primaryPhoto: number | null = null;
  /** The record being mapped, for the warnings of media links. */
  let mediaRecord: string | null = null;
  const linkMedia: MapContext['media'] = (node, target, from) => {
    const found = stagedMedia(node, s, media);
    if (!found) return false;
    const { link, named, staged, file } = found;
    // Media links hold no family nor citation: a family's file goes to both spouses, a
    // citation's to the record that cites (said in the report, naming the line).
    let owners: MediaOwner[] = [];
    let to: 'spouses' | 'person' | 'event' = 'spouses';
    if ('union_id' in target) {
      const fam = unionFamily[target.union_id - unionBase] ?? -1;
      owners = [s.famHusband.get(fam), s.famWife.get(fam)].map((i) => ({ person_id: idOf(i) }));
    } else {
      owners = [target];
      to = 'person_id' in target ? 'person' : 'event';
    }
    if (from) report.warn(link.line, mediaRecord, 'mediaMoved', named.path, from, to);
    const title = (link.title ?? named.title)?.slice(0, RECORD_LIMITS.titleMaxLength) ?? null;
    for (const owner of owners) {
      const ownerKey =
        'person_id' in owner
          ? `p${owner.person_id}`
          : 'event_id' in owner
            ? `e${owner.event_id}`
            : `s${owner.source_id}`;
      const position = mediaPositions.get(ownerKey) ?? 0;
      mediaPositions.set(ownerKey, position + 1);
      mediaLinks.push({ ...owner, file_id: file.id, title, position });
    }
    linkedFiles.add(staged.index);
    const person = from === undefined && 'person_id' in target;
    if (link.primary && person && staged.kind === 'image' && primaryPhoto === null) {
      primaryPhoto = staged.index;
    }
    return true;
  };
  const familyOf = (xref: string | null) => definedFamily(s, xref);

  let inFlight: Promise<void> = Promise.resolve();
  let failure: { error: unknown } | undefined;
  let filesCommitted: readonly ImportedFile[] = [];
  let removedBlobs: (string | null)[] = [];
  const settle = async () => {
    await inFlight;
    if (failure) throw failure.error;
  };
  try {
    callbacks.onPhase?.('staging');
    let batch: StagedRow[] = [];
    let records = new StagedRecords();
    let processed = 0;
    const rowsOf = (r: StagedRecords) =>
      r.names.length + r.events.length + r.citations.length + r.noteLinks.length;
    const isMissing = (node: GedcomNode, target: string) => {
      if (node.tag === 'FAMC' || node.tag === 'FAMS') return familyOf(target) === -1;
      return s.indiDefined.get(s.indiIndex.get(target) ?? -1) !== 1;
    };
    const checkPointers = (record: GedcomNode, tags: readonly string[]) => {
      for (const node of record.children) {
        if (!tags.includes(node.tag)) continue;
        const target = pointer(node.value);
        if (target && isMissing(node, target)) {
          report.warn(node.line, recordKey(record), 'dangling', target);
        }
      }
    };
    for await (const chunk of readGedcomRecordBatches(path, choice))
      for (const record of chunk) {
        const key = recordKey(record);
        mediaRecord = key;
        const index = record.tag === 'INDI' ? (s.indiIndex.get(key) ?? 0) : -1;
        if (record.tag === 'FAM') checkPointers(record, ['HUSB', 'WIFE', 'CHIL']);
        else if (record.tag === 'INDI') {
          checkPointers(record, ['FAMC', 'FAMS']);
          if (firstXref.has(index)) firstXref.set(index, key);
          const first = firstOf[index] ?? -1;
          if (first !== -1) {
            report.warn(
              record.line,
              key,
              'duplicatePerson',
              firstXref.get(first) ?? '?',
              s.indiLine.get(first),
            );
          }
          primaryPhoto = null;
        }
        const person = mapping.map(record, records);
        if (person) {
          stageFamilies(s, record, index, birthFamily(s, index), familyOf, idOf, records);
          const sexValue = child(record, 'SEX')?.value.trim().toUpperCase();
          const order = Number(child(record, '_BORD')?.value);
          const f = father[index] ?? -1;
          const m = mother[index] ?? -1;
          const { birth, death } = person;
          batch.push({
            id: idOf(index),
            name: personName(record),
            nameKey: keyOf(index),
            fatherNameKey: f === -1 ? null : keyOf(f),
            sex: sexValue === 'M' || sexValue === 'F' ? sexValue : 'U',
            fatherId: f === -1 ? null : idOf(f),
            motherId: m === -1 ? null : idOf(m),
            path: pathOf(index),
            depth: depth[index] ?? 0,
            descendantCount: descendants[index] ?? 0,
            birthYear: birth.year,
            deathYear: death.year,
            birthDate: birth.text?.slice(0, 100) ?? null,
            // "1 DEAT Y" without a date still says the person has died.
            deathDate:
              death.text?.slice(0, 100) ??
              (death.present && death.year === null ? 'белгисиз' : null),
            birthPlace: birth.place?.slice(0, 200) ?? null,
            deathPlace: death.place?.slice(0, 200) ?? null,
            biography: person.biography,
            isLiving: child(record, '_LIVING')?.value.trim().toUpperCase() === 'Y',
            birthOrder: Number.isInteger(order) && order >= 1 && order <= 100 ? order : null,
            birthYearSource: birth.standIn && birth.year !== null ? 'christening' : null,
            deathYearSource:
              death.standIn && (death.year !== null || death.text !== null) ? 'burial' : null,
            extra: person.extra ? JSON.stringify(person.extra) : null,
          });
          const staged = batch[batch.length - 1];
          if (primaryPhoto !== null && staged) {
            // Every person photo is public (guests see person pages), which a living person's
            // must not be: that one stays a members-only file among the person's media.
            const living = isLiving({
              is_living: staged.isLiving,
              death_year: staged.deathYear,
              death_date: staged.deathDate,
              birth_year: staged.birthYear,
            });
            if (living) report.warn(record.line, key, 'livingPhoto');
            else {
              media?.setVisibility(primaryPhoto, 'public');
              photos.push({ person: staged.id, file: media?.files[primaryPhoto]?.id ?? 0 });
            }
          }
        }
        if (batch.length >= BATCH || rowsOf(records) >= BATCH_ROWS) {
          if (callbacks.cancelled()) throw new GedcomError('Импорт токтотулду.');
          // One batch in flight while the next is parsed: PostgreSQL writes on the other core.
          await settle();
          const rows = batch;
          const staged = records;
          // The failure is kept, not left unhandled, until the next batch looks at it.
          inFlight = stage(database, jobId, rows, staged).then(
            () => {
              processed += rows.length;
              callbacks.onProgress(processed, total);
            },
            (error: unknown) => {
              failure = { error };
            },
          );
          batch = [];
          records = new StagedRecords();
        }
      }
    for (const [id, extra] of mapping.coupleExtra) records.unions.push({ id, extra });
    await settle();
    await stage(database, jobId, batch, records);
    processed += batch.length;
    callbacks.onProgress(processed, total);

    const unionColumns = unionRows(s, unionFamily, unionBase, idOf);

    callbacks.onPhase?.('moving');
    const [existing] = await queryRows<{ count: number }>(
      db,
      sql`select count(*)::int as count from persons`,
    );
    // Loading a tree into an (almost) empty database: building the indexes once afterwards is
    // several times faster than maintaining them row by row. Readers wait meanwhile, but there
    // is next to nothing to read yet. A replaced tree is empty once deleted.
    const bulk = callbacks.replace === true || (existing?.count ?? 0) * BULK_RATIO < total;
    // Files no link took (say, of a family's event without spouses) are not stored.
    const stored = media?.files.filter((_, index) => linkedFiles.has(index)) ?? [];
    await db.transaction(async (tx) => {
      // A process starting meanwhile may have taken this job for abandoned (this one lost its
      // lock connection) and removed its staged rows: then move nothing. The row lock makes
      // such a clean-up wait until this transaction ends.
      const [job] = await queryRows<{ status: string }>(
        tx,
        sql`select status from gedcom_jobs where id = ${jobId}::uuid for update`,
      );
      if (job && job.status !== 'running') throw new GedcomError('Импорт токтотулду.');
      await lockTree(tx);
      if (callbacks.replace) await deleteTree(tx);
      if (stored.length > 0 && callbacks.media?.ownerId) {
        // Before: a failure halfway may already have committed a blob.
        filesCommitted = stored;
        const reused = await storeImportedFiles(
          tx,
          callbacks.media,
          callbacks.media.ownerId,
          stored,
        );
        // Links to a file stored before (the same name and bytes) go to that file.
        for (const link of mediaLinks) link.file_id = reused.get(link.file_id) ?? link.file_id;
        for (const photo of photos) photo.file = reused.get(photo.file) ?? photo.file;
      }
      const indexes = bulk ? await dropSecondaryIndexes(tx) : [];
      if (places.rows.length > 0) {
        await tx.execute(sql`insert into places (id, name, name_key, alt_names, parent_id,
            latitude, longitude)
          select r.id, r.name, r.name_key, r.alt_names, r.parent_id, r.latitude, r.longitude
          from jsonb_populate_recordset(null::places, ${JSON.stringify(places.rows)}::jsonb) r`);
      }
      // Other names the file gives places already in the tree are added to theirs.
      for (const [id, names] of places.added) {
        await tx.execute(sql`update places set alt_names = ${arrayLiteral(names)}::text[], updated_at = now()
          where id = ${id}`);
      }
      await tx.execute(sql`insert into name_keys (key)
        select name_key from gedcom_staging where job_id = ${jobId}::uuid
        union select name_key from gedcom_staging_names where job_id = ${jobId}::uuid
        on conflict do nothing`);
      await tx.execute(sql`insert into persons (id, name, name_key, father_name_key, sex,
          father_id, mother_id, path, depth, descendant_count, birth_year, death_year,
          birth_date, death_date, birth_place, death_place, biography, is_living, birth_order,
          birth_year_source, death_year_source, extra, created_by_id, updated_by_id)
        select id, name, name_key, father_name_key, sex, father_id, mother_id, path, depth,
          descendant_count, birth_year, death_year, birth_date, death_date, birth_place,
          death_place, biography, is_living, birth_order, birth_year_source, death_year_source,
          extra, null, null
        from gedcom_staging where job_id = ${jobId}::uuid`);
      if (unionColumns.ids.length > 0) {
        await tx.execute(sql`insert into unions (id, person1_id, person2_id, person1_position,
            person2_position, extra) overriding system value
          select t.id, t.p1, t.p2, t.pos1, t.pos2, s.extra
          from unnest(${arrayLiteral(unionColumns.ids)}::int[],
            ${arrayLiteral(unionColumns.firsts)}::int[], ${arrayLiteral(unionColumns.seconds)}::int[],
            ${arrayLiteral(unionColumns.firstPositions)}::int[],
            ${arrayLiteral(unionColumns.secondPositions)}::int[]) as t(id, p1, p2, pos1, pos2)
          left join gedcom_staging_unions s
            on s.job_id = ${jobId}::uuid and s.id = t.id`);
      }
      for (const { staging, table, columns } of STAGED_RECORDS) {
        if (table === null) continue;
        const list = sql.join(
          columns.map((c) => sql.identifier(c)),
          sql`, `,
        );
        await tx.execute(sql`insert into ${sql.identifier(table)} (${list})
          select ${list} from ${sql.identifier(staging)} where job_id = ${jobId}::uuid`);
      }
      if (photos.length > 0) {
        await tx.execute(sql`update persons p set photo_file_id = t.file_id
          from unnest(${arrayLiteral(photos.map((p) => p.person))}::int[],
            ${arrayLiteral(photos.map((p) => p.file))}::int[]) as t(id, file_id)
          where p.id = t.id`);
      }
      if (mediaLinks.length > 0) {
        await tx.execute(sql`insert into media_links (file_id, person_id, event_id, source_id,
            title, position)
          select r.file_id, r.person_id, r.event_id, r.source_id, r.title, r.position
          from jsonb_populate_recordset(null::media_links, ${JSON.stringify(mediaLinks)}::jsonb) r`);
      }
      for (const definition of indexes) await tx.execute(sql.raw(definition));
      // The old tree's imported files that nothing links to any more go with it.
      if (callbacks.replace) removedBlobs = await deleteUnlinkedImportedFiles(tx);
    });
    invalidateTreeCaches();
    // Their blobs only now that the rows are gone for good (kept when another row names them).
    if (removedBlobs.length > 0 && callbacks.media) {
      await releaseBlobs({ db, storage: callbacks.media.storage }, removedBlobs).catch(
        () => undefined,
      );
    }
    await clearStaging(db, jobId);
    // Fresh statistics for the planner: PGlite has no autovacuum, and PostgreSQL's would come
    // only after the first slow queries.
    for (const table of ['persons', 'name_keys', 'unions', ...BULK_TABLES.slice(1)]) {
      await db.execute(sql`analyze ${sql.identifier(table)}`);
    }
    return { persons: total, version };
  } catch (error) {
    await inFlight;
    await clearStaging(db, jobId);
    // The transaction that stored files failed: their rows are gone, so are their blobs unless
    // another file has the same bytes (should this fail too, the orphan sweep removes them).
    if (filesCommitted.length > 0 && callbacks.media) {
      await releaseBlobs(
        { db, storage: callbacks.media.storage },
        importedChecksums(filesCommitted),
      ).catch(() => undefined);
    }
    throw error;
  }
}

/**
 * An individual's parent families other than the birth family (adoptive, foster, step, or of
 * unknown relation), from its FAMC lines and ADOP events, in file order; and the order of its
 * FAMS families, for the unions' positions.
 */
function stageFamilies(
  s: Structure,
  record: GedcomNode,
  index: number,
  birthFam: number,
  familyOf: (xref: string | null) => number,
  idOf: (index: number) => number,
  out: StagedRecords,
): void {
  const adopted = adoptions(record);
  const seen = new Set<number>([birthFam]);
  // The same parents through two families are one parent family: our export writes an
  // adoption by one parent as a FAMC to that parent's family and its ADOP.FAMC to the couple's.
  const parents = new Set<string>();
  let position = 0;
  const push = (fam: number, relation: ParentFamilyRow['relation'], by: string | undefined) => {
    const h = by === 'WIFE' ? -1 : s.famHusband.get(fam);
    const w = by === 'HUSB' ? -1 : s.famWife.get(fam);
    const fatherId = h === -1 || h === index ? null : idOf(h);
    const motherId = w === -1 || w === index ? null : idOf(w);
    if (fatherId === null && motherId === null) return;
    if (parents.has(`${fatherId}:${motherId}`)) return;
    parents.add(`${fatherId}:${motherId}`);
    out.parentFamilies.push({
      child_id: idOf(index),
      father_id: fatherId,
      mother_id: motherId,
      relation,
      position: position++,
    });
  };
  /** A parent family; a CHIL line's relations that differ give a row for each parent. */
  const add = (fam: number, relation: ParentFamilyRow['relation'] | ChildRelation, by?: string) => {
    if (fam === -1 || seen.has(fam)) return;
    seen.add(fam);
    if (typeof relation === 'string') push(fam, relation, by);
    else if (relation.father === relation.mother && relation.father !== 'birth') {
      push(fam, relation.father, by);
    } else pushSides(fam, relation);
  };
  const pushSides = (fam: number, relation: ChildRelation) => {
    if (relation.father !== 'birth') push(fam, relation.father, 'HUSB');
    if (relation.mother !== 'birth') push(fam, relation.mother, 'WIFE');
  };
  // The birth family of one parent only (a stepfather's adoption): the other's row.
  if (birthFam !== -1 && s.indiBirthPedigree.get(index) !== 1) {
    const own = s.childRelation(birthFam, index);
    if (own) pushSides(birthFam, own);
  }
  let famsOrder = 0;
  for (const node of record.children) {
    if (node.tag === 'FAMC') {
      const xref = pointer(node.value);
      const fam = familyOf(xref);
      const pedigree = pedigreeOf(node) ?? s.childRelation(fam, index);
      const relation =
        pedigree === null || pedigree === 'birth'
          ? xref && adopted.has(xref)
            ? 'adopted'
            : 'unknown'
          : pedigree;
      add(fam, relation, xref ? adopted.get(xref) : undefined);
    } else if (node.tag === 'FAMS') {
      const fam = familyOf(pointer(node.value));
      // Only marriages count: a family with one parent is no union.
      if (fam === -1 || s.famHusband.get(fam) === -1 || s.famWife.get(fam) === -1) continue;
      famsOrder += 1;
      if (s.famHusband.get(fam) === index) s.famHusbandPosition.set(fam, famsOrder);
      else if (s.famWife.get(fam) === index) s.famWifePosition.set(fam, famsOrder);
    }
  }
  for (const [xref, by] of adopted) add(familyOf(xref), 'adopted', by);
  // A family that names the child its adopted, foster… child only on its CHIL line.
  for (const [fam, relation] of s.childRelations.get(index) ?? []) {
    if (s.famDefined.get(fam) === 1) add(fam, relation, undefined);
  }
}

/** The unions' columns, smaller person id first, with each spouse's order of the union. */
function unionRows(
  s: Structure,
  unionFamily: readonly number[],
  unionBase: number,
  idOf: (index: number) => number,
) {
  const ids: number[] = [];
  const firsts: number[] = [];
  const seconds: number[] = [];
  const firstPositions: (number | null)[] = [];
  const secondPositions: (number | null)[] = [];
  unionFamily.forEach((fam, union) => {
    const h = idOf(s.famHusband.get(fam));
    const w = idOf(s.famWife.get(fam));
    const hp = s.famHusbandPosition.get(fam) || null;
    const wp = s.famWifePosition.get(fam) || null;
    ids.push(unionBase + union);
    firsts.push(Math.min(h, w));
    seconds.push(Math.max(h, w));
    firstPositions.push(h < w ? hp : wp);
    secondPositions.push(h < w ? wp : hp);
  });
  return { ids, firsts, seconds, firstPositions, secondPositions };
}
