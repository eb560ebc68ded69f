import { foldName, RECORD_LIMITS } from '@bagysh/shared';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../../db/client';
import { PLACE_NAME_COMMA } from '../conventions';
import { child, type GedcomNode } from '../read/node';
import type { PlaceRow, StagedPlaceRow } from '../rows';
import { places } from '../../../db/schema';
import { IdBlock, reserveIds } from './ids';
import { personEventOf, unionEventOf } from './events';
import type { Structure } from './structure';

/**
 * Places: the PLAC texts of a file (pass 1 collects them with their coordinates and other
 * names), and the places they become, found among the tree's or made new before pass 2.
 */

/**
 * A place's other names as GEDCOM writes them under its PLAC: 5.5.1 `ROMN` and `FONE` (each with
 * a TYPE), 7.0 `TRAN` (with a LANG). Each is the whole jurisdiction text in another spelling
 * ("Фрунзе, Кыргызстан" for "Бишкек, Кыргызстан"); `placeVariants` tells which level it renames.
 */
export const PLACE_VARIANT_TAGS: ReadonlySet<string> = new Set(['ROMN', 'FONE', 'TRAN']);

/** Calls `add` with every place text, its MAP coordinates and its variants (ROMN/FONE/TRAN). */
export function collectPlaces(
  record: GedcomNode,
  add: (
    text: string,
    latitude: number | null,
    longitude: number | null,
    variants: string[],
  ) => void,
): void {
  const fromPlac = (plac: GedcomNode | undefined) => {
    if (!plac || plac.value.trim() === '') return;
    const map = child(plac, 'MAP');
    const latitude = map ? coordinate(child(map, 'LATI')?.value, 'N', 'S', 90) : null;
    const longitude = map ? coordinate(child(map, 'LONG')?.value, 'E', 'W', 180) : null;
    const both = latitude !== null && longitude !== null;
    const variants = plac.children
      .filter((c) => PLACE_VARIANT_TAGS.has(c.tag) && c.value.trim() !== '')
      .map((c) => c.value.trim());
    add(plac.value, both ? latitude : null, both ? longitude : null, variants);
  };
  if (record.tag === 'SOUR') {
    const data = child(record, 'DATA');
    if (data) {
      fromPlac(child(data, 'PLAC'));
      const even = child(data, 'EVEN');
      if (even) fromPlac(child(even, 'PLAC'));
    }
    return;
  }
  const isEvent = record.tag === 'FAM' ? unionEventOf : personEventOf;
  for (const node of record.children) if (isEvent(node.tag)) fromPlac(child(node, 'PLAC'));
}

/**
 * Which place of a chain a variant names, and how: a variant with as many parts as the place
 * text gives each differing part to the place at that level ("Фрунзе, Кыргызстан" of "Бишкек,
 * Кыргызстан" renames Бишкек); any other gives its first part to the smallest place. Answers
 * [level in `placeChain` order, other name] pairs.
 */
export function placeVariants(text: string, variant: string): [number, string][] {
  const chain = placeChain(text);
  const other = placeChain(variant);
  if (other.length === 0) return [];
  if (other.length !== chain.length) return [[chain.length - 1, other[other.length - 1] ?? '']];
  const found: [number, string][] = [];
  other.forEach((name, level) => {
    if (!sameSpelling(name, chain[level] ?? '')) found.push([level, name]);
  });
  return found;
}

/**
 * Whether two names are one spelling (case aside). Not `foldName`, which takes "At-Bashy" for
 * "Ат-Башы" so that search finds either: as other names they are two spellings to keep.
 */
export function sameSpelling(a: string, b: string): boolean {
  return a.normalize('NFC').toLowerCase() === b.normalize('NFC').toLowerCase();
}

/** "N42.87" → 42.87, "W74.5" → -74.5; null when unreadable or out of range. */
function coordinate(
  value: string | undefined,
  plus: string,
  minus: string,
  limit: number,
): number | null {
  const match = /^([NSEW])?\s*(-?\d+(?:\.\d+)?)$/i.exec(value?.trim() ?? '');
  if (!match) return null;
  let number = Number(match[2]);
  const hemisphere = match[1]?.toUpperCase();
  if (hemisphere === minus) number = -number;
  else if (hemisphere !== undefined && hemisphere !== plus) return null;
  return Number.isFinite(number) && Math.abs(number) <= limit ? number : null;
}

/**
 * "Ат-Башы, Нарын, Кыргызстан" → ['Кыргызстан', 'Нарын', 'Ат-Башы'], the largest first; a
 * `PLACE_NAME_COMMA` in a part is a comma of that place's name.
 */
export function placeChain(text: string): string[] {
  return text
    .split(',')
    .map((part) =>
      part.trim().replaceAll(PLACE_NAME_COMMA, ',').slice(0, RECORD_LIMITS.placeNameMaxLength),
    )
    .filter((part) => part !== '')
    .reverse();
}

/**
 * Every PLAC text → a place: "Ат-Башы, Нарын, Кыргызстан" is Ат-Башы inside Нарын inside
 * Кыргызстан, each found by its folded name under the same parent among the places already in
 * the database and those of this import, or else new. The variants (ROMN/FONE/TRAN) give the
 * places their other names (`placeVariants`). Answers the place of each text, the new places
 * (parents first) and the other names new to places already in the database. A replacing
 * import (`replace`) reuses none: the old tree's places are deleted before its rows go in.
 */
export async function resolvePlaces(db: Db, s: Structure, replace: boolean) {
  const byKey = new Map<string, number>();
  /** Other names of the places already in the database, by id. */
  const known = new Map<number, string[]>();
  if (s.places.size > 0 && !replace) {
    const existing = await queryRows<Pick<PlaceRow, 'id' | 'name_key' | 'parent_id' | 'alt_names'>>(
      db,
      sql`select id, name_key, parent_id, alt_names from places`,
    );
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
  const block = new IdBlock(await reserveIds(db, places, upperBound), upperBound);
  const rows: StagedPlaceRow[] = [];
  const created = new Map<number, StagedPlaceRow>();
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
        const row: StagedPlaceRow = {
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
