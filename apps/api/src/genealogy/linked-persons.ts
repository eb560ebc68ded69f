import { sql, type SQL } from 'drizzle-orm';
import { hiddenCondition, type Viewer } from './privacy';

/**
 * The persons a link row reaches (a citation, a note link, an event): its person, the person
 * of its event, both spouses of its union or of its event's union, the person of its name.
 * The privacy rule of shared records reads this: a guest is shown no citation and no note
 * that reaches a living person.
 */
export interface LinkColumns {
  person?: SQL;
  event?: SQL;
  union?: SQL;
  name?: SQL;
}

export function linkedPersonIds(columns: LinkColumns): SQL {
  const parts: SQL[] = [];
  if (columns.person) parts.push(sql`select ${columns.person} as id`);
  if (columns.event) {
    parts.push(sql`select le.person_id from events le where le.id = ${columns.event}`);
  }
  const unionIds: SQL[] = [];
  if (columns.union) unionIds.push(columns.union);
  if (columns.event)
    unionIds.push(sql`(select le.union_id from events le where le.id = ${columns.event})`);
  for (const unionId of unionIds) {
    parts.push(sql`select lv.id from unions lu
      cross join lateral (values (lu.person1_id), (lu.person2_id)) lv(id) where lu.id = ${unionId}`);
  }
  if (columns.name) {
    parts.push(sql`select ln.person_id from person_names ln where ln.id = ${columns.name}`);
  }
  return sql`select lx.id from (${sql.join(parts, sql` union all `)}) lx where lx.id is not null`;
}

/**
 * The link is hidden from `viewer`: it reaches a living person and the viewer is a guest.
 * The link's few persons are looked up by id: written as `lp.id in (…)`, PostgreSQL walked
 * every hidden person for each link (6 s for 400 notes of a 20 000-person tree, bench:search).
 */
export function linkHidden(viewer: Viewer, columns: LinkColumns): SQL {
  if (viewer.seesLiving) return sql`false`;
  return sql`exists (select 1 from (${linkedPersonIds(columns)}) lh
    join persons lp on lp.id = lh.id where ${hiddenCondition('lp')})`;
}
