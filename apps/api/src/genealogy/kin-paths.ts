import type { RelationLink } from '@bagysh/shared';
import type { KinGraph } from './kin-graph';

/**
 * Paths through the kin graph: walks up and down from a person, joined where they meet, kept
 * only when they are a relation in their own right, and ranked (blood first, then shorter).
 */

/** A path of ids with the link of each step (`links[i]`: what `ids[i + 1]` is to `ids[i]`). */
export interface Walk {
  ids: number[];
  links: RelationLink[];
}

const isUp = (link: RelationLink) => link === 'father' || link === 'mother' || link === 'parent';
const isSpouse = (link: RelationLink) => link === 'husband' || link === 'wife' || link === 'spouse';

/** Every walk up from `start`, at most `generations` links long, the start itself first. */
export function walksUp(graph: KinGraph, start: number, generations: number, cap: number): Walk[] {
  const walks: Walk[] = [{ ids: [start], links: [] }];
  for (let i = 0; i < walks.length && walks.length < cap; i++) {
    const walk = walks[i] as Walk;
    if (walk.links.length >= generations) continue;
    const top = walk.ids[walk.ids.length - 1] as number;
    for (const [parent, link] of graph.parentsOf(top)) {
      if (walk.ids.includes(parent)) continue;
      walks.push({ ids: [...walk.ids, parent], links: [...walk.links, link] });
    }
  }
  return walks;
}

/** `up` followed by every walk down from its top, at most `generations` links. */
function walksDown(graph: KinGraph, up: Walk, generations: number, out: Walk[], cap: number) {
  const pending: Walk[] = [up];
  while (pending.length > 0 && out.length < cap) {
    const walk = pending.pop() as Walk;
    out.push(walk);
    const down = walk.links.length - up.links.length;
    if (down >= generations) continue;
    const end = walk.ids[walk.ids.length - 1] as number;
    for (const child of graph.childrenOf(end)) {
      // Not back down the way up: that piece would be a shorter relation.
      if (walk.ids.includes(child)) continue;
      pending.push({ ids: [...walk.ids, child], links: [...walk.links, graph.childLink(child)] });
    }
  }
}

/** The walk the other way round: B … A becomes A … B. */
export function reverseWalk(graph: KinGraph, walk: Walk): Walk {
  const ids = [...walk.ids].reverse();
  const links: RelationLink[] = [];
  for (let i = walk.ids.length - 1; i > 0; i--) {
    const from = walk.ids[i] as number;
    const to = walk.ids[i - 1] as number;
    // `from` was what `to` led to; turned round, `to` is its child or its parent.
    links.push(
      isUp(walk.links[i - 1] as RelationLink) ? graph.childLink(to) : graph.parentLink(to, from),
    );
  }
  return { ids, links };
}

/** `first` then `second`: through a spouse link, or (null) sharing the person they meet at. */
export function joinWalks(first: Walk, link: RelationLink | null, second: Walk): Walk {
  const ids = link === null ? second.ids.slice(1) : second.ids;
  const links = link === null ? second.links : [link, ...second.links];
  return { ids: [...first.ids, ...ids], links: [...first.links, ...links] };
}

/** The blood piece A ↑ top ↓ B from a walk up from A and a walk up from B to the same top. */
export function meet(graph: KinGraph, fromA: Walk, fromB: Walk): Walk | null {
  const top = fromA.ids[fromA.ids.length - 1];
  if (fromB.ids[fromB.ids.length - 1] !== top) return null;
  // The two sides share the top only: a lower common person would be a closer relation.
  const sideA = new Set(fromA.ids.slice(0, -1));
  if (fromB.ids.slice(0, -1).some((id) => sideA.has(id))) return null;
  return joinWalks(fromA, null, reverseWalk(graph, fromB));
}

/**
 * Whether a walk is a relation in its own right: every person once, and no marriage that
 * stands for a parent or a child already on the path (A's father's wife who is A's mother).
 */
