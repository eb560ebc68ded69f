import type { RelationLink, RelationStep } from '@bagysh/shared';
import { describe, expect, it } from 'vitest';
import { relationLayout } from './relation-layout';

/** A path from its links: person i is named P{i}; the first has no link. */
function pathOf(...links: RelationLink[]): RelationStep[] {
  return [null, ...links].map((link, index) => ({
    id: index + 1,
    name: `P${index}`,
    sex: 'M',
    birth_year: null,
    death_year: null,
    father_name: null,
    grandfather_name: null,
    link,
  }));
}

const places = (path: RelationStep[]) =>
  relationLayout(path).cells.map((cell) => [cell.step.name, cell.column, cell.row]);

describe('relationLayout', () => {
  it('draws one person alone', () => {
    const layout = relationLayout(pathOf());
    expect(layout).toMatchObject({ columns: 1, rows: 1, edges: [] });
  });

  it("climbs A's line in one column and comes down to B as a tree does (a cousin)", () => {
    const path = pathOf('father', 'father', 'son', 'son');
    const layout = relationLayout(path);
    expect(places(path)).toEqual([
      ['P0', 0, 2],
      ['P1', 0, 1],
      ['P2', 0, 0],
      ['P3', 1, 1],
      ['P4', 2, 2],
    ]);
    expect(layout.edges.map((edge) => edge.direction)).toEqual(['up', 'up', 'down', 'down']);
    expect(layout).toMatchObject({ columns: 3, rows: 3 });
  });

  it("puts a spouse beside, on the same row (wife's younger brother, кайни)", () => {
    const path = pathOf('wife', 'father', 'son');
    expect(places(path)).toEqual([
      ['P0', 0, 1],
      ['P1', 1, 1],
      ['P2', 1, 0],
      ['P3', 2, 1],
    ]);
    expect(relationLayout(path).edges[0]).toEqual({
      from: 0,
      to: 1,
      link: 'wife',
      direction: 'across',
    });
  });

  it("draws a child's mother above the child, beside its father", () => {
    expect(places(pathOf('son', 'mother'))).toEqual([
      ['P0', 0, 0],
      ['P1', 1, 1],
      ['P2', 1, 0],
    ]);
  });

  it('never puts two persons in one cell, whatever the mix of links', () => {
    const links: RelationLink[] = ['father', 'mother', 'son', 'daughter', 'husband', 'wife'];
    let seed = 7;
    const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648);
    for (let round = 0; round < 200; round++) {
      const path = pathOf(...Array.from({ length: next() % 12 }, () => links[next() % 6]!));
      const layout = relationLayout(path);
      const cells = layout.cells.map((cell) => `${cell.column}:${cell.row}`);
      expect(new Set(cells).size).toBe(cells.length);
      for (const cell of layout.cells) {
        expect(cell.row).toBeGreaterThanOrEqual(0);
        expect(cell.row).toBeLessThan(layout.rows);
        expect(cell.column).toBeLessThan(layout.columns);
      }
    }
  });
});
