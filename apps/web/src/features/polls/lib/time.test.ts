import { describe, expect, it } from 'vitest';
import { fromDateTimeLocal, timeLeft, toDateTimeLocal } from './time';

const now = Date.parse('2026-11-22T10:00:00Z');
const at = (ms: number) => new Date(now + ms).toISOString();
const MIN = 60_000;

describe('timeLeft', () => {
  it('counts days and hours, hours and minutes, minutes, under a minute', () => {
    expect(timeLeft(at(2 * 24 * 60 * MIN + 3 * 60 * MIN + 5 * MIN), now)).toEqual({
      key: 'days',
      days: 2,
      hours: 3,
    });
    expect(timeLeft(at(5 * 60 * MIN + 7 * MIN), now)).toEqual({
      key: 'hours',
      hours: 5,
      minutes: 7,
    });
    expect(timeLeft(at(59 * MIN + 59_000), now)).toEqual({ key: 'minutes', minutes: 59 });
    expect(timeLeft(at(30_000), now)).toEqual({ key: 'lessThanMinute' });
  });

  it('is ended at and after the moment, and for a malformed date', () => {
    expect(timeLeft(at(0), now)).toEqual({ key: 'ended' });
    expect(timeLeft(at(-MIN), now)).toEqual({ key: 'ended' });
    expect(timeLeft('nonsense', now)).toEqual({ key: 'ended' });
  });
});

describe('datetime-local values', () => {
  it('round-trip through ISO in local time', () => {
    const local = '2026-12-01T14:05';
    const iso = fromDateTimeLocal(local);
    expect(iso).toBe(new Date(local).toISOString());
    expect(toDateTimeLocal(iso)).toBe(local);
  });

  it('treats empty as none and keeps a malformed value for the schema to refuse', () => {
    expect(fromDateTimeLocal('  ')).toBeNull();
    expect(fromDateTimeLocal('junk')).toBe('junk');
    expect(toDateTimeLocal(null)).toBe('');
  });
});
