import { z } from 'zod';
import { RowIdParam } from './common';
import { gregorianOrJulianLeap, parseGedcomDate } from './gedcom-date';

/**
 * Эскерүү күндөрү (docs/features.md, Calendar): anniversaries of the births, deaths and
 * marriages of persons who are not living, and for members the memorial days of the recently
 * deceased. Only full Gregorian dates (day and month known, no qualifier) make an event.
 */

/** Anniversaries anyone sees; memorial days (`day3`…`year1`) members only. */
export const CALENDAR_EVENT_KINDS = [
  'birth',
  'death',
  'marriage',
  'day3',
  'day7',
  'day40',
  'year1',
] as const;
export type CalendarEventKind = (typeof CALENDAR_EVENT_KINDS)[number];

export const MEMORIAL_KINDS = ['day3', 'day7', 'day40', 'year1'] as const;
export type MemorialKind = (typeof MEMORIAL_KINDS)[number];

/**
 * Days after the death of үчүлүк, жетилик and кырк, counted from the day of death as day 0
 * (docs/kyrgyz.md, Memorial days); жылдык is the same day a year later.
 */
export const MEMORIAL_DAYS: Readonly<Record<Exclude<MemorialKind, 'year1'>, number>> = {
  day3: 3,
  day7: 7,
  day40: 40,
};

/** The most events one month (or one feed) holds; past it the answer says `truncated`. */
export const CALENDAR_LIMITS = { monthEvents: 500, feedEvents: 3000, feedMonths: 12 } as const;

const MONTH_PATTERN = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** `?month=YYYY-MM&clan=&branch=` of `GET /calendar/`; the month defaults to the current one. */
export const CalendarQuery = z.object({
  month: z
    .string()
    .regex(MONTH_PATTERN, 'Ай ЖЖЖЖ-АА түрүндө жазылат.')
    .refine((value) => {
      const year = Number(value.slice(0, 4));
      return year >= 1000 && year <= 9999;
    }, 'Ай ЖЖЖЖ-АА түрүндө жазылат.')
    .optional(),
  clan: RowIdParam.optional(),
  branch: RowIdParam.optional(),
});
export type CalendarQuery = z.infer<typeof CalendarQuery>;

/** `?branch=&clan=&token=` of `GET /calendar.ics`. */
export const CalendarFeedQuery = z.object({
  clan: RowIdParam.optional(),
  branch: RowIdParam.optional(),
  token: z.string().max(200).optional(),
});
export type CalendarFeedQuery = z.infer<typeof CalendarFeedQuery>;

export const CalendarPersonSchema = z.object({ id: z.number().int(), name: z.string() });
export type CalendarPerson = z.infer<typeof CalendarPersonSchema>;

export const CalendarEventSchema = z.object({
  /** The day it falls on this year, `YYYY-MM-DD`. */
  date: z.string(),
  kind: z.enum(CALENDAR_EVENT_KINDS),
  /** The GEDCOM date it comes from (the birth, death or marriage). */
  source_date: z.string(),
  /** Years since the event (anniversaries), or null for the memorial days under a year. */
  years: z.number().int().nullable(),
  person: CalendarPersonSchema,
  /** The other spouse of a marriage. */
  spouse: CalendarPersonSchema.nullable(),
});
export type CalendarEvent = z.infer<typeof CalendarEventSchema>;

export const CalendarMonthSchema = z.object({
  month: z.string(),
  /** In date order; at most `CALENDAR_LIMITS.monthEvents`. */
  results: z.array(CalendarEventSchema),
  /** True when the month held more events than were sent. */
  truncated: z.boolean(),
  /** True when memorial days are included (a signed-in member). */
  memorial: z.boolean(),
});
export type CalendarMonth = z.infer<typeof CalendarMonthSchema>;

/** `GET /calendar/feed-token/`: when the member's feed link was made, if it was. */
export const CalendarFeedTokenStatusSchema = z.object({ created_at: z.string().nullable() });
export type CalendarFeedTokenStatus = z.infer<typeof CalendarFeedTokenStatusSchema>;

/** `POST /calendar/feed-token/`: a new secret link; the previous one stops working. */
export const CalendarFeedTokenSchema = z.object({
  token: z.string(),
  created_at: z.string(),
});
export type CalendarFeedToken = z.infer<typeof CalendarFeedTokenSchema>;

