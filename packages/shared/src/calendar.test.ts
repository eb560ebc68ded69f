import { describe, expect, it } from 'vitest';
import {
  CalendarQuery,
  anniversaryIn,
  calendarEventTitle,
  formatDay,
  fullGregorianDay,
  memorialDays,
} from './calendar';

describe('fullGregorianDay', () => {
  it('reads a full Gregorian date and nothing less', () => {
    expect(fullGregorianDay('12 MAR 1920')).toEqual({ year: 1920, month: 3, day: 12 });
    expect(fullGregorianDay('INT 12 MAR 1920 (он экинчи март)')).toEqual({
      year: 1920,
      month: 3,
      day: 12,
    });
    for (const value of [
      'MAR 1920',
      '1920',
      'ABT 12 MAR 1920',
      'BET 1 MAR 1920 AND 5 MAR 1920',
      '@#DJULIAN@ 12 MAR 1920',
      '12 MAR 20 B.C.',
      '12-март',
      '31 FEB 1920',
    ]) {
      expect(fullGregorianDay(value), value).toBeNull();
    }
    expect(fullGregorianDay(null)).toBeNull();
  });
});

describe('anniversaryIn', () => {
  it('keeps the day, moves 29 February to the 28th in common years', () => {
    const leap = { year: 1960, month: 2, day: 29 };
    expect(anniversaryIn(leap, 2028)).toEqual({ year: 2028, month: 2, day: 29 });
    expect(anniversaryIn(leap, 2027)).toEqual({ year: 2027, month: 2, day: 28 });
    expect(anniversaryIn(leap, 2100)).toEqual({ year: 2100, month: 2, day: 28 });
    expect(anniversaryIn(leap, 1960)).toBeNull();
  });
});

describe('memorialDays', () => {
  it('counts 3, 7 and 40 days and a year from the day of death, across months and years', () => {
    const days = memorialDays({ year: 2026, month: 12, day: 30 });
    expect(days.map((d) => `${d.kind} ${formatDay(d.day)}`)).toEqual([
      'day3 2027-01-02',
      'day7 2027-01-06',
      'day40 2027-02-08',
      'year1 2027-12-30',
    ]);
  });
});

describe('CalendarQuery', () => {
  it('takes YYYY-MM months only', () => {
    expect(CalendarQuery.safeParse({ month: '2027-03' }).success).toBe(true);
    for (const month of ['2027-13', '2027-3', '0999-01', 'март']) {
      expect(CalendarQuery.safeParse({ month }).success, month).toBe(false);
    }
  });
});

describe('calendarEventTitle', () => {
  it('names the persons, the kind and the years', () => {
    const base = { date: '2027-03-01', source_date: '1 MAR 1915', spouse: null };
    expect(
      calendarEventTitle({ ...base, kind: 'birth', years: 100, person: { id: 1, name: 'Асан' } }),
    ).toBe('Асан: Туулган күнү (100 жыл)');
    expect(
      calendarEventTitle({
        ...base,
        kind: 'marriage',
        years: 112,
        person: { id: 1, name: 'Асан' },
        spouse: { id: 2, name: 'Айша' },
      }),
    ).toBe('Асан жана Айша: Үйлөнгөн күнү (112 жыл)');
    expect(
      calendarEventTitle({ ...base, kind: 'year1', years: 1, person: { id: 1, name: 'Асан' } }),
    ).toBe('Асан: Жылдык');
  });
});
