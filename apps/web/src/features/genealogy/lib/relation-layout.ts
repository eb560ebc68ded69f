import type { RelationLink, RelationStep } from '@bagysh/shared';

/** Which way a link goes on the diagram: up to a parent, down to a child, across to a spouse. */
export type LinkDirection = 'up' | 'down' | 'across';

export function linkDirection(link: RelationLink): LinkDirection {
  switch (link) {
    case 'father':
    case 'mother':
    case 'parent':
      return 'up';
    case 'son':
    case 'daughter':
    case 'child':
      return 'down';
    case 'husband':
    case 'wife':
    case 'spouse':
      return 'across';
  }
}

/** A person of the path on the diagram's grid (column 0 is A's, row 0 the topmost). */
export interface LayoutCell {
  step: RelationStep;
  column: number;
  row: number;
}

/** The link from `cells[to - 1]` to `cells[to]`. */
export interface LayoutEdge {
  from: number;
  to: number;
  link: RelationLink;
  direction: LinkDirection;
}

export interface RelationLayout {
  cells: LayoutCell[];
  edges: LayoutEdge[];
  columns: number;
  rows: number;
}

/**
 * Places a path on a grid as a family tree is drawn: a parent straight above the child it was
 * reached from (so A's line climbs one column, as on the present diagram), a child one column
 * to the right and one row below, a spouse one column to the right on the same row. Columns
 * only grow except on the way up, so no two persons share a cell.
 */
export function relationLayout(path: readonly RelationStep[]): RelationLayout {
  const cells: LayoutCell[] = [];
  const edges: LayoutEdge[] = [];
  let column = 0;
  let row = 0;
  path.forEach((step, index) => {
    if (index > 0 && step.link) {
      const direction = linkDirection(step.link);
      if (direction === 'up') row -= 1;
      else {
        column += 1;
        if (direction === 'down') row += 1;
      }
      edges.push({ from: index - 1, to: index, link: step.link, direction });
    }
    cells.push({ step, column, row });
  });
  const top = Math.min(0, ...cells.map((cell) => cell.row));
  for (const cell of cells) cell.row -= top;
  return {
    cells,
    edges,
    columns: column + 1,
    rows: Math.max(0, ...cells.map((cell) => cell.row)) + 1,
  };
}
