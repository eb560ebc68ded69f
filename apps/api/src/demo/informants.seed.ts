import { parseGedcomDate } from '@bagysh/shared';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client';
import { citations, events, sources } from '../db/schema';
import { intArray } from '../genealogy/person-rows';

/**
 * Two invented informants (айтуучу) of the demonstration tree (docs/features.md, Recordings and
 * informants): each told a lineage, cited on its persons and on their births, and they disagree
 * on one birth year, so that /informants shows both, what they told and one conflict. No
 * recordings: there is no real voice to hear. The sources are marked `is_demo`; their citations
 * go with the demonstration persons.
 */

const SAMPLE_NOTE =
  'Үлгү маалымат: бул айтуучу жана анын айтканы ойдон чыгарылган, үн жазуусу жок.';

/**
 * The two informants and the lineages they told, root first, by the demonstration tree's ids
 * (persons.seed.ts): Карыбек ата the line of Жору down to Сарыбай (216), Бүбүжан апа the line of
 * Сейит down to Урмат (116) and her husband Төлөк (120).
 */
export const DEMO_INFORMANTS = [
  {
    title: 'Карыбек ата айткан санжыра (үлгү)',
    author: 'Карыбек Сарыбаев',
    toldDate: '1974',
    toldPlace: 'Кочкор',
    lineage: [1, 2, 5, 9, 19, 26, 35, 49, 69, 97, 120, 148, 190, 216],
    quality: 2,
  },
  {
    title: 'Бүбүжан апа айткан санжыра (үлгү)',
    author: 'Бүбүжан Асанова',
    toldDate: '12 JUN 1996',
    toldPlace: 'Каракол',
    lineage: [1, 4, 8, 18, 25, 34, 47, 65, 92, 116, 120],
    quality: 1,
  },
] as const;

/**
 * Where the two disagree: Карыбек ата gives Төлөк's birth as the tree has it (21 SEP 1775),
 * Бүбүжан апа as about 1778, a second birth event that only she cites.
 */
export const DEMO_CONFLICT = { personId: 120, told: 'ABT 1778' } as const;

/** The marriage Бүбүжан апа told of: Урмат and Төлөк. */
const TOLD_UNION: [number, number] = [116, 120];

/**
 * The informants, their citations and the one disputed birth. `placeIds` are the demonstration
 * places by name (`seedPlaces`). Called once from `loadDemoDataOnce`, after the places.
 */
export async function seedInformants(tx: Db, placeIds: Map<string, number>): Promise<void> {
  const told = [...new Set(DEMO_INFORMANTS.flatMap((informant) => informant.lineage))];
  const [disputed] = await tx
    .insert(events)
    .values({
      personId: DEMO_CONFLICT.personId,
      type: 'birth',
      date: parseGedcomDate(DEMO_CONFLICT.told),
      dateSort: parseGedcomDate(DEMO_CONFLICT.told).sort,
      note: 'Бүбүжан апанын айтуусу боюнча (үлгү).',
      position: 3,
    })
    .returning({ id: events.id });
  if (!disputed) throw new Error('event insert returned nothing');
  // The birth each told person has from the tree (position 0; the disputed one is position 3).
  const births = await queryRows<{ id: number; person_id: number }>(
    tx,
    sql`select id, person_id from events
        where type = 'birth' and position = 0 and person_id = any(${intArray(told)})`,
  );
  const birthOf = new Map(births.map((row) => [row.person_id, row.id]));
  const [union] = await queryRows<{ id: number }>(
    tx,
    sql`select id from unions where person1_id = ${TOLD_UNION[0]} and person2_id = ${TOLD_UNION[1]}`,
  );

  for (const [index, informant] of DEMO_INFORMANTS.entries()) {
    const [source] = await tx
      .insert(sources)
      .values({
        kind: 'informant',
        title: informant.title,
        author: informant.author,
        toldDate: parseGedcomDate(informant.toldDate),
        toldPlaceId: placeIds.get(informant.toldPlace) ?? null,
        note: SAMPLE_NOTE,
        isDemo: true,
      })
      .returning({ id: sources.id });
    if (!source) throw new Error('source insert returned nothing');
    const rows: (typeof citations.$inferInsert)[] = [];
    const cite = (owner: { personId: number } | { eventId: number } | { unionId: number }) =>
      rows.push({
        ...owner,
        sourceId: source.id,
        quality: informant.quality,
        note: `${informant.author} айткан (үлгү).`,
      });
    for (const personId of informant.lineage) {
      cite({ personId });
      const birth = birthOf.get(personId);
      // Бүбүжан апа's birth of Төлөк is the disputed one, not the tree's.
      if (birth !== undefined && !(index === 1 && personId === DEMO_CONFLICT.personId)) {
        cite({ eventId: birth });
      }
    }
    if (index === 1) {
      cite({ eventId: disputed.id });
      if (union) cite({ unionId: union.id });
    }
    await tx.insert(citations).values(rows);
  }
}
