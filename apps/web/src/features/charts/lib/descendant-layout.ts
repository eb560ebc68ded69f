import type { PersonSummary } from '@bagysh/shared';
import { layoutTree } from '../../../lib/svg-chart/layout';
import { boundsOf, r1, type ChartBox, type ChartLayout } from './chart-layout';

/** Generations below the person shown at first. */
export const DESCENDANT_GENERATIONS = 3;
/** Generations an expand button loads below its person. */
export const DESCENDANT_STEP = 2;

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
 * Children of each loaded person, in birth order. A child is drawn under the father when he is
 * in the chart, else under the mother: every line, through sons and through daughters.
 */
export function childrenIndex(persons: ReadonlyMap<number, PersonSummary>): Map<number, number[]> {
  const index = new Map<number, PersonSummary[]>();
  for (const person of persons.values()) {
    const parent =
      person.father_id !== null && persons.has(person.father_id)
        ? person.father_id
        : person.mother_id !== null && persons.has(person.mother_id)
          ? person.mother_id
          : null;
    if (parent === null) continue;
    const list = index.get(parent) ?? [];
    list.push(person);
    index.set(parent, list);
  }
  return new Map(
    [...index].map(([parent, list]) => [parent, list.sort(siblingOrder).map((p) => p.id)]),
  );
}

/** The descendant chart, top-down: the person at the top, each generation one row lower. */
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
        toggle:
          person.child_count === 0 && !loaded
            ? 'none'
            : loading.has(node.id)
              ? 'loading'
              : loaded && !collapsed.has(node.id)
                ? 'collapse'
                : 'expand',
      });
      const parent = node.parentId === null ? undefined : tree.byId.get(node.parentId);
      if (parent) {
        const bus = parent.y + height + levelGap / 2;
        edges.push(
          `M${r1(parent.x)} ${r1(parent.y + height)}V${r1(bus)}H${r1(node.x)}V${r1(node.y)}`,
        );
      }
    }
  }
  return {
    boxes,
    edges: edges.join(''),
    direction: 'down',
    boxWidth: width,
    boxHeight: height,
    bounds: boundsOf(boxes, width, height),
  };
}
