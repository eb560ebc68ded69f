import { z } from 'zod';

/**
 * GEDCOM dates kept as written and as structured parts: qualifier, calendar, one or
 * two points, a phrase and a chronological sort key. Reads the 5.5.1 grammar (`@#DJULIAN@`
 * escapes, dual years `1699/00`, `B.C.`, `INT … (…)`, `(…)`) and the 7.0 one (calendar
 * keywords, `BCE`, DATE with a separate PHRASE); writes either.
 */

export const DATE_QUALIFIERS = [
  'exact',
  'about',
  'calculated',
  'estimated',
  'before',
  'after',
  'between',
  'from',
  'to',
  'from_to',
  'interpreted',
  // Only text: 5.5.1 `(…)`, 7.0 an empty DATE with a PHRASE, or a value that is no date.
  'phrase',
] as const;
export type DateQualifier = (typeof DATE_QUALIFIERS)[number];

export const DATE_CALENDARS = ['gregorian', 'julian', 'hebrew', 'french_r'] as const;
export type DateCalendar = (typeof DATE_CALENDARS)[number];

/**
 * One day, month or year of a date. `month` counts from 1 in the calendar's GEDCOM order:
 * JAN…DEC; Hebrew TSH (1) … ADR (6), ADS (7), NSN (8) … ELL (13); French VEND (1) … COMP (13).
 */
export const DatePointSchema = z.object({
  /** As written: a positive year, with `bc` for years before the era. */
  year: z.number().int(),
  month: z.number().int().nullable(),
  day: z.number().int().nullable(),
  /** The new-style year of a dual date (`1699/00` → 1700), always `year + 1`. */
  dual_year: z.number().int().nullable(),
  bc: z.boolean(),
});
export type DatePoint = z.infer<typeof DatePointSchema>;

export const EventDateSchema = z.object({
  /** The original value as written, whitespace folded. */
  text: z.string(),
  qualifier: z.enum(DATE_QUALIFIERS),
  /** The calendar of `start` (and of `end` unless `end_calendar` says otherwise). */
  calendar: z.enum(DATE_CALENDARS),
  /** The point of a one-point date (`to` excepted), the first of a range or period. */
  start: DatePointSchema.nullable(),
  /** The second point of `between`/`from_to`, and the only point of `to`. */
  end: DatePointSchema.nullable(),
  /** Present only when the second point of a range is written in another calendar. */
  end_calendar: z.enum(DATE_CALENDARS).optional(),
  /** INT's "(…)", a 7.0 PHRASE, or the whole text when unreadable. */
  phrase: z.string().nullable(),
  /**
   * Julian Day Number that orders dates across calendars: the first day of the (start) point;
   * BEF the day before it, AFT the day after the end of the stated period; null without a point.
   */
  sort: z.number().int().nullable(),
  /** False: not a GEDCOM date, kept whole as `phrase` (an import warns). */
  valid: z.boolean(),
});
export type EventDate = z.infer<typeof EventDateSchema>;

// ---------------------------------------------------------------------------------------------
// Calendars: month names and day arithmetic (Julian Day Numbers, JDN).

/** The GEDCOM month codes of the Gregorian (and Julian) calendar, January first. */
export const GREGORIAN_MONTHS = [
  'JAN',
  'FEB',
  'MAR',
  'APR',
  'MAY',
  'JUN',
  'JUL',
  'AUG',
  'SEP',
  'OCT',
  'NOV',
  'DEC',
] as const;

const MONTH_CODES: Record<DateCalendar, readonly string[]> = {
  gregorian: GREGORIAN_MONTHS,
  julian: GREGORIAN_MONTHS,
  hebrew: [
    'TSH',
    'CSH',
    'KSL',
    'TVT',
    'SHV',
    'ADR',
    'ADS',
    'NSN',
    'IYR',
    'SVN',
    'TMZ',
    'AAV',
    'ELL',
  ],
  french_r: [
    'VEND',
    'BRUM',
    'FRIM',
    'NIVO',
    'PLUV',
    'VENT',
    'GERM',
    'FLOR',
    'PRAI',
    'MESS',
    'THER',
    'FRUC',
    'COMP',
  ],
};

