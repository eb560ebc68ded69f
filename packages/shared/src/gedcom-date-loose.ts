import { GREGORIAN_MONTHS, parseGedcomDate, type EventDate } from './gedcom-date';

/**
 * Dates as people and other programs write them, read into the GEDCOM grammar when they have
 * one clear reading: the site's own Kyrgyz form ("12-март 1950-ж.", "болжол менен 1850",
 * "1850–1860-жылдар аралыгында"), Russian ("12 марта 1925 г.", "около 1890"), numeric
 * ("12.03.1925", "1925-03-12") and what genealogy programs export beside the standard
 * ("ABT. 1890", "Abt. 1890", "circa 1890", "March 12, 1925", "12-MAR-1925", "BET. 1890 AND
 * 1900"). A value the strict grammar (gedcom-date.ts) refuses goes through here before it is
 * kept as text: the forms store what this returns, an import stores it and says so.
 *
 * Slashed dates read only when the order is clear ("25/03/1925"): "12/03/1925" is 12 March in
 * most of the world and December 3 in American programs, so it stays text.
 */

/** Month names and abbreviations in lower case → month from 1: English, Russian, Kyrgyz. */
const MONTH_NAMES = new Map<string, number>(
  [
    ['jan', 'january', 'янв', 'январь', 'января'],
    ['feb', 'february', 'фев', 'февр', 'февраль', 'февраля'],
    ['mar', 'march', 'мар', 'март', 'марта'],
    ['apr', 'april', 'апр', 'апрель', 'апреля'],
    ['may', 'май', 'мая'],
    ['jun', 'june', 'июн', 'июнь', 'июня'],
    ['jul', 'july', 'июл', 'июль', 'июля'],
    ['aug', 'august', 'авг', 'август', 'августа'],
    ['sep', 'sept', 'september', 'сен', 'сент', 'сентябрь', 'сентября'],
    ['oct', 'october', 'окт', 'октябрь', 'октября'],
    ['nov', 'november', 'ноя', 'нояб', 'ноябрь', 'ноября'],
    ['dec', 'december', 'дек', 'декабрь', 'декабря'],
  ].flatMap((names, index) => names.map((name) => [name, index + 1] as const)),
);

/** Words before a date, lower case, each followed by a space or the date's first digit. */
const PREFIXES: [RegExp, string][] = [
  [
    /^(?:abt\.?|about|circa|ca\.?|c\.|approx\.?|около|примерно|приблизительно|болжол менен|~)(?=[\s\d])/u,
    'ABT',
  ],
  [/^(?:est\.?|estimated|болжолдуу)(?=[\s\d])/u, 'EST'],
  [/^(?:cal\.?|calc\.?|calculated|эсептелген)(?=[\s\d])/u, 'CAL'],
  [/^(?:bef\.?|before|до|ранее)(?=[\s\d])/u, 'BEF'],
  [/^(?:aft\.?|after|после|позднее)(?=[\s\d])/u, 'AFT'],
];

/**
 * The site's Kyrgyz reading form puts the qualifier after the date (gedcom-date-ky.ts): "-жылга
 * чейин" is both BEF and TO there, read as BEF.
 */
const SUFFIXES: [RegExp, string][] = [
  [/^(.+?)(?:-жылга)? чейин$/u, 'BEF'],
  [/^(.+?)(?:-жылдан)? кийин$/u, 'AFT'],
  [/^(.+?)(?:-жылдан| баштап)$/u, 'FROM'],
];

/** Two dates: between (a range) or from … to (a period). */
const BETWEEN = /^(?:bet\.?|between|btw\.?|между)(?=[\s\d])\s*(.+?)\s+(?:and|и|&)\s+(.+)$/u;
/** A dash between two dates; a plain hyphen only between spaces or two years ("1890-1900"). */
const DASH = String.raw`(?:\s*[–—]\s*|\s+-\s+|(?<=\d)-(?=\d{3,4}(?:\D|$)))`;
const BETWEEN_KY = new RegExp(`^(.+?)${DASH}(.+?)(?:-жылдар)? аралыгында$`, 'u');
const FROM_TO = /^(?:from|с)\s+(.+?)\s+(?:to|по|до)\s+(.+)$/u;
const DASH_RANGE = new RegExp(`^(.+?)${DASH}(.+)$`, 'u');

/** A year's own word after it: Kyrgyz "1950-ж.", "1950-жылы", Russian "1950 г.", "1950 года". */
const YEAR_WORD = /(\d)\s*-?\s*(?:ж\.?|жылы|жыл|г\.?|года|год)$/u;
const ERA_BEFORE = /^б\.\s?з\.\s?ч\.\s*(\d{1,4})$/u;
const ERA_AFTER = /^(\d{1,4})\s*(?:b\.?\s?c\.?|bce|до н\.\s?э\.)$/u;

const DAY = /^(\d{1,2})(?:st|nd|rd|th)?$/u;
const YEAR = /^\d{1,4}$/;

