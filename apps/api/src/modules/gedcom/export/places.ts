import { formatGedcomDate as formatEventDate, type EventDate } from '@bagysh/shared';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../../db/client';
import type { GedcomExtraTarget } from '../../../db/schema/records';
import { intArray } from '../../../genealogy/person-rows';
import { MAX_PARENT_DEPTH } from '../../../genealogy/records/places';
import { PLACE_NAME_COMMA } from '../conventions';
import { formatGedcomDate } from '../gedcom-dates';
import type { PlaceRow } from '../rows';
import { groupBy } from './context';
import type { GedcomWriter } from './writer';

/** Dates and places under events and sources, and a birth or death from the summary columns. */

/** A place as an event's PLAC writes it. */
export type PlaceChain = Pick<PlaceRow, 'id' | 'latitude' | 'longitude' | 'extra'> & {
  /** "Ат-Башы, Нарын, Кыргызстан". */
  chain: string;
  /** The chain once for each other name of a place in it, that place renamed. */
  variants: string[];
};

export function dateLines(w: GedcomWriter, level: number, date: EventDate | null): string {
  if (date === null) return '';
  const formatted = formatEventDate(date, w.version);
  let out =
    formatted.date === '' ? `${level} DATE\n` : `${level} DATE ${w.escape(formatted.date)}\n`;
  // 5.5.1 has no PHRASE: the phrase of a qualified date (rare) goes the 7.0 way all the same.
  out += w.optional(level + 1, 'PHRASE', formatted.phrase);
  return out;
}

export function placeLines(
  w: GedcomWriter,
  level: number,
  place: PlaceChain | undefined,
  xrefOf: (target: GedcomExtraTarget) => string | null,
): string {
  if (place === undefined) return '';
  let out = w.text(level, 'PLAC', place.chain);
  // Other names: GEDCOM 5.5.1 has only ROMN and FONE under PLAC for a variant of the place
  // name (with a TYPE of our choosing), 7.0 only TRAN (with a LANG; `und`, undetermined, as we
  // do not record a name's language). Each variant is the whole chain with one place renamed,
  // as both standards mean it, so that our import (placeVariants) knows which place it renames.
  for (const variant of place.variants) {
    out += w.text(level + 1, w.v7 ? 'TRAN' : 'ROMN', variant);
    out += w.v7 ? `${level + 2} LANG und\n` : `${level + 2} TYPE alternative\n`;
  }
  if (place.latitude !== null && place.longitude !== null) {
    out += `${level + 1} MAP\n`;
    out += `${level + 2} LATI ${place.latitude < 0 ? 'S' : 'N'}${Math.abs(place.latitude)}\n`;
    out += `${level + 2} LONG ${place.longitude < 0 ? 'W' : 'E'}${Math.abs(place.longitude)}\n`;
  }
  out += w.extra(level + 1, place.extra, xrefOf);
  return out;
}

/** A birth or death from the tree's summary fields, as written before events existed. */
export function summaryEvent(
  w: GedcomWriter,
  tag: string,
  year: number | null,
  date: string | null,
  place: string | null,
): string {
  const formatted = formatGedcomDate(year, date, w.version);
  if (!formatted && !place) return '';
  let out = `1 ${tag}\n`;
  if (formatted) {
    out += formatted.date === '' ? '2 DATE\n' : `2 DATE ${w.escape(formatted.date)}\n`;
    if (formatted.phrase) out += `3 PHRASE ${w.escape(formatted.phrase)}\n`;
  }
  if (place) out += `2 PLAC ${w.escape(place)}\n`;
  return out;
}

/**
 * Places by id with their whole chain of parent places ("Ат-Башы, Нарын, Кыргызстан") and the
 * chain's variants, one per other name of a place in it.
 */
export async function placeChains(db: Db, ids: number[]): Promise<Map<number, PlaceChain>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await queryRows<Omit<PlaceChain, 'chain' | 'variants'>>(
    db,
    sql`select id, latitude, longitude, extra from places where id = any(${intArray(unique)})`,
  );
  const levels = await queryRows<{ start_id: number } & Pick<PlaceRow, 'name' | 'alt_names'>>(
    db,
    sql`with recursive chain(start_id, id, name, alt_names, parent_id, depth) as (
          select p.id, p.id, p.name, p.alt_names, p.parent_id, 0 from places p
          where p.id = any(${intArray(unique)})
          union all
          select c.start_id, q.id, q.name, q.alt_names, q.parent_id, c.depth + 1
          from chain c join places q on q.id = c.parent_id
          where c.depth < ${MAX_PARENT_DEPTH})
        select start_id, name, alt_names from chain order by start_id, depth`,
  );
  const chains = groupBy(levels, (l) => l.start_id);
  return new Map(
    rows.map((row) => {
      const chain = chains.get(row.id) ?? [];
      // A comma of a name would split it into two places when read back (placeChain).
      const item = (name: string) => name.replaceAll(',', PLACE_NAME_COMMA);
      const names = chain.map((l) => item(l.name));
      const variants = chain.flatMap((l, level) =>
        l.alt_names.map((alt) => names.map((n, k) => (k === level ? item(alt) : n)).join(', ')),
      );
      return [row.id, { ...row, chain: names.join(', '), variants }];
    }),
  );
}
