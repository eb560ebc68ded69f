import { chartStyle } from '@bagysh/shared';
import { escapeXml } from './text';

/*
 * Pieces of a chart's standalone SVG that the tree and the family charts draw alike. Each box
 * is drawn in its own translated frame, so one photo slot and one clip serve every box.
 */

/** Where a box's photo sits in the box's own frame. */
export interface PhotoSlot {
  x: number;
  y: number;
  size: number;
}

/** Round corners of a photo and of its placeholder. */
const PHOTO_RADIUS = 8;

/**
 * The `@font-face` of the rune font, given as a URL (a data: URL in a file: an SVG opened on its
 * own or drawn as an image cannot use the page's web fonts); nothing without one.
 */
export function runeFontDefs(runeFont: string | undefined): string {
  if (!runeFont) return '';
  return (
    `<defs><style>@font-face{font-family:'Noto Sans Old Turkic';font-weight:400;` +
    `src:url(${escapeXml(runeFont)}) format('woff2');unicode-range:U+10C00-10C4F;}</style></defs>`
  );
}

/**
 * The start of a chart's standalone SVG: the root element over `box` (its viewBox, and its
 * size in CSS px), the title, the rune font when given, and a white background. The caller
 * closes it with `</svg>`.
 */
export function svgHead(
  box: { x: number; y: number; width: number; height: number },
  title: string,
  runeFont: string | undefined,
): string {
  const { x, y, width, height } = box;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" ` +
    `viewBox="${x} ${y} ${width} ${height}" font-family="${escapeXml(chartStyle.fontFamily)}">` +
    `<title>${escapeXml(title)}</title>` +
    runeFontDefs(runeFont) +
    `<rect x="${x}" y="${y}" width="${width}" height="${height}" fill="#FFFFFF"/>`
  );
}

/** The rounded clip (`#photo-clip`) that {@link svgPhoto} draws every photo through. */
export function photoClipDefs({ x, y, size }: PhotoSlot): string {
  return (
    `<defs><clipPath id="photo-clip"><rect x="${x}" y="${y}" width="${size}" ` +
    `height="${size}" rx="${PHOTO_RADIUS}"/></clipPath></defs>`
  );
}

/**
 * A box's photo: the image at `href` (a data: URL in a file, which cannot reach the site), or,
 * when `href` is undefined (the photo could not be fetched), a plain square in its place rather
 * than a broken image.
 */
export function svgPhoto({ x, y, size }: PhotoSlot, href: string | undefined): string {
  return href
    ? `<image href="${escapeXml(href)}" x="${x}" y="${y}" width="${size}" height="${size}" ` +
        `preserveAspectRatio="xMidYMid slice" clip-path="url(#photo-clip)"/>`
    : `<rect x="${x}" y="${y}" width="${size}" height="${size}" rx="${PHOTO_RADIUS}" ` +
        `fill="${chartStyle.background}" stroke="${chartStyle.nodeStroke}"/>`;
}
