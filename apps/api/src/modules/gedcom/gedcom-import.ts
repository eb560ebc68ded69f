import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { foldName, gedcomMessages, gedcomWarnings, type Sex } from '@bagysh/shared';
import { sql } from 'drizzle-orm';
import yauzl from 'yauzl';
import { queryRows, type Db } from '../../db/client';
import { lockTree } from '../persons/tree';
import { invalidateTreeCaches } from '../persons/tree-cache';
import { isReadableDate, parseGedcomDate } from './gedcom-dates';
import {
  child,
  chooseEncoding,
  encodingLabel,
  GedcomError,
  headerVersion,
  ImportReport,
  notGedcomKind,
  readGedcomRecordBatches,
  sampleFile,
  type EncodingChoice,
  type GedcomNode,
} from './gedcom-reader';
import { deleteTree } from './replace-tree';

/**
 * GEDCOM import, all or nothing, in two streaming passes over the uploaded file:
 * 1. the structure: every individual's xref, name key and family; a file cut short, a duplicate
 *    xref or a loop through any parent fails the import before anything is written, while
 *    what can be skipped (a dangling pointer, an unknown tag, a stray line) goes into the
 *    import report;
 * 2. the details, written batch by batch into `gedcom_staging` (short statements, so PGlite's
 *    single connection keeps serving requests), then moved into `persons` by one INSERT …
 *    SELECT in one transaction — the only moment the tree is locked.
 * Memory holds a few integers per individual, never the file.
 */

const BATCH = 2000;

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
  readonly indiChildOf = new IntList();
  readonly indiNameKey = new IntList();
  readonly indiBirthYear = new IntList(NO_YEAR);
  readonly famIndex = new XrefIndex();
  readonly famLine = new IntList();
  readonly famDefined = new IntList(0);
  readonly famHusband = new IntList();
  readonly famWife = new IntList();
  readonly keys: string[] = [];
  private readonly keyIndex = new Map<string, number>();
  /** Individuals with a record (the others are only pointed at): set at the end of pass 1. */
  defined = 0;

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
  return clean === '' ? 'Аты белгисиз' : clean.slice(0, 200);
}

/** Whether a value is a pointer (`@N1@`), as a NOTE's may be instead of text. */
function isPointer(value: string): boolean {
  return /^@[^@\s]+@$/.test(value.trim());
}

/** A pointer's xref; null for no pointer, `@VOID@` (7.0's "none") included. */
export function pointer(value: string): string | null {
  const match = /^(@[^@\s]+@)$/.exec(value.trim());
  const xref = match?.[1] ?? null;
  return xref === '@VOID@' ? null : xref;
}

/**
 * A record's key: its xref, or (7.0 allows records nobody points to) a key made of its line,
 * which no xref can be.
 */
export function recordKey(record: GedcomNode): string {
  return record.xref ?? `#${record.line}`;
}

