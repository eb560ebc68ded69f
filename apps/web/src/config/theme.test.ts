import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { widthBelow } from '../lib/use-media-query';
import { BRAND_ORANGE, FONT_FAMILY, TEXT_ORANGE, theme } from './theme';

describe('theme (docs/product.md, Theme)', () => {
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
    // The app's own media queries (lib/use-media-query.ts) are MUI's.
    for (const key of ['sm', 'md', 'lg'] as const) {
      expect(`@media ${widthBelow(key)}`).toBe(theme.breakpoints.down(key));
    }
  });

  it('sets Inter after the rune font', () => {
    expect(theme.typography.fontFamily).toMatch(/^"Noto Sans Old Turkic", Inter,/);
  });
});

const css = readFileSync(join(import.meta.dirname, 'theme.css'), 'utf8');

/** theme.css's custom property, as written (whitespace folded). */
function variable(name: string): string {
  const match = new RegExp(`--${name}:\\s*([^;]+);`).exec(css);
  if (!match?.[1]) throw new Error(`theme.css has no --${name}`);
  return match[1].replace(/\s+/g, ' ').trim();
}

const normal = (value: string) => value.replace(/\s+/g, '').replace(/"/g, "'").toLowerCase();

// The frame and the landing page are drawn with theme.css, every other part with the MUI theme:
// a colour changed on one side only would show as two colours on one page.
describe('theme.css and the MUI theme', () => {
  it('have the same colours, font, radius and layers', () => {
    expect(normal(variable('brand-orange'))).toBe(normal(BRAND_ORANGE));
    expect(normal(variable('text-orange'))).toBe(normal(TEXT_ORANGE));
    expect(normal(variable('text-primary'))).toBe(normal(theme.palette.text.primary));
    expect(normal(variable('text-secondary'))).toBe(normal(theme.palette.text.secondary));
    expect(normal(variable('divider'))).toBe(normal(theme.palette.divider));
    expect(normal(variable('background-default'))).toBe(normal(theme.palette.background.default));
    expect(normal(variable('background-paper'))).toBe(normal(theme.palette.background.paper));
    expect(normal(variable('font-family'))).toBe(normal(FONT_FAMILY));
    expect(variable('radius')).toBe(`${theme.shape.borderRadius}px`);
    expect(normal(variable('shadow-3'))).toBe(normal(theme.shadows[3]));
    expect(variable('easing')).toBe(theme.transitions.easing.easeInOut);
    expect(variable('duration-shortest')).toBe(`${theme.transitions.duration.shortest}ms`);
    expect(variable('z-app-bar')).toBe(String(theme.zIndex.appBar));
    expect(variable('z-tooltip')).toBe(String(theme.zIndex.tooltip));
  });

  it('draw each text style at the size, weight and line height of its MUI variant', () => {
    for (const name of ['h2', 'h4', 'h5', 'h6', 'body1', 'body2', 'caption', 'overline'] as const) {
      const rule = [...css.matchAll(new RegExp(`\\.t-${name}\\) \\{([^}]*)\\}`, 'g'))]
        .map((match) => match[1])
        .join('');
      const variant = theme.typography[name];
      expect(rule, name).toContain(`font-size: ${String(variant.fontSize)};`);
      expect(rule, name).toContain(`font-weight: ${String(variant.fontWeight)};`);
      expect(rule, name).toContain(`line-height: ${String(variant.lineHeight)};`);
      // With the theme's own font MUI sets no letter-spacing.
      expect(variant.letterSpacing, name).toBeUndefined();
      expect(rule, name).not.toContain('letter-spacing');
    }
  });
});
