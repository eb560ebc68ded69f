import type { PersonSummary } from '../persons';

/** What the button beside a box does: nothing, show more, hide, or wait for the data. */
export type ToggleState = 'none' | 'expand' | 'collapse' | 'loading';

/** One drawn box. A person may be drawn twice in a pedigree (cousins married), so boxes have keys. */
export interface ChartBox {
  key: string;
  person: PersonSummary;
  /** Top-left corner, in world pixels. */
  x: number;
  y: number;
  /** Generations from the chart's person (0 for them). */
  depth: number;
  /** The key of the box this one hangs from (toward the chart's person); null for them. */
  parentKey: string | null;
  toggle: ToggleState;
}

/** A laid-out chart: boxes of one size, the connectors as one path, and the extent. */
export interface ChartLayout {
  boxes: ChartBox[];
  edges: string;
  /** Dashed: a child's connector to the other parent when both are drawn (descendant chart). */
  unionEdges: string;
  /** 'right': ancestors to the right of the person; 'down': descendants below. */
  direction: 'right' | 'down';
  boxWidth: number;
  boxHeight: number;
  bounds: { minX: number; maxX: number; minY: number; maxY: number };
}

/** Where an arrow key moves: away from the chart's person, back toward them, or along a generation. */
export type Step = 'away' | 'back' | 'previous' | 'next';

/**
 * The box an arrow key moves to from `from`, or undefined at an edge: away, the middle of the
 * boxes hanging from it (a pedigree: the father); back, the box it hangs from; previous and
 * next, its neighbours in the same generation.
 */
export function stepFrom(layout: ChartLayout, from: ChartBox, step: Step): ChartBox | undefined {
  if (step === 'back') return layout.boxes.find((box) => box.key === from.parentKey);
  if (step === 'away') {
    const next = layout.boxes.filter((box) => box.parentKey === from.key);
    return next[Math.floor((next.length - 1) / 2)];
  }
  const across = layout.direction === 'right' ? 'y' : 'x';
  const row = layout.boxes
    .filter((box) => box.depth === from.depth)
    .sort((a, b) => a[across] - b[across]);
  return row[row.indexOf(from) + (step === 'next' ? 1 : -1)];
}

/** A copy of `set` without `value`. */
export function without<T>(set: ReadonlySet<T>, value: T): Set<T> {
  return new Set([...set].filter((item) => item !== value));
}

export const r1 = (value: number) => Math.round(value * 10) / 10;

export function boundsOf(
  boxes: readonly ChartBox[],
  width: number,
  height: number,
): ChartLayout['bounds'] {
  if (boxes.length === 0) return { minX: 0, maxX: width, minY: 0, maxY: height };
  let minX = Infinity;
  let maxX = -Infinity;
  let minY = Infinity;
  let maxY = -Infinity;
  for (const box of boxes) {
    minX = Math.min(minX, box.x);
    maxX = Math.max(maxX, box.x + width);
    minY = Math.min(minY, box.y);
    maxY = Math.max(maxY, box.y + height);
  }
  return { minX, maxX, minY, maxY };
}
