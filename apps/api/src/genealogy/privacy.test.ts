import { describe, expect, it } from 'vitest';
import { APPROXIMATE_BIRTH_MARGIN, birthYearBound } from './privacy';

/**
 * The latest year a birth date allows, as the living rule reads it (docs/genealogy.md,
 * Privacy): the bound that keeps a person hidden when in doubt.
 */
describe('birthYearBound', () => {
  it('reads each qualifier at its latest year', () => {
    const cases: [number | null, string | null, number | null][] = [
      [1920, null, 1920],
      [null, null, null],
      [1920, '12 MAR 1920', 1920],
      [1920, 'AFT 1920', Infinity],
      [1920, 'FROM 1920', Infinity],
      [1950, 'BEF 1950', 1950],
      [null, 'TO 1950', 1950],
      [1900, 'BET 1900 AND 1930', 1930],
      [1900, 'FROM 1900 TO 1930', 1930],
      [1925, 'ABT 1925', 1925 + APPROXIMATE_BIRTH_MARGIN],
      [1925, 'EST 1925', 1925 + APPROXIMATE_BIRTH_MARGIN],
      [1925, 'CAL 1925', 1925 + APPROXIMATE_BIRTH_MARGIN],
      [1925, 'INT 1925 (жаз)', 1925],
      // Not a GEDCOM date: the year as it is.
      [1925, '3-май', 1925],
      [null, '3-май', null],
      // The stored year, if later, wins.
      [1960, 'BEF 1950', 1960],
      // Another calendar, a dual year: the Gregorian year the period may end in.
      [null, 'BET @#DHEBREW@ 5680 AND @#DHEBREW@ 5690', 1930],
      [null, '@#DHEBREW@ 5690', 1930],
      [1699, '1699/00', 1700],
    ];
    for (const [year, date, bound] of cases) {
      expect(birthYearBound(year, date), `${year} ${date}`).toBe(bound);
    }
  });
});
