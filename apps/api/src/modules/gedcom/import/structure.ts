import type { ParentRelation } from '@bagysh/shared';
import type { GedcomNode } from '../read/node';
import type { ChildRelation } from './families';
import type { MediaReferences } from './gedzip-media';

/**
 * The structure of a file as pass 1 reads it (read-structure.ts): every individual and family
 * by index, a few integers each in typed arrays, the sources', notes' and repositories' xrefs,
 * the distinct places and the counts that size pass 2's ids. Memory holds this, never the file.
 */

/** A growable Int32Array: a few bytes per individual instead of a JS array's boxed slots. */
export class IntList {
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
export class XrefIndex {
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

/**
 * A record's key: its xref, or (7.0 allows records nobody points to) a key made of its line,
 * which no xref can be.
 */
export function recordKey(record: GedcomNode): string {
  return record.xref ?? `#${record.line}`;
}
