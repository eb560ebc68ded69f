import {
  eventYear,
  foldName,
  parseGedcomDate,
  PERSON_LIMITS,
  type CreatePersonInput,
  type PersonEventInput,
  type UnionEventInput,
  type UnionInput,
  type YearSource,
} from '@bagysh/shared';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client';
import { places } from '../db/schema';
import { intArray } from './person-rows';
import { normalizeUnions, type AnyEvent, type RecordFields } from './person-records';

/**
 * Changes to a person's records as they will be stored: places named in events resolved, union
 * events keeping the media a proposal said nothing of, and the birth/death summary fields of
 * `persons` in agreement with the birth/death events, whichever of the two the change gave.
 */

/**
 * A union's events with the media they are to keep. An event recorded without `media` (a
 * proposal made before union events kept them) says nothing of them: it keeps those of the
 * stored event it stands for, the one of its type at the same place among the union's events of
 * that type (so that an event added or taken away beside it does not pass its photo on).
 * `media: []` still takes them away.
 */
function keepStoredMedia(union: UnionInput, stored: readonly UnionInput[]): UnionInput {
  const storedEvents = stored.find((u) => u.spouse_id === union.spouse_id)?.events ?? [];
  const kind = (event: UnionEventInput) => `${event.type}/${event.custom_type}`;
  const seen = new Map<string, number>();
  const events = union.events.map((event) => {
    const nth = seen.get(kind(event)) ?? 0;
    seen.set(kind(event), nth + 1);
    if ((event as Partial<UnionEventInput>).media !== undefined) return event;
    const same = storedEvents.filter((e) => kind(e) === kind(event))[nth];
    return { ...event, media: same?.media ?? [] };
  });
  return { ...union, events };
}

// ---------------------------------------------------------------------------------------------
// Places by name

/**
 * Events with a place given by name get the id of a place of that name; with `create` a
 * missing place is created, otherwise (a proposal) the name stays until it is accepted.
 */
