/**
 * GEDCOM dates ↔ the tree's `birth_year` + free-text `birth_date`. The pair survives an
 * export → import round trip: a free text that is not a GEDCOM date travels as a date phrase
 * ("INT 1950 (жазында)" in 5.5.1, DATE 1950 + PHRASE in 7.0).
 */

// Gregorian and Julian, French republican and Hebrew months.
const MONTHS =
  'JAN|FEB|MAR|APR|MAY|JUN|JUL|AUG|SEP|OCT|NOV|DEC|' +
  'VEND|BRUM|FRIM|NIVO|PLUV|VENT|GERM|FLOR|PRAI|MESS|THER|FRUC|COMP|' +
  'TSH|CSH|KSL|TVT|SHV|ADR|ADS|NSN|IYR|SVN|TMZ|AAV|ELL';
// A calendar: 5.5.1's escape (@#DJULIAN@) or 7.0's keyword (JULIAN).
const CALENDAR = '(?:@#D[A-Z ]+@ |(?:GREGORIAN|JULIAN|FRENCH_R|HEBREW) )?';
const SIMPLE = `${CALENDAR}(?:(?:\\d{1,2} )?(?:${MONTHS}) )?\\d{3,4}(?:/\\d{2})?(?: B\\.?C\\.?| BCE)?`;
const GEDCOM_DATE = new RegExp(
  `^(?:(?:ABT|CAL|EST|BEF|AFT) ${SIMPLE}|${SIMPLE}|BET ${SIMPLE} AND ${SIMPLE}|FROM ${SIMPLE}(?: TO ${SIMPLE})?|TO ${SIMPLE})$`,
  'i',
);

/** The first year written in a date ("ABT 1890" → 1890, "12 MAR 1950" → 1950). */
export function yearOf(text: string): number | null {
  const match = /(?:^|[^\d])(\d{3,4})(?!\d)/.exec(text);
  return match?.[1] ? Number(match[1]) : null;
}

export function isGedcomDate(text: string): boolean {
  return GEDCOM_DATE.test(text.trim());
}

/**
 * Whether the import understands a DATE value as it is: a GEDCOM date, an interpreted date or
 * a date phrase, or anything with a 7.0 PHRASE beside it. Anything else is kept as free text
 * and reported.
 */
export function isReadableDate(value: string, phrase?: string): boolean {
  const trimmed = value.trim();
  if (trimmed === '' || (phrase !== undefined && phrase !== '')) return true;
  if (/^INT .+ \(.*\)$/is.test(trimmed) || /^\(.*\)$/s.test(trimmed)) return true;
  return isGedcomDate(trimmed.replace(/\s+/g, ' '));
}

/** A GEDCOM DATE value (and 7.0 PHRASE) → year and free text. */
export function parseGedcomDate(
  value: string,
  phrase?: string,
): { year: number | null; text: string | null } {
  const trimmed = value.trim();
  const interpreted = /^INT (.+?) \((.*)\)$/is.exec(trimmed);
  if (interpreted) return { year: yearOf(interpreted[1] ?? ''), text: interpreted[2] ?? null };
  const onlyPhrase = /^\((.*)\)$/s.exec(trimmed);
  if (onlyPhrase) return { year: null, text: onlyPhrase[1] ?? null };
  const year = trimmed === '' ? null : yearOf(trimmed);
  if (phrase !== undefined && phrase !== '') return { year, text: phrase };
  if (trimmed === '' || /^\d{3,4}$/.test(trimmed)) return { year, text: null };
  return { year, text: trimmed };
}

/** Year and free text → a 5.5.1 DATE value, or a 7.0 DATE value and PHRASE. */
export function formatGedcomDate(
  year: number | null,
  text: string | null,
  version: '5.5.1' | '7.0',
): { date: string; phrase: string | null } | null {
  const clean = text?.replace(/[()\r\n]/g, ' ').trim() || null;
  if (year === null && clean === null) return null;
  if (clean === null) return { date: String(year), phrase: null };
  // Only a date already written the GEDCOM way goes as it is; anything else as a phrase, so
  // that the text comes back unchanged (parentheses and line breaks excepted).
  if (isGedcomDate(clean) && clean === clean.toUpperCase() && yearOf(clean) === year) {
    return { date: clean, phrase: null };
  }
  if (version === '7.0') return { date: year === null ? '' : String(year), phrase: clean };
  return { date: year === null ? `(${clean})` : `INT ${year} (${clean})`, phrase: null };
}
