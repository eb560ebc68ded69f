import type { TreeLabels, TreeNodeData } from '../types';
import type { TreeLayout } from './layout';
import { formatYears, truncate } from './text';
import { accentPath, treeStyle } from './style';
import { edgesPath } from './viewport';

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
}

export interface TreeSvg {
  svg: string;
  width: number;
  height: number;
}

const escapeMap: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => escapeMap[c]!);
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
}: TreeSvgOptions): TreeSvg {
  const { nodeWidth, nodeHeight } = layout.options;
  const { minX, maxX, minY, maxY } = layout.bounds;
  const half = nodeWidth / 2;
  const x0 = minX - padding;
  const y0 = minY - padding;
  const width = Math.ceil(maxX - minX + 2 * padding);
  const height = Math.ceil(maxY - minY + 2 * padding);
  const all = { x: x0, y: y0, width, height };
  const accent = accentPath(nodeHeight);
  const out: string[] = [];
  out.push(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" ` +
      `viewBox="${x0} ${y0} ${width} ${height}" font-family="${escapeXml(treeStyle.fontFamily)}">`,
    `<title>${escapeXml(labels.tree)}</title>`,
    runeFont
      ? `<defs><style>@font-face{font-family:'Noto Sans Old Turkic';font-weight:400;` +
          `src:url(${escapeXml(runeFont)}) format('woff2');unicode-range:U+10C00-10C4F;}</style></defs>`
      : '',
    `<rect x="${x0}" y="${y0}" width="${width}" height="${height}" fill="#FFFFFF"/>`,
    `<path d="${edgesPath(layout, all, 0)}" fill="none" ` +
      `stroke="${treeStyle.edge}" stroke-width="1.5"/>`,
  );
  for (const node of layout.nodes) {
    const person = nodes.get(node.id);
    if (!person) continue;
    const selected = node.id === selectedId;
    const years = formatYears(person, labels.unknownYear);
    const count = person.descendant_count
      ? text(labels.descendantCount(person.descendant_count))
      : '';
    out.push(
      `<g transform="translate(${node.x - half} ${node.y})">`,
      `<rect width="${nodeWidth}" height="${nodeHeight}" rx="${treeStyle.radius}" ` +
        `fill="${selected ? treeStyle.selectedFill : treeStyle.nodeFill}" ` +
        `stroke="${selected ? treeStyle.primary : treeStyle.nodeStroke}" ` +
        `stroke-width="${selected ? 2.5 : 1}"/>`,
      `<path d="${accent}" fill="${treeStyle.accent[person.sex]}"/>`,
      `<text x="16" y="26" font-size="15" font-weight="600" fill="${treeStyle.text}">` +
        `<title>${escapeXml(person.name)}</title>${escapeXml(truncate(text(person.name), 18))}</text>`,
    );
    if (years) {
      out.push(
        `<text x="16" y="46" font-size="13" fill="${treeStyle.muted}">${escapeXml(years)}</text>`,
      );
    }
    if (count) {
      out.push(
        `<text x="16" y="${years ? 63 : 46}" font-size="12" fill="${treeStyle.muted}">` +
          `${escapeXml(count)}</text>`,
      );
    }
    out.push('</g>');
  }
  out.push('</svg>');
  return { svg: out.join(''), width, height };
}

const RUNES = /[\u{10C00}-\u{10C4F}]/u;

/** True when the SVG shows Old Turkic runes (and so needs their font embedded). */
export function hasRunes({ svg }: TreeSvg): boolean {
  return RUNES.test(svg);
}

let fontDataUrl: Promise<string> | null = null;

/** The WOFF2 font file at `url` as a data: URL, fetched once. */
export function fontAsDataUrl(url: string): Promise<string> {
  fontDataUrl ??= (async () => {
    const response = await fetch(url);
    if (!response.ok) throw new Error(`Font ${url}: HTTP ${response.status}`);
    let binary = '';
    for (const byte of new Uint8Array(await response.arrayBuffer())) {
      binary += String.fromCharCode(byte);
    }
    return `data:font/woff2;base64,${btoa(binary)}`;
  })().catch((error: unknown) => {
    // A failed fetch is not remembered: the next export tries again.
    fontDataUrl = null;
    throw error;
  });
  return fontDataUrl;
}

/** Largest scale ≤ `wanted` that keeps the canvas within what browsers will allocate. */
export function pngScale(width: number, height: number, wanted = 2): number {
  const maxSide = 16_384;
  const maxArea = 64_000_000;
  return Math.max(
    0.05,
    Math.min(wanted, maxSide / width, maxSide / height, Math.sqrt(maxArea / (width * height))),
  );
}

/** Draws an SVG (from {@link buildTreeSvg}) on a white canvas and encodes it as PNG. */
export async function svgToPngBlob(
  { svg, width, height }: TreeSvg,
  wantedScale = 2,
): Promise<Blob> {
  const scale = pngScale(width, height, wantedScale);
  const url = URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml;charset=utf-8' }));
  try {
    const image = new Image();
    image.decoding = 'async';
    const loaded = new Promise<void>((resolve, reject) => {
      image.onload = () => resolve();
      image.onerror = () => reject(new Error('The tree SVG could not be loaded as an image'));
    });
    image.src = url;
    await loaded;
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(width * scale);
    canvas.height = Math.round(height * scale);
    const context = canvas.getContext('2d');
    if (!context) throw new Error('Canvas 2D is not available');
    context.fillStyle = '#FFFFFF';
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.drawImage(image, 0, 0, canvas.width, canvas.height);
    return await new Promise<Blob>((resolve, reject) => {
      canvas.toBlob(
        (blob) => (blob ? resolve(blob) : reject(new Error('PNG encoding failed'))),
        'image/png',
      );
    });
  } finally {
    URL.revokeObjectURL(url);
  }
}

export function svgBlob({ svg }: TreeSvg): Blob {
  return new Blob([svg], { type: 'image/svg+xml;charset=utf-8' });
}

/** Saves a blob through a temporary download link. */
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers start the download after the click returns; free the URL a little later.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
