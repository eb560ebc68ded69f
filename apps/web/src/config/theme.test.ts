import { describe, expect, it } from 'vitest';
import { theme } from './theme';

describe('theme (spec §9)', () => {
  it('is light, primary #E65100, secondary teal', () => {
    expect(theme.palette.mode).toBe('light');
    expect(theme.palette.primary.main).toBe('#E65100');
    // Teal: green and blue well above red, and about equal.
    const [r, g, b] = [1, 3, 5].map((i) =>
      parseInt(theme.palette.secondary.main.slice(i, i + 2), 16),
    ) as [number, number, number];
    expect(g).toBeGreaterThan(r + 60);
    expect(Math.abs(g - b)).toBeLessThan(24);
  });

  it('has the breakpoints sm 600, md 960, lg 1280, xl 1920, xxl 2560', () => {
    expect(theme.breakpoints.values).toEqual({
      xs: 0,
      sm: 600,
      md: 960,
      lg: 1280,
      xl: 1920,
      xxl: 2560,
    });
  });

  it('sets Inter after the rune font', () => {
    expect(theme.typography.fontFamily).toMatch(/^"Noto Sans Old Turkic", Inter,/);
  });
});
