/**
 * GEDCOM dates ↔ the tree's `birth_year` + free-text `birth_date`. The pair survives an
 * export → import round trip: a free text that is not a GEDCOM date travels as a date phrase
 * ("INT 1950 (жазында)" in 5.5.1, DATE 1950 + PHRASE in 7.0). The grammar itself is the shared
 * parser's (`@bagysh/shared` gedcom-date); a GEDCOM date is kept as text in its 5.5.1 form, so
 * that both versions write it in their own syntax and read it back the same.
 */
import {
  eventYear,
  formatGedcomDate as formatEventDate,
  parseGedcomDate as parseEventDate,
  readWrittenDate,
  type EventDate,
} from '@bagysh/shared';

/** The first year written in a date ("ABT 1890" → 1890, "12 MAR 1950" → 1950). */
export function yearOf(text: string): number | null {
  const match = /(?:^|[^\d])(\d{3,4})(?!\d)/.exec(text);
  return match?.[1] ? Number(match[1]) : null;
}

/** A date with its points: not a phrase, not an interpretation. */
const hasOwnText = (date: EventDate) =>
  date.valid && date.qualifier !== 'phrase' && date.qualifier !== 'interpreted';

export function isGedcomDate(text: string): boolean {
  return hasOwnText(parseEventDate(text));
}

/**
 * A DATE value as the import keeps it: a GEDCOM date as written, or one written another way
 * with one clear reading in its GEDCOM form (`read`: "ABT. 1890" → "ABT 1890", "12.03.1925" →
 * "12 MAR 1925"; the import says so). Anything else stays text, as `parseEventDate` gives it.
 */
export function importedDate(
  value: string,
  phrase?: string,
): { date: EventDate; read: string | null } {
  if (phrase !== undefined && phrase !== '')
    return { date: parseEventDate(value, phrase), read: null };
  return readWrittenDate(value);
}

/**
 * The year of a DATE value as the tree keeps it: the date's, or, of a value that is no date, the
 * first year written in it.
 */
export function dateYear(value: string, phrase?: string): number | null {
  const { date } = importedDate(value, phrase);
  return date.valid ? eventYear(date) : yearOf(value);
}

/** A GEDCOM DATE value (and 7.0 PHRASE) → year and free text. */
export function parseGedcomDate(
  value: string,
  phrase?: string,
): { year: number | null; text: string | null } {
  const { date } = importedDate(value, phrase);
  if (!date.valid) return { year: yearOf(value), text: phrase || value.trim() || null };
  const year = eventYear(date);
  if (date.phrase !== null && date.phrase !== '') return { year, text: date.phrase };
  if (!hasOwnText(date)) return { year, text: null };
  // A bare year is all in `year`.
  const text = formatEventDate(date, '5.5.1').date;
  return { year, text: year !== null && text === yearDate(year, '5.5.1') ? null : text };
}

/** A signed year (-44 is 44 B.C.) as a GEDCOM date. */
function yearDate(year: number, version: '5.5.1' | '7.0') {
  if (year >= 0) return String(year);
  return `${-year} ${version === '7.0' ? 'BCE' : 'B.C.'}`;
}

/** Year and free text → a 5.5.1 DATE value, or a 7.0 DATE value and PHRASE. */
export function formatGedcomDate(
  year: number | null,
  text: string | null,
  version: '5.5.1' | '7.0',
): { date: string; phrase: string | null } | null {
  const clean = text?.replace(/[()\r\n]/g, ' ').trim() || null;
  if (year === null && clean === null) return null;
  if (clean === null) return { date: yearDate(year ?? 0, version), phrase: null };
  // Only a date already written the GEDCOM way (the 5.5.1 form the import keeps) goes as a date;
  // anything else as a phrase, so that the text comes back unchanged (parentheses and line
  // breaks excepted).
  const date = parseEventDate(clean);
  if (
    hasOwnText(date) &&
    eventYear(date) === year &&
    formatEventDate(date, '5.5.1').date === clean
  ) {
    return formatEventDate(date, version);
  }
  if (version === '7.0')
    return { date: year === null ? '' : yearDate(year, version), phrase: clean };
  return {
    date: year === null ? `(${clean})` : `INT ${yearDate(year, version)} (${clean})`,
    phrase: null,
  };
}
