import type { DateCalendar, DatePoint, EventDate } from './gedcom-date';

/**
 * The Kyrgyz reading form of a GEDCOM date (gedcom-date.ts parses it): what the person page
 * and its sources show a reader.
 */

// ---------------------------------------------------------------------------------------------
// Words

/** The Gregorian and Julian calendars share their month names. */
const MONTHS = [
  'январь',
  'февраль',
  'март',
  'апрель',
  'май',
  'июнь',
  'июль',
  'август',
  'сентябрь',
  'октябрь',
  'ноябрь',
  'декабрь',
];

/** Every word of the Kyrgyz reading form, in one place for review. */
export const DATE_WORDS_KY = {
  months: {
    gregorian: MONTHS,
    julian: MONTHS,
    hebrew: [
      'тишри',
      'хешван',
      'кислев',
      'тевет',
      'шват',
      'адар',
      'адар II',
      'нисан',
      'ияр',
      'сиван',
      'таммуз',
      'ав',
      'элул',
    ],
    french_r: [
      'вандемьер',
      'брюмер',
      'фример',
      'нивоз',
      'плювиоз',
      'вантоз',
      'жерминаль',
      'флореаль',
      'прериаль',
      'мессидор',
      'термидор',
      'фрюктидор',
      'кошумча күн',
    ],
  } satisfies Record<DateCalendar, readonly string[]>,
  calendars: {
    gregorian: null,
    julian: 'юлиан',
    hebrew: 'еврей',
    french_r: 'француз республикасы',
  } satisfies Record<DateCalendar, string | null>,
  /** Before the year: "б.з.ч. 44" (биздин заманга чейин). */
  bc: 'б.з.ч.',
  /** After a written day or month: "12-март 1950-ж." */
  yearShort: '-ж.',
  about: 'болжол менен',
  estimated: 'болжолдуу',
  calculated: 'эсептелген',
  /** A bare year: "1850-жылга чейин"; a month or day: "март 1850-ж. чейин". */
  beforeYear: '-жылга чейин',
  before: 'чейин',
  afterYear: '-жылдан кийин',
  after: 'кийин',
  fromYear: '-жылдан',
  from: 'баштап',
  toYear: '-жылга чейин',
  to: 'чейин',
  betweenYears: '-жылдар аралыгында',
  between: 'аралыгында',
  rangeDash: '–',
} as const;

const W = DATE_WORDS_KY;

function yearKy(point: DatePoint) {
  const year = point.dual_year === null ? String(point.year) : `${point.year}/${point.dual_year}`;
  return point.bc ? `${W.bc} ${year}` : year;
}

/** "1850", "март 1850-ж.", "12-март 1850-ж.", with the calendar when `calendar` is given. */
function pointKy(calendar: DateCalendar, point: DatePoint) {
  if (point.month === null) return yearKy(point);
  const month = W.months[calendar][point.month - 1] ?? '';
  const dayMonth = point.day === null ? month : `${point.day}-${month}`;
  return `${dayMonth} ${yearKy(point)}${W.yearShort}`;
}

const calendarKy = (calendar: DateCalendar) => {
  const name = W.calendars[calendar];
  return name === null ? '' : ` (${name})`;
};

function structureKy(date: EventDate): string {
  const mixed = date.end_calendar !== undefined && date.end_calendar !== date.calendar;
  // With two calendars each point carries its own; otherwise the calendar goes at the end.
  const point = (p: DatePoint | null, calendar: DateCalendar) =>
    p === null ? '' : pointKy(calendar, p) + (mixed ? calendarKy(calendar) : '');
  const start = point(date.start, date.calendar);
  const end = point(date.end, date.end_calendar ?? date.calendar);
  const bare = (p: DatePoint | null) => p !== null && p.month === null && !mixed;
  const bothBare = bare(date.start) && bare(date.end);
  const range =
    bothBare && date.start && date.end
      ? `${yearKy(date.start)}${W.rangeDash}${yearKy(date.end)}`
      : `${start} ${W.rangeDash} ${end}`;
  switch (date.qualifier) {
    case 'exact':
    case 'interpreted':
      return start;
    case 'about':
      return `${W.about} ${start}`;
    case 'estimated':
      return `${W.estimated} ${start}`;
    case 'calculated':
      return `${W.calculated} ${start}`;
    case 'before':
      return bare(date.start) ? `${start}${W.beforeYear}` : `${start} ${W.before}`;
    case 'after':
      return bare(date.start) ? `${start}${W.afterYear}` : `${start} ${W.after}`;
    case 'from':
      return bare(date.start) ? `${start}${W.fromYear}` : `${start} ${W.from}`;
    case 'to':
      return bare(date.end) ? `${end}${W.toYear}` : `${end} ${W.to}`;
    case 'between':
      return bothBare ? `${range}${W.betweenYears}` : `${range} ${W.between}`;
    case 'from_to':
      return range;
    case 'phrase':
      return '';
  }
}

/**
 * The Kyrgyz reading form: "12-март 1950-ж.", "болжол менен 1850", "1850–1860-жылдар
 * аралыгында", "б.з.ч. 44", the calendar in parentheses, an interpretation's phrase after it.
 */
export function formatDateKy(date: EventDate): string {
  if (date.qualifier === 'phrase') return date.phrase ?? '';
  const mixed = date.end_calendar !== undefined && date.end_calendar !== date.calendar;
  const text = structureKy(date) + (mixed ? '' : calendarKy(date.calendar));
  return date.phrase === null ? text : `${text} (${date.phrase})`;
}
