// @vitest-environment node
// Layout speed: npx vitest bench --project web apps/web/src/features/sanjyra-tree
// The budget is 50 ms for 10,000 expanded people; it is measured here, not asserted in tests.
import { bench, describe } from 'vitest';
import { layoutTree } from '@bagysh/shared';

function bushyTree(size: number, branching: number): Map<number, number[]> {
  const children = new Map<number, number[]>();
  for (let id = 1; id < size; id++) {
    const parent = Math.floor((id - 1) / branching);
    const list = children.get(parent) ?? [];
    list.push(id);
    children.set(parent, list);
  }
  return children;
}

/** Uneven families, as in a real санжыра: 0–7 sons, some lines long and thin. */
function unevenTree(size: number): Map<number, number[]> {
  let seed = 11;
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  const children = new Map<number, number[]>();
  const open = [0];
  let next = 1;
  while (next < size) {
    const at = Math.floor(random() * open.length);
    const parent = open[at]!;
    const count = Math.min(size - next, 1 + Math.floor(random() * 7));
    const kids = Array.from({ length: count }, () => next++);
    children.set(parent, kids);
    open.splice(at, 1, ...kids);
  }
  return children;
}

describe('layoutTree, 10,000 people', () => {
  const bushy = bushyTree(10_000, 4);
  const uneven = unevenTree(10_000);
  const wide = bushyTree(10_000, 100);
  bench('four children each (depth 7)', () => {
    layoutTree(0, (id) => bushy.get(id));
  });
  bench('uneven families', () => {
    layoutTree(0, (id) => uneven.get(id));
  });
  bench('one hundred children each (wide rows)', () => {
    layoutTree(0, (id) => wide.get(id));
  });
});
