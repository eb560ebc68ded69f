import type { PersonSummary } from '../persons';
import { layoutTree } from './tree-layout';
import { boundsOf, r1, type ChartBox, type ChartLayout, type ToggleState } from './chart-layout';

/** Box size and gaps of the descendant chart, in the screen's pixels (the poster scales them). */
export const descendantBox = { width: 180, height: 60, siblingGap: 14, levelGap: 48 } as const;

const NONE = Number.POSITIVE_INFINITY;

function siblingOrder(a: PersonSummary, b: PersonSummary): number {
  return (
    (a.birth_order ?? NONE) - (b.birth_order ?? NONE) ||
    (a.birth_year ?? NONE) - (b.birth_year ?? NONE) ||
    a.id - b.id
  );
}

/**
 * Children of each loaded person, in birth order, under each parent who is loaded: every line,
 * through sons and through daughters. A child of two loaded parents (a marriage inside the
 * tribe) is listed under both; the layout draws it once.
 */
export function childrenIndex(persons: ReadonlyMap<number, PersonSummary>): Map<number, number[]> {
  const index = new Map<number, PersonSummary[]>();
  for (const person of persons.values()) {
    for (const parent of [person.father_id, person.mother_id]) {
      if (parent === null || !persons.has(parent)) continue;
      const list = index.get(parent) ?? [];
      list.push(person);
      index.set(parent, list);
    }
  }
  return new Map(
    [...index].map(([parent, list]) => [parent, list.sort(siblingOrder).map((p) => p.id)]),
  );
}

/**
 * A box's button: none without children, or when all of them are drawn under the other parent
 * (hiding would hide nothing); else hide them, show them, or wait while they load.
 */
function toggleOf(state: {
  known: boolean;
  loaded: boolean;
  loading: boolean;
  collapsed: boolean;
  drawnBelow: boolean;
}): ToggleState {
  if (!state.known) return 'none';
  if (state.loading) return 'loading';
  if (!state.loaded || state.collapsed) return 'expand';
  return state.drawnBelow ? 'collapse' : 'none';
}

/**
 * The line from a parent's box down to a child's (each given by its centre `x` and top `y`):
 * down to a bus half a gap below the parent, across, down to the child. A union line (to a
 * child's other parent, drawn dashed) takes a lower bus, so that it is not read as a line of
 * siblings. An SVG path in the layout's pixels; the poster draws the same path in its PDF.
 */
export function descendantConnector(
  parent: { x: number; y: number },
  child: { x: number; y: number },
  union = false,
): string {
  const { height, levelGap } = descendantBox;
  const bus = parent.y + height + levelGap * (union ? 0.7 : 0.5);
  return `M${r1(parent.x)} ${r1(parent.y + height)}V${r1(bus)}H${r1(child.x)}V${r1(child.y)}`;
}

/**
 * The descendant chart, top-down: the person at the top, each generation one row lower. A child
 * whose father and mother are both drawn is drawn once, under the parent met first (left), and
 * joined to the other by a connector of its own (`unionEdges`).
 */
export function layoutDescendants(
  rootId: number,
  persons: ReadonlyMap<number, PersonSummary>,
  collapsed: ReadonlySet<number>,
  loading: ReadonlySet<number> = new Set(),
): ChartLayout {
  const { width, height, siblingGap, levelGap } = descendantBox;
  const index = childrenIndex(persons);
  const tree = layoutTree(rootId, (id) => (collapsed.has(id) ? undefined : index.get(id)), {
    nodeWidth: width,
    nodeHeight: height,
    siblingGap,
    subtreeGap: siblingGap * 2,
    levelGap,
  });
  const boxes: ChartBox[] = [];
  const edges: string[] = [];
  const unionEdges: string[] = [];
  if (persons.has(rootId)) {
    for (const node of tree.nodes) {
      const person = persons.get(node.id)!;
      const loaded = (index.get(node.id)?.length ?? 0) > 0;
      boxes.push({
        key: String(node.id),
        person,
        x: node.x - width / 2,
        y: node.y,
        depth: node.depth,
        parentKey: node.parentId === null ? null : String(node.parentId),
        toggle: toggleOf({
          known: person.child_count > 0 || loaded,
          loaded,
          loading: loading.has(node.id),
          collapsed: collapsed.has(node.id),
          drawnBelow: node.childIds.length > 0,
        }),
      });
      const parent = node.parentId === null ? undefined : tree.byId.get(node.parentId);
      if (parent) edges.push(descendantConnector(parent, node));
      const otherId = person.father_id === node.parentId ? person.mother_id : person.father_id;
      const other = otherId === null ? undefined : tree.byId.get(otherId);
      if (parent && other) unionEdges.push(descendantConnector(other, node, true));
    }
  }
  return {
    boxes,
    edges: edges.join(''),
    unionEdges: unionEdges.join(''),
    direction: 'down',
    boxWidth: width,
    boxHeight: height,
    bounds: boundsOf(boxes, width, height),
  };
}