const ESCAPES: Record<DateCalendar, string> = {
  gregorian: '@#DGREGORIAN@',
  julian: '@#DJULIAN@',
  hebrew: '@#DHEBREW@',
  french_r: '@#DFRENCH R@',
};
const KEYWORDS: Record<DateCalendar, string> = {
  gregorian: 'GREGORIAN',
  julian: 'JULIAN',
  hebrew: 'HEBREW',
  french_r: 'FRENCH_R',
};
// Tokens after folding: an escape's inner space becomes `_` so that it stays one token.
const CALENDAR_TOKENS = new Map<string, DateCalendar>(
  DATE_CALENDARS.flatMap((c) => [
    [ESCAPES[c].replace(' ', '_'), c] as const,
    [KEYWORDS[c], c] as const,
  ]),
);

const floorDiv = (a: number, b: number) => Math.floor(a / b);
const mod = (a: number, b: number) => ((a % b) + b) % b;

/** Gregorian or Julian (proleptic, astronomical year: 1 B.C. = 0) to JDN. */
function jdnFromGregorianOrJulian(julian: boolean, year: number, month: number, day: number) {
  const a = floorDiv(14 - month, 12);
  const y = year + 4800 - a;
  const m = month + 12 * a - 3;
  const days = day + floorDiv(153 * m + 2, 5) + 365 * y + floorDiv(y, 4);
  return julian ? days - 32083 : days - floorDiv(y, 100) + floorDiv(y, 400) - 32045;
}

/** Whether `year` (astronomical: 1 B.C. = 0) is a leap year of the Julian or the Gregorian calendar. */
export function gregorianOrJulianLeap(julian: boolean, year: number): boolean {
  if (julian) return mod(year, 4) === 0;
  return mod(year, 4) === 0 && (mod(year, 100) !== 0 || mod(year, 400) === 0);
}

const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

// French republican: year I began on 22 September 1792 (JDN 2375840). The years I–XIV it was in
// use had leap years III, VII and XI; floor(1461·y/4) reproduces them (as PHP's calendar does).
const FRENCH_EPOCH = 2375474;
const frenchYearStart = (year: number) => floorDiv(1461 * year, 4) + FRENCH_EPOCH + 1;

// Hebrew: the arithmetic calendar of Reingold & Dershowitz, "Calendrical Calculations".
// Their months count from Nisan (1); Tishri (7) begins the year; 12 is Adar (Adar I in leap
// years), 13 Adar II.
const HEBREW_EPOCH_JDN = 347998; // 1 Tishri AM 1 = 7 October 3761 B.C. (Julian)
const HEBREW_FROM_GEDCOM = [7, 8, 9, 10, 11, 12, 13, 1, 2, 3, 4, 5, 6];
const hebrewLeap = (year: number) => mod(7 * year + 1, 19) < 7;

function hebrewElapsedDays(year: number) {
  const months = floorDiv(235 * year - 234, 19);
  const parts = 12084 + 13753 * months;
  const day = 29 * months + floorDiv(parts, 25920);
  return mod(3 * (day + 1), 7) < 3 ? day + 1 : day;
}

function hebrewNewYear(year: number) {
  const [before, now, after] = [year - 1, year, year + 1].map(hebrewElapsedDays) as [
    number,
    number,
    number,
  ];
  const delay = after - now === 356 ? 2 : now - before === 382 ? 1 : 0;
  return HEBREW_EPOCH_JDN + now + delay;
}

