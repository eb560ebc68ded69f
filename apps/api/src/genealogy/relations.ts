import {
  nameRelation,
  type NamingStep,
  type Relation,
  type RelationLink,
  type RelationsResponse,
  type Sex,
} from '@bagysh/shared';
import type { Db } from '../db/client';
import { notFound } from '../lib/http-errors';
import { KinGraph } from './kin-graph';
import {
  Candidates,
  compareWalks,
  groupByEnd,
  joinWalks,
  meet,
  nearKin,
  reverseWalk,
  walksUp,
  type Walk,
} from './kin-paths';
import { projectKin, type Viewer } from './privacy';

/**
 * Every way two persons are related: paths of parent, child and spouse links, each
 * piece between two marriages going up to a common ancestor and down again. Bidirectional: the
 * ancestors of A and of B meet at their common ancestors (one recursive query), and for kin by
 * marriage the near kin of A and of B (a few generations up, then down, in batches of one query
 * per generation) meet at a union. Nothing is walked beyond the limits, so the time and memory
 * stay bounded whatever the tree's size. The graph it reads is kin-graph.ts; the walks through
 * it, kin-paths.ts; here the search and the naming of what it finds.
 *
 * Privacy: a guest follows the father line always (it is public), a mother link, an adoptive
 * parent or a union only when neither end is a living person (the comparison's rule), and sees
 * the persons on a path as `projectKin` shows them.
 */

export interface RelationLimits {
  /** Generations up from each side for a blood relation. */
  bloodGenerations: number;
  /** Spouse links on a path. */
  marriages: number;
  /** Generations up and down in each blood piece of a relation by marriage. */
  marriageUp: number;
  marriageDown: number;
  /** Paths considered before the search stops and says `truncated`. */
  maxCandidates: number;
}

export const DEFAULT_RELATION_LIMITS: RelationLimits = {
  bloodGenerations: 10,
  marriages: 2,
  // Two up and two down hold every word of docs/kyrgyz.md, Kin by marriage (жезде: father's
  // sister's husband).
  marriageUp: 2,
  marriageDown: 2,
  maxCandidates: 5000,
};

/** Every relation between A and B within `limits`, ranked, at most `max`. */
export async function findRelations(
  db: Db,
  aId: number,
  bId: number,
  viewer: Viewer,
  max: number,
  limits: RelationLimits = DEFAULT_RELATION_LIMITS,
): Promise<RelationsResponse> {
  const graph = new KinGraph(db, viewer);
  // Blood: the ancestors of A and B meet at a common ancestor.
  await graph.loadAncestors([aId, bId], limits.bloodGenerations);
  if (!graph.rows.has(aId) || !graph.rows.has(bId)) throw notFound();
  const candidates = new Candidates(graph, limits.maxCandidates);
  const cap = limits.maxCandidates;

  const upA = walksUp(graph, aId, limits.bloodGenerations, cap);
  const upB = walksUp(graph, bId, limits.bloodGenerations, cap);
  if (upA.length >= cap || upB.length >= cap) candidates.truncated = true;
  const upBByTop = groupByEnd(upB);
  for (const walk of upA) {
    for (const other of upBByTop.get(walk.ids[walk.ids.length - 1] as number) ?? []) {
      candidates.add(meet(graph, walk, other));
    }
  }

  if (limits.marriages >= 1 && aId !== bId) {
    await findByMarriage(graph, aId, bId, limits, candidates);
  }

  const ranked = [...candidates.walks.values()].sort(compareWalks);
  const answered = ranked.slice(0, max);
  await graph.loadLineageNames(new Set(answered.flatMap((walk) => walk.ids)));
  return {
    a: aId,
    b: bId,
    relations: answered.map((walk) => describe(graph, viewer, walk)),
    truncated: candidates.truncated || ranked.length > max,
  };
}

