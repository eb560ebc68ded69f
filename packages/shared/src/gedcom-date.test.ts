import { describe, expect, it } from 'vitest';
import {
  DATE_CALENDARS,
  DATE_QUALIFIERS,
  EventDateSchema,
  eventYear,
  formatGedcomDate,
  parseGedcomDate,
  type DatePoint,
  type EventDate,
} from './gedcom-date';

const point = (
  year: number,
  month: number | null = null,
  day: number | null = null,
): DatePoint => ({
  year,
  month,
  day,
  dual_year: null,
  bc: false,
});
const y1850 = point(1850);
const y1860 = point(1860);

/** value → qualifier, calendar, start, end, phrase. */
const READS: [string, Partial<EventDate>][] = [
  ['1850', { qualifier: 'exact', calendar: 'gregorian', start: y1850, end: null, phrase: null }],
  ['MAR 1850', { qualifier: 'exact', start: point(1850, 3) }],
  ['12 MAR 1950', { qualifier: 'exact', start: point(1950, 3, 12) }],
  ['ABT 1850', { qualifier: 'about', start: y1850 }],
  ['CAL 1850', { qualifier: 'calculated', start: y1850 }],
  ['EST 1850', { qualifier: 'estimated', start: y1850 }],
  ['BEF 1850', { qualifier: 'before', start: y1850 }],
  ['AFT 1850', { qualifier: 'after', start: y1850 }],
  ['BET 1850 AND 1860', { qualifier: 'between', start: y1850, end: y1860 }],
  ['FROM 1850', { qualifier: 'from', start: y1850, end: null }],
  ['TO 1860', { qualifier: 'to', start: null, end: y1860 }],
  ['FROM 1850 TO 1860', { qualifier: 'from_to', start: y1850, end: y1860 }],
  ['INT 1850 (жазында)', { qualifier: 'interpreted', start: y1850, phrase: 'жазында' }],
  ['(Кытайдан көчкөндө)', { qualifier: 'phrase', start: null, phrase: 'Кытайдан көчкөндө' }],
  ['(a (b) c)', { qualifier: 'phrase', phrase: 'a (b) c' }],
  ['INT 1850 (жазы  болжол)', { qualifier: 'interpreted', phrase: 'жазы  болжол' }],
  ['', { qualifier: 'phrase', start: null, phrase: null }],
  // Case and whitespace do not matter; `text` keeps the value with whitespace folded.
  [
    '  abt\t 12  mar 1950 ',
    { qualifier: 'about', start: point(1950, 3, 12), text: 'abt 12 mar 1950' },
  ],
  ['bet 1850 and 1860', { qualifier: 'between', start: y1850, end: y1860 }],
  // Calendars: 5.5.1 escapes and 7.0 keywords.
  ['@#DGREGORIAN@ 1 JAN 1700', { calendar: 'gregorian', start: point(1700, 1, 1) }],
  ['@#DJULIAN@ 1 JAN 1700', { calendar: 'julian', start: point(1700, 1, 1) }],
  ['JULIAN 1 JAN 1700', { calendar: 'julian', start: point(1700, 1, 1) }],
  ['@#DHEBREW@ 1 TSH 5760', { calendar: 'hebrew', start: point(5760, 1, 1) }],
  ['HEBREW ELL 5760', { calendar: 'hebrew', start: point(5760, 13) }],
  ['@#DFRENCH R@ 1 VEND 1', { calendar: 'french_r', start: point(1, 1, 1) }],
  ['FRENCH_R 6 COMP 3', { calendar: 'french_r', start: point(3, 13, 6) }],
  ['GREGORIAN 5 MAY 1901', { calendar: 'gregorian', start: point(1901, 5, 5) }],
  ['ABT @#DJULIAN@ 1700', { qualifier: 'about', calendar: 'julian', start: point(1700) }],
  ['BET @#DJULIAN@ 1700 AND @#DJULIAN@ 1710', { calendar: 'julian', end: point(1710) }],
  // Each date of a range has its own calendar (a missing one is Gregorian).
  [
    'FROM @#DJULIAN@ 1700 TO 1710',
    { qualifier: 'from_to', calendar: 'julian', end_calendar: 'gregorian', end: point(1710) },
  ],
  // Dual years and the era.
  ['11 FEB 1731/32', { start: { ...point(1731, 2, 11), dual_year: 1732 } }],
  ['1699/00', { start: { ...point(1699), dual_year: 1700 } }],
  ['1699/1700', { start: { ...point(1699), dual_year: 1700 } }],
  ['44 B.C.', { start: { ...point(44), bc: true } }],
  ['44 BC', { start: { ...point(44), bc: true } }],
  ['JULIAN 15 MAR 44 BCE', { calendar: 'julian', start: { ...point(44, 3, 15), bc: true } }],
  [
    'BET 100 B.C. AND 50 B.C.',
    { start: { ...point(100), bc: true }, end: { ...point(50), bc: true } },
  ],
  // 7.0: DATE plus PHRASE.
  ['1850|жазында', { qualifier: 'interpreted', start: y1850, phrase: 'жазында' }],
  ['ABT 1850|Асандын уулу туулганда', { qualifier: 'about', phrase: 'Асандын уулу туулганда' }],
  ['|эч ким билбейт', { qualifier: 'phrase', start: null, phrase: 'эч ким билбейт', valid: true }],
  // A PHRASE that is the same date with dual years gives them back (7.0 export of 5.5.1 dates).
  [
    '11 FEB 1731|11 FEB 1731/32',
    { qualifier: 'exact', start: { ...point(1731, 2, 11), dual_year: 1732 }, phrase: null },
  ],
];

