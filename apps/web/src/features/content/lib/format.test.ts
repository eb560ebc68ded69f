import { describe, expect, it } from 'vitest';
import { pageCount, parseId } from './format';

describe('content formatting', () => {
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