/** Days in a Hebrew month, by Reingold–Dershowitz number. */
function hebrewMonthDays(year: number, month: number) {
  if ([2, 4, 6, 10, 13].includes(month)) return 29;
  if (month === 12 && !hebrewLeap(year)) return 29;
  const yearDays = hebrewNewYear(year + 1) - hebrewNewYear(year);
  if (month === 8 && yearDays % 10 !== 5) return 29; // Marheshvan is long in 355/385-day years
  if (month === 9 && yearDays % 10 === 3) return 29; // Kislev is short in 353/383-day years
  return 30;
}

/** The year of a point as a number to compute with: astronomical, new style for dual dates. */
function arithmeticYear(point: DatePoint) {
  const year = point.dual_year ?? point.year;
  return point.bc ? 1 - year : year;
}

/** Days in the point's month (GEDCOM month number). */
function monthDays(calendar: DateCalendar, year: number, month: number) {
  switch (calendar) {
    case 'gregorian':
    case 'julian':
      if (month === 2 && gregorianOrJulianLeap(calendar === 'julian', year)) return 29;
      return MONTH_DAYS[month - 1] ?? 0;
    case 'french_r':
      if (month < 13) return 30;
      return frenchYearStart(year + 1) - frenchYearStart(year) - 360;
    case 'hebrew': {
      const rd = HEBREW_FROM_GEDCOM[month - 1] ?? 0;
      if (rd === 13 && !hebrewLeap(year)) return 0; // ADS exists only in leap years
      return hebrewMonthDays(year, rd);
    }
  }
}

/** JDN of a day (month and day from 1) in a calendar, year astronomical. */
function toJdn(calendar: DateCalendar, year: number, month: number, day: number): number {
  switch (calendar) {
    case 'gregorian':
    case 'julian':
      return jdnFromGregorianOrJulian(calendar === 'julian', year, month, day);
    case 'french_r':
      return frenchYearStart(year) + 30 * (month - 1) + day - 1;
    case 'hebrew': {
      // GEDCOM order follows the year from Tishri, so the months before are summed in order.
      let jdn = hebrewNewYear(year) + day - 1;
      for (let m = 1; m < month; m++) jdn += monthDays('hebrew', year, m);
      return jdn;
    }
  }
}

/** The first and the last day of the period a point names (a day, a month or a year). */
function pointSpan(calendar: DateCalendar, point: DatePoint): [number, number] {
  const year = arithmeticYear(point);
  if (point.month === null) {
    const months = MONTH_CODES[calendar].length;
    const lastMonth = calendar === 'hebrew' || calendar === 'french_r' ? months : 12;
    const first = toJdn(calendar, year, 1, 1);
    return [first, toJdn(calendar, year, lastMonth, monthDays(calendar, year, lastMonth))];
  }
  if (point.day === null) {
    const first = toJdn(calendar, year, point.month, 1);
    return [first, first + monthDays(calendar, year, point.month) - 1];
  }
  const jdn = toJdn(calendar, year, point.month, point.day);
  return [jdn, jdn];
}

/** Gregorian year (astronomical) of a JDN (Richards' algorithm). */
function gregorianYearOfJdn(jdn: number) {
  const f = jdn + 1401 + floorDiv(floorDiv(4 * jdn + 274277, 146097) * 3, 4) - 38;
  const e = 4 * f + 3;
  const h = 5 * floorDiv(mod(e, 1461), 4) + 2;
  const month = mod(floorDiv(h, 153) + 2, 12) + 1;
  return floorDiv(e, 1461) - 4716 + floorDiv(14 - month, 12);
}

// ---------------------------------------------------------------------------------------------
// Parsing.

const PREFIXES: Record<string, DateQualifier> = {
  ABT: 'about',
  CAL: 'calculated',
  EST: 'estimated',
  BEF: 'before',
  AFT: 'after',
  TO: 'to',
};
const ERA = /^(?:B\.?C\.?|BCE)$/;

interface ParsedPoint {
  calendar: DateCalendar;
  point: DatePoint;
}