// ---------------------------------------------------------------------------------------------
// Date arithmetic on plain Gregorian days (UTC, no time of day)

/** A day of the Gregorian calendar. */
export interface Day {
  year: number;
  /** 1–12. */
  month: number;
  day: number;
}

/** `YYYY-MM-DD`. */
export function formatDay(day: Day): string {
  const pad = (n: number, width: number) => String(n).padStart(width, '0');
  return `${pad(day.year, 4)}-${pad(day.month, 2)}-${pad(day.day, 2)}`;
}

export function dayOfDate(date: Date): Day {
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

function toUtc(day: Day): number {
  return Date.UTC(day.year, day.month - 1, day.day);
}

export function addDays(day: Day, days: number): Day {
  return dayOfDate(new Date(toUtc(day) + days * 86_400_000));
}

/** Negative when `a` is before `b`. */
export function compareDays(a: Day, b: Day): number {
  return toUtc(a) - toUtc(b);
}

/**
 * The full Gregorian day of a GEDCOM date (`12 MAR 1920`, also `INT 12 MAR 1920 (…)`), or null
 * for anything less: a year or month alone, a qualifier (ABT, BEF…), a range, another calendar,
 * B.C., a phrase.
 */
export function fullGregorianDay(value: string | null): Day | null {
  if (value === null) return null;
  const date = parseGedcomDate(value);
  const start = date.start;
  if (!date.valid || date.calendar !== 'gregorian' || start === null || date.end !== null) {
    return null;
  }
  if (date.qualifier !== 'exact' && date.qualifier !== 'interpreted') return null;
  if (start.bc || start.month === null || start.day === null) return null;
  return { year: start.dual_year ?? start.year, month: start.month, day: start.day };
}

/**
 * The anniversary of `day` in `year`, or null before or in its own year. A 29 February falls on
 * 28 February in common years (docs/features.md, Calendar).
 */
export function anniversaryIn(day: Day, year: number): Day | null {
  if (year <= day.year) return null;
  if (day.month === 2 && day.day === 29 && !gregorianOrJulianLeap(false, year))
    return { year, month: 2, day: 28 };
  return { year, month: day.month, day: day.day };
}

/** The memorial days after a death on `death`: үчүлүк, жетилик, кырк and жылдык. */
export function memorialDays(death: Day): { kind: MemorialKind; day: Day }[] {
  return [
    { kind: 'day3', day: addDays(death, MEMORIAL_DAYS.day3) },
    { kind: 'day7', day: addDays(death, MEMORIAL_DAYS.day7) },
    { kind: 'day40', day: addDays(death, MEMORIAL_DAYS.day40) },
    { kind: 'year1', day: anniversaryIn(death, death.year + 1) ?? death },
  ];
}

/** `YYYY-MM` of a day's month. */
export function monthKey(year: number, month: number): string {
  return formatDay({ year, month, day: 1 }).slice(0, 7);
}

/** `YYYY-MM` → year and month. */
export function parseMonthKey(value: string): { year: number; month: number } {
  return { year: Number(value.slice(0, 4)), month: Number(value.slice(5, 7)) };
}

/** The name of each kind of event (docs/kyrgyz.md, Memorial days). */
export const CALENDAR_KIND_LABELS: Readonly<Record<CalendarEventKind, string>> = {
  birth: 'Туулган күнү',
  death: 'Каза болгон күнү',
  marriage: 'Үйлөнгөн күнү',
  day3: 'Үчүлүк',
  day7: 'Жетилик',
  day40: 'Кырк',
  year1: 'Жылдык',
};

/** "N жыл" after an anniversary's name, the years since the event. */
export const CALENDAR_YEARS_LABEL = '{{count}} жыл';

/** The one-line title of an event: the feed's SUMMARY, the page's heading of a row. */
export function calendarEventTitle(event: CalendarEvent): string {
  const who = event.spouse ? `${event.person.name} жана ${event.spouse.name}` : event.person.name;
  const label = CALENDAR_KIND_LABELS[event.kind];
  const years =
    event.years !== null && event.kind !== 'year1'
      ? ` (${CALENDAR_YEARS_LABEL.replace('{{count}}', String(event.years))})`
      : '';
  return `${who}: ${label}${years}`;
}
