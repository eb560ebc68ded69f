import runeFontUrl from '@fontsource/noto-sans-old-turkic/files/noto-sans-old-turkic-old-turkic-400-normal.woff2?url';
import {
  downloadBlob,
  fontAsDataUrl,
  hasRunes,
  svgBlob,
  svgToPngBlob,
  type ChartSvg,
} from './export';

/**
 * Saves a chart as `{fileName}.svg` or `.png`. `build` draws it, given the rune font to embed:
 * a file leaves the page's web fonts behind, so runes carry their font inside. Loaded on the
 * first download (`import()`), not with the page.
 */
export async function downloadChart(
  format: 'svg' | 'png',
  build: (runeFont?: string) => ChartSvg,
  fileName: string,
): Promise<void> {
  const plain = build();
  const chart = hasRunes(plain) ? build(await fontAsDataUrl(runeFontUrl)) : plain;
  const blob = format === 'svg' ? svgBlob(chart) : await svgToPngBlob(chart);
  downloadBlob(blob, `${fileName}.${format}`);
}