const read = (spec: string) => {
  const [value, phrase] = spec.split('|') as [string, string | undefined];
  return parseGedcomDate(value, phrase);
};

describe('parseGedcomDate', () => {
  it.each(READS)('reads %j', (spec, expected) => {
    const date = read(spec);
    expect(date).toMatchObject({ valid: true, ...expected });
    expect(EventDateSchema.parse(date)).toEqual(date);
  });

  it('covers every qualifier and every calendar', () => {
    const dates = READS.map(([spec]) => read(spec));
    expect(new Set(dates.map((d) => d.qualifier))).toEqual(new Set(DATE_QUALIFIERS));
    expect(new Set(dates.map((d) => d.calendar))).toEqual(new Set(DATE_CALENDARS));
  });

  it.each([
    'garbage',
    'about 1850',
    '1850-1860',
    '30 FEB 1900',
    '29 FEB 1900',
    '31 APR 2000',
    '0',
    '12 1850',
    'MAR',
    'BET 1850',
    'BET 1850 TO 1860',
    'FROM 1850 AND 1860',
    'ABT 1850 1860',
    'INT ABT 1850 (x)',
    'INT 1850',
    '1 VEND 1',
    '@#DJULIAN@ 1 TSH 1700',
    '@#DHEBREW@ ADS 5761', // no Adar II in a common year
    '@#DHEBREW@ 30 CSH 5761', // Heshvan 5761 (353 days) has 29 days
    '@#DHEBREW@ 44 B.C.',
    '@#DROMAN@ 1850',
    '@#DUNKNOWN@ 1850',
    '_CUSTOM 1850',
    '1850/52',
    '44/45 B.C.',
    'FRENCH_R 7 COMP 3',
    '1234567',
    'INT 1850 x)',
  ])('keeps %j as an invalid phrase', (value) => {
    const date = parseGedcomDate(value);
    expect(date).toEqual({
      text: value,
      qualifier: 'phrase',
      calendar: 'gregorian',
      start: null,
      end: null,
      phrase: value,
      sort: null,
      valid: false,
    });
  });

  it('keeps the 7.0 PHRASE of an unreadable DATE, and the DATE as text', () => {
    expect(parseGedcomDate('sometime', 'Бир жолу')).toMatchObject({
      text: 'sometime',
      phrase: 'Бир жолу',
      valid: false,
    });
  });

  it('accepts 29 FEB in leap years of each calendar', () => {
    expect(parseGedcomDate('29 FEB 2000').valid).toBe(true);
    expect(parseGedcomDate('@#DJULIAN@ 29 FEB 1900').valid).toBe(true);
    expect(parseGedcomDate('29 FEB 1703/04').valid).toBe(true);
    expect(parseGedcomDate('@#DHEBREW@ 30 CSH 5760').valid).toBe(true); // 385 days: 30
  });
});

