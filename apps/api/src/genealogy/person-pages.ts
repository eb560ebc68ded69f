import type { ClanRef, Person, PersonLink } from '@bagysh/shared';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client';
import { recordsColumn } from './person-record-columns';
import { detailColumns, intArray, type DetailRow } from './person-rows';
import { personsTable } from './person-table';
import { hiddenCondition, projectPerson, type LinkFacts, type Viewer } from './privacy';

/**
 * Person pages as `GET /persons/{id}/` answers them (the person, parents, spouses, clan and
 * records, under the privacy rule), for any number of ids in one round trip: the page reads
 * one, the printed book reads a whole branch in a few.
 */
export async function readPersonPages(
  db: Db,
  ids: readonly number[],
  viewer: Viewer,
): Promise<Person[]> {
  if (ids.length === 0) return [];
  const rows = await queryRows<
    DetailRow & {
      father: PersonLink | null;
      mother: LinkFacts | null;
      spouses: LinkFacts[] | null;
      clan: ClanRef | null;
    }
  >(
    db,
    sql`select ${detailColumns(viewer)},
          (select json_build_object('id', f.id, 'name', f.name) from ${personsTable} f
            where f.id = p.father_id) as father,
          (select json_build_object('id', m.id, 'name', m.name, 'hidden', ${hiddenCondition('m')})
            from ${personsTable} m where m.id = p.mother_id) as mother,
          (select json_agg(json_build_object('id', s.id, 'name', s.name,
                                             'hidden', ${hiddenCondition('s')}) order by s.id)
            from unions u
            join ${personsTable} s on s.id = case when u.person1_id = p.id then u.person2_id
                                          else u.person1_id end
            where u.person1_id = p.id or u.person2_id = p.id) as spouses,
          (select json_build_object('id', c.id, 'name', c.name)
            from clans c join ${personsTable} fo on fo.id = c.founder_id
            where c.founder_id = any(p.path || p.id)
            order by fo.depth desc limit 1) as clan,
          ${recordsColumn(viewer)} as records
        from ${personsTable} p where p.id = any(${intArray(ids)})`,
  );
  const byId = new Map(
    rows.map((row) => [
      row.id,
      projectPerson(
        row,
        { father: row.father, mother: row.mother, spouses: row.spouses ?? [], clan: row.clan },
        viewer,
      ),
    ]),
  );
  return ids.flatMap((id) => byId.get(id) ?? []);
}
