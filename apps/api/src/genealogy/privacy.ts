import {
  eventYear,
  parseGedcomDate,
  type EventDate,
  PERSON_LIMITS,
  TRIBE_STATS_MIN_CELL,
  type ClanRef,
  type Person,
  type PersonLink,
  type PersonSummary,
  type Sex,
  type YearSource,
} from '@bagysh/shared';
import { sql, type SQL } from 'drizzle-orm';
import type { CurrentUser } from '../plugins/auth';
import type { RecordsColumn } from './person-records';

/**
 * The one owner of the living-person rule (docs/genealogy.md, Privacy). A viewer who does not see
 * living persons (a guest; every reader of a public export) sees of a hidden person — a living
 * one, or one an imported GEDCOM file restricts (RESN) — the name and the father line only:
 * id, name, father, generation, descendants in the father line. Everything else is hidden, and
 * so is every mother or spouse link with a hidden person at either end.
 *
 * Every path that returns persons goes through this module: the projections below for what
 * is shown, and the SQL pieces for what is filtered, ordered, counted and walked, so that a
 * hidden value cannot come back through a filter, an ordering, a count or a cursor. The
 * property suite (privacy.routes.test.ts) checks that changing a living person's hidden
 * fields changes no answer a guest gets.
 */

/** Who is looking. */
export interface Viewer {
  /** Members see living persons in full; guests see name and father line only. */
  seesLiving: boolean;
}

export const PUBLIC_VIEWER: Viewer = { seesLiving: false };
export const FULL_VIEWER: Viewer = { seesLiving: true };

/** The viewer of a request: anyone signed in sees living persons in full. */
export function viewerOf(request: { user: CurrentUser | null }): Viewer {
  return request.user === null ? PUBLIC_VIEWER : FULL_VIEWER;
}

/** Persons born after this year with no death date are presumed living. */
export function livingBirthYearFloor(now = new Date()): number {
  return now.getUTCFullYear() - PERSON_LIMITS.livingYears;
}

/**
 * Years added to an approximate birth (`ABT`, `EST`, `CAL`) before the living rule reads it:
 * "about 1925" may be a few years later, and in doubt a person stays hidden.
 */
export const APPROXIMATE_BIRTH_MARGIN = 10;

/**
 * The latest year a person's birth may be in, as the living rule reads it (docs/genealogy.md,
 * Privacy): the bound that keeps a person hidden when in doubt. `AFT 1920` or `FROM 1920`
 * could be any later year (Infinity); `BEF 1950` and `TO 1950` at the latest 1950; `BET 1900
 * AND 1930` and `FROM 1900 TO 1930` the later bound; `ABT`/`EST`/`CAL 1925` plus
 * APPROXIMATE_BIRTH_MARGIN. A date text that is no GEDCOM date leaves the birth year as it is;
 * null when neither tells a year. `birth_year` itself stays the year shown and sorted by.
 */
export function birthYearBound(birthYear: number | null, birthDate: string | null): number | null {
  if (birthDate === null) return birthYear;
  const date = parseGedcomDate(birthDate);
  if (!date.valid) return birthYear;
  const later = (year: number | null) =>
    year === null ? birthYear : birthYear === null ? year : Math.max(year, birthYear);
  // The Gregorian year a point's period (a Hebrew or French year, a dual year) ends in may be
  // the one after the year it begins in.
  const lastYear = (point: EventDate) => {
    const year = eventYear(point);
    const calendar = point.start ? point.calendar : (point.end_calendar ?? point.calendar);
    const dual = (point.start ?? point.end)?.dual_year ?? null;
    const spills = (calendar !== 'gregorian' && calendar !== 'julian') || dual !== null;
    return year === null ? null : year + (spills ? 1 : 0);
  };
  const endYear = date.end ? lastYear({ ...date, start: null }) : null;
  const startYear = lastYear(date);
  switch (date.qualifier) {
    case 'after':
    case 'from':
      return startYear === null ? birthYear : Infinity;
    case 'before':
    case 'to':
    case 'between':
    case 'from_to':
      return later(endYear ?? startYear);
    case 'about':
    case 'calculated':
    case 'estimated':
      return later(startYear === null ? null : startYear + APPROXIMATE_BIRTH_MARGIN);
    case 'exact':
    case 'interpreted':
    case 'phrase':
      return later(startYear);
  }
}

/** The facts the rule reads. */
export interface LivingFacts {
  is_living: boolean;
  /**
   * Presumed living by the family or a qualified birth date: the stored column that every tree
   * write keeps (presumed-living.ts); `is_private` includes it.
   */
  presumed_living: boolean;
  death_year: number | null;
  death_date: string | null;
  birth_year: number | null;
}

