import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from './dates';

describe('dates', () => {
  it('formats day.month.year with padding', () => {
    const iso = new Date(2026, 0, 5, 9, 7).toISOString();
    expect(formatDate(iso)).toBe('05.01.2026');
    expect(formatDateTime(iso)).toBe('05.01.2026 09:07');
  });
});
