import type { LayoutNode, TreeLayout } from '@bagysh/shared';
import {
  clampZoom,
  placeAt,
  type Rect,
  type Size,
  type ViewTransform,
} from '../../../lib/svg-chart/viewport';

/** Size of a card's photo (and its placeholder), on screen and in files. */
export const TREE_PHOTO = 40;

/** Index of the first node in a row (sorted by x) whose centre is ≥ x. */
function lowerBound(row: readonly LayoutNode[], x: number): number {
  let lo = 0;
  let hi = row.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (row[mid]!.x < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function rowRange(layout: TreeLayout, rect: Rect): [first: number, last: number] {
  const step = layout.options.nodeHeight + layout.options.levelGap;
  const first = Math.max(0, Math.floor((rect.y - layout.options.nodeHeight) / step) + 1);
  const last = Math.min(layout.rows.length - 1, Math.floor((rect.y + rect.height) / step));
  return [first, last];
}

/**
 * The nodes whose box meets `rect`: a binary search per generation row, so the cost grows with
 * what is visible, not with the tree.
 */
export function nodesInRect(layout: TreeLayout, rect: Rect): LayoutNode[] {
  const half = layout.options.nodeWidth / 2;
  const [first, last] = rowRange(layout, rect);
  const out: LayoutNode[] = [];
  for (let d = first; d <= last; d++) {
    const row = layout.rows[d]!;
    const end = rect.x + rect.width + half;
    for (let i = lowerBound(row, rect.x - half); i < row.length && row[i]!.x <= end; i++) {
      out.push(row[i]!);
    }
  }
  return out;
}

/**
 * SVG path data for the parent→child connectors that can cross `rect`: elbows from the parent's
 * stem down to each child. Per row it takes the children in view plus the nearest one on each
 * side, whose connectors are the only ones that can span the view (connectors never cross).
 */
export function edgesPath(layout: TreeLayout, rect: Rect, stemTop: number): string {
  const { nodeWidth, nodeHeight, levelGap } = layout.options;
  const half = nodeWidth / 2;
  const step = nodeHeight + levelGap;
  const busOffset = levelGap - Math.max(12, levelGap * 0.28);
  const grown: Rect = { ...rect, y: rect.y - step, height: rect.height + 2 * step };
  const [first, last] = rowRange(layout, grown);
  const parts: string[] = [];
  for (let d = Math.max(1, first); d <= last; d++) {
    const row = layout.rows[d]!;
    const from = Math.max(0, lowerBound(row, rect.x - half) - 1);
    const end = rect.x + rect.width + half;
    let to = lowerBound(row, end);
    if (to < row.length) to += 1;
    for (let i = from; i < to && i < row.length; i++) {
      const child = row[i]!;
      const parent = child.parentId === null ? undefined : layout.byId.get(child.parentId);
      if (!parent) continue;
      const top = parent.y + nodeHeight + stemTop;
      const bus = parent.y + nodeHeight + busOffset;
      parts.push(`M${r(parent.x)} ${r(top)}V${r(bus)}H${r(child.x)}V${r(child.y)}`);
    }
  }
  return parts.join('');
}

function r(value: number): number {
  return Math.round(value * 10) / 10;
}

/** The smallest change of view that brings the box of `node` fully into the frame. */
export function revealNode(
  view: ViewTransform,
  node: LayoutNode,
  layout: TreeLayout,
  size: Size,
  padding = 24,
): ViewTransform {
  const { nodeWidth, nodeHeight } = layout.options;
  const left = (node.x - nodeWidth / 2) * view.k + view.x;
  const right = (node.x + nodeWidth / 2) * view.k + view.x;
  const top = node.y * view.k + view.y;
  const bottom = (node.y + nodeHeight + 40) * view.k + view.y;
  let dx = 0;
  let dy = 0;
  if (right - left > size.width - 2 * padding) dx = size.width / 2 - (left + right) / 2;
  else if (left < padding) dx = padding - left;
  else if (right > size.width - padding) dx = size.width - padding - right;
  if (bottom - top > size.height - 2 * padding) dy = size.height / 2 - (top + bottom) / 2;
  else if (top < padding) dy = padding - top;
  else if (bottom > size.height - padding) dy = size.height - padding - bottom;
  if (dx === 0 && dy === 0) return view;
  return { ...view, x: view.x + dx, y: view.y + dy };
}

/** The view that fits the whole layout in the frame (never zooming in past 1). */
export function fitView(layout: TreeLayout, size: Size, padding = 24): ViewTransform {
  const { minX, maxX, minY, maxY } = layout.bounds;
  const k = clampZoom(
    Math.min(
      1,
      (size.width - 2 * padding) / (maxX - minX),
      (size.height - 2 * padding) / (maxY - minY),
    ),
  );
  return placeAt((minX + maxX) / 2, (minY + maxY) / 2, size.width / 2, size.height / 2, k);
}

/** The node whose box contains the world point (x, y), if any. */
export function nodeAt(layout: TreeLayout, x: number, y: number): LayoutNode | undefined {
  const { nodeWidth, nodeHeight } = layout.options;
  return nodesInRect(layout, { x, y, width: 0, height: 0 }).find(
    (node) => Math.abs(node.x - x) <= nodeWidth / 2 && y >= node.y && y <= node.y + nodeHeight,
  );
}