/** The facts the guest's rule reads: the living facts and the stored `is_private`. */
export interface HiddenFacts extends LivingFacts {
  /**
   * Flagged living, restricted by a GEDCOM RESN, or presumed living by the family or a
   * qualified birth date (a generated column of persons).
   */
  is_private: boolean;
}

/** No death date and born less than 100 years ago: presumed living, whatever the flags. */
function presumedLiving(row: LivingFacts): boolean {
  if (row.death_year !== null || row.death_date !== null) return false;
  return row.birth_year !== null && row.birth_year > livingBirthYearFloor();
}

/** `presumedLiving` in SQL, on the persons row `a`. */
function presumedLivingSql(a: SQL): SQL {
  return sql`(${a}.death_year is null and ${a}.death_date is null and ${a}.birth_year is not null and ${a}.birth_year > ${livingBirthYearFloor()})`;
}

/**
 * The living rule: flagged living, or no death date and born less than 100 years ago, or
 * presumed living by the family or a qualified birth date (the stored `presumed_living`).
 */
export function isLiving(row: LivingFacts): boolean {
  return row.is_living || row.presumed_living || presumedLiving(row);
}

/** The living rule in SQL, on the persons row `alias`: what a member counts and filters by. */
export function livingCondition(alias = 'p'): SQL {
  const a = sql.raw(alias);
  return sql`(${a}.is_living or ${a}.presumed_living or ${presumedLivingSql(a)})`;
}

/**
 * Hidden from guests: living, or restricted by a GEDCOM RESN (CONFIDENTIAL, LOCKED, PRIVACY).
 * A restricted person is shown exactly as a living one, so that a guest cannot tell the two
 * apart either.
 */
export function isHidden(row: HiddenFacts): boolean {
  return row.is_private || presumedLiving(row);
}

/**
 * `isHidden` in SQL, on the persons row `alias`. It reads the stored `is_private` where the
 * living rule reads `is_living`: the same shape, so the partial indexes of the guest's orders
 * (persons_unknown_birth_year_index) serve it, and no OR over another column slows it down.
 */
export function hiddenCondition(alias = 'p'): SQL {
  const a = sql.raw(alias);
  return sql`(${a}.is_private or ${presumedLivingSql(a)})`;
}

/**
 * The stored part of the hidden rule alone (`not` it for the persons a guest may see the
 * year of among those born over 100 years ago).
 */
export function privateFlag(alias = 'p'): SQL {
  return sql.raw(`${alias}.is_private`);
}

/** Whether `viewer` sees only the name and father line of this person. */
export function isRestricted(row: HiddenFacts, viewer: Viewer): boolean {
  return !viewer.seesLiving && isHidden(row);
}

/** `isRestricted` in SQL. */
export function restrictedCondition(viewer: Viewer, alias = 'p'): SQL {
  return viewer.seesLiving ? sql`false` : hiddenCondition(alias);
}

/**
 * The `living` filter as the viewer knows it: a guest sees every hidden person as living
 * (a restricted one too, whatever its years), a member the living rule.
 */
export function visibleLivingCondition(viewer: Viewer, alias = 'p'): SQL {
  return viewer.seesLiving ? livingCondition(alias) : hiddenCondition(alias);
}

/**
 * Whether the mother link of the person row `child` is shown: neither the child nor the
 * mother may be restricted. True for a person without a mother.
 */
export function motherLinkVisible(viewer: Viewer, child = 'p'): SQL {
  if (viewer.seesLiving) return sql`true`;
  const c = sql.raw(child);
  // A scalar subquery: one primary-key lookup per row (PostgreSQL would hash a NOT EXISTS
  // over every living person).
  return sql`(not ${hiddenCondition(child)} and not coalesce((
    select ${hiddenCondition('lm')} from persons lm where lm.id = ${c}.mother_id), false))`;
}

/**
 * Children of the persons `parentIds` (an `integer[]` SQL value) that this viewer may see as
 * their children: through the father always, through the mother when that link is shown.
 */
export function visibleChildOf(viewer: Viewer, parentIds: SQL, child = 'p'): SQL {
  const c = sql.raw(child);
  if (viewer.seesLiving) {
    return sql`(${c}.father_id = any(${parentIds}) or ${c}.mother_id = any(${parentIds}))`;
  }
  return sql`(${c}.father_id = any(${parentIds})
    or (${c}.mother_id = any(${parentIds}) and ${motherLinkVisible(viewer, child)}))`;
}

/** A union between the persons rows `a` and `b` is shown when neither is restricted. */
export function unionVisible(viewer: Viewer, a: string, b: string): SQL {
  if (viewer.seesLiving) return sql`true`;
  return sql`(not ${hiddenCondition(a)} and not ${hiddenCondition(b)})`;
}

