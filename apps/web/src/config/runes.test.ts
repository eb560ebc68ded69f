import { toRunes } from '@bagysh/shared';
import { describe, expect, it } from 'vitest';
import { i18n } from '../lib/i18n';
import { HERO_RUNES } from './runes-hero';
import { LANGUAGE_PILL_RUNES } from './runes-language-pill';

describe('the rune outlines of Cyrillic pages (scripts/rune-glyphs.mjs)', () => {
  it('spell the texts they stand for, one outline or more per letter', () => {
    expect(HERO_RUNES.text).toBe(toRunes(i18n.t('nav.search')));
    expect(LANGUAGE_PILL_RUNES.text).toBe(toRunes(i18n.t('language.old_kyShort')));
    for (const { text, viewBox, d } of [HERO_RUNES, LANGUAGE_PILL_RUNES]) {
      expect(d.match(/M/g)?.length ?? 0).toBeGreaterThanOrEqual([...text].length);
      const [, , width, height] = viewBox.split(' ').map(Number);
      // Letters side by side, each about half an em wide or more.
      expect(width).toBeGreaterThan((height! / 1.362) * 0.4 * [...text].length);
    }
  });
});
