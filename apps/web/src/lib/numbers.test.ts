import { describe, expect, it } from 'vitest';
import { formatCount } from './numbers';

describe('formatCount', () => {
  it('writes counts as Intl does for ky and ru-RU: threes, no-break spaces', () => {
    for (const value of [0, 7, 42, 999, 1000, 1234, 12_345, 100_000, 1_234_567, 1_000_000_000]) {
      expect(formatCount(value)).toBe(new Intl.NumberFormat('ky').format(value));
      expect(formatCount(value)).toBe(value.toLocaleString('ru-RU'));
    }
    expect(formatCount(1234)).toBe('1\u00a0234');
  });
});
