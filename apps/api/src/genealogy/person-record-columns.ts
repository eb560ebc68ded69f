import { sql, type SQL } from 'drizzle-orm';
import { placeJson } from './records/places';
import { restrictedCondition, unionVisible, type Viewer } from './privacy';

/**
 * The person page's records read as SQL columns, shown as privacy.ts allows: private notes
 * and members-only files left out for guests, and nothing at all of a person they may not see.
 * The columns' type (`RecordsColumn`) lives in person-records.ts, so privacy.ts needs nothing
 * from here.
 */

/** A cited recording is shown to guests only when its file is public. */
const citationsView = (
  owner: SQL,
  viewer: Viewer,
) => sql`(select coalesce(json_agg(json_build_object(
    'id', c.id, 'source', json_build_object('id', s.id, 'kind', s.kind, 'title', s.title),
    'page', c.page, 'quality', c.quality, 'note', c.note,
    'recording', case when rf.id is null then null
      else json_build_object('file_id', rf.id, 'at', coalesce(c.recording_at, 0)) end)
    order by c.position, c.id), '[]')
    from citations c join sources s on s.id = c.source_id
    left join files rf on rf.id = c.recording_file_id
      ${viewer.seesLiving ? sql`` : sql`and rf.visibility = 'public'`}
    where ${owner})`;

/** Guests see public files only (a linked file may have been made members-only since). */
const mediaView = (owner: SQL, viewer: Viewer) => sql`(select coalesce(json_agg(json_build_object(
    'file_id', m.file_id, 'title', m.title, 'kind', f.kind, 'mime_type', f.mime_type,
    'public', f.visibility = 'public', 'position', m.position) order by m.position, m.id), '[]')
    from media_links m join files f on f.id = m.file_id
    where ${owner} ${viewer.seesLiving ? sql`` : sql`and f.visibility = 'public'`})`;

/** Private notes are never shown to guests. */
const notesView = (owner: SQL, viewer: Viewer) => sql`(select coalesce(json_agg(json_build_object(
    'id', n.id, 'text', n.text, 'is_private', n.is_private) order by l.position, l.id), '[]')
    from note_links l join notes n on n.id = l.note_id
    where ${owner} ${viewer.seesLiving ? sql`` : sql`and not n.is_private`})`;

const eventsView = (owner: SQL, viewer: Viewer) =>
  sql`(select coalesce(json_agg(json_build_object('id', e.id, 'type', e.type,
      'custom_type', e.custom_type, 'value', e.value, 'date', e.date, 'place', ${placeJson(sql`e.place_id`)},
      'note', e.note, 'citations', ${citationsView(sql`c.event_id = e.id`, viewer)},
      'media', ${mediaView(sql`m.event_id = e.id`, viewer)})
      order by e.date_sort nulls last, e.position, e.id), '[]')
    from events e where ${owner})`;

/** The events of the unions row `alias` (marriage, divorce…) as a JSON array, in date order. */
export function unionEventsColumn(viewer: Viewer, alias = 'u'): SQL {
  return eventsView(sql`e.union_id = ${sql.raw(`${alias}.id`)}`, viewer);
}

/**
 * The records of the persons row `p` as one JSON column, or null for a viewer who may not see
 * the person (privacy.ts decides; nothing is read then). A union, like a spouse link, is shown
 * when neither spouse is restricted; further parents like the birth links (the father shown,
 * a mother the viewer may not see hidden, a family of hidden parents only left out).
 */
export function recordsColumn(viewer: Viewer): SQL {
  const link = (alias: string) =>
    sql.raw(`json_build_object('id', ${alias}.id, 'name', ${alias}.name)`);
  return sql`case when ${restrictedCondition(viewer)} then null else json_build_object(
    'names', (select coalesce(json_agg(json_build_object('id', n.id, 'kind', n.kind,
        'given', n.given, 'surname', n.surname, 'nickname', n.nickname, 'prefix', n.prefix,
        'suffix', n.suffix, 'full_name', n.full_name,
        'citations', ${citationsView(sql`c.name_id = n.id`, viewer)}) order by n.position, n.id), '[]')
      from person_names n where n.person_id = p.id),
    'events', ${eventsView(sql`e.person_id = p.id`, viewer)},
    'unions', (select coalesce(json_agg(json_build_object('id', u.id, 'spouse', ${link('s')},
        'position', case when u.person1_id = p.id then u.person1_position
          else u.person2_position end,
        'events', ${eventsView(sql`e.union_id = u.id`, viewer)},
        'citations', ${citationsView(sql`c.union_id = u.id`, viewer)},
        'notes', ${notesView(sql`l.union_id = u.id`, viewer)})
        order by case when u.person1_id = p.id then u.person1_position
          else u.person2_position end nulls last, s.id), '[]')
      from unions u
      join persons s on s.id = case when u.person1_id = p.id then u.person2_id
                                    else u.person1_id end
      where (u.person1_id = p.id or u.person2_id = p.id) and ${unionVisible(viewer, 'p', 's')}),
    'further_families', (select coalesce(json_agg(json_build_object(
        'father', case when ff.id is null then null else ${link('ff')} end,
        'mother', case when fm.id is null
          or ${restrictedCondition(viewer, 'fm')} then null else ${link('fm')} end,
        'relation', pf.relation) order by pf.position, pf.id), '[]')
      from parent_families pf
      left join persons ff on ff.id = pf.father_id
      left join persons fm on fm.id = pf.mother_id
      where pf.child_id = p.id
        -- A family whose every parent is hidden is not shown at all.
        and (ff.id is not null or (fm.id is not null
          and not ${restrictedCondition(viewer, 'fm')}))),
    'citations', ${citationsView(sql`c.person_id = p.id`, viewer)},
    'notes', ${notesView(sql`l.person_id = p.id`, viewer)},
    'media', ${mediaView(sql`m.person_id = p.id`, viewer)}) end`;
}
