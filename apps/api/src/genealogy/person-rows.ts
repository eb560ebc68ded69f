import { sql, type SQL } from 'drizzle-orm';
import {
  childCountColumn,
  motherLinkVisible,
  type DetailFacts,
  type SummaryFacts,
  type Viewer,
} from './privacy';

/**
 * An `integer[]` parameter. Drizzle spreads a JS array into a list of parameters, so the array
 * travels as one text literal (ids are integers: nothing to escape).
 */
export function intArray(ids: readonly number[]): SQL {
  return sql`${`{${ids.map((id) => Math.trunc(id)).join(',')}}`}::int[]`;
}

/** A `text[]` parameter, quoted element by element. */
export function textArray(values: readonly string[]): SQL {
  const quoted = values.map((value) => `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`);
  return sql`${`{${quoted.join(',')}}`}::text[]`;
}

/** The rows of a subtree: every path that starts with `prefix` (the btree on `path` serves it). */
export function subtreeCondition(prefix: readonly number[], alias = 'p'): SQL {
  const last = prefix[prefix.length - 1];
  if (last === undefined) throw new Error('subtreeCondition needs a non-empty prefix');
  const upper = [...prefix.slice(0, -1), last + 1];
  const column = sql.raw(`${alias}.path`);
  return sql`(${column} >= ${intArray(prefix)} and ${column} < ${intArray(upper)})`;
}

const SUMMARY_FIELDS = `p.id, p.name, p.sex, p.father_id, p.mother_id, p.birth_year, p.death_year,
  p.death_date, p.is_living, p.presumed_living, p.is_private, p.birth_order, p.depth,
  p.descendant_count`;

/**
 * The person's photo when its file is public. Lists, trees and charts show only such a photo,
 * to everyone: their thumbnails are loaded by address, without the token. A members-only photo
 * (the site uploads a living person's so) is on the person page alone, for members
 * (`detailColumns`); a guest sees the placeholder, also once the person is no longer hidden.
 */
const PUBLIC_PHOTO = sql`case when p.photo_file_id is not null then (select pf.id from files pf
  where pf.id = p.photo_file_id and pf.visibility = 'public') end`;

/**
 * The father's and the grandfather's names of the persons row `alias` (the label that tells
 * namesakes apart): primary-key lookups along `father_id`, evaluated for the returned rows only.
 * The father line is shown to every viewer, so nothing here is hidden (privacy.ts).
 */
export function lineageNameColumns(alias = 'p'): SQL {
  const fatherId = sql.raw(`${alias}.father_id`);
  return sql`(select lf.name from persons lf where lf.id = ${fatherId}) as father_name,
    (select lg.name from persons lf join persons lg on lg.id = lf.father_id
      where lf.id = ${fatherId}) as grandfather_name`;
}

/** Columns of a `PersonSummary` from `persons p`, with what `viewer` may see of the family. */
export function summaryColumns(viewer: Viewer): SQL {
  return sql`${sql.raw(SUMMARY_FIELDS)}, ${PUBLIC_PHOTO} as photo_file_id, ${lineageNameColumns()},
    ${childCountColumn(viewer)} as child_count, ${motherLinkVisible(viewer)} as mother_visible`;
}

export type SummaryRow = SummaryFacts;

/** Every column of a person (for the detail view), from `persons p`. */
export function detailColumns(viewer: Viewer): SQL {
  return sql`${summaryColumns(viewer)}, p.name_key, p.path, p.birth_date, p.birth_place,
    p.death_place, p.biography, p.version, p.birth_year_source,
    p.death_year_source,
    ${viewer.seesLiving ? sql`p.photo_file_id` : PUBLIC_PHOTO} as chosen_photo_file_id,
    to_json(p.created_at) #>> '{}' as created_at, to_json(p.updated_at) #>> '{}' as updated_at`;
}

export interface DetailRow extends DetailFacts {
  name_key: string;
  path: number[];
}