/** Pass 1: the skeleton of the tree. */
export async function readStructure(
  path: string,
  choice: EncodingChoice,
  report: ImportReport,
): Promise<{ structure: Structure; version: string }> {
  const s = new Structure();
  let version = '';
  for await (const batch of readGedcomRecordBatches(path, choice, report))
    for (const record of batch) {
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
          s.indiBirthYear.set(index, saneYear(eventOf(record, 'BIRT').year) ?? NO_YEAR);
          const famc = record.children.find((c) => c.tag === 'FAMC');
          const famXref = famc ? pointer(famc.value) : null;
          if (famc && famXref) s.indiFamc.set(index, s.family(famXref, famc.line));
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
          for (const node of record.children) {
            if (node.tag !== 'HUSB' && node.tag !== 'WIFE' && node.tag !== 'CHIL') continue;
            const target = pointer(node.value);
            if (!target) {
              if (node.value.trim() !== '@VOID@' && node.value.trim() !== '') {
                report.warn(
                  node.line,
                  xref,
                  gedcomWarnings.notPointer(node.tag, node.value.trim()),
                );
              }
              continue;
            }
            const person = s.individual(target, node.line);
            if (node.tag === 'HUSB') s.famHusband.set(index, person);
            else if (node.tag === 'WIFE') s.famWife.set(index, person);
            else if (s.indiChildOf.get(person) === -1) s.indiChildOf.set(person, index);
          }
          break;
        }
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

/** Fathers and mothers by index, and each individual's depth; a loop fails the import. */
export function resolveLineage(s: Structure) {
  const n = s.count;
  const father = new Int32Array(n).fill(-1);
  const mother = new Int32Array(n).fill(-1);
  for (let i = 0; i < n; i++) {
    if (s.indiDefined.get(i) !== 1) continue;
    const fam = s.indiFamc.get(i) !== -1 ? s.indiFamc.get(i) : s.indiChildOf.get(i);
    if (fam === -1) continue;
    father[i] = s.famHusband.get(fam);
    mother[i] = s.famWife.get(fam);
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
}

async function stage(db: Db, jobId: string, rows: StagedRow[]): Promise<void> {
  const column = <K extends keyof StagedRow>(key: K) => arrayLiteral(rows.map((row) => row[key]));
  await db.execute(sql`
    insert into gedcom_staging (job_id, id, name, name_key, father_name_key, sex, father_id,
      mother_id, path, depth, descendant_count, birth_year, death_year, birth_date, death_date,
      birth_place, death_place, biography, is_living, birth_order)
    select ${jobId}::uuid, t.id, t.name, t.name_key, t.father_name_key, t.sex, t.father_id,
      t.mother_id, t.path::int[], t.depth, t.descendant_count, t.birth_year, t.death_year, t.birth_date, t.death_date,
      t.birth_place, t.death_place, t.biography, t.is_living, t.birth_order
    from unnest(${column('id')}::int[], ${column('name')}::text[], ${column('nameKey')}::text[],
      ${column('fatherNameKey')}::text[], ${column('sex')}::text[], ${column('fatherId')}::int[],
      ${column('motherId')}::int[], ${column('path')}::text[], ${column('depth')}::int[],
      ${column('descendantCount')}::int[], ${column('birthYear')}::int[], ${column('deathYear')}::int[], ${column('birthDate')}::text[],
      ${column('deathDate')}::text[], ${column('birthPlace')}::text[], ${column('deathPlace')}::text[],
      ${column('biography')}::text[], ${column('isLiving')}::boolean[], ${column('birthOrder')}::int[])
      as t(id, name, name_key, father_name_key, sex, father_id, mother_id, path, depth,
        descendant_count, birth_year, death_year, birth_date, death_date, birth_place, death_place, biography,
        is_living, birth_order)`);
}

/** An import this many times larger than the tree it lands in is loaded in bulk. */
const BULK_RATIO = 10;

/**
 * Drops every index of `persons` but its primary key (which the foreign keys need) and answers
 * their definitions, exactly as the migrations made them, to be run again after the load.
 */
async function dropSecondaryIndexes(tx: Db): Promise<string[]> {
  const indexes = await queryRows<{ name: string; definition: string }>(
    tx,
    sql`select i.indexname as name, i.indexdef as definition from pg_indexes i
        where i.schemaname = current_schema() and i.tablename = 'persons'
          and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
  );
  // Sorting a million rows for each index wants more than the default 64 MB.
  await tx.execute(sql`set local maintenance_work_mem = '256MB'`);
  for (const index of indexes) await tx.execute(sql.raw(`drop index "${index.name}"`));
  return indexes.map((index) => index.definition);
}

/** Reserves `count` consecutive person ids; nobody else can insert in between. */
async function reserveIds(db: Db, count: number): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`lock table persons in share row exclusive mode`);
    const [row] = await queryRows<{ base: number }>(
      tx,
      sql`select nextval(pg_get_serial_sequence('persons', 'id'))::int as base`,
    );
    const base = row?.base ?? 1;
    if (count > 1) {
      await tx.execute(
        sql`select setval(pg_get_serial_sequence('persons', 'id'), ${base + count - 1})`,
      );
    }
    return base;
  });
}

/** An event's year, date text and place; a date that is not a GEDCOM date is reported. */
function eventOf(record: GedcomNode, tag: string, report?: ImportReport) {
  const event = child(record, tag);
  if (!event) return { year: null, text: null, place: null, present: false };
  const date = child(event, 'DATE');
  const phrase = date ? child(date, 'PHRASE')?.value : undefined;
  const parsed = date ? parseGedcomDate(date.value, phrase) : { year: null, text: null };
  if (report && date && !isReadableDate(date.value, phrase)) {
    report.warn(date.line, recordKey(record), gedcomWarnings.date(date.value.trim()));
  }
  const place = child(event, 'PLAC')?.value.trim() || null;
  return { ...parsed, place, present: true };
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

/** Opens a zip archive with yauzl's callbacks as a promise. */
function openZip(path: string): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) => {
    // autoClose off: the entry is read after the listing has ended, then the file is closed.
    yauzl.open(path, { lazyEntries: true, autoClose: false }, (error, zip) =>
      error ? reject(error) : resolve(zip),
    );
  });
}

/** The largest GEDCOM taken out of a GEDZip archive (as large as an upload may be). */
const GEDZIP_MAX_BYTES = 2 * 1024 * 1024 * 1024;

/**
 * A GEDZip archive (.gdz, GEDCOM 7): its `gedcom.ged` (or else its first .ged file) is copied to
 * `target` for reading. Its media files are not imported yet: the report says how many.
 * A zip without a GEDCOM file is refused as not a GEDCOM.
 */
async function extractGedzip(path: string, target: string, report: ImportReport): Promise<void> {
  let zip: yauzl.ZipFile;
  try {
    zip = await openZip(path);
  } catch {
    throw new GedcomError(gedcomMessages.notGedcomKind('бул бузулган ZIP архиви'));
  }
  try {
    const entries: yauzl.Entry[] = [];
    await new Promise<void>((resolve, reject) => {
      zip.on('entry', (entry: yauzl.Entry) => {
        entries.push(entry);
        zip.readEntry();
      });
      zip.on('end', resolve);
      zip.on('error', reject);
      zip.readEntry();
    });
    const files = entries.filter((e) => !e.fileName.endsWith('/'));
    const geds = files.filter((e) => e.fileName.toLowerCase().endsWith('.ged'));
    const gedcom = geds.find((e) => e.fileName.toLowerCase() === 'gedcom.ged') ?? geds[0];
    if (!gedcom) {
      throw new GedcomError(
        gedcomMessages.notGedcomKind('бул ZIP архиви, ичинде GEDCOM (.ged) файлы жок'),
      );
    }
    if (gedcom.uncompressedSize > GEDZIP_MAX_BYTES) {
      throw new GedcomError(gedcomMessages.notGedcomKind('архивдеги GEDCOM файлы өтө чоң'));
    }
    const media = files.length - geds.length;
    if (media > 0) report.warn(null, null, gedcomWarnings.gedzipMedia(media));
    const stream = await new Promise<NodeJS.ReadableStream>((resolve, reject) => {
      zip.openReadStream(gedcom, (error, s) => (error ? reject(error) : resolve(s)));
    });
    await pipeline(stream, createWriteStream(target, { mode: 0o600 }));
  } finally {
    zip.close();
  }
}

/** The file's encoding after a look at its bytes; other kinds of files are refused. */
export async function prepare(
  path: string,
  gedzipTarget: string,
  report: ImportReport,
): Promise<{ source: string; choice: EncodingChoice }> {
  let source = path;
  let { head, sample } = await sampleFile(source);
  let kind = notGedcomKind(head);
  if (kind === 'zip') {
    await extractGedzip(path, gedzipTarget, report);
    source = gedzipTarget;
    ({ head, sample } = await sampleFile(source));
    kind = notGedcomKind(head);
    if (kind === 'zip') kind = 'бул ZIP архивинин ичиндеги ZIP архиви';
  }
  if (kind) throw new GedcomError(gedcomMessages.notGedcomKind(kind));
  const choice = chooseEncoding(head, sample);
  report.encoding = encodingLabel(choice.encoding);
  report.encodingReason = choice.reason;
  return { source, choice };
}

/** A year that fits the tree's limits, or null. */
function saneYear(year: number | null): number | null {
  return year !== null && year >= -3000 && year <= 2100 ? year : null;
}

/**
 * Imports the file at `path` (a GEDCOM file or a GEDZip archive); the caller's job row tracks
 * it (and who started it: imported persons themselves have no `created_by`).
 */
export async function importGedcom(
  db: Db,
  path: string,
  jobId: string,
  callbacks: ImportCallbacks,
): Promise<ImportResult> {
  const report = callbacks.report ?? new ImportReport();
  // A GEDCOM taken out of a GEDZip archive sits beside the upload while it is read.
  const gedzipTarget = `${path}.gedzip.ged`;
  try {
    const { source, choice } = await prepare(path, gedzipTarget, report);
    return await importFile(db, source, choice, jobId, callbacks, report);
  } finally {
    await rm(gedzipTarget, { force: true });
  }
}

async function importFile(
  db: Db,
  path: string,
  choice: EncodingChoice,
  jobId: string,
  callbacks: ImportCallbacks,
  report: ImportReport,
): Promise<ImportResult> {
  callbacks.onPhase?.('structure');
  const { structure: s, version } = await readStructure(path, choice, report);
  const { father, mother, depth } = resolveLineage(s);
  const descendants = countDescendants(father, depth);
  const firstOf = findLookAlikes(s, father);
  // The xrefs of individuals that others look like, learnt in pass 2 before those others.
  const firstXref = new Map<number, string>();
  for (const first of firstOf) if (first !== -1) firstXref.set(first, '');
  const total = s.defined;
  callbacks.onProgress(0, total);

  // An id for every index, those of pointers to missing records included (they leave gaps).
  const base = await reserveIds(db, s.count);
  const idOf = (index: number) => base + index;
  const keyOf = (index: number) => s.keys[s.indiNameKey.get(index)] ?? '';
  const pathOf = (index: number) => {
    const ids: number[] = [];
    for (let f = father[index] ?? -1; f !== -1; f = father[f] ?? -1) ids.push(idOf(f));
    return `{${ids.reverse().join(',')}}`;
  };

  let inFlight: Promise<void> = Promise.resolve();
  let failure: { error: unknown } | undefined;
  const settle = async () => {
    await inFlight;
    if (failure) throw failure.error;
  };
  try {
    callbacks.onPhase?.('staging');
    let batch: StagedRow[] = [];
    let processed = 0;
    const isMissing = (node: GedcomNode, target: string) => {
      if (node.tag === 'FAMC' || node.tag === 'FAMS') {
        return s.famDefined.get(s.famIndex.get(target) ?? -1) !== 1;
      }
      return s.indiDefined.get(s.indiIndex.get(target) ?? -1) !== 1;
    };
    const checkPointers = (record: GedcomNode, tags: readonly string[]) => {
      for (const node of record.children) {
        if (!tags.includes(node.tag)) continue;
        const target = pointer(node.value);
        if (target && isMissing(node, target)) {
          report.warn(node.line, recordKey(record), gedcomWarnings.dangling(target));
        }
      }
    };
    for await (const records of readGedcomRecordBatches(path, choice))
      for (const record of records) {
        if (record.tag === 'FAM') checkPointers(record, ['HUSB', 'WIFE', 'CHIL']);
        if (record.tag !== 'INDI') continue;
        const key = recordKey(record);
        const index = s.indiIndex.get(key) ?? 0;
        checkPointers(record, ['FAMC', 'FAMS']);
        if (firstXref.has(index)) firstXref.set(index, key);
        const first = firstOf[index] ?? -1;
        if (first !== -1) {
          report.warn(
            record.line,
            key,
            gedcomWarnings.duplicatePerson(firstXref.get(first) ?? '?', s.indiLine.get(first)),
          );
        }
        const sexValue = child(record, 'SEX')?.value.trim().toUpperCase();
        const birth = eventOf(record, 'BIRT', report);
        const death = eventOf(record, 'DEAT', report);
        const notes = record.children
          .filter((c) => c.tag === 'NOTE' && !isPointer(c.value))
          .map((c) => c.value.trim())
          .filter((text) => text !== '');
        const order = Number(child(record, '_BORD')?.value);
        const f = father[index] ?? -1;
        const m = mother[index] ?? -1;
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
          birthYear: saneYear(birth.year),
          deathYear: saneYear(death.year),
          birthDate: birth.text?.slice(0, 100) ?? null,
          // "1 DEAT Y" without a date still says the person has died.
          deathDate:
            death.text?.slice(0, 100) ?? (death.present && death.year === null ? 'белгисиз' : null),
          birthPlace: birth.place?.slice(0, 200) ?? null,
          deathPlace: death.place?.slice(0, 200) ?? null,
          biography: notes.length > 0 ? notes.join('\n\n').slice(0, 20_000) : null,
          isLiving: child(record, '_LIVING')?.value.trim().toUpperCase() === 'Y',
          birthOrder: Number.isInteger(order) && order >= 1 && order <= 100 ? order : null,
        });
        if (batch.length >= BATCH) {
          if (callbacks.cancelled()) throw new GedcomError('Импорт токтотулду.');
          // One batch in flight while the next is parsed: PostgreSQL writes on the other core.
          await settle();
          const rows = batch;
          // The failure is kept, not left unhandled, until the next batch looks at it.
          inFlight = stage(db, jobId, rows).then(
            () => {
              processed += rows.length;
              callbacks.onProgress(processed, total);
            },
            (error: unknown) => {
              failure = { error };
            },
          );
          batch = [];
        }
      }
    await settle();
    if (batch.length > 0) {
      await stage(db, jobId, batch);
      processed += batch.length;
      callbacks.onProgress(processed, total);
    }

    const couples = new Set<string>();
    const firsts: number[] = [];
    const seconds: number[] = [];
    for (let fam = 0; fam < s.famLine.length; fam++) {
      const h = s.famHusband.get(fam);
      const w = s.famWife.get(fam);
      if (h === -1 || w === -1 || h === w) continue;
      const [a, b] = [Math.min(idOf(h), idOf(w)), Math.max(idOf(h), idOf(w))];
      if (couples.has(`${a}:${b}`)) continue;
      couples.add(`${a}:${b}`);
      firsts.push(a);
      seconds.push(b);
    }

    callbacks.onPhase?.('moving');
    const [existing] = await queryRows<{ count: number }>(
      db,
      sql`select count(*)::int as count from persons`,
    );
    // Loading a tree into an (almost) empty database: building the indexes once afterwards is
    // several times faster than maintaining them row by row. Readers wait meanwhile, but there
    // is next to nothing to read yet. A replaced tree is empty once deleted.
    const bulk = callbacks.replace === true || (existing?.count ?? 0) * BULK_RATIO < total;
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
      const indexes = bulk ? await dropSecondaryIndexes(tx) : [];
      await tx.execute(sql`insert into name_keys (key)
        select distinct name_key from gedcom_staging where job_id = ${jobId}::uuid
        on conflict do nothing`);
      await tx.execute(sql`insert into persons (id, name, name_key, father_name_key, sex,
          father_id, mother_id, path, depth, descendant_count, birth_year, death_year,
          birth_date, death_date, birth_place, death_place, biography, is_living, birth_order,
          created_by_id, updated_by_id)
        select id, name, name_key, father_name_key, sex, father_id, mother_id, path, depth,
          descendant_count, birth_year, death_year, birth_date, death_date, birth_place, death_place, biography,
          is_living, birth_order, null, null
        from gedcom_staging where job_id = ${jobId}::uuid`);
      if (firsts.length > 0) {
        await tx.execute(sql`insert into unions (person1_id, person2_id)
          select * from unnest(${arrayLiteral(firsts)}::int[], ${arrayLiteral(seconds)}::int[])
          on conflict do nothing`);
      }
      for (const definition of indexes) await tx.execute(sql.raw(definition));
    });
    invalidateTreeCaches();
    await db.execute(sql`delete from gedcom_staging where job_id = ${jobId}::uuid`);
    // Fresh statistics for the planner: PGlite has no autovacuum, and PostgreSQL's would come
    // only after the first slow queries.
    await db.execute(sql`analyze persons`);
    await db.execute(sql`analyze name_keys`);
    await db.execute(sql`analyze unions`);
    return { persons: total, version };
  } catch (error) {
    await inFlight;
    await db.execute(sql`delete from gedcom_staging where job_id = ${jobId}::uuid`);
    throw error;
  }
}