function gedcomPoint(day: number | null, month: number | null, year: string): string | null {
  if (month !== null && (month < 1 || month > 12)) return null;
  if (day !== null && (month === null || day < 1 || day > 31)) return null;
  const monthCode = month === null ? null : GREGORIAN_MONTHS[month - 1];
  return [day, monthCode, String(Number(year))].filter((part) => part !== null).join(' ');
}

/** One date point as GEDCOM ("12 MAR 1925", "MAR 1925", "1925", "44 B.C."), or null. */
function readPoint(written: string): string | null {
  const text = written.trim().replace(YEAR_WORD, '$1');
  const era = ERA_BEFORE.exec(text) ?? ERA_AFTER.exec(text);
  if (era) return `${Number(era[1])} B.C.`;

  const iso = /^(\d{4})-(\d{1,2})(?:-(\d{1,2}))?$/.exec(text);
  if (iso) return gedcomPoint(iso[3] ? Number(iso[3]) : null, Number(iso[2]), iso[1]!);
  const dotted = /^(?:(\d{1,2})\.)?(\d{1,2})\.(\d{4})$/.exec(text);
  if (dotted) {
    return gedcomPoint(dotted[1] ? Number(dotted[1]) : null, Number(dotted[2]), dotted[3]!);
  }
  const slashed = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
  if (slashed) {
    const [first, second] = [Number(slashed[1]), Number(slashed[2])];
    if (first > 12 && second <= 12) return gedcomPoint(first, second, slashed[3]!);
    if (second > 12 && first <= 12) return gedcomPoint(second, first, slashed[3]!);
    return first === second ? gedcomPoint(first, second, slashed[3]!) : null;
  }

  const words = text.split(/[\s,.\-/]+/u).filter((word) => word !== '');
  const month = (word: string | undefined) => (word ? (MONTH_NAMES.get(word) ?? null) : null);
  const day = (word: string | undefined) => {
    const match = DAY.exec(word ?? '');
    return match ? Number(match[1]) : null;
  };
  const [a, b, c] = words;
  if (words.length === 1 && YEAR.test(a!)) return gedcomPoint(null, null, a!);
  if (words.length === 2 && month(a) !== null && YEAR.test(b!)) {
    return gedcomPoint(null, month(a), b!);
  }
  if (words.length === 3 && YEAR.test(c!)) {
    if (day(a) !== null && month(b) !== null) return gedcomPoint(day(a), month(b), c!);
    if (month(a) !== null && day(b) !== null) return gedcomPoint(day(b), month(a), c!);
  }
  return null;
}

/** Both points of a range, or null when either cannot be read. */
function readPair(first: string, second: string): [string, string] | null {
  const start = readPoint(first);
  const end = readPoint(second);
  return start === null || end === null ? null : [start, end];
}

function readStructure(text: string): string | null {
  const between = BETWEEN.exec(text) ?? BETWEEN_KY.exec(text);
  if (between) {
    const pair = readPair(between[1]!, between[2]!);
    return pair && `BET ${pair[0]} AND ${pair[1]}`;
  }
  const fromTo = FROM_TO.exec(text);
  if (fromTo) {
    const pair = readPair(fromTo[1]!, fromTo[2]!);
    return pair && `FROM ${pair[0]} TO ${pair[1]}`;
  }
  for (const [prefix, keyword] of PREFIXES) {
    const match = prefix.exec(text);
    if (match) {
      const point = readPoint(text.slice(match[0].length));
      return point && `${keyword} ${point}`;
    }
  }
  for (const [suffix, keyword] of SUFFIXES) {
    const match = suffix.exec(text);
    if (match) {
      const point = readPoint(match[1]!);
      return point && `${keyword} ${point}`;
    }
  }
  const point = readPoint(text);
  if (point !== null) return point;
  // The site's period "1850–1860", a program's "1890-1900": from … to.
  const dash = DASH_RANGE.exec(text);
  if (dash) {
    const pair = readPair(dash[1]!, dash[2]!);
    return pair && `FROM ${pair[0]} TO ${pair[1]}`;
  }
  return null;
}

/**
 * The GEDCOM date (5.5.1 form) a loosely written value stands for, or null when it has no one
 * clear reading or names no real day ("31.02.1925"). Meant for values `parseGedcomDate` finds
 * invalid; a valid GEDCOM date may come back rewritten ("abt 1890" → "ABT 1890").
 */
export function readLooseDate(value: string): string | null {
  const text = value.trim().replace(/\s+/g, ' ').toLowerCase();
  if (text === '') return null;
  const gedcom = readStructure(text);
  if (gedcom === null) return null;
  const date = parseGedcomDate(gedcom);
  return date.valid && date.qualifier !== 'phrase' ? gedcom : null;
}

/**
 * A date as written: a GEDCOM date as it is, else one written another way as its GEDCOM date
 * (`read`: "12.03.1925" → "12 MAR 1925"), else the strict parser's invalid date. The forms, a
 * source's told date and the GEDCOM import all keep a date this way.
 */
export function readWrittenDate(value: string): { date: EventDate; read: string | null } {
  const date = parseGedcomDate(value);
  if (date.valid) return { date, read: null };
  const read = readLooseDate(value);
  return read === null ? { date, read } : { date: parseGedcomDate(read), read };
}