/** The number of children the viewer may see, of the persons row `alias`. */
export function childCountColumn(viewer: Viewer, alias = 'p'): SQL {
  const id = sql.raw(`${alias}.id`);
  if (viewer.seesLiving) {
    return sql`(select count(*)::int from persons c where c.father_id = ${id} or c.mother_id = ${id})`;
  }
  return sql`(select count(*)::int from persons c where c.father_id = ${id}
    or (c.mother_id = ${id} and ${motherLinkVisible(viewer, 'c')}))`;
}

/** `sex = value` as the viewer sees sex: a restricted person's sex is 'U'. */
export function visibleSexCondition(viewer: Viewer, value: Sex, alias = 'p'): SQL {
  const column = sql.raw(`${alias}.sex`);
  if (viewer.seesLiving) return sql`${column} = ${value}`;
  const restricted = restrictedCondition(viewer, alias);
  return value === 'U'
    ? sql`(${column} = 'U' or ${restricted})`
    : sql`(${column} = ${value} and not ${restricted})`;
}

/**
 * Siblings in birth order as the viewer knows it (birth order, then birth year, then id): a
 * restricted person's hidden order and year do not place them among the others.
 */
export function siblingOrder(viewer: Viewer, alias = 'p'): SQL {
  const a = sql.raw(alias);
  if (viewer.seesLiving) {
    return sql`${a}.birth_order nulls last, ${a}.birth_year nulls last, ${a}.id`;
  }
  const restricted = restrictedCondition(viewer, alias);
  return sql`case when ${restricted} then null else ${a}.birth_order end nulls last,
    case when ${restricted} then null else ${a}.birth_year end nulls last, ${a}.id`;
}

// ---------------------------------------------------------------------------------------------
// Projections: rows with every fact → what the viewer is shown.

export interface SummaryFacts extends HiddenFacts {
  id: number;
  name: string;
  sex: Sex;
  father_id: number | null;
  mother_id: number | null;
  /** The father line's names: shown to every viewer, like the father link. */
  father_name: string | null;
  grandfather_name: string | null;
  birth_order: number | null;
  depth: number;
  descendant_count: number;
  /** Already counted for this viewer (`childCountColumn`). */
  child_count: number;
  /** Whether the mother link is shown to this viewer (`motherLinkVisible`). */
  mother_visible: boolean;
  /** Absent where a query does not read it. */
  photo_file_id?: number | null;
}

/** A list or tree entry. */
export function projectSummary(row: SummaryFacts, viewer: Viewer): PersonSummary {
  const restricted = isRestricted(row, viewer);
  return {
    id: row.id,
    name: row.name,
    sex: restricted ? 'U' : row.sex,
    father_id: row.father_id,
    mother_id: restricted || !row.mother_visible ? null : row.mother_id,
    father_name: row.father_name,
    grandfather_name: row.grandfather_name,
    birth_year: restricted ? null : row.birth_year,
    death_year: restricted ? null : row.death_year,
    // The stored flag would tell a guest whether the birth year is recent.
    is_living: restricted ? true : row.is_living,
    // A guest sees every hidden person as living: a restricted one must not stand out.
    living: restricted || isLiving(row),
    restricted,
    birth_order: restricted ? null : row.birth_order,
    generation: row.depth + 1,
    child_count: row.child_count,
    descendant_count: row.descendant_count,
    ...(!restricted &&
      typeof row.photo_file_id === 'number' && { photo_file_id: row.photo_file_id }),
  };
}

export interface DetailFacts extends SummaryFacts {
  birth_date: string | null;
  birth_place: string | null;
  death_place: string | null;
  biography: string | null;
  photo_file_id: number | null;
  /** The photo the person page shows this viewer (`detailColumns`): members-only ones too. */
  chosen_photo_file_id: number | null;
  birth_year_source: YearSource | null;
  death_year_source: YearSource | null;
  /** The person's records, already null for a viewer who may not see them (`recordsColumn`). */
  records: RecordsColumn;
  version: number;
  created_at: string;
  updated_at: string;
}

/** A linked person with whether they are hidden from guests (`hiddenCondition`), to decide the link. */
export type LinkFacts = PersonLink & { hidden: boolean };

export interface DetailLinks {
  father: PersonLink | null;
  mother: LinkFacts | null;
  spouses: LinkFacts[];
  clan: ClanRef | null;
}

const link = ({ id, name }: PersonLink): PersonLink => ({ id, name });

