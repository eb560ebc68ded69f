import { describe, expect, it } from 'vitest';
import { formatDate, pageCount, parseId } from './format';

describe('content formatting', () => {
  it('formats dates as dd.mm.yyyy and tolerates missing ones', () => {
    expect(formatDate('2026-03-05T12:00:00.000Z')).toMatch(/^0[45]\.03\.2026$/);
    expect(formatDate(null)).toBe('');
    expect(formatDate('nope')).toBe('');
  });

  it('counts pages', () => {
    expect(pageCount(0, 10)).toBe(1);
    expect(pageCount(21, 10)).toBe(3);
  });

  it('parses ids from the URL', () => {
    expect(parseId('12')).toBe(12);
    expect(parseId('0')).toBeNull();
    expect(parseId('abc')).toBeNull();
    expect(parseId('99999999999')).toBeNull();
    expect(parseId(undefined)).toBeNull();
  });
});
