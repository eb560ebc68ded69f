import { foldName, gedcomMessages } from '@bagysh/shared';
import { child, headerVersion, type GedcomNode } from '../read/node';
import { readGedcomRecordBatches } from '../read/records';
import { GedcomError, type ImportReport } from '../read/report';
import type { EncodingChoice } from '../read/encoding';
import { personEventOf, unionEventOf } from './events';
import {
  adoptions,
  childRelationOf,
  hasNumberedRows,
  neitherByBirth,
  pedigreeOf,
  type ChildRelation,
} from './families';
import { MediaReferences } from './gedzip-media';
import { BIOGRAPHY_MAX_LENGTH } from './mapping';
import { isFamilyNote } from './notes';
import { collectPlaces } from './places';
import { isPointer, pointer } from './pointers';
import { personName, quickYear } from './persons';
import { NO_YEAR, recordKey, Structure, type IntList, type XrefIndex } from './structure';

/**
 * Pass 1: the skeleton of the tree. Every individual's xref, name key, birth year and birth
 * family, every family's spouses and children; a file cut short, a duplicate xref or (in
 * lineage.ts) a loop through any parent fails the import before anything is written, while
 * what can be skipped (a dangling pointer, an unknown tag, a stray line) goes into the import
 * report. It also indexes the sources, notes and repositories, collects the distinct places and
 * counts names and events, so that every id can be reserved before pass 2.
 */

/**
 * Counts for pass 1, to reserve ids: names (with ROMN/FONE variants), events, inline sources,
 * and inline notes that will become shared notes (a too long biography, a family's notes). An
 * upper bound of what pass 2 makes.
 */
export function countRecords(record: GedcomNode): {
  names: number;
  events: number;
  inlineSources: number;
  longNotes: number;
} {
  let names = 0;
  let events = 0;
  let biography = 0;
  let familyNotes = 0;
  const isEvent = record.tag === 'FAM' ? unionEventOf : personEventOf;
  for (const node of record.children) {
    if (record.tag === 'INDI' && node.tag === 'NAME') {
      names += 1;
      for (const c of node.children) if (c.tag === 'ROMN' || c.tag === 'FONE') names += 1;
    } else if (isEvent(node.tag)) {
      events += 1;
    } else if (record.tag === 'INDI' && node.tag === 'NOTE' && !isPointer(node)) {
      biography += node.value.trim().length + 2;
    } else if (record.tag === 'FAM' && isFamilyNote(node)) {
      familyNotes += 1;
    }
  }
  return {
    names,
    events,
    inlineSources: countInlineSources(record),
    longNotes: (biography > BIOGRAPHY_MAX_LENGTH ? 1 : 0) + familyNotes,
  };
}

function countInlineSources(node: GedcomNode): number {
  let count = 0;
  for (const c of node.children) {
    if (c.tag === 'SOUR' && !isPointer(c)) count += 1;
    else if (c.children.length > 0) count += countInlineSources(c);
  }
  return count;
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
        case 'INDI':
          readIndividual(s, record);
          break;
        case 'FAM':
          readFamily(s, record, report);
          break;
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
  settle(s);
  return { structure: s, version };
}

/** A second record with an xref already defined (by an INDI or a FAM) fails the import. */
function assertNewXref(s: Structure, xref: string, line: number): void {
  const indi = s.indiIndex.get(xref);
  if (indi !== undefined && s.indiDefined.get(indi) === 1) {
    throw new GedcomError(gedcomMessages.duplicateXref(line, xref, s.indiLine.get(indi)));
  }
  const fam = s.famIndex.get(xref);
  if (fam !== undefined && s.famDefined.get(fam) === 1) {
    throw new GedcomError(gedcomMessages.duplicateXref(line, xref, s.famLine.get(fam)));
  }
}

/** An INDI record: its name key, birth year and birth family. */
function readIndividual(s: Structure, record: GedcomNode): void {
  const xref = recordKey(record);
  assertNewXref(s, xref, record.line);
  const index = s.individual(xref, record.line);
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
}

/** A FAM record: its spouses, and its children with how each belongs to it. */
function readFamily(s: Structure, record: GedcomNode, report: ImportReport): void {
  const xref = recordKey(record);
  assertNewXref(s, xref, record.line);
  const index = s.family(xref, record.line);
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
    else if (!notBirth && s.indiChildOf.get(person) === -1) s.indiChildOf.set(person, index);
  }
  countInto(s, record);
}

/**
 * After the last record: pointers to records that are not there are dropped (pass 2 reports
 * each one): families lose such members, and an individual whose FAMC is missing falls back on
 * a CHIL line. A file without individuals fails.
 */
function settle(s: Structure): void {
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
}
