import { RECORD_LIMITS, type EventDate, type EventType } from '@bagysh/shared';
import type { GedcomExtraNode } from '../../../db/schema';
import type { GedcomNode } from '../read/node';
import type { StagedEventRow } from '../rows';
import {
  dateOf,
  noteText,
  Positions,
  textOrNull,
  type MapContext,
  type StagedRecords,
} from './mapping';
import { noteLink } from './notes';
import { PLACE_VARIANT_TAGS } from './places';
import { citation } from './sources';

/** Events and attributes of persons and unions: which tags are events, and their rows. */

/** Individual events and attributes, and what they become. */
const PERSON_EVENTS: Record<string, { type: EventType; keepTag?: boolean }> = {
  BIRT: { type: 'birth' },
  CHR: { type: 'christening' },
  BAPM: { type: 'christening', keepTag: true },
  DEAT: { type: 'death' },
  BURI: { type: 'burial' },
  CREM: { type: 'burial', keepTag: true },
  RESI: { type: 'residence' },
  EMIG: { type: 'migration', keepTag: true },
  IMMI: { type: 'migration', keepTag: true },
  OCCU: { type: 'occupation' },
  EDUC: { type: 'education' },
  _MILT: { type: 'military' },
  _MIGR: { type: 'migration' },
  MILI: { type: 'military', keepTag: true },
  _MILI: { type: 'military', keepTag: true },
};

/** Standard tags of other individual events and attributes: type 'other', the tag kept. */
const OTHER_PERSON_EVENTS = new Set(
  (
    'ADOP BARM BASM BLES CHRA CONF FCOM ORDN NATU CENS PROB WILL GRAD RETI CAST DSCR IDNO ' +
    'NATI NCHI NMR PROP RELI SSN TITL EVEN FACT'
  ).split(' '),
);

const UNION_EVENTS: Record<string, EventType> = { MARR: 'marriage', DIV: 'divorce' };
const OTHER_UNION_EVENTS = new Set(
  'ANUL CENS DIVF ENGA MARB MARC MARL MARS RESI NCHI EVEN FACT'.split(' '),
);

/** An INDI child's event type, or null when it is no event. */
export function personEventOf(tag: string): { type: EventType; customType: string | null } | null {
  const known = PERSON_EVENTS[tag];
  if (known) return { type: known.type, customType: known.keepTag ? tag : null };
  return OTHER_PERSON_EVENTS.has(tag) ? { type: 'other', customType: tag } : null;
}

/** A FAM child's event type, or null when it is no event. */
export function unionEventOf(tag: string): { type: EventType; customType: string | null } | null {
  const known = UNION_EVENTS[tag];
  if (known) return { type: known, customType: null };
  return OTHER_UNION_EVENTS.has(tag) ? { type: 'other', customType: tag } : null;
}

/** One event of a person or a union, with its citations and note links. */
export function mapEvent(
  node: GedcomNode,
  kind: { type: EventType; customType: string | null },
  owner: { person_id: number } | { union_id: number },
  position: number,
  recordKey: string,
  ctx: MapContext,
  out: StagedRecords,
): StagedEventRow {
  const id = ctx.newEventId();
  const typed = node.tag === 'EVEN' || node.tag === 'FACT';
  let customType = kind.customType;
  let date: EventDate | null = null;
  let placeId: number | null = null;
  const notes: string[] = [];
  const extra: GedcomExtraNode[] = [];
  const citations = new Positions();
  const links = new Positions();
  for (const c of node.children) {
    if (c.tag === 'DATE') date = dateOf(c, recordKey, ctx);
    else if (c.tag === 'PLAC' && c.value.trim() !== '') {
      placeId = ctx.placeId(c.value);
      // Coordinates and other names belong to the place record.
      const rest = c.children.filter((p) => p.tag !== 'MAP' && !PLACE_VARIANT_TAGS.has(p.tag));
      if (rest.length > 0) extra.push({ ...ctx.keep(c), children: rest.map(ctx.keep) });
    } else if (c.tag === 'TYPE' && typed && c.value.trim() !== '') customType = c.value.trim();
    else if (c.tag === 'SOUR')
      citation(c, { event_id: id }, { event_id: id }, citations, recordKey, ctx, out);
    else if (noteLink(c, { event_id: id }, links, recordKey, ctx, out)) continue;
    else if (c.tag === 'OBJE' && ctx.media(c, { event_id: id })) continue;
    else if (c.tag === 'NOTE') notes.push(noteText(c, recordKey, ctx));
    else extra.push(ctx.keep(c));
  }
  const row: StagedEventRow = {
    id,
    ...owner,
    type: kind.type,
    custom_type: customType,
    value: textOrNull(node.value, RECORD_LIMITS.textMaxLength),
    date,
    date_sort: date?.sort ?? null,
    place_id: placeId,
    note: notes.length > 0 ? notes.join('\n\n') : null,
    position,
    extra: extra.length > 0 ? extra : null,
  };
  out.events.push(row);
  return row;
}
