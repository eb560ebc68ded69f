import type { ChartSvg } from '../../../lib/svg-chart/export';
import { chartStyle } from '@bagysh/shared';
import { svgHead } from '../../../lib/svg-chart/svg-parts';
import { escapeXml, formatYears } from '../../../lib/svg-chart/text';
import { fanLabel, type FanLayout, type FanLine, type FanSegment } from './fan-layout';

/** How a segment is painted, on screen and in files alike. */
export function fanPaint(segment: FanSegment): { fill: string; stroke: string; dash?: string } {
  const { person } = segment;
  if (!person) return { fill: '#FFFFFF', stroke: chartStyle.nodeStroke, dash: '3 3' };
  if (segment.generation === 0)
    return { fill: chartStyle.selectedFill, stroke: chartStyle.primary };
  return { fill: chartStyle.tint[person.sex], stroke: '#FFFFFF' };
}

/** The kan line's outline: the known segments of the father line, drawn over the rest. */
export function kanOutline(layout: FanLayout): string {
  return layout.segments
    .filter((segment) => segment.kan && segment.person)
    .map((segment) => segment.d)
    .join('');
}

/** A segment's label lines, its name and years in the script shown (`text`). */
export function segmentLines(
  segment: FanSegment,
  text: (value: string) => string,
  unknownYear: string,
): FanLine[] {
  if (!segment.person) return [];
  return fanLabel(segment, text(segment.person.name), formatYears(segment.person, unknownYear));
}

/** The id of a label line's arc: `prefix` keeps the page's copy and the print copy apart. */
export function arcId(prefix: string, key: string, line: number): string {
  return `${prefix}-${key || 'c'}-${line}`;
}

export interface FanSvgOptions {
  layout: FanLayout;
  title: string;
  /** The legend of the kan line, written under the fan. */
  legend: string;
  unknownYear: string;
  /** Converts a text for display (runes in old_ky); default: as is. */
  text?: (text: string) => string;
  /** The rune font as a data: URL, for a file that leaves the page's web fonts behind. */
  runeFont?: string;
}

const LEGEND_HEIGHT = 28;

/**
 * A standalone SVG of the fan (the file and the print copy), styles as attributes so that it
 * looks the same outside the page; the full names are the segments' titles.
 */
export function buildFanSvg({
  layout,
  title,
  legend,
  unknownYear,
  text = (value) => value,
  runeFont,
}: FanSvgOptions): ChartSvg {
  const box = { ...layout.box, height: layout.box.height + LEGEND_HEIGHT };
  const out = [svgHead(box, title, runeFont)];
  const labels: string[] = [];
  const arcs: string[] = [];
  for (const segment of layout.segments) {
    const paint = fanPaint(segment);
    const { person } = segment;
    out.push(
      `<path d="${segment.d}" fill="${paint.fill}" stroke="${paint.stroke}" stroke-width="1.5"` +
        `${paint.dash ? ` stroke-dasharray="${paint.dash}"` : ''}>` +
        `${person ? `<title>${escapeXml(person.name)}</title>` : ''}</path>`,
    );
    if (person && segment.band) {
      out.push(`<path d="${segment.band}" fill="${chartStyle.accent[person.sex]}"/>`);
    }
    segmentLines(segment, text, unknownYear).forEach((line, i) => {
      const font =
        `font-size="${line.size}" font-weight="${line.bold ? 600 : 400}" ` +
        `fill="${line.bold ? chartStyle.text : chartStyle.muted}" text-anchor="middle"`;
      if (line.arc) {
        const id = arcId('fan-file', segment.key, i);
        arcs.push(`<path id="${id}" d="${line.arc}"/>`);
        labels.push(
          `<text ${font}><textPath href="#${id}" startOffset="50%">` +
            `${escapeXml(line.text)}</textPath></text>`,
        );
      } else {
        labels.push(
          `<text ${font} transform="translate(${line.x} ${line.y}) rotate(${line.rotate})" ` +
            `y="${line.dy}">${escapeXml(line.text)}</text>`,
        );
      }
    });
  }
  const kan = kanOutline(layout);
  if (kan) {
    out.push(`<path d="${kan}" fill="none" stroke="${chartStyle.kan}" stroke-width="3"/>`);
  }
  if (arcs.length > 0) out.push(`<defs>${arcs.join('')}</defs>`);
  out.push(...labels);
  const legendY = layout.box.y + layout.box.height + 16;
  const legendX = layout.box.x + 8;
  out.push(
    `<line x1="${legendX}" y1="${legendY - 4}" x2="${legendX + 24}" y2="${legendY - 4}" ` +
      `stroke="${chartStyle.kan}" stroke-width="3"/>`,
    `<text x="${legendX + 32}" y="${legendY}" font-size="13" fill="${chartStyle.text}">` +
      `${escapeXml(text(legend))}</text>`,
    '</svg>',
  );
  return { svg: out.join(''), width: box.width, height: box.height };
}