describe('sort', () => {
  // Known Julian Day Numbers.
  it.each([
    ['1 JAN 2000', 2451545],
    ['2000', 2451545],
    ['JAN 2000', 2451545],
    ['15 OCT 1582', 2299161],
    ['@#DJULIAN@ 4 OCT 1582', 2299160],
    ['@#DJULIAN@ 1 JAN 4713 B.C.', 0],
    ['JULIAN 15 MAR 44 BCE', 1705426],
    ['1 JAN 1 B.C.', 1721060], // astronomical year 0
    ['1 JAN 1', 1721426],
    ['@#DHEBREW@ 1 TSH 5760', 2451433], // 11 September 1999
    ['@#DHEBREW@ 5760', 2451433],
    ['@#DHEBREW@ 1 ADS 5760', 2451612], // 8 March 2000
    ['@#DHEBREW@ 1 NSN 5760', 2451641], // 6 April 2000
    ['@#DHEBREW@ 1 TSH 1', 347998],
    ['@#DFRENCH R@ 1 VEND 1', 2375840], // 22 September 1792
    ['@#DFRENCH R@ 1 VEND 2', 2376205],
    ['@#DFRENCH R@ 1 VEND 4', 2376936], // year III had six complementary days
    ['@#DFRENCH R@ 18 BRUM 8', 2378444], // 9 November 1799
    ['@#DFRENCH R@ 11 FRIM 14', 2380658], // 2 December 1805
  ])('%s → %i', (value, jdn) => {
    expect(parseGedcomDate(value).sort).toBe(jdn);
  });

  it.each([
    ['BEF 1 JAN 2000', 2451544],
    ['BEF 2000', 2451544],
    ['AFT 1999', 2451545],
    ['AFT DEC 1999', 2451545],
    ['AFT 31 DEC 1999', 2451545],
    ['AFT FEB 2000', 2451605], // 1 March of a leap year
    ['AFT @#DHEBREW@ 5759', 2451433],
    ['AFT @#DFRENCH R@ COMP 3', 2376936],
    ['BET 2000 AND 2010', 2451545],
    ['FROM 2000 TO 2010', 2451545],
    ['FROM 2000', 2451545],
    ['TO 2000', 2451545],
    ['INT 2000 (x)', 2451545],
    ['JAN 1999/00', 2451545], // the new-style year orders dual dates
  ])('%s → %i', (value, jdn) => {
    expect(parseGedcomDate(value).sort).toBe(jdn);
  });

  it('agrees with ICU on every Hebrew month of AM 5600–5900 (1839–2140)', () => {
    const icu = new Intl.DateTimeFormat('en-u-ca-hebrew', {
      timeZone: 'UTC',
      year: 'numeric',
      month: 'long',
      day: 'numeric',
    });
    const icuMonths: Record<string, string> = {
      Tishri: 'TSH',
      Heshvan: 'CSH',
      Kislev: 'KSL',
      Tevet: 'TVT',
      Shevat: 'SHV',
      Adar: 'ADR',
      'Adar I': 'ADR',
      'Adar II': 'ADS',
      Nisan: 'NSN',
      Iyar: 'IYR',
      Sivan: 'SVN',
      Tamuz: 'TMZ',
      Av: 'AAV',
      Elul: 'ELL',
    };
    const icuDate = (jdn: number) => {
      const parts = icu.formatToParts(new Date((jdn - 2440588) * 86_400_000));
      const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
      return `${part('day')} ${icuMonths[part('month')] ?? part('month')} ${part('year')}`;
    };
    const months = [
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
    ];
    const mismatches: string[] = [];
    for (let year = 5600; year <= 5900; year++) {
      for (const month of months) {
        const first = parseGedcomDate(`@#DHEBREW@ 1 ${month} ${year}`);
        if (!first.valid) {
          // Only Adar II is missing, and only in common years.
          if (
            month !== 'ADS' ||
            icuDate(parseGedcomDate(`@#DHEBREW@ 1 ADR ${year}`).sort ?? 0).includes('ADS')
          ) {
            mismatches.push(`1 ${month} ${year} refused`);
          }
          continue;
        }
        for (const day of [1, 29, 30]) {
          const text = `${day} ${month} ${year}`;
          const date = parseGedcomDate(`@#DHEBREW@ ${text}`);
          const icuText = icuDate((first.sort ?? 0) + day - 1);
          if (
            date.valid !== (icuText === text) ||
            (date.valid && icuDate(date.sort ?? 0) !== text)
          ) {
            mismatches.push(`${text}: ${date.valid ? 'valid' : 'refused'}, ICU ${icuText}`);
          }
        }
      }
    }
    expect(mismatches).toEqual([]);
  });

  it('is null without a point', () => {
    expect(parseGedcomDate('(бир күнү)').sort).toBeNull();
    expect(parseGedcomDate('').sort).toBeNull();
  });

  it('orders a mixed list chronologically', () => {
    const chronological = [
      '100 B.C.',
      'JULIAN 15 MAR 44 BCE',
      '10 B.C.',
      '@#DGREGORIAN@ 5 JAN 1700',
      '@#DJULIAN@ 1 JAN 1700', // Gregorian 11 JAN 1700
      'BEF FEB 1700',
      'AFT 1700',
      '@#DFRENCH R@ 1 VEND 1',
      'ABT 1850',
      '@#DHEBREW@ 5760',
      '1 JAN 2000',
    ];
    const shuffled = [...chronological].reverse();
    const sorted = shuffled
      .map((value) => ({ value, sort: parseGedcomDate(value).sort ?? 0 }))
      .sort((a, b) => a.sort - b.sort)
      .map((d) => d.value);
    expect(sorted).toEqual(chronological);
  });
});

