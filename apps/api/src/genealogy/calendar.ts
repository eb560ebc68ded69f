import {
  CALENDAR_LIMITS,
  GREGORIAN_MONTHS,
  anniversaryIn,
  compareDays,
  dayOfDate,
  formatDay,
  fullGregorianDay,
  memorialDays,
  monthKey,
  type CalendarEvent,
  type CalendarEventKind,
  type CalendarMonth,
  type Day,
} from '@bagysh/shared';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client';
import { dateDay, dateMonthCode } from '../db/schema';
import { fieldError } from '../lib/http-errors';
import { intArray, subtreeCondition, textArray } from './person-rows';
import { livingCondition, restrictedCondition, type Viewer } from './privacy';

/**
 * Эскерүү күндөрү (docs/features.md, Calendar): the anniversaries of births, deaths and
 * marriages, and the memorial days of the recently deceased, read under the living-person rule.
 * A living person never makes an event, for anyone; a guest (and the public feed) also never
 * sees a restricted one (privacy.ts). Dates are the summary texts of the person (birth and death,
 * not the christening or burial standing in) and the marriage events of unions; only full
 * Gregorian dates count (`fullGregorianDay`).
 */

/** The clan and the branch a calendar is narrowed to. */
export interface CalendarScope {
  clan?: number | undefined;
  branch?: number | undefined;
}

/** Who reads, and whether the memorial days are theirs to see. */
export interface CalendarReader {
  viewer: Viewer;
  memorial: boolean;
}

/** One month of a calendar year. */
export interface MonthOf {
  year: number;
  /** 1–12. */
  month: number;
}

/** Visible to the reader and not living, on the persons row `alias`. */
function eligible(viewer: Viewer, alias: string): SQL {
  return sql`not ${livingCondition(alias)} and not ${restrictedCondition(viewer, alias)}`;
}

/** A person and their father-line descendants, as `id` and the `path` under them. */
interface Top {
  id: number;
  path: number[];
}

const inLine = (top: Top, alias: string) =>
  sql`(${sql.raw(alias)}.id = ${top.id} or ${subtreeCondition([...top.path, top.id], alias)})`;

/**
 * The lines the scope narrows to: the clan's founder's and the branch's top person's. A clan or
 * person that does not exist answers 400 (the field is wrong, not a page missing).
 */
export async function resolveScope(db: Db, scope: CalendarScope): Promise<Top[]> {
  const tops: Top[] = [];
  if (scope.clan !== undefined) {
    const [founder] = await queryRows<Top>(
      db,
      sql`select f.id, f.path from clans c join persons f on f.id = c.founder_id
          where c.id = ${scope.clan}`,
    );
    if (!founder) throw fieldError('clan', 'Мындай уруу жок.');
    tops.push(founder);
  }
  if (scope.branch !== undefined) {
    const [top] = await queryRows<Top>(
      db,
      sql`select id, path from persons where id = ${scope.branch}`,
    );
    if (!top) throw fieldError('branch', 'Мындай инсан жок.');
    tops.push(top);
  }
  return tops;
}

/** Every line in `tops` holds the person row `alias` (true without lines). */
function scopeCondition(tops: readonly Top[], alias: string): SQL {
  if (tops.length === 0) return sql`true`;
  return sql.join(
    tops.map((top) => inLine(top, alias)),
    sql` and `,
  );
}

interface PersonDateRow {
  id: number;
  name: string;
  value: string;
}

/** Persons with a full birth or death date in `months`, in the months' order and by day. */
async function personDates(
  db: Db,
  viewer: Viewer,
  tops: readonly Top[],
  side: 'birth' | 'death',
  months: readonly MonthOf[],
  limit: number,
): Promise<PersonDateRow[]> {
  const column = sql.raw(`p.${side}_date`);
  const source = sql.raw(`p.${side}_year_source`);
  const codes = textArray(months.map((m) => GREGORIAN_MONTHS[m.month - 1] ?? ''));
  // The expressions of persons_birth_month_day_index and persons_death_month_day_index.
  const month = dateMonthCode(column);
  return queryRows<PersonDateRow>(
    db,
    sql`select p.id, p.name, ${column} as value from persons p
        where ${column} is not null and ${source} is null and ${month} = any(${codes})
          and ${eligible(viewer, 'p')} and ${scopeCondition(tops, 'p')}
        order by array_position(${codes}, ${month}), ${dateDay(column)}, p.id
        limit ${limit}`,
  );
}

interface MarriageRow {
  value: string;
  id1: number;
  name1: string;
  id2: number;
  name2: string;
}

/** Marriages with a full date in `months` whose two spouses are eligible, by month and day. */
async function marriageDates(
  db: Db,
  viewer: Viewer,
  tops: readonly Top[],
  months: readonly MonthOf[],
  limit: number,
): Promise<MarriageRow[]> {
  const scope =
    tops.length === 0
      ? sql`true`
      : sql`(${scopeCondition(tops, 'p1')} or ${scopeCondition(tops, 'p2')})`;
  const order = intArray(months.map((m) => m.month));
  return queryRows<MarriageRow>(
    db,
    sql`select e.date->>'text' as value, p1.id as id1, p1.name as name1,
          p2.id as id2, p2.name as name2
        from events e
          join unions u on u.id = e.union_id
          join persons p1 on p1.id = u.person1_id
          join persons p2 on p2.id = u.person2_id
        where e.type = 'marriage' and e.date->>'calendar' = 'gregorian'
          and e.date->>'qualifier' in ('exact', 'interpreted')
          and (e.date->'start'->>'month')::int = any(${order})
          and e.date->'start'->>'day' is not null
          and ${eligible(viewer, 'p1')} and ${eligible(viewer, 'p2')} and ${scope}
        order by array_position(${order}, (e.date->'start'->>'month')::int),
          (e.date->'start'->>'day')::int, e.id
        limit ${limit}`,
  );
}