/** One date (`[calendar] [[day] month] year[/yy] [B.C.]`) at `tokens[at]`, or null. */
function readPoint(tokens: string[], at: number): { parsed: ParsedPoint; next: number } | null {
  let i = at;
  const calendar = CALENDAR_TOKENS.get(tokens[i] ?? '');
  if (calendar) i++;
  const cal = calendar ?? 'gregorian';
  const months = MONTH_CODES[cal];
  let day: number | null = null;
  let month: number | null = null;
  if (/^\d{1,2}$/.test(tokens[i] ?? '') && months.includes(tokens[i + 1] ?? '')) {
    day = Number(tokens[i]);
    i++;
  }
  if (months.includes(tokens[i] ?? '')) {
    month = months.indexOf(tokens[i] ?? '') + 1;
    i++;
  }
  // Up to six digits: enough for every calendar, and safe in day arithmetic.
  const yearMatch = /^(\d{1,6})(?:\/(\d{2}|\d{4}))?$/.exec(tokens[i] ?? '');
  if (!yearMatch) return null;
  i++;
  const year = Number(yearMatch[1]);
  let dual: number | null = null;
  if (yearMatch[2] !== undefined) {
    const written = Number(yearMatch[2]);
    dual = yearMatch[2].length === 4 ? written : year - (year % 100) + written;
    if (yearMatch[2].length === 2 && dual <= year) dual += 100;
  }
  const bc = ERA.test(tokens[i] ?? '');
  if (bc) i++;
  const point: DatePoint = { year, month, day, dual_year: dual, bc };
  if (!pointIsValid(cal, point)) return null;
  return { parsed: { calendar: cal, point }, next: i };
}

function pointIsValid(calendar: DateCalendar, point: DatePoint) {
  if (point.year === 0) return false;
  if (point.dual_year !== null) {
    // Dual dates are January–March before the new year moved from 25 March to 1 January:
    // two consecutive A.D. years.
    if (point.bc || point.dual_year !== point.year + 1) return false;
    if (calendar !== 'gregorian' && calendar !== 'julian') return false;
  }
  if (point.bc && calendar !== 'gregorian' && calendar !== 'julian') return false;
  if (point.month === null) return true;
  const days = monthDays(calendar, arithmeticYear(point), point.month);
  if (days === 0) return false;
  return point.day === null || (point.day >= 1 && point.day <= days);
}

const invalid = (text: string, phrase?: string): EventDate => ({
  text,
  qualifier: 'phrase',
  calendar: 'gregorian',
  start: null,
  end: null,
  phrase: phrase || text || null,
  sort: null,
  valid: false,
});

type Structure = Pick<EventDate, 'qualifier' | 'calendar' | 'start' | 'end' | 'end_calendar'>;

