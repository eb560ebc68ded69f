import { gedcomWarnings, type ParentRelation } from '@bagysh/shared';
import type { GedcomExtraNode } from '../../../db/schema';
import { child, type GedcomNode } from '../read/node';
import type { ParentFamilyRow } from '../rows';
import { mapEvent, unionEventOf } from './events';
import { OwnerPositions, type MapContext, type StagedRecords } from './mapping';
import { familyNote, isFamilyNote, noteLink } from './notes';
import { pointer } from './pointers';
import { citation } from './sources';
import type { Structure } from './structure';

/**
 * Families: a FAM record's events and notes on its couple's union, how a child belongs to a
 * family (PEDI, `_FREL`/`_MREL`, ADOP), the unions the couples make, and each individual's
 * further parent families.
 */

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

/** A family with a record: its index, or -1. */
export function definedFamily(s: Structure, xref: string | null): number {
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
 * The owners several records add rows to keep their numbering from one record to the next: a
 * couple with more than one FAM record, and a spouse alone in a FAM that has such rows (they
 * are the person's, beside the INDI's). Every other owner's come from one record. By owner key
 * (`u<union id>`, `p<person id>`).
 */
export function sharedPositions(
  s: Structure,
  couples: Couples,
  unionBase: number,
  idOf: (index: number) => number,
): Map<string, OwnerPositions> {
  const shared = new Map<string, OwnerPositions>();
  for (let fam = 0; fam < s.famLine.length; fam++) {
    const union = couples.famUnion[fam] ?? -1;
    const spouse = s.famHusband.get(fam) !== -1 ? s.famHusband.get(fam) : s.famWife.get(fam);
    if (union !== -1) {
      if (couples.several(union)) shared.set(`u${unionBase + union}`, new OwnerPositions());
    } else if (spouse !== -1 && s.famRows.get(fam) === 1) {
      shared.set(`p${idOf(spouse)}`, new OwnerPositions());
    }
  }
  return shared;
}

/**
 * An individual's parent families other than the birth family (adoptive, foster, step, or of
 * unknown relation), from its FAMC lines and ADOP events, in file order; and the order of its
 * FAMS families, for the unions' positions.
 */
export function stageFamilies(
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
export function unionRows(
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
