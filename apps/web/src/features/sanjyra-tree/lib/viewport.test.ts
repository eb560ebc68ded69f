import { describe, expect, it } from 'vitest';
import { layoutTree } from '@bagysh/shared';
import { worldRect, zoomAt, type Rect } from '../../../lib/svg-chart/viewport';
import { edgesPath, nodeAt, nodesInRect } from './viewport';

/** Five generations of four: 1 + 4 + 16 + 64 + 256 + 1024 = 1,365 people. */
function bushy() {
  const children = new Map<number, number[]>();
  const size = 1365;
  for (let id = 1; id < size; id++) {
    const parent = Math.floor((id - 1) / 4);
    children.set(parent, [...(children.get(parent) ?? []), id]);
  }
  return layoutTree(0, (id) => children.get(id));
}

function meets(layout: ReturnType<typeof bushy>, id: number, rect: Rect) {
  const node = layout.byId.get(id)!;
  const { nodeWidth, nodeHeight } = layout.options;
  return (
    node.x + nodeWidth / 2 >= rect.x &&
    node.x - nodeWidth / 2 <= rect.x + rect.width &&
    node.y + nodeHeight >= rect.y &&
    node.y <= rect.y + rect.height
  );
}

describe('culling', () => {
  const layout = bushy();

  it('returns exactly the nodes whose boxes meet the rectangle', () => {
    const rects: Rect[] = [
      { x: -500, y: 0, width: 1000, height: 300 },
      { x: layout.bounds.minX + 3000, y: 400, width: 1440, height: 900 },
      { x: layout.bounds.maxX - 50, y: 600, width: 400, height: 40 },
      { x: 1e6, y: 0, width: 100, height: 100 },
    ];
    for (const rect of rects) {
      const found = nodesInRect(layout, rect)
        .map((node) => node.id)
        .sort((a, b) => a - b);
      const expected = layout.nodes
        .filter((node) => meets(layout, node.id, rect))
        .map((node) => node.id)
        .sort((a, b) => a - b);
      expect(found).toEqual(expected);
    }
  });

  it('maps the frame to world coordinates through the view', () => {
    const rect = worldRect({ x: 100, y: 50, k: 2 }, { width: 800, height: 600 }, 10);
    expect(rect).toEqual({ x: -55, y: -30, width: 410, height: 310 });
  });

  it('zooms about the pointer', () => {
    const view = zoomAt({ x: 0, y: 0, k: 1 }, 2, 100, 100);
    expect(view).toEqual({ x: -100, y: -100, k: 2 });
  });

  it('finds the node under a point', () => {
    const node = layout.rows[3]![5]!;
    expect(nodeAt(layout, node.x + 10, node.y + 5)?.id).toBe(node.id);
    expect(nodeAt(layout, node.x, node.y - 20)).toBeUndefined();
  });

  it('draws the connectors that cross a view holding no node', () => {
    // Between the two middle children of the root, below the root: only the bus is there.
    const [, second, third] = layout.rows[1]!;
    const rect = { x: (second!.x + third!.x) / 2 - 5, y: second!.y - 30, width: 10, height: 10 };
    expect(nodesInRect(layout, rect)).toEqual([]);
    expect(edgesPath(layout, rect, 0)).not.toBe('');
  });
});