function isRelation(graph: KinGraph, walk: Walk): boolean {
  if (new Set(walk.ids).size !== walk.ids.length) return false;
  for (let k = 0; k < walk.links.length; k++) {
    if (!isSpouse(walk.links[k] as RelationLink)) continue;
    const p = walk.ids[k] as number;
    const q = walk.ids[k + 1] as number;
    const before = walk.links[k - 1];
    if (before !== undefined && isUp(before) && graph.isParent(q, walk.ids[k - 1] as number)) {
      return false;
    }
    const after = walk.links[k + 1];
    if (after !== undefined && !isUp(after) && !isSpouse(after)) {
      if (graph.isParent(p, walk.ids[k + 2] as number)) return false;
    }
  }
  return true;
}

/**
 * The same relation through either parent of a couple counts once: a walk's key has every
 * turning person (up, then down) left out.
 */
function relationKey(walk: Walk): string {
  return walk.ids
    .map((id, i) => {
      const before = walk.links[i - 1];
      const after = walk.links[i];
      const turn =
        before !== undefined &&
        after !== undefined &&
        isUp(before) &&
        !isUp(after) &&
        !isSpouse(after);
      return turn ? '*' : String(id);
    })
    .join(',');
}

function rank(walk: Walk): number[] {
  const marriages = walk.links.filter(isSpouse).length;
  const mothers = walk.links.filter((link) => link === 'mother' || link === 'daughter').length;
  return [marriages > 0 ? 1 : 0, walk.ids.length, marriages, mothers];
}

export function compareWalks(x: Walk, y: Walk): number {
  const rx = rank(x);
  const ry = rank(y);
  for (let i = 0; i < rx.length; i++) {
    const d = (rx[i] as number) - (ry[i] as number);
    if (d !== 0) return d;
  }
  return x.ids.join(',') < y.ids.join(',') ? -1 : 1;
}

/** Every walk from `start` up to `up` generations and then down to `down`, the start first. */
export async function nearKin(
  graph: KinGraph,
  starts: readonly number[],
  up: number,
  down: number,
  cap: number,
): Promise<Map<number, Walk[]>> {
  const ups = new Map(starts.map((start) => [start, walksUp(graph, start, up, cap)]));
  const all = new Map<number, Walk[]>(starts.map((start) => [start, []]));
  // Down one generation at a time: one query for the whole frontier.
  let frontier = new Set(
    [...ups.values()].flat().map((walk) => walk.ids[walk.ids.length - 1] as number),
  );
  for (let level = 0; level < down && frontier.size > 0; level++) {
    await graph.loadChildren(frontier);
    const next = new Set<number>();
    for (const id of frontier) for (const child of graph.childrenOf(id)) next.add(child);
    frontier = next;
  }
  for (const [start, walks] of ups) {
    const out = all.get(start) as Walk[];
    for (const walk of walks) walksDown(graph, walk, down, out, cap);
  }
  return all;
}

/** Collects candidate relations, each key once, and notes when a bound was reached. */
export class Candidates {
  readonly walks = new Map<string, Walk>();
  truncated = false;

  constructor(
    private readonly graph: KinGraph,
    private readonly cap: number,
  ) {}

  add(walk: Walk | null): void {
    if (!walk || !isRelation(this.graph, walk)) return;
    if (this.walks.size >= this.cap) {
      this.truncated = true;
      return;
    }
    const key = relationKey(walk);
    const seen = this.walks.get(key);
    if (!seen || compareWalks(walk, seen) < 0) this.walks.set(key, walk);
  }
}

export function groupByEnd(walks: readonly Walk[]): Map<number, Walk[]> {
  const byEnd = new Map<number, Walk[]>();
  for (const walk of walks) {
    const end = walk.ids[walk.ids.length - 1] as number;
    const list = byEnd.get(end);
    if (list) list.push(walk);
    else byEnd.set(end, [walk]);
  }
  return byEnd;
}
