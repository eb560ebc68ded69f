import { describe, expect, it } from 'vitest';
import { formatGedcomDate, importedDate, parseGedcomDate } from './gedcom-dates';

describe('parseGedcomDate (year + free text)', () => {
  it.each([
    ['1850', undefined, 1850, null],
    ['12 MAR 1950', undefined, 1950, '12 MAR 1950'],
    ['ABT 1820', undefined, 1820, 'ABT 1820'],
    ['INT 1850 (жазында)', undefined, 1850, 'жазында'],
    ['(жаш кезинде)', undefined, null, 'жаш кезинде'],
    ['1850', 'жазында', 1850, 'жазында'],
    ['', 'бир күнү', null, 'бир күнү'],
    ['', undefined, null, null],
    // A GEDCOM date is kept in its 5.5.1 form, whichever version and case it was read in.
    ['abt 1820', undefined, 1820, 'ABT 1820'],
    ['JULIAN 1 JAN 1700', undefined, 1700, '@#DJULIAN@ 1 JAN 1700'],
    ['1699', '1699/00', 1699, '1699/00'],
    // B.C. years are negative; other calendars give the Gregorian year.
    ['44 B.C.', undefined, -44, null],
    ['500 BCE', undefined, -500, null],
    ['ABT 44 B.C.', undefined, -44, 'ABT 44 B.C.'],
    ['@#DHEBREW@ 1 NSN 5760', undefined, 2000, '@#DHEBREW@ 1 NSN 5760'],
    // Written another way, with one clear reading: that GEDCOM date.
    ['ABT. 1890', undefined, 1890, 'ABT 1890'],
    ['12.03.1925', undefined, 1925, '12 MAR 1925'],
    ['1925-ж.', undefined, 1925, null],
    // Not a date: the year written in it, and the text as it is.
    ['12/03/1925', undefined, 1925, '12/03/1925'],
    ['1800-жылдын жазы', undefined, 1800, '1800-жылдын жазы'],
    ['30 FEB 1900', undefined, 1900, '30 FEB 1900'],
  ])('%j + PHRASE %j → %j, %j', (value, phrase, year, text) => {
    expect(parseGedcomDate(value, phrase)).toEqual({ year, text });
  });

  it('tells dates the import reads from free text', () => {
    const valid = (value: string, phrase?: string) => importedDate(value, phrase).date.valid;
    expect(valid('BET 1850 AND 1860')).toBe(true);
    expect(valid('INT 1850 (жазында)')).toBe(true);
    expect(valid('(жазында)')).toBe(true);
    expect(valid('')).toBe(true);
    expect(valid('1850', 'жазында')).toBe(true);
    expect(valid('1800-жылдын жазы')).toBe(false);
    expect(valid('30 FEB 1900')).toBe(false);
  });

  it('reads a date written another way in its GEDCOM form, and says so', () => {
    expect(importedDate('ABT. 1890')).toMatchObject({
      read: 'ABT 1890',
      date: { valid: true, qualifier: 'about', text: 'ABT 1890', start: { year: 1890 } },
    });
    expect(importedDate('ABT 1890')).toMatchObject({ read: null, date: { valid: true } });
    // Beside a 7.0 PHRASE the value is the file's own business; free text stays text.
    expect(importedDate('12.03.1925', 'жазында')).toMatchObject({ read: null });
    expect(importedDate('1800-жылдын жазы')).toMatchObject({ read: null, date: { valid: false } });
  });
});

describe('formatGedcomDate (year + free text)', () => {
  it.each([
    [1850, null, '5.5.1', '1850', null],
    [-44, null, '5.5.1', '44 B.C.', null],
    [-44, null, '7.0', '44 BCE', null],
    [1820, 'ABT 1820', '7.0', 'ABT 1820', null],
    [1700, '@#DJULIAN@ 1 JAN 1700', '7.0', 'JULIAN 1 JAN 1700', null],
    [1699, '1699/00', '7.0', '1699', '1699/00'],
    [1850, 'жазында', '5.5.1', 'INT 1850 (жазында)', null],
    [1850, 'жазында', '7.0', '1850', 'жазында'],
    [-44, 'жазында', '5.5.1', 'INT 44 B.C. (жазында)', null],
    [null, 'жазында', '5.5.1', '(жазында)', null],
    [null, 'жазында', '7.0', '', 'жазында'],
    // A date whose year is not the stored one goes as a phrase, so that both come back.
    [1851, 'ABT 1820', '5.5.1', 'INT 1851 (ABT 1820)', null],
  ] as const)('%j, %j in %s → %j + %j', (year, text, version, date, phrase) => {
    expect(formatGedcomDate(year, text, version)).toEqual({ date, phrase });
  });

  it('gives nothing for no year and no text', () => {
    expect(formatGedcomDate(null, null, '7.0')).toBeNull();
  });

  it.each([
    [1850, null],
    [1950, '12 MAR 1950'],
    [1820, 'ABT 1820'],
    [1850, 'BET 1850 AND 1860'],
    [1700, '@#DJULIAN@ 1 JAN 1700'],
    [1999, '@#DHEBREW@ 1 TSH 5760'],
    [1699, '1699/00'],
    [-44, 'BEF 44 B.C.'],
    [-44, null],
    [1850, 'жазында'],
    [null, 'жаш кезинде'],
    [1851, 'ABT 1820'],
  ] as const)('round-trips %j, %j through 5.5.1 and 7.0', (year, text) => {
    for (const version of ['5.5.1', '7.0'] as const) {
      const written = formatGedcomDate(year, text, version);
      expect(written).not.toBeNull();
      const back = parseGedcomDate(written?.date ?? '', written?.phrase ?? undefined);
      expect(back, `${version}: ${JSON.stringify(written)}`).toEqual({ year, text });
    }
  });
});
