import { foldName, gedcomMessages, type Sex } from '@bagysh/shared';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import { lockTree } from '../persons/tree';
import { invalidateTreeCaches } from '../persons/tree-cache';
import { parseGedcomDate } from './gedcom-dates';
import {
  child,
  GedcomError,
  headerVersion,
  readGedcomRecordBatches,
  type GedcomEncoding,
  type GedcomNode,
} from './gedcom-reader';

/**
 * GEDCOM import, all or nothing, in two streaming passes over the uploaded file:
 * 1. the structure: every individual's xref, name key and family, with a malformed line or an
 *    unknown reference failing the import before anything is written;
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
}

export interface ImportResult {
  persons: number;
  version: string;
  encoding: GedcomEncoding | null;
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
class Structure {
  readonly indiIndex = new XrefIndex();
  readonly indiLine = new IntList();
  readonly indiDefined = new IntList(0);
  readonly indiFamc = new IntList();
  readonly indiChildOf = new IntList();
  readonly indiNameKey = new IntList();
  readonly famIndex = new XrefIndex();
  readonly famLine = new IntList();
  readonly famDefined = new IntList(0);
  readonly famHusband = new IntList();
  readonly famWife = new IntList();
  readonly keys: string[] = [];
  private readonly keyIndex = new Map<string, number>();

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
function personName(record: GedcomNode): string {
  const name = child(record, 'NAME');
  let text = name?.value ?? '';
  if (text.trim() === '' && name) {
    text = [child(name, 'GIVN')?.value, child(name, 'SURN')?.value].filter(Boolean).join(' ');
  }
  const clean = text.replace(/\//g, ' ').replace(/\s+/g, ' ').trim();
  return clean === '' ? 'Аты белгисиз' : clean.slice(0, 200);
}

function pointer(value: string): string | null {
  const match = /^(@[^@\s]+@)$/.exec(value.trim());
  return match?.[1] ?? null;
}

function requireXref(record: GedcomNode): string {
  if (!record.xref) {
    throw new GedcomError(
      gedcomMessages.malformedLine(record.line, `${record.tag} @id@ талап кылат`),
    );
  }
  return record.xref;
}

/** Pass 1: the skeleton of the tree. */
async function readStructure(
  path: string,
  onEncoding: (encoding: GedcomEncoding) => void,
): Promise<{ structure: Structure; version: string }> {
  const s = new Structure();
  let version = '';
  for await (const batch of readGedcomRecordBatches(path, onEncoding))
    for (const record of batch) {
      switch (record.tag) {
        case 'HEAD':
          version = headerVersion(record);
          break;
        case 'INDI': {
          const xref = requireXref(record);
          const index = s.individual(xref, record.line);
          if (s.indiDefined.get(index) === 1) {
            throw new GedcomError(gedcomMessages.malformedLine(record.line, `${xref} кайталанат`));
          }
          s.indiDefined.set(index, 1);
          s.indiLine.set(index, record.line);
          s.indiNameKey.set(index, s.nameKey(foldName(personName(record))));
          const famc = record.children.find((c) => c.tag === 'FAMC');
          const famXref = famc ? pointer(famc.value) : null;
          if (famc && famXref) s.indiFamc.set(index, s.family(famXref, famc.line));
          break;
        }
        case 'FAM': {
          const xref = requireXref(record);
          const index = s.family(xref, record.line);
          if (s.famDefined.get(index) === 1) {
            throw new GedcomError(gedcomMessages.malformedLine(record.line, `${xref} кайталанат`));
          }
          s.famDefined.set(index, 1);
          for (const node of record.children) {
            const target = pointer(node.value);
            if (node.tag !== 'HUSB' && node.tag !== 'WIFE' && node.tag !== 'CHIL') continue;
            if (!target) {
              if (node.value.trim() === '@VOID@') continue;
              throw new GedcomError(
                gedcomMessages.malformedLine(node.line, `${node.tag} шилтеме эмес`),
              );
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
  for (let index = 0; index < s.count; index++) {
    if (s.indiDefined.get(index) !== 1) {
      throw new GedcomError(
        gedcomMessages.unknownReference(s.indiLine.get(index), s.indiIndex.xrefOf(index)),
      );
    }
  }
  for (let index = 0; index < s.famLine.length; index++) {
    if (s.famDefined.get(index) !== 1) {
      throw new GedcomError(
        gedcomMessages.unknownReference(s.famLine.get(index), s.famIndex.xrefOf(index)),
      );
    }
  }
  if (s.count === 0) throw new GedcomError(gedcomMessages.empty);
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

/** Fathers and mothers by index, and each individual's depth; a loop fails the import. */
function resolveLineage(s: Structure) {
  const n = s.count;
  const father = new Int32Array(n).fill(-1);
  const mother = new Int32Array(n).fill(-1);
  for (let i = 0; i < n; i++) {
    const fam = s.indiFamc.get(i) !== -1 ? s.indiFamc.get(i) : s.indiChildOf.get(i);
    if (fam === -1) continue;
    father[i] = s.famHusband.get(fam);
    mother[i] = s.famWife.get(fam);
  }
  const depth = new Int32Array(n).fill(-1);
  const stamp = new Int32Array(n).fill(-1);
  const chain: number[] = [];
  for (let i = 0; i < n; i++) {
    if (depth[i] !== -1) continue;
    chain.length = 0;
    let current = i;
    while (current !== -1 && depth[current] === -1) {
      if (stamp[current] === i) {
        throw new GedcomError(gedcomMessages.cycle(s.indiIndex.xrefOf(current)));
      }
      stamp[current] = i;
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

function eventOf(record: GedcomNode, tag: string) {
  const event = child(record, tag);
  if (!event) return { year: null, text: null, place: null, present: false };
  const date = child(event, 'DATE');
  const parsed = date
    ? parseGedcomDate(date.value, child(date, 'PHRASE')?.value)
    : { year: null, text: null };
  const place = child(event, 'PLAC')?.value.trim() || null;
  return { ...parsed, place, present: true };
}

/** A year that fits the tree's limits, or null. */
function saneYear(year: number | null): number | null {
  return year !== null && year >= -3000 && year <= 2100 ? year : null;
}

/**
 * Imports the file at `path`; the caller's job row tracks it (and who started it: imported
 * persons themselves have no `created_by`).
 */
export async function importGedcom(
  db: Db,
  path: string,
  jobId: string,
  callbacks: ImportCallbacks,
): Promise<ImportResult> {
  let encoding: GedcomEncoding | null = null;
  callbacks.onPhase?.('structure');
  const { structure: s, version } = await readStructure(path, (e) => (encoding = e));
  const { father, mother, depth } = resolveLineage(s);
  const descendants = countDescendants(father, depth);
  const total = s.count;
  callbacks.onProgress(0, total);

  const base = await reserveIds(db, total);
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
    for await (const records of readGedcomRecordBatches(path))
      for (const record of records) {
        if (record.tag !== 'INDI' || !record.xref) continue;
        const index = s.indiIndex.get(record.xref) ?? 0;
        const sexValue = child(record, 'SEX')?.value.trim().toUpperCase();
        const birth = eventOf(record, 'BIRT');
        const death = eventOf(record, 'DEAT');
        const notes = record.children
          .filter((c) => c.tag === 'NOTE' && pointer(c.value) === null)
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
    // is next to nothing to read yet.
    const bulk = (existing?.count ?? 0) * BULK_RATIO < total;
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
    return { persons: total, version, encoding };
  } catch (error) {
    await inFlight;
    await db.execute(sql`delete from gedcom_staging where job_id = ${jobId}::uuid`);
    throw error;
  }
}
