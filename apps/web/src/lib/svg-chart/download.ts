import runeFontUrl from '@fontsource/noto-sans-old-turkic/files/noto-sans-old-turkic-old-turkic-400-normal.woff2?url';
import {
  downloadBlob,
  fontAsDataUrl,
  hasRunes,
  imagesAsDataUrls,
  svgBlob,
  svgToPngBlob,
  type BuildChartSvg,
} from './export';

/**
 * Saves a chart as `{fileName}.svg` or `.png`. `build` draws it, given what to embed: a file
 * leaves the page's web fonts and the site's thumbnails behind, so runes carry their font and
 * photos (`imageUrls`) their bytes inside. Loaded on the first download (`import()`), not with
 * the page.
 */
export async function downloadChart(
  format: 'svg' | 'png',
  build: BuildChartSvg,
  fileName: string,
  imageUrls: readonly string[] = [],
): Promise<void> {
  const plain = build();
  const [runeFont, images] = await Promise.all([
    hasRunes(plain) ? fontAsDataUrl(runeFontUrl) : undefined,
    imagesAsDataUrls(imageUrls),
  ]);
  const chart = runeFont || images.size > 0 ? build({ runeFont, images }) : plain;
  const blob = format === 'svg' ? svgBlob(chart) : await svgToPngBlob(chart);
  downloadBlob(blob, `${fileName}.${format}`);
}