async function findByMarriage(
  graph: KinGraph,
  aId: number,
  bId: number,
  limits: RelationLimits,
  candidates: Candidates,
): Promise<void> {
  const cap = limits.maxCandidates;
  const near = await nearKin(graph, [aId, bId], limits.marriageUp, limits.marriageDown, cap);
  const nearA = near.get(aId) ?? [];
  const nearB = near.get(bId) ?? [];
  if (nearA.length >= cap || nearB.length >= cap) candidates.truncated = true;
  const ends = (walks: Walk[]) => walks.map((walk) => walk.ids[walk.ids.length - 1] as number);
  await graph.loadSpouses([...ends(nearA), ...ends(nearB)]);
  const nearBByEnd = groupByEnd(nearB);

  // One marriage: A … X ═ Y … B.
  for (const walk of nearA) {
    const x = walk.ids[walk.ids.length - 1] as number;
    for (const y of graph.spousesOf(x)) {
      for (const other of nearBByEnd.get(y) ?? []) {
        candidates.add(joinWalks(walk, graph.spouseLink(y), reverseWalk(graph, other)));
      }
    }
  }
  if (limits.marriages < 2) return;

  // Two marriages: A … X ═ X' ↑ top ↓ Y' ═ Y … B; the middle piece meets at a common ancestor.
  const spousesA = new Set(ends(nearA).flatMap((x) => graph.spousesOf(x)));
  const spousesB = new Set(ends(nearB).flatMap((y) => graph.spousesOf(y)));
  await graph.loadAncestors([...spousesA, ...spousesB], limits.marriageUp);
  // Spouses of B's near kin → those near kin (the unions were loaded from B's side).
  const spousesOfNearB = new Map<number, number[]>();
  for (const y of new Set(ends(nearB))) {
    for (const ys of graph.spousesOf(y))
      spousesOfNearB.set(ys, [...(spousesOfNearB.get(ys) ?? []), y]);
  }
  const middleB = new Map<number, Walk[]>();
  for (const y of spousesB) {
    for (const walk of walksUp(graph, y, limits.marriageUp, cap)) {
      const top = walk.ids[walk.ids.length - 1] as number;
      middleB.set(top, [...(middleB.get(top) ?? []), walk]);
    }
  }
  const upFromSpouseA = new Map<number, Walk[]>();
  for (const xs of spousesA) upFromSpouseA.set(xs, walksUp(graph, xs, limits.marriageUp, cap));
  for (const walk of nearA) {
    const x = walk.ids[walk.ids.length - 1] as number;
    for (const xs of graph.spousesOf(x)) {
      const toX = joinWalks(walk, graph.spouseLink(xs), { ids: [xs], links: [] });
      for (const up of upFromSpouseA.get(xs) ?? []) {
        for (const down of middleB.get(up.ids[up.ids.length - 1] as number) ?? []) {
          const middle = meet(graph, up, down);
          if (!middle) continue;
          const ys = middle.ids[middle.ids.length - 1] as number;
          const toMiddle = joinWalks(toX, null, middle);
          for (const y of spousesOfNearB.get(ys) ?? []) {
            for (const other of nearBByEnd.get(y) ?? []) {
              candidates.add(joinWalks(toMiddle, graph.spouseLink(y), reverseWalk(graph, other)));
            }
          }
          if (candidates.truncated) return;
        }
      }
    }
  }
}

/** A walk as the API shows it: the persons as the viewer may see them, named in Kyrgyz. */
function describe(graph: KinGraph, viewer: Viewer, walk: Walk): Relation {
  return relationAlong(
    walk.ids.map((id, i) => ({
      row: projectKin(graph.row(id), viewer),
      link: i === 0 ? null : (walk.links[i - 1] as RelationLink),
    })),
  );
}

/** The fields of a person a relation's path shows and names. */
export interface PathPerson {
  id: number;
  name: string;
  sex: Sex;
  birth_year: number | null;
  death_year: number | null;
  birth_order: number | null;
  father_name?: string | null;
  grandfather_name?: string | null;
}

/** A path of persons, each with its link to the one before, as a named relation. */
export function relationAlong(
  steps: readonly { row: PathPerson; link: RelationLink | null }[],
): Relation {
  const naming: NamingStep[] = steps.map(({ row, link }) => ({
    name: row.name,
    sex: row.sex,
    link,
    birth_year: row.birth_year,
    birth_order: row.birth_order,
  }));
  return {
    ...nameRelation(naming),
    path: steps.map(({ row, link }) => ({
      id: row.id,
      name: row.name,
      sex: row.sex,
      birth_year: row.birth_year,
      death_year: row.death_year,
      father_name: row.father_name ?? null,
      grandfather_name: row.grandfather_name ?? null,
      link,
    })),
  };
}
