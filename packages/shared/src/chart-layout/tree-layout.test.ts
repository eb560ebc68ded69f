import { describe, expect, it } from 'vitest';
import { defaultLayoutOptions, layoutTree, type TreeLayout } from './tree-layout';

type Children = Map<number, number[]>;

/** A random tree: every node gets 0–`maxChildren` children until `size` nodes exist. */
function randomTree(size: number, maxChildren: number, seed = 7): Children {
  let state = seed;
  const random = () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state / 2 ** 31;
  };
  const children: Children = new Map();
  const queue = [0];
  let next = 1;
  while (queue.length > 0 && next < size) {
    const id = queue.shift()!;
    const count = Math.min(size - next, Math.floor(random() * (maxChildren + 1)));
    const kids = Array.from({ length: count }, () => next++);
    children.set(id, kids);
    queue.push(...kids);
    if (queue.length === 0 && next < size) queue.push(next - 1);
  }
  return children;
}

function expectTidy(layout: TreeLayout) {
  const { nodeWidth, siblingGap } = layout.options;
  for (const row of layout.rows) {
    for (let i = 1; i < row.length; i++) {
      // Boxes of one generation never overlap and keep at least the sibling gap.
      expect(row[i]!.x - row[i - 1]!.x).toBeGreaterThanOrEqual(nodeWidth + siblingGap - 1e-9);
    }
  }
  for (const node of layout.nodes) {
    if (node.childIds.length === 0) continue;
    const first = layout.byId.get(node.childIds[0]!)!;
    const last = layout.byId.get(node.childIds[node.childIds.length - 1]!)!;
    expect(node.x).toBeCloseTo((first.x + last.x) / 2, 9);
  }
}

describe('layoutTree', () => {
  it('lays out a single person at the origin', () => {
    const layout = layoutTree(1, () => undefined);
    expect(layout.nodes).toHaveLength(1);
    expect(layout.byId.get(1)).toMatchObject({ x: 0, y: 0, depth: 0, parentId: null });
    expect(layout.bounds.maxX - layout.bounds.minX).toBe(defaultLayoutOptions.nodeWidth);
  });

  it('centres the parent over its children and keeps the birth order given', () => {
    const children: Children = new Map([[1, [30, 10, 20]]]);
    const layout = layoutTree(1, (id) => children.get(id));
    const xs = [30, 10, 20].map((id) => layout.byId.get(id)!.x);
    expect(xs[0]).toBeLessThan(xs[1]!);
    expect(xs[1]).toBeLessThan(xs[2]!);
    expect(layout.byId.get(1)!.x).toBeCloseTo((xs[0]! + xs[2]!) / 2);
    expect(layout.byId.get(10)).toMatchObject({ index: 1, siblingCount: 3, depth: 1, parentId: 1 });
    expect(layout.rows[1]!.map((node) => node.id)).toEqual([30, 10, 20]);
  });

  it('packs subtrees without overlap at any depth', () => {
    // A wide subtree next to a narrow one: the narrow one must clear the wide grandchildren.
    const children: Children = new Map([
      [1, [2, 3, 4]],
      [2, [5, 6, 7, 8]],
      [4, [9]],
      [9, [10, 11, 12, 13, 14]],
    ]);
    const layout = layoutTree(1, (id) => children.get(id));
    expectTidy(layout);
    // Cousins get the wider gap between different families.
    const row = layout.rows[2]!.map((node) => node.id);
    expect(row).toEqual([5, 6, 7, 8, 9]);
    expect(layout.byId.get(9)!.x - layout.byId.get(8)!.x).toBeGreaterThanOrEqual(
      defaultLayoutOptions.nodeWidth + defaultLayoutOptions.subtreeGap,
    );
  });

  it('stays tidy on a random tree of 3,000 people', () => {
    const children = randomTree(3000, 5);
    const layout = layoutTree(0, (id) => children.get(id));
    expect(layout.nodes).toHaveLength(3000);
    expectTidy(layout);
  });

  it('keeps everyone in order when a node expands', () => {
    const children: Children = new Map([
      [1, [2, 3, 4]],
      [2, [5, 6]],
      [3, [7]],
      [4, [8, 9]],
    ]);
    const before = layoutTree(1, (id) => children.get(id));
    children.set(7, [10, 11, 12, 13]);
    const after = layoutTree(1, (id) => children.get(id));
    expectTidy(after);
    for (const [depth, row] of before.rows.entries()) {
      const order = row.map((node) => node.id);
      const afterOrder = after.rows[depth]!.map((node) => node.id).filter((id) =>
        order.includes(id),
      );
      expect(afterOrder).toEqual(order);
    }
    // The expanded node's own subtree is centred under it.
    const seven = after.byId.get(7)!;
    expect(seven.x).toBeCloseTo((after.byId.get(10)!.x + after.byId.get(13)!.x) / 2);
  });

  it('draws a person listed twice only once (bad data must not loop)', () => {
    const children: Children = new Map([
      [1, [2, 3]],
      [2, [1, 3]],
    ]);
    const layout = layoutTree(1, (id) => children.get(id));
    expect(layout.nodes.map((node) => node.id).sort()).toEqual([1, 2, 3]);
  });

  it('survives a lineage 5,000 generations deep without recursion', () => {
    const layout = layoutTree(0, (id) => (id < 4999 ? [id + 1] : undefined));
    expect(layout.rows).toHaveLength(5000);
    expect(layout.byId.get(4999)!.x).toBe(0);
  });
});
