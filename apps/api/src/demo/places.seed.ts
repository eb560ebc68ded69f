import { foldName, parseGedcomDate, type EventType } from '@bagysh/shared';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client';
import { events, places } from '../db/schema';
import { buildDemoTree, DEMO_CAPITAL, fullDateOf } from './persons.seed';

/**
 * The demonstration persons on the map (docs/features.md, Map): real Kyrgyz places with their
 * coordinates, each settlement inside its region (облус), and the births, deaths, burials and
 * marriages of the demonstration tree at them. The persons are invented; the places are not.
 * Every row is marked `is_demo` (places here, events through their persons and unions), so
 * `npm run demo:remove` takes them away.
 */

interface DemoPlace {
  name: string;
  latitude: number;
  longitude: number;
  altNames?: string[];
}

/**
 * The regions, each with a point near its middle (rounded: a region has no one point), and the
 * settlements inside them at their own coordinates.
 */
export const DEMO_REGIONS: (DemoPlace & { settlements: DemoPlace[] })[] = [
  {
    name: 'Чүй облусу',
    latitude: 42.6,
    longitude: 74.9,
    settlements: [
      { name: 'Токмок', latitude: 42.8421, longitude: 75.2849, altNames: ['Токмак'] },
      { name: 'Кемин', latitude: 42.7858, longitude: 75.6917, altNames: ['Быстровка'] },
    ],
  },
  {
    name: 'Нарын облусу',
    latitude: 41.4,
    longitude: 75.3,
    settlements: [
      { name: 'Кочкор', latitude: 42.2147, longitude: 75.7553, altNames: ['Кочкорка'] },
      { name: 'Нарын', latitude: 41.4287, longitude: 75.9911 },
      { name: 'Ат-Башы', latitude: 41.1702, longitude: 75.8106 },
    ],
  },
  {
    name: 'Ысык-Көл облусу',
    latitude: 42.0,
    longitude: 78.0,
    settlements: [
      { name: 'Чолпон-Ата', latitude: 42.6496, longitude: 77.0826 },
      { name: 'Каракол', latitude: 42.4907, longitude: 78.3936, altNames: ['Пржевальск'] },
    ],
  },
  {
    name: 'Талас облусу',
    latitude: 42.3,
    longitude: 72.5,
    settlements: [
      { name: 'Талас', latitude: 42.5228, longitude: 72.2427, altNames: ['Дмитриевка'] },
    ],
  },
];

/** The capital stands on its own, as it does in the country's regions. */
export const DEMO_CAPITAL_PLACE: DemoPlace = {
  name: DEMO_CAPITAL,
  latitude: 42.8746,
  longitude: 74.5698,
  altNames: ['Фрунзе', 'Пишпек'],
};

/** The places by name, ids from the insert. */
async function insertPlaces(tx: Db): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  const insert = async (place: DemoPlace, parentId: number | null) => {
    const [row] = await tx
      .insert(places)
      .values({
        name: place.name,
        nameKey: foldName(place.name),
        altNames: place.altNames ?? [],
        parentId,
        latitude: place.latitude,
        longitude: place.longitude,
        isDemo: true,
      })
      .returning({ id: places.id });
    if (!row) throw new Error('place insert returned nothing');
    ids.set(place.name, row.id);
    return row.id;
  };
  await insert(DEMO_CAPITAL_PLACE, null);
  for (const region of DEMO_REGIONS) {
    const regionId = await insert(region, null);
    for (const settlement of region.settlements) await insert(settlement, regionId);
  }
  return ids;
}

type EventRow = typeof events.$inferInsert;

function eventRow(
  owner: { personId: number } | { unionId: number },
  type: EventType,
  date: string | null,
  placeId: number | null,
  position: number,
): EventRow {
  const parsed = date === null ? null : parseGedcomDate(date);
  return { ...owner, type, date: parsed, dateSort: parsed?.sort ?? null, placeId, position };
}

/**
 * The places and the demonstration persons' events at them: a birth for every dated person
 * where `birth_place` says, a death and a burial (in the ancestral village, where they were
 * born) for every one with a death year, and a marriage in the husband's village for every
 * union. Dates are the persons' summary dates, so the events and the summary agree. Called
 * once from `loadDemoDataOnce`, after `seedGenealogy`.
 */
export async function seedPlaces(tx: Db): Promise<Map<string, number>> {
  const ids = await insertPlaces(tx);
  const placeOf = (name: string | null) => {
    if (name === null) return null;
    const id = ids.get(name);
    if (id === undefined) throw new Error(`demo place "${name}" is not among DEMO_REGIONS`);
    return id;
  };
  const tree = buildDemoTree();
  const byId = new Map(tree.people.map((person) => [person.id, person]));
  const rows: EventRow[] = [];
  for (const person of tree.people) {
    const owner = { personId: person.id };
    if (person.birthYear !== null) {
      const date = fullDateOf(person.id, person.birthYear) ?? String(person.birthYear);
      rows.push(eventRow(owner, 'birth', date, placeOf(person.birthPlace), 0));
    }
    if (person.deathYear !== null) {
      const date = fullDateOf(person.id + 1, person.deathYear) ?? String(person.deathYear);
      rows.push(eventRow(owner, 'death', date, placeOf(person.deathPlace), 1));
      rows.push(eventRow(owner, 'burial', date, placeOf(person.birthPlace), 2));
    }
  }
  const unions = await queryRows<{ id: number; person1_id: number; person2_id: number }>(
    tx,
    sql`select u.id, u.person1_id, u.person2_id from unions u order by u.id`,
  );
  for (const union of unions) {
    const pair = [byId.get(union.person1_id), byId.get(union.person2_id)];
    const husband = pair.find((person) => person?.sex === 'M');
    if (!husband || husband.birthYear === null) continue;
    const year = husband.birthYear + 21 + (union.id % 5);
    rows.push(
      eventRow({ unionId: union.id }, 'marriage', String(year), placeOf(husband.birthPlace), 0),
    );
  }
  for (let i = 0; i < rows.length; i += 1000) {
    await tx.insert(events).values(rows.slice(i, i + 1000));
  }
  return ids;
}

/** Every place name the demonstration tree uses is one of the places above. */
export const DEMO_PLACE_NAMES: readonly string[] = [
  DEMO_CAPITAL,
  ...DEMO_REGIONS.flatMap((region) => [region.name, ...region.settlements.map((s) => s.name)]),
];
