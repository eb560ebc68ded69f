import {
  PERSON_LIMITS,
  type ClanRef,
  type Person,
  type PersonLink,
  type PersonSummary,
  type Sex,
} from '@bagysh/shared';
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';

/** Who is looking: guests see a living person's name and lineage only (DESIGN.md §4). */
export interface Viewer {
  signedIn: boolean;
}

export function viewerOf(request: FastifyRequest): Viewer {
  return { signedIn: request.user !== null };
}

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

/** The first year in which someone born in `birthYear` is no longer presumed living. */
function livingBirthYearFloor(now = new Date()): number {
  return now.getUTCFullYear() - PERSON_LIMITS.livingYears;
}

/**
 * The privacy rule in SQL: flagged living, or no death date and born less than 100 years ago.
 */
export function livingCondition(alias = 'p'): SQL {
  const a = sql.raw(alias);
  return sql`(${a}.is_living or (${a}.death_year is null and ${a}.death_date is null and ${a}.birth_year is not null and ${a}.birth_year > ${livingBirthYearFloor()}))`;
}

interface LivingFacts {
  is_living: boolean;
  death_year: number | null;
  death_date: string | null;
  birth_year: number | null;
}

/** The privacy rule: flagged living, or no death date and born less than 100 years ago. */
export function isLiving(row: LivingFacts): boolean {
  if (row.is_living) return true;
  if (row.death_year !== null || row.death_date !== null) return false;
  return row.birth_year !== null && row.birth_year > livingBirthYearFloor();
}

/** Columns of a `PersonSummary`, from `persons p`. */
export const SUMMARY_COLUMNS = sql.raw(`p.id, p.name, p.sex, p.father_id, p.mother_id,
  p.birth_year, p.death_year, p.death_date, p.is_living, p.birth_order, p.depth, p.descendant_count,
  (select count(*)::int from persons c where c.father_id = p.id or c.mother_id = p.id) as child_count`);

export interface SummaryRow extends LivingFacts {
  id: number;
  name: string;
  sex: Sex;
  father_id: number | null;
  mother_id: number | null;
  birth_order: number | null;
  depth: number;
  descendant_count: number;
  child_count: number;
}

/** Every column of a person (for the detail view and for writes), from `persons p`. */
export const DETAIL_COLUMNS = sql.raw(`p.id, p.name, p.name_key, p.sex, p.father_id, p.mother_id,
  p.path, p.depth, p.descendant_count, p.birth_year, p.death_year, p.birth_date, p.death_date, p.birth_place,
  p.death_place, p.biography, p.photo_file_id, p.is_living, p.birth_order, p.version,
  to_json(p.created_at) #>> '{}' as created_at, to_json(p.updated_at) #>> '{}' as updated_at,
  (select count(*)::int from persons c where c.father_id = p.id or c.mother_id = p.id) as child_count`);

export interface DetailRow extends SummaryRow {
  name_key: string;
  path: number[];
  birth_date: string | null;
  birth_place: string | null;
  death_place: string | null;
  biography: string | null;
  photo_file_id: number | null;
  version: number;
  created_at: string;
  updated_at: string;
}

/** A list or tree entry, with the details hidden from guests when the person is living. */
export function toSummary(row: SummaryRow, viewer: Viewer): PersonSummary {
  const living = isLiving(row);
  const restricted = living && !viewer.signedIn;
  return {
    id: row.id,
    name: row.name,
    sex: restricted ? 'U' : row.sex,
    father_id: row.father_id,
    mother_id: restricted ? null : row.mother_id,
    birth_year: restricted ? null : row.birth_year,
    death_year: restricted ? null : row.death_year,
    is_living: row.is_living,
    living,
    restricted,
    birth_order: restricted ? null : row.birth_order,
    generation: row.depth + 1,
    child_count: row.child_count,
    descendant_count: row.descendant_count,
  };
}

export interface DetailExtras {
  father: PersonLink | null;
  mother: PersonLink | null;
  spouses: PersonLink[];
  clan: ClanRef | null;
}

export function toPerson(row: DetailRow, extras: DetailExtras, viewer: Viewer): Person {
  const summary = toSummary(row, viewer);
  const hide = summary.restricted;
  return {
    ...summary,
    father: extras.father,
    mother: hide ? null : extras.mother,
    spouses: hide ? [] : extras.spouses,
    birth_date: hide ? null : row.birth_date,
    death_date: hide ? null : row.death_date,
    birth_place: hide ? null : row.birth_place,
    death_place: hide ? null : row.death_place,
    biography: hide ? null : row.biography,
    photo_file_id: hide ? null : row.photo_file_id,
    clan: extras.clan,
    version: row.version,
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
  };
}