/** The person page. */
export function projectPerson(row: DetailFacts, links: DetailLinks, viewer: Viewer): Person {
  const summary = projectSummary(row, viewer);
  const hide = summary.restricted;
  const shown = (other: LinkFacts) => viewer.seesLiving || !other.hidden;
  const father = links.father && link(links.father);
  const mother = !hide && links.mother && row.mother_visible ? link(links.mother) : null;
  const records = hide ? null : row.records;
  return {
    ...summary,
    father,
    mother,
    spouses: hide ? [] : links.spouses.filter(shown).map(link),
    birth_date: hide ? null : row.birth_date,
    death_date: hide ? null : row.death_date,
    birth_place: hide ? null : row.birth_place,
    death_place: hide ? null : row.death_place,
    biography: hide ? null : row.biography,
    photo_file_id: hide ? null : row.chosen_photo_file_id,
    clan: links.clan,
    birth_year_source: hide ? null : row.birth_year_source,
    death_year_source: hide ? null : row.death_year_source,
    names: records?.names ?? [],
    events: records?.events ?? [],
    unions: records?.unions ?? [],
    parent_families: records
      ? [
          ...(father || mother ? [{ father, mother, relation: 'birth' as const }] : []),
          ...records.further_families,
        ]
      : [],
    citations: records?.citations ?? [],
    notes: records?.notes ?? [],
    media: records?.media ?? [],
    version: hide ? 0 : row.version,
    created_at: hide ? null : new Date(row.created_at).toISOString(),
    updated_at: hide ? null : new Date(row.updated_at).toISOString(),
  };
}

/** The facts of a person the viewer may use in a kinship computation or a chain. */
export interface KinFacts extends HiddenFacts {
  sex: Sex;
  birth_order: number | null;
}

/** Sex, age and birth order of a restricted person are unknown to the viewer. */
export function projectKin<T extends KinFacts>(row: T, viewer: Viewer): T {
  return isRestricted(row, viewer)
    ? { ...row, sex: 'U', birth_year: null, death_year: null, birth_order: null }
    : row;
}

/** The years a search hit or a chain may show. */
export function visibleYears(
  row: HiddenFacts,
  viewer: Viewer,
): { birth_year: number | null; death_year: number | null } {
  return isRestricted(row, viewer)
    ? { birth_year: null, death_year: null }
    : { birth_year: row.birth_year, death_year: row.death_year };
}

// ---------------------------------------------------------------------------------------------
// Aggregates: the small-cell rule of the tribe's statistics (docs/genealogy.md, Statistics of
// the tribe). A guest is shown no cell of fewer than TRIBE_STATS_MIN_CELL that counts a hidden
// person: such a cell is merged, so that a count never points at one living person.

/** A cell of an ordered figure: persons (or families) with values `key`…`top`. */
export interface CountCell {
  key: number;
  top: number;
  total: number;
  /** How many of `total` are (or include) a hidden person. */
  hidden: number;
}

/** Whether a guest may see this cell's count as it is. */
export function safeForGuests(cell: { total: number; hidden: number }): boolean {
  return cell.hidden === 0 || cell.total >= TRIBE_STATS_MIN_CELL;
}

/**
 * The cells of an ordered figure as `viewer` sees them: for a guest, a small cell with a hidden
 * person is merged with the cells after it until the range is safe; a small tail is merged into
 * the cell before it; a figure that is all one small cell is withheld (count null). Members
 * see every cell.
 */
export function mergeSmallCells(
  viewer: Viewer,
  cells: readonly CountCell[],
): { from: number; to: number; count: number | null }[] {
  const shown = cells.map((cell) => ({ from: cell.key, to: cell.top, count: cell.total }));
  if (viewer.seesLiving) return shown;
  const merged: CountCell[] = [];
  let open: CountCell | null = null;
  for (const cell of cells) {
    open = open
      ? {
          key: open.key,
          top: cell.top,
          total: open.total + cell.total,
          hidden: open.hidden + cell.hidden,
        }
      : { ...cell };
    if (safeForGuests(open)) {
      merged.push(open);
      open = null;
    }
  }
  const last = merged[merged.length - 1];
  if (open && last) {
    merged[merged.length - 1] = {
      key: last.key,
      top: open.top,
      total: last.total + open.total,
      hidden: last.hidden + open.hidden,
    };
  } else if (open) {
    return [{ from: open.key, to: open.top, count: null }];
  }
  return merged.map((cell) => ({ from: cell.key, to: cell.top, count: cell.total }));
}

/**
 * Groups of an unordered figure (clans) as `viewer` sees them: for a guest, the small groups
 * with a hidden person leave the list and are counted together in `others`.
 */
export function mergeSmallGroups<T extends { total: number; hidden: number }>(
  viewer: Viewer,
  groups: readonly T[],
): { shown: T[]; others: { total: number; hidden: number } } {
  const shown: T[] = [];
  const others = { total: 0, hidden: 0 };
  for (const group of groups) {
    if (viewer.seesLiving || safeForGuests(group)) {
      shown.push(group);
    } else {
      others.total += group.total;
      others.hidden += group.hidden;
    }
  }
  return { shown, others };
}