async function resolvePlaces<T extends AnyEvent>(
  tx: Db,
  list: readonly T[],
  create: boolean,
  actorId: number | null,
): Promise<T[]> {
  const out: T[] = [];
  const known = new Map<string, number>();
  for (const event of list) {
    if (event.place === null) {
      out.push(event);
      continue;
    }
    const key = foldName(event.place);
    let id = known.get(key);
    if (id === undefined) {
      const [found] = await queryRows<{ id: number }>(
        tx,
        sql`select id from places where name_key = ${key} order by id limit 1`,
      );
      id = found?.id;
      if (id === undefined && create) {
        const [row] = await tx
          .insert(places)
          .values({ name: event.place, nameKey: key, createdById: actorId })
          .returning({ id: places.id });
        id = row?.id;
      }
      if (id !== undefined) known.set(key, id);
    }
    out.push(id === undefined ? event : { ...event, place_id: id, place: null });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// The summary fields and the birth/death events

export interface Summary {
  birth_year: number | null;
  birth_date: string | null;
  birth_place: string | null;
  death_year: number | null;
  death_date: string | null;
  death_place: string | null;
}

export interface DerivedSummary extends Partial<Summary> {
  birth_year_source?: YearSource | null;
  death_year_source?: YearSource | null;
}

const SIDES = {
  birth: { main: 'birth', standIn: 'christening' },
  death: { main: 'death', standIn: 'burial' },
} as const;
type Side = keyof typeof SIDES;

function sideEvent(list: readonly AnyEvent[], side: Side): AnyEvent | undefined {
  const { main, standIn } = SIDES[side];
  return list.find((e) => e.type === main) ?? list.find((e) => e.type === standIn);
}

function inRange(year: number | null): number | null {
  return year !== null && year >= PERSON_LIMITS.minYear && year <= PERSON_LIMITS.maxYear
    ? year
    : null;
}

async function placeNames(tx: Db, list: readonly AnyEvent[]): Promise<Map<number, string>> {
  const ids = list.map((e) => e.place_id).filter((id): id is number => id !== null);
  if (ids.length === 0) return new Map();
  const rows = await queryRows<{ id: number; name: string }>(
    tx,
    sql`select id, name from places where id = any(${intArray(ids)})`,
  );
  return new Map(rows.map((row) => [row.id, row.name]));
}

/**
 * The summary fields from the birth and death events (christening and burial stand in, and
 * say so in `*_year_source`). A side without such an event keeps its summary fields; a date
 * with no year (a phrase) keeps the year of `fallback`.
 */
export async function deriveSummary(
  tx: Db,
  list: readonly AnyEvent[],
  fallback: Summary,
): Promise<DerivedSummary> {
  const names = await placeNames(tx, list);
  const out: DerivedSummary = {};
  for (const side of ['birth', 'death'] as const) {
    const event = sideEvent(list, side);
    if (!event) {
      out[`${side}_year_source`] = null;
      continue;
    }
    const date = event.date === null ? null : parseGedcomDate(event.date);
    const year = date === null ? null : (inRange(eventYear(date)) ?? fallback[`${side}_year`]);
    out[`${side}_year`] = year;
    out[`${side}_date`] = event.date;
    out[`${side}_place`] =
      event.place ?? (event.place_id === null ? null : (names.get(event.place_id) ?? null));
    out[`${side}_year_source`] = event.type === SIDES[side].main ? null : SIDES[side].standIn;
  }
  return out;
}

const yearText = (year: number) => (year < 0 ? `${-year} B.C.` : String(year));

/** The date text of a summary's year and free-text date, as a readable GEDCOM date. */
function summaryDate(year: number | null, text: string | null): string | null {
  if (text !== null) {
    const parsed = parseGedcomDate(text);
    if (parsed.valid && (year === null || eventYear(parsed) === year)) return parsed.text;
    return year === null ? `(${text})` : `INT ${yearText(year)} (${text})`;
  }
  return year === null ? null : yearText(year);
}

/**
 * The birth/death events after the summary fields of `sides` changed to `summary`: the
 * event's date follows, and its place when the summary's place changed; a side with values
 * and no event gets one.
 */
export function syncEvents(
  list: readonly PersonEventInput[],
  summary: Summary,
  sides: readonly { side: Side; placeChanged: boolean }[],
): PersonEventInput[] {
  const out = [...list];
  for (const { side, placeChanged } of sides) {
    const date = summaryDate(summary[`${side}_year`], summary[`${side}_date`]);
    const place = summary[`${side}_place`];
    const current = sideEvent(out, side);
    const index = current ? out.indexOf(current) : -1;
    const existing = out[index];
    if (existing) {
      out[index] = { ...existing, date, ...(placeChanged && { place, place_id: null }) };
    } else if (date !== null || place !== null) {
      out.push({
        type: SIDES[side].main,
        custom_type: null,
        value: null,
        date,
        place_id: null,
        place,
        note: null,
        citations: [],
        media: [],
      });
    }
  }
  return out;
}

const SUMMARY_FIELDS = {
  birth: ['birth_year', 'birth_date', 'birth_place'],
  death: ['death_year', 'death_date', 'death_place'],
} as const;

export interface Effective {
  changes: Partial<CreatePersonInput>;
  yearSources: Pick<DerivedSummary, 'birth_year_source' | 'death_year_source'>;
}

/**
 * The changes as they will be stored: places named in events resolved (created when
 * `create`), union details normalised (an event without `media` keeping the media of the stored
 * event in `current` it stands for), and the summary fields and birth/death events in
 * agreement — derived from `events` when they are given, or the events following the summary
 * fields when only those changed and the person has events.
 */
export async function effectiveChanges(
  tx: Db,
  current: (Summary & Pick<RecordFields, 'events' | 'unions'>) | undefined,
  changes: Partial<CreatePersonInput>,
  create: boolean,
  actorId: number | null,
): Promise<Effective> {
  const out: Partial<CreatePersonInput> = { ...changes };
  const summary: Summary = {
    birth_year: changes.birth_year ?? current?.birth_year ?? null,
    birth_date: changes.birth_date ?? current?.birth_date ?? null,
    birth_place: changes.birth_place ?? current?.birth_place ?? null,
    death_year: changes.death_year ?? current?.death_year ?? null,
    death_date: changes.death_date ?? current?.death_date ?? null,
    death_place: changes.death_place ?? current?.death_place ?? null,
  };
  for (const side of ['birth', 'death'] as const) {
    for (const field of SUMMARY_FIELDS[side]) {
      if (changes[field] === null) (summary as unknown as Record<string, null>)[field] = null;
    }
  }
  if (changes.unions !== undefined) {
    const unions: UnionInput[] = [];
    const stored = current?.unions ?? [];
    for (const union of normalizeUnions(changes.unions.map((u) => keepStoredMedia(u, stored)))) {
      unions.push({ ...union, events: await resolvePlaces(tx, union.events, create, actorId) });
    }
    out.unions = unions;
  }
  let list = changes.events;
  if (list === undefined && current && current.events.length > 0) {
    const changed = (field: keyof Summary) =>
      changes[field] !== undefined && changes[field] !== current[field];
    const sides = (['birth', 'death'] as const)
      .filter((side) => SUMMARY_FIELDS[side].some(changed))
      .map((side) => ({ side, placeChanged: changed(`${side}_place`) }));
    for (const { side } of sides) {
      // A new year with the old date text: the text described the old year.
      if (changed(`${side}_year`) && changes[`${side}_date`] === undefined) {
        summary[`${side}_date`] = null;
      }
    }
    if (sides.length > 0) list = syncEvents(current.events, summary, sides);
  }
  if (list === undefined) return { changes: out, yearSources: {} };
  list = await resolvePlaces(tx, list, create, actorId);
  out.events = list;
  const { birth_year_source, death_year_source, ...derived } = await deriveSummary(
    tx,
    list,
    summary,
  );
  Object.assign(out, derived);
  return { changes: out, yearSources: { birth_year_source, death_year_source } };
}
