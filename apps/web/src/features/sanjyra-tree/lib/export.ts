import type { TreeLabels, TreeNodeData } from '../types';
import type { TreeLayout } from '@bagysh/shared';
import { escapeXml, formatYears, truncate } from '../../../lib/svg-chart/text';
import type { ChartSvg } from '../../../lib/svg-chart/export';
import { accentPath, chartStyle } from '@bagysh/shared';
import { photoClipDefs, svgHead, svgPhoto } from '../../../lib/svg-chart/svg-parts';
import { edgesPath, TREE_PHOTO } from './viewport';

export interface TreeSvgOptions {
  layout: TreeLayout;
  nodes: ReadonlyMap<number, TreeNodeData>;
  labels: Pick<TreeLabels, 'tree' | 'descendantCount' | 'unknownYear'>;
  /** Converts a name for display (runes in old_ky); default: as is. */
  text?: (text: string) => string;
  selectedId?: number;
  padding?: number;
  /**
   * A font to embed, as a URL (a data: URL for a standalone file). An SVG drawn as an image or
   * opened on its own cannot use the page's web fonts, so runes need their font inside.
   */
  runeFont?: string;
  /**
   * The href of a photo: a data: URL in a file, the thumbnail's URL in the page's print copy;
   * undefined draws the placeholder. Without it no photos are drawn (as on screen).
   */
  photoHref?: (fileId: number) => string | undefined;
}

/**
 * A standalone SVG of every laid-out node (the expanded tree, not only what the frame shows).
 * Styles are attributes, not classes, so the file looks the same outside the page; fonts are
 * named with generic fallbacks, not embedded.
 */
export function buildTreeSvg({
  layout,
  nodes,
  labels,
  text = (value) => value,
  selectedId,
  padding = 24,
  runeFont,
  photoHref,
}: TreeSvgOptions): ChartSvg {
  const { nodeWidth, nodeHeight } = layout.options;
  const { minX, maxX, minY, maxY } = layout.bounds;
  const half = nodeWidth / 2;
  const x0 = minX - padding;
  const y0 = minY - padding;
  const width = Math.ceil(maxX - minX + 2 * padding);
  const height = Math.ceil(maxY - minY + 2 * padding);
  const all = { x: x0, y: y0, width, height };
  const accent = accentPath(nodeHeight);
  const slot = { x: 14, y: (nodeHeight - TREE_PHOTO) / 2, size: TREE_PHOTO };
  const out: string[] = [];
  out.push(
    svgHead(all, labels.tree, runeFont),
    photoHref ? photoClipDefs(slot) : '',
    `<path d="${edgesPath(layout, all, 0)}" fill="none" ` +
      `stroke="${chartStyle.edge}" stroke-width="1.5"/>`,
  );
  for (const node of layout.nodes) {
    const person = nodes.get(node.id);
    if (!person) continue;
    const selected = node.id === selectedId;
    const years = formatYears(person, labels.unknownYear);
    const count = person.descendant_count
      ? text(labels.descendantCount(person.descendant_count))
      : '';
    const photo = photoHref && person.photo_file_id ? person.photo_file_id : null;
    const textX = photo === null ? 16 : 14 + TREE_PHOTO + 8;
    out.push(
      `<g transform="translate(${node.x - half} ${node.y})">`,
      `<rect width="${nodeWidth}" height="${nodeHeight}" rx="${chartStyle.radius}" ` +
        `fill="${selected ? chartStyle.selectedFill : chartStyle.nodeFill}" ` +
        `stroke="${selected ? chartStyle.primary : chartStyle.nodeStroke}" ` +
        `stroke-width="${selected ? 2.5 : 1}"/>`,
      `<path d="${accent}" fill="${chartStyle.accent[person.sex]}"/>`,
      photo === null ? '' : svgPhoto(slot, photoHref?.(photo)),
      `<text x="${textX}" y="26" font-size="15" font-weight="600" fill="${chartStyle.text}">` +
        `<title>${escapeXml(person.name)}</title>` +
        `${escapeXml(truncate(text(person.name), photo === null ? 18 : 13))}</text>`,
    );
    if (years) {
      out.push(
        `<text x="${textX}" y="46" font-size="13" fill="${chartStyle.muted}">${escapeXml(years)}</text>`,
      );
    }
    if (count) {
      out.push(
        `<text x="${textX}" y="${years ? 63 : 46}" font-size="12" fill="${chartStyle.muted}">` +
          `${escapeXml(count)}</text>`,
      );
    }
    out.push('</g>');
  }
  out.push('</svg>');
  return { svg: out.join(''), width, height };
}