/** The structure of a value without phrase parts; null when it is no GEDCOM date. */
function readStructure(upper: string): Structure | null {
  const escaped = upper.includes('@')
    ? upper.replace(/@#D([^@]*)@/g, (_, name: string) => ` @#D${name.trim().replace(/ +/g, '_')}@ `)
    : upper;
  const tokens = escaped.trim().split(/ +/);
  const first = tokens[0] ?? '';
  let qualifier: DateQualifier = 'exact';
  let at = 0;
  const prefix = Object.hasOwn(PREFIXES, first) ? PREFIXES[first] : undefined;
  if (prefix) {
    qualifier = prefix;
    at = 1;
  } else if (first === 'BET' || first === 'FROM') {
    at = 1;
  }
  const one = readPoint(tokens, at);
  if (!one) return null;
  let two: ParsedPoint | null = null;
  let next = one.next;
  if (first === 'BET' || (first === 'FROM' && tokens[next] === 'TO')) {
    if (tokens[next] !== (first === 'BET' ? 'AND' : 'TO')) return null;
    const second = readPoint(tokens, next + 1);
    if (!second) return null;
    two = second.parsed;
    next = second.next;
    qualifier = first === 'BET' ? 'between' : 'from_to';
  } else if (first === 'FROM') {
    qualifier = 'from';
  }
  if (next !== tokens.length) return null;
  if (qualifier === 'to') {
    return { qualifier, calendar: one.parsed.calendar, start: null, end: one.parsed.point };
  }
  const result = {
    qualifier,
    calendar: one.parsed.calendar,
    start: one.parsed.point,
    end: two?.point ?? null,
  };
  if (two && two.calendar !== one.parsed.calendar) {
    return { ...result, end_calendar: two.calendar };
  }
  return result;
}

function sortKey(date: Structure) {
  if (date.start) {
    const [first, last] = pointSpan(date.calendar, date.start);
    if (date.qualifier === 'before') return first - 1;
    if (date.qualifier === 'after') return last + 1;
    return first;
  }
  if (date.end) return pointSpan(date.end_calendar ?? date.calendar, date.end)[0];
  return null;
}

const samePoint = (a: DatePoint | null, b: DatePoint | null) =>
  a === b ||
  (a !== null &&
    b !== null &&
    a.year === b.year &&
    a.month === b.month &&
    a.day === b.day &&
    a.bc === b.bc);

/**
 * `INT <date> (<phrase>)` → date and phrase, or null. By index rather than a lazy regex, which
 * would backtrack quadratically on a long value full of parentheses.
 */
function splitInterpreted(value: string): [string, string] | null {
  if (!/^INT\s/i.test(value) || !value.endsWith(')')) return null;
  const open = value.indexOf('(');
  if (open < 0) return null;
  return [value.slice(3, open).trim(), value.slice(open + 1, -1)];
}

/**
 * A GEDCOM DATE value, and the 7.0 PHRASE beside it if any, as an {@link EventDate}. Never
 * throws: anything that is not a GEDCOM date comes back with `valid: false` and its text as
 * `phrase`. A PHRASE that is the same date written with dual years (as {@link formatGedcomDate}
 * writes them in 7.0) gives the dual years back.
 */
export function parseGedcomDate(value: string, phrase?: string): EventDate {
  const text = value.replace(/\s+/g, ' ').trim();
  const extra = phrase?.trim() || null;
  if (text === '') {
    return { ...invalid(text), phrase: extra, valid: true };
  }
  // Phrases keep their inner spacing; only the date part is folded.
  const onlyPhrase = /^\((.*)\)$/s.exec(value.trim());
  if (onlyPhrase) return { ...invalid(text), phrase: extra ?? onlyPhrase[1] ?? '', valid: true };

  const interpreted = splitInterpreted(value.trim());
  const dateText = interpreted ? interpreted[0].replace(/\s+/g, ' ') : text;
  const structure = readStructure(dateText.toUpperCase());
  if (!structure || (interpreted && structure.qualifier !== 'exact'))
    return invalid(text, extra ?? undefined);

  const date: EventDate = {
    text,
    ...structure,
    phrase: null,
    sort: sortKey(structure),
    valid: true,
  };
  if (interpreted) {
    date.qualifier = 'interpreted';
    date.phrase = interpreted[1];
  }
  if (extra === null) return date;

  const written = parseGedcomDate(extra);
  const sameDate =
    written.valid &&
    written.calendar === date.calendar &&
    written.end_calendar === date.end_calendar &&
    (written.qualifier === date.qualifier ||
      (written.qualifier === 'interpreted' && date.qualifier === 'exact')) &&
    samePoint(written.start, date.start) &&
    samePoint(written.end, date.end);
  if (sameDate) return { ...written, text };
  return {
    ...date,
    qualifier: date.qualifier === 'exact' ? 'interpreted' : date.qualifier,
    phrase: extra,
  };
}

// ---------------------------------------------------------------------------------------------
// Writing GEDCOM.

function formatPoint(
  calendar: DateCalendar,
  point: DatePoint,
  version: '5.5.1' | '7.0',
  dual: boolean,
): string {
  const parts: string[] = [];
  if (calendar !== 'gregorian')
    parts.push(version === '7.0' ? KEYWORDS[calendar] : ESCAPES[calendar]);
  if (point.day !== null) parts.push(String(point.day));
  if (point.month !== null) parts.push(MONTH_CODES[calendar][point.month - 1] ?? '');
  parts.push(
    dual && point.dual_year !== null
      ? `${point.year}/${String(point.dual_year % 100).padStart(2, '0')}`
      : String(point.year),
  );
  if (point.bc) parts.push(version === '7.0' ? 'BCE' : 'B.C.');
  return parts.join(' ');
}

const hasDual = (date: EventDate) =>
  (date.start?.dual_year ?? null) !== null || (date.end?.dual_year ?? null) !== null;

/** The DATE value without its phrase; '' when there is no point. */
function formatStructure(date: EventDate, version: '5.5.1' | '7.0', dual: boolean) {
  const start = date.start && formatPoint(date.calendar, date.start, version, dual);
  const end = date.end && formatPoint(date.end_calendar ?? date.calendar, date.end, version, dual);
  switch (date.qualifier) {
    case 'exact':
    case 'interpreted':
      return start ?? '';
    case 'about':
      return `ABT ${start}`;
    case 'calculated':
      return `CAL ${start}`;
    case 'estimated':
      return `EST ${start}`;
    case 'before':
      return `BEF ${start}`;
    case 'after':
      return `AFT ${start}`;
    case 'between':
      return `BET ${start} AND ${end}`;
    case 'from':
      return `FROM ${start}`;
    case 'to':
      return `TO ${end}`;
    case 'from_to':
      return `FROM ${start} TO ${end}`;
    case 'phrase':
      return '';
  }
}

/**
 * An {@link EventDate} as a DATE value in 5.5.1 or 7.0, with the 7.0 PHRASE. 7.0 has no dual
 * years: the year is written and the PHRASE holds the 5.5.1 form. A 5.5.1 value has no room for
 * the phrase of a qualified date (`ABT 1850` + a 7.0 PHRASE): it comes back in `phrase` for the
 * caller to keep elsewhere (a NOTE) or drop. Reading the result with
 * `parseGedcomDate(date, phrase ?? undefined)` gives back the same parts.
 */
export function formatGedcomDate(
  date: EventDate,
  version: '5.5.1' | '7.0',
): { date: string; phrase: string | null } {
  const phrase = date.phrase;
  if (version === '7.0') {
    if (hasDual(date))
      return {
        date: formatStructure(date, '7.0', false),
        phrase: formatGedcomDate(date, '5.5.1').date,
      };
    return { date: formatStructure(date, '7.0', false), phrase };
  }
  const value = formatStructure(date, '5.5.1', true);
  // A 5.5.1 DATE is one line.
  const folded = phrase?.replace(/\s*[\r\n]\s*/g, ' ') ?? null;
  if (date.qualifier === 'phrase')
    return { date: folded === null ? '' : `(${folded})`, phrase: null };
  if (date.qualifier === 'interpreted')
    return { date: `INT ${value} (${folded ?? ''})`, phrase: null };
  return { date: value, phrase };
}

// ---------------------------------------------------------------------------------------------
// The tree's year (the Kyrgyz reading form is in gedcom-date-ky.ts).

/**
 * The signed year the tree shows (44 B.C. → -44): of the first point, as written for Gregorian
 * and Julian dates (the old-style year of a dual date), the Gregorian year in which the stated
 * period begins for Hebrew and French republican ones. Null without a point.
 */
export function eventYear(date: EventDate): number | null {
  const point = date.start ?? date.end;
  if (point === null) return null;
  const calendar = date.start ? date.calendar : (date.end_calendar ?? date.calendar);
  if (calendar === 'gregorian' || calendar === 'julian') return point.bc ? -point.year : point.year;
  const year = gregorianYearOfJdn(pointSpan(calendar, point)[0]);
  return year <= 0 ? year - 1 : year;
}