describe('formatGedcomDate', () => {
  const parts = (d: EventDate) => ({ ...d, text: undefined, sort: d.sort });
  const valid = READS.map(([spec]) => spec);

  it.each(valid)('round-trips %j through 5.5.1 and 7.0', (spec) => {
    const date = read(spec);
    for (const version of ['5.5.1', '7.0'] as const) {
      const written = formatGedcomDate(date, version);
      const again = parseGedcomDate(written.date, written.phrase ?? undefined);
      expect(parts(again), `${version}: ${JSON.stringify(written)}`).toEqual(parts(date));
    }
  });

  it.each([
    ['abt 12 mar 1950', '5.5.1', 'ABT 12 MAR 1950', null],
    ['@#DJULIAN@ 1 JAN 1700', '7.0', 'JULIAN 1 JAN 1700', null],
    ['JULIAN 1 JAN 1700', '5.5.1', '@#DJULIAN@ 1 JAN 1700', null],
    ['FRENCH_R 1 VEND 1', '5.5.1', '@#DFRENCH R@ 1 VEND 1', null],
    ['@#DHEBREW@ 1 TSH 5760', '7.0', 'HEBREW 1 TSH 5760', null],
    ['44 B.C.', '7.0', '44 BCE', null],
    ['44 BCE', '5.5.1', '44 B.C.', null],
    ['1699/00', '5.5.1', '1699/00', null],
    ['1699/00', '7.0', '1699', '1699/00'],
    ['BET 1699/00 AND 1710', '7.0', 'BET 1699 AND 1710', 'BET 1699/00 AND 1710'],
    ['INT 1699/00 (кыш)', '7.0', '1699', 'INT 1699/00 (кыш)'],
    ['INT 1850 (жазында)', '7.0', '1850', 'жазында'],
    ['1850|жазында', '5.5.1', 'INT 1850 (жазында)', null],
    ['(бир күнү)', '7.0', '', 'бир күнү'],
    ['|бир күнү', '5.5.1', '(бир күнү)', null],
    // 5.5.1 has no room for the phrase of a qualified date: it is handed back.
    ['ABT 1850|Асан туулганда', '5.5.1', 'ABT 1850', 'Асан туулганда'],
    ['garbage', '5.5.1', '(garbage)', null],
    ['garbage', '7.0', '', 'garbage'],
    ['', '7.0', '', null],
  ])('%j in %s → %j + %j', (spec, version, date, phrase) => {
    expect(formatGedcomDate(read(spec), version as '5.5.1' | '7.0')).toEqual({ date, phrase });
  });
});

describe('eventYear', () => {
  it.each([
    ['12 MAR 1950', 1950],
    ['BET 1850 AND 1860', 1850],
    ['TO 1860', 1860],
    ['AFT 1850', 1850],
    ['44 B.C.', -44],
    ['JULIAN 15 MAR 44 BCE', -44],
    ['1699/00', 1699],
    ['@#DJULIAN@ 1 JAN 1700', 1700],
    ['@#DHEBREW@ 1 NSN 5760', 2000],
    ['@#DHEBREW@ 5760', 1999], // the year begins in September 1999
    ['@#DFRENCH R@ 18 BRUM 8', 1799],
    ['INT 1850 (жазында)', 1850],
    ['(бир күнү)', null],
    ['garbage 1850', null],
  ])('%j → %j', (value, year) => {
    expect(eventYear(parseGedcomDate(value))).toBe(year);
  });
});
