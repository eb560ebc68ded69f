import type { ChartSvg } from '../../../lib/svg-chart/export';
import { accentPath, chartStyle } from '@bagysh/shared';
import { photoClipDefs, svgHead, svgPhoto } from '../../../lib/svg-chart/svg-parts';
import { escapeXml, formatYears, truncate } from '../../../lib/svg-chart/text';
import type { ChartLayout } from '@bagysh/shared';

/** The dash of a connector to a child's other parent, on screen and in files. */
export const UNION_DASH = '5 4';

/** Characters of a name that fit a box beside a photo, and without one. */
export const NAME_CHARS = { photo: 17, plain: 21 } as const;

export interface ChartSvgOptions {
  layout: ChartLayout;
  title: string;
  unknownYear: string;
  /** Converts a name for display (runes in old_ky); default: as is. */
  text?: (text: string) => string;
  focusKey?: string;
  padding?: number;
  /** The rune font as a data: URL, for a file that leaves the page's web fonts behind. */
  runeFont?: string;
  /**
   * The href of a photo: a data: URL in a file (it cannot reach the site's thumbnails), the
   * thumbnail's URL in the page's print copy; undefined draws the placeholder.
   */
  photoHref?: (fileId: number) => string | undefined;
}

/** Size of a box's photo (and its placeholder), on screen and in files. */
export const PHOTO_SIZE = 44;

/**
 * A standalone SVG of the whole chart, styles as attributes so that it looks the same outside
 * the page.
 */
export function buildChartSvg({
  layout,
  title,
  unknownYear,
  text = (value) => value,
  focusKey = '',
  padding = 24,
  runeFont,
  photoHref = () => undefined,
}: ChartSvgOptions): ChartSvg {
  const { boxWidth, boxHeight, bounds } = layout;
  const x0 = bounds.minX - padding;
  const y0 = bounds.minY - padding;
  const width = Math.ceil(bounds.maxX - bounds.minX + 2 * padding);
  const height = Math.ceil(bounds.maxY - bounds.minY + 2 * padding);
  const accent = accentPath(boxHeight);
  const slot = { x: 14, y: (boxHeight - PHOTO_SIZE) / 2, size: PHOTO_SIZE };
  const out = [
    svgHead({ x: x0, y: y0, width, height }, title, runeFont),
    layout.boxes.some((box) => (box.person.photo_file_id ?? null) !== null)
      ? photoClipDefs(slot)
      : '',
    `<path d="${layout.edges}" fill="none" stroke="${chartStyle.edge}" stroke-width="1.5"/>`,
    layout.unionEdges
      ? `<path d="${layout.unionEdges}" fill="none" stroke="${chartStyle.edge}" ` +
        `stroke-width="1.5" stroke-dasharray="${UNION_DASH}"/>`
      : '',
  ];
  for (const box of layout.boxes) {
    const { person } = box;
    const focused = box.key === focusKey;
    const years = formatYears(person, unknownYear);
    const photo = person.photo_file_id ?? null;
    const textX = photo === null ? 16 : 16 + PHOTO_SIZE + 8;
    const name = truncate(text(person.name), photo === null ? NAME_CHARS.plain : NAME_CHARS.photo);
    out.push(
      `<g transform="translate(${box.x} ${box.y})">`,
      `<rect width="${boxWidth}" height="${boxHeight}" rx="${chartStyle.radius}" ` +
        `fill="${focused ? chartStyle.selectedFill : chartStyle.nodeFill}" ` +
        `stroke="${focused ? chartStyle.primary : chartStyle.nodeStroke}" ` +
        `stroke-width="${focused ? 2.5 : 1}"/>`,
      `<path d="${accent}" fill="${chartStyle.accent[person.sex]}"/>`,
      photo === null ? '' : svgPhoto(slot, photoHref(photo)),
      `<text x="${textX}" y="${years ? 26 : 36}" font-size="15" font-weight="600" ` +
        `fill="${chartStyle.text}"><title>${escapeXml(person.name)}</title>` +
        `${escapeXml(name)}</text>`,
      years
        ? `<text x="${textX}" y="46" font-size="13" fill="${chartStyle.muted}">${escapeXml(years)}</text>`
        : '',
      '</g>',
    );
  }
  out.push('</svg>');
  return { svg: out.join(''), width, height };
}
