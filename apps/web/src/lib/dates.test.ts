import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from './dates';

describe('dates', () => {
  it('writes day.month.year (and hours:minutes) with padding, in local time', () => {
    const iso = new Date(2026, 0, 5, 9, 7).toISOString();
    expect(formatDate(iso)).toBe('05.01.2026');
    expect(formatDateTime(iso)).toBe('05.01.2026 09:07');
  });

  it('answers an empty string for a missing or malformed value', () => {
    for (const value of [null, undefined, '', 'nope']) {
      expect(formatDate(value)).toBe('');
      expect(formatDateTime(value)).toBe('');
    }
  });
});
