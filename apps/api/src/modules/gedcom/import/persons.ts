import { foldName, RECORD_LIMITS, type EventType, type NameKind } from '@bagysh/shared';
import type { GedcomExtraNode } from '../../../db/schema';
import { NO_NAME } from '../conventions';
import { dateYear, parseGedcomDate as treeDateText } from '../gedcom-dates';
import { child, type GedcomNode } from '../read/node';
import type { StagedEventRow } from '../rows';
import { mapEvent, personEventOf } from './events';
import {
  BIOGRAPHY_MAX_LENGTH,
  noteText,
  Positions,
  textOrNull,
  type MapContext,
  type StagedRecords,
} from './mapping';
import { noteLink } from './notes';
import { citation } from './sources';
import type { StagedPerson } from './staging';
import type { Structure } from './structure';

/**
 * Persons: an INDI record's names, its events, citations, notes and media, and what it says of
 * birth and death for the tree's summary columns.
 */

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

const NAME_TYPES: Record<string, NameKind> = {
  AKA: 'aka',
  BIRTH: 'birth',
  DOCUMENTS: 'documents',
  MAIDEN: 'maiden',
  MARRIED: 'married',
  RELIGIOUS: 'religious',
  PROFESSIONAL: 'professional',
  IMMIGRANT: 'immigrant',
  OTHER: 'other',
};

