import {
  boundsOf,
  layoutTree,
  r1,
  type ChartBox,
  type ChartLayout,
  type PersonSummary,
} from '@bagysh/shared';

/** Generations of ancestors shown at first: the person and four above (16 great-great-grandparents). */
export const PEDIGREE_GENERATIONS = 4;
/** Generations an expand button adds above its person. */
export const PEDIGREE_STEP = 2;

export const pedigreeBox = { width: 200, height: 60, columnGap: 56, rowGap: 10 } as const;

/**
 * What the reader has opened or closed, by person (so it holds when the chart is recentred on
 * another person: an ancestor keeps his state wherever he is drawn).
 */
export interface PedigreeState {
  /** Persons whose parents, and theirs, are shown beyond the first five generations. */
  expanded: ReadonlySet<number>;
  /** Persons whose ancestors are hidden, in any generation. */
  collapsed: ReadonlySet<number>;
}

/**
 * The pedigree: the person at the left, each person's father above their mother one column to
 * the right. A tidy tree laid out sideways (the shared layout with rows as columns), so the
 * columns stay as short as the known ancestors allow. A box's key is its path from the person:
 * '' for them, 'f' their father, 'fm' his mother… so the same ancestor reached twice is two
 * boxes. A person's parents are shown up to the fifth generation and two generations above an
 * expanded person, unless he is collapsed.
 */
export function layoutPedigree(
  rootId: number,
  persons: ReadonlyMap<number, PersonSummary>,
  { expanded, collapsed }: PedigreeState,
): ChartLayout {
  const { width, height, columnGap, rowGap } = pedigreeBox;
  // Slots are numbered as they are met: layoutTree wants numbers, a person may fill two slots.
  const keys: string[] = [];
  const slotOf = (key: string) => {
    keys.push(key);
    return keys.length - 1;
  };
  const personAt = new Map<number, PersonSummary>();
  const kids = new Map<number, number[]>();
  const toggles = new Map<number, ChartBox['toggle']>();

  const root = persons.get(rootId);
  if (root) {
    // Each slot carries the deepest generation whose parents are shown on its line.
    const stack: Array<[slot: number, person: PersonSummary, reach: number]> = [
      [slotOf(''), root, PEDIGREE_GENERATIONS - 1],
    ];
    personAt.set(0, root);
    while (stack.length > 0) {
      const [slot, person, inherited] = stack.pop()!;
      const key = keys[slot]!;
      const depth = key.length;
      const reach = expanded.has(person.id)
        ? Math.max(inherited, depth + PEDIGREE_STEP - 1)
        : inherited;
      const parentIds = [person.father_id, person.mother_id];
      if (parentIds.every((id) => id === null)) {
        toggles.set(slot, 'none');
        continue;
      }
      if (collapsed.has(person.id) || depth > reach) {
        toggles.set(slot, 'expand');
        continue;
      }
      const children: number[] = [];
      let missing = false;
      parentIds.forEach((id, side) => {
        if (id === null) return;
        const parent = persons.get(id);
        if (!parent) {
          missing = true;
          return;
        }
        const parentSlot = slotOf(key + (side === 0 ? 'f' : 'm'));
        personAt.set(parentSlot, parent);
        children.push(parentSlot);
        stack.push([parentSlot, parent, reach]);
      });
      kids.set(slot, children);
      toggles.set(slot, missing ? 'loading' : 'collapse');
    }
  }

  const tree = layoutTree(0, (slot) => kids.get(slot), {
    nodeWidth: height,
    nodeHeight: width,
    siblingGap: rowGap,
    subtreeGap: rowGap * 2,
    levelGap: columnGap,
  });
  const boxes: ChartBox[] = [];
  const centre = new Map<number, { x: number; y: number }>();
  for (const node of root ? tree.nodes : []) {
    const person = personAt.get(node.id);
    if (!person) continue;
    const box: ChartBox = {
      key: keys[node.id]!,
      person,
      x: node.y,
      y: node.x - height / 2,
      depth: node.depth,
      parentKey: node.parentId === null ? null : keys[node.parentId]!,
      toggle: toggles.get(node.id) ?? 'none',
    };
    boxes.push(box);
    centre.set(node.id, { x: box.x, y: node.x });
  }
  const edges: string[] = [];
  for (const node of root ? tree.nodes : []) {
    const from = centre.get(node.id);
    if (!from) continue;
    for (const child of node.childIds) {
      const to = centre.get(child);
      if (!to) continue;
      const mid = from.x + width + columnGap / 2;
      edges.push(`M${r1(from.x + width)} ${r1(from.y)}H${r1(mid)}V${r1(to.y)}H${r1(to.x)}`);
    }
  }
  return {
    boxes,
    edges: edges.join(''),
    unionEdges: '',
    direction: 'right',
    boxWidth: width,
    boxHeight: height,
    bounds: boundsOf(boxes, width, height),
  };
}