/**
 * Deaths with a full date since a year ago (the memorial days' persons), at most `limit`. The
 * death year is needed too: `persons_latest_year_index` finds the few recent ones.
 */
async function recentDeaths(
  db: Db,
  tops: readonly Top[],
  today: Day,
  limit: number,
): Promise<{ id: number; name: string; death: Day; value: string }[]> {
  const rows = await queryRows<PersonDateRow>(
    db,
    sql`select p.id, p.name, p.death_date as value from persons p
        where greatest(p.birth_year, p.death_year) >= ${today.year - 1}
          and p.death_year between ${today.year - 1} and ${today.year}
          and p.death_date is not null and p.death_year_source is null
          and not ${livingCondition('p')} and ${scopeCondition(tops, 'p')}
        order by p.id
        limit ${limit}`,
  );
  const yearAgo = { ...today, year: today.year - 1 };
  const out = [];
  for (const row of rows) {
    const death = fullGregorianDay(row.value);
    if (death && compareDays(death, yearAgo) >= 0 && compareDays(death, today) <= 0) {
      out.push({ id: row.id, name: row.name, death, value: row.value });
    }
  }
  return out;
}

const byDate = (a: CalendarEvent, b: CalendarEvent) =>
  a.date.localeCompare(b.date) || a.person.name.localeCompare(b.person.name, 'ky');

/**
 * The events of `months` (distinct calendar months, at most 12): anniversaries for every
 * reader, the memorial days too for a member. At most `limit`, in date order, the earliest
 * months and days kept; `truncated` says when more were left out.
 */
export async function calendarEvents(
  db: Db,
  reader: CalendarReader,
  tops: readonly Top[],
  months: readonly MonthOf[],
  limit: number,
  now = new Date(),
): Promise<{ events: CalendarEvent[]; truncated: boolean }> {
  const yearOf = new Map(months.map((m) => [m.month, m.year]));
  const events: CalendarEvent[] = [];
  const inRange = (day: Day) => yearOf.get(day.month) === day.year;
  let truncated = false;

  const addAnniversary = (
    kind: CalendarEventKind,
    value: string,
    person: { id: number; name: string },
    spouse: { id: number; name: string } | null,
  ) => {
    const day = fullGregorianDay(value);
    const year = day ? yearOf.get(day.month) : undefined;
    if (!day || year === undefined) return;
    const on = anniversaryIn(day, year);
    if (!on) return;
    events.push({
      date: formatDay(on),
      kind,
      source_date: value,
      years: year - day.year,
      person,
      spouse,
    });
  };

  for (const side of ['birth', 'death'] as const) {
    const rows = await personDates(db, reader.viewer, tops, side, months, limit + 1);
    if (rows.length > limit) truncated = true;
    for (const row of rows.slice(0, limit)) {
      addAnniversary(side, row.value, { id: row.id, name: row.name }, null);
    }
  }
  const marriages = await marriageDates(db, reader.viewer, tops, months, limit + 1);
  if (marriages.length > limit) truncated = true;
  for (const row of marriages.slice(0, limit)) {
    addAnniversary(
      'marriage',
      row.value,
      { id: row.id1, name: row.name1 },
      { id: row.id2, name: row.name2 },
    );
  }

  if (reader.memorial) {
    const today = dayOfDate(now);
    const deaths = await recentDeaths(db, tops, today, limit + 1);
    if (deaths.length > limit) truncated = true;
    for (const death of deaths.slice(0, limit)) {
      for (const memorial of memorialDays(death.death)) {
        if (!inRange(memorial.day)) continue;
        const date = formatDay(memorial.day);
        // The first death anniversary is the жылдык itself: one event, not two.
        if (memorial.kind === 'year1') {
          const index = events.findIndex(
            (e) => e.kind === 'death' && e.person.id === death.id && e.date === date,
          );
          if (index >= 0) events.splice(index, 1);
        }
        events.push({
          date,
          kind: memorial.kind,
          source_date: death.value,
          years: memorial.kind === 'year1' ? 1 : null,
          person: { id: death.id, name: death.name },
          spouse: null,
        });
      }
    }
  }

  events.sort(byDate);
  if (events.length > limit) truncated = true;
  return { events: events.slice(0, limit), truncated };
}

/** One month's events, at most `CALENDAR_LIMITS.monthEvents`. */
export async function calendarMonth(
  db: Db,
  reader: CalendarReader,
  tops: readonly Top[],
  year: number,
  month: number,
  now = new Date(),
): Promise<CalendarMonth> {
  const { events, truncated } = await calendarEvents(
    db,
    reader,
    tops,
    [{ year, month }],
    CALENDAR_LIMITS.monthEvents,
    now,
  );
  return { month: monthKey(year, month), results: events, truncated, memorial: reader.memorial };
}