/** "Асан /Үсөнов/ кичүү" → given, surname and what follows; the whole name without slashes. */
function splitName(value: string) {
  const match = /^([^/]*)(?:\/([^/]*)\/?(.*))?$/.exec(value) ?? [];
  return {
    given: textOrNull(match[1]),
    surname: textOrNull(match[2]),
    after: textOrNull(match[3]),
    full: value.replace(/\//g, ' ').replace(/\s+/g, ' ').trim(),
  };
}

/**
 * A NAME (or its ROMN/FONE variant) → a name row; variants follow their name. `displayKey` is
 * the person's display name key.
 */
function mapName(
  node: GedcomNode,
  personId: number,
  displayKey: string,
  position: number,
  variant: string | null,
  recordKey: string,
  ctx: MapContext,
  out: StagedRecords,
): number {
  const id = ctx.newNameId();
  const parts = splitName(node.value);
  let given = parts.given;
  let surname = parts.surname;
  let nickname: string | null = null;
  let prefix: string | null = null;
  let suffix = parts.after;
  let kind: NameKind = variant ? 'other' : 'birth';
  const extra: GedcomExtraNode[] = variant
    ? [{ tag: '_VARIANT', value: variant, children: [] }]
    : [];
  const citations = new Positions();
  const variants: GedcomNode[] = [];
  for (const c of node.children) {
    const value = textOrNull(c.value, RECORD_LIMITS.nameMaxLength);
    if (c.tag === 'GIVN') given = value;
    else if (c.tag === 'SURN') surname = value;
    else if (c.tag === 'NICK') nickname = value;
    else if (c.tag === 'NPFX') prefix = value;
    else if (c.tag === 'NSFX') suffix = value;
    else if (c.tag === 'TYPE' && !variant) {
      const phrase = child(c, 'PHRASE')?.value.trim().toUpperCase();
      const type = c.value.trim().toUpperCase();
      const known = NAME_TYPES[type === 'OTHER' && phrase ? phrase : type];
      if (known) kind = known;
      else {
        kind = 'other';
        extra.push(ctx.keep(c));
      }
    } else if (c.tag === 'SOUR')
      citation(c, { name_id: id }, { person_id: personId }, citations, recordKey, ctx, out);
    else if ((c.tag === 'ROMN' || c.tag === 'FONE') && !variant) variants.push(c);
    else extra.push(ctx.keep(c));
  }
  let full = parts.full;
  if (full === '') full = [prefix, given, surname, suffix].filter(Boolean).join(' ');
  if (full === '') full = NO_NAME;
  full = full.slice(0, RECORD_LIMITS.nameMaxLength);
  out.names.push({
    id,
    person_id: personId,
    kind,
    given: given?.slice(0, RECORD_LIMITS.nameMaxLength) ?? null,
    surname: surname?.slice(0, RECORD_LIMITS.nameMaxLength) ?? null,
    nickname,
    prefix,
    suffix: suffix?.slice(0, RECORD_LIMITS.nameMaxLength) ?? null,
    full_name: full,
    name_key: foldName(full),
    alternative: foldName(full) !== displayKey,
    position,
    extra: extra.length > 0 ? extra : null,
  });
  let next = position + 1;
  for (const v of variants) {
    next = mapName(v, personId, displayKey, next, v.tag, recordKey, ctx, out);
  }
  return next;
}

/** The birth or death summary of the tree, from the first of its events. */
export interface Summary {
  year: number | null;
  text: string | null;
  place: string | null;
  present: boolean;
  /** Christening/burial standing in for birth/death. */
  standIn: boolean;
}

export interface MappedPerson {
  birth: Summary;
  death: Summary;
  biography: string | null;
  extra: GedcomExtraNode[] | null;
}

const RESN_VALUES = new Set(['CONFIDENTIAL', 'LOCKED', 'PRIVACY']);

/**
 * An individual's restriction notice (RESN) as the tree keeps it: CONFIDENTIAL, LOCKED or
 * PRIVACY, or a GEDCOM 7 list of them, in upper case; null for none. Any of them hides the
 * person from guests as a living one is (docs/genealogy.md, Privacy). A value outside the
 * standard's stays among the record's unknown data.
 */
export function personResn(value: string | undefined): string | null {
  const items = (value ?? '')
    .split(',')
    .map((item) => item.trim().toUpperCase())
    .filter((item) => item !== '');
  return items.length > 0 && items.every((item) => RESN_VALUES.has(item)) ? items.join(', ') : null;
}

/** Tags of an INDI record that the import itself reads (structure and summary). */
const PERSON_STRUCTURE = new Set(['SEX', 'FAMC', 'FAMS', '_LIVING', '_BORD', 'NAME']);

/** A year that fits the tree's limits, or null. */
export function saneYear(year: number | null): number | null {
  return year !== null && year >= -3000 && year <= 2100 ? year : null;
}

/** The year of an event node's DATE (signed: B.C. negative) without reporting anything. */
export function quickYear(node: GedcomNode | undefined): number | null {
  const date = node && child(node, 'DATE');
  return date ? saneYear(dateYear(date.value, child(date, 'PHRASE')?.value)) : null;
}

function summaryOf(
  event: StagedEventRow | undefined,
  node: GedcomNode | undefined,
  standIn: boolean,
) {
  if (!event || !node) {
    return { year: null, text: null, place: null, present: false, standIn: false };
  }
  const plac = child(node, 'PLAC')?.value.trim() || null;
  const date = child(node, 'DATE');
  // The tree's year and date text as before events existed, spaces and all: the phrase, or the
  // date unless it is a bare year (which birth_year says).
  const told = date ? treeDateText(date.value, child(date, 'PHRASE')?.value) : null;
  return {
    year: saneYear(told?.year ?? null),
    text: told?.text ?? null,
    place: plac,
    present: true,
    standIn,
  };
}

/**
 * An INDI record's names (each marked alternative when it is not `displayKey`, the display
 * name's key), events, citations, note links and notes; what it says about birth and
 * death for the tree; its biography (inline notes, a too long one becoming a shared note) and
 * what the import does not map. FAMC/FAMS are the import's (parent families, unions).
 */
export function mapPerson(
  record: GedcomNode,
  personId: number,
  displayKey: string,
  recordKey: string,
  ctx: MapContext,
  out: StagedRecords,
): MappedPerson {
  const owner = { person_id: personId };
  const { events, citations, links } = ctx.positions(owner);
  const extra: GedcomExtraNode[] = [];
  const biography: GedcomNode[] = [];
  let namePosition = 0;
  const firstOf = new Map<EventType, { row: StagedEventRow; node: GedcomNode }>();
  for (const node of record.children) {
    if (node.tag === 'NAME') {
      namePosition = mapName(node, personId, displayKey, namePosition, null, recordKey, ctx, out);
      continue;
    }
    const kind = personEventOf(node.tag);
    if (kind) {
      const row = mapEvent(node, kind, owner, events.take(), recordKey, ctx, out);
      if (!firstOf.has(row.type)) firstOf.set(row.type, { row, node });
    } else if (node.tag === 'SOUR') citation(node, owner, owner, citations, recordKey, ctx, out);
    else if (noteLink(node, owner, links, recordKey, ctx, out)) continue;
    else if (node.tag === 'OBJE' && ctx.media(node, owner)) continue;
    else if (node.tag === 'NOTE') {
      if (node.value.trim() !== '') biography.push(node);
    } else if (node.tag === 'RESN' && personResn(node.value) !== null) continue;
    else if (!PERSON_STRUCTURE.has(node.tag)) extra.push(ctx.keep(node));
  }
  let text: string | null = biography.map((n) => n.value.trim()).join('\n\n') || null;
  if (text !== null && text.length > BIOGRAPHY_MAX_LENGTH) {
    const first = biography[0] as GedcomNode;
    const id = ctx.newNoteId();
    out.notes.push({
      id,
      text: noteText({ ...first, value: text }, recordKey, ctx),
      is_private: false,
      extra: null,
    });
    out.noteLinks.push({ ...owner, note_id: id, position: links.take() });
    text = null;
  }
  const birth = firstOf.get('birth');
  const christening = firstOf.get('christening');
  const death = firstOf.get('death');
  const burial = firstOf.get('burial');
  return {
    birth: birth
      ? summaryOf(birth.row, birth.node, false)
      : summaryOf(christening?.row, christening?.node, true),
    death: death
      ? summaryOf(death.row, death.node, false)
      : summaryOf(burial?.row, burial?.node, true),
    biography: text,
    extra: extra.length > 0 ? extra : null,
  };
}

/** Where the lineage pass put the individuals: by index, as lineage.ts answers them. */
export interface TreeIndex {
  s: Structure;
  idOf: (index: number) => number;
  father: Int32Array;
  mother: Int32Array;
  depth: Int32Array;
  descendants: Int32Array;
}

/** The staged row of a mapped individual: its summary columns and its place in the tree. */
export function stagedPerson(
  record: GedcomNode,
  index: number,
  person: MappedPerson,
  tree: TreeIndex,
): StagedPerson {
  const { s, idOf, father, mother } = tree;
  const sexValue = child(record, 'SEX')?.value.trim().toUpperCase();
  const order = Number(child(record, '_BORD')?.value);
  const f = father[index] ?? -1;
  const m = mother[index] ?? -1;
  const ancestors: number[] = [];
  for (let a = f; a !== -1; a = father[a] ?? -1) ancestors.push(idOf(a));
  const { birth, death } = person;
  return {
    id: idOf(index),
    name: personName(record),
    nameKey: s.nameKeyOf(index),
    fatherNameKey: f === -1 ? null : s.nameKeyOf(f),
    sex: sexValue === 'M' || sexValue === 'F' ? sexValue : 'U',
    fatherId: f === -1 ? null : idOf(f),
    motherId: m === -1 ? null : idOf(m),
    path: `{${ancestors.reverse().join(',')}}`,
    depth: tree.depth[index] ?? 0,
    descendantCount: tree.descendants[index] ?? 0,
    birthYear: birth.year,
    deathYear: death.year,
    birthDate: birth.text?.slice(0, 100) ?? null,
    // "1 DEAT Y" without a date still says the person has died.
    deathDate:
      death.text?.slice(0, 100) ?? (death.present && death.year === null ? 'белгисиз' : null),
    birthPlace: birth.place?.slice(0, 200) ?? null,
    deathPlace: death.place?.slice(0, 200) ?? null,
    biography: person.biography,
    isLiving: child(record, '_LIVING')?.value.trim().toUpperCase() === 'Y',
    resn: personResn(child(record, 'RESN')?.value),
    birthOrder: Number.isInteger(order) && order >= 1 && order <= 100 ? order : null,
    birthYearSource: birth.standIn && birth.year !== null ? 'christening' : null,
    deathYearSource:
      death.standIn && (death.year !== null || death.text !== null) ? 'burial' : null,
    extra: person.extra ? JSON.stringify(person.extra) : null,
  };
}
