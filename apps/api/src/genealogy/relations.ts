import {
  nameRelation,
  type NamingStep,
  type Relation,
  type RelationLink,
  type RelationsResponse,
  type Sex,
} from '@bagysh/shared';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client';
import { notFound } from '../lib/http-errors';
import { intArray, lineageNameColumns } from './person-rows';
import { isRestricted, projectKin, type Viewer } from './privacy';

/**
 * Every way two persons are related (issue 17): paths of parent, child and spouse links, each
 * piece between two marriages going up to a common ancestor and down again. Bidirectional: the
 * ancestors of A and of B meet at their common ancestors (one recursive query), and for kin by
 * marriage the near kin of A and of B (a few generations up, then down, in batches of one query
 * per generation) meet at a union. Nothing is walked beyond the limits, so the time and memory
 * stay bounded whatever the tree's size.
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
  // Two up and two down hold every word of KYRGYZ.md §2b (жезде: father's sister's husband).
  marriageUp: 2,
  marriageDown: 2,
  maxCandidates: 5000,
};

interface Row {
  id: number;
  name: string;
  sex: Sex;
  father_id: number | null;
  mother_id: number | null;
  birth_year: number | null;
  death_year: number | null;
  death_date: string | null;
  is_living: boolean;
  birth_order: number | null;
  /** Read for the persons on the relations answered only (`loadLineageNames`). */
  father_name?: string | null;
  grandfather_name?: string | null;
}

interface ExtraParents {
  father_id: number | null;
  mother_id: number | null;
}

/** A path of ids with the link of each step (`links[i]`: what `ids[i + 1]` is to `ids[i]`). */
interface Walk {
  ids: number[];
  links: RelationLink[];
}

const COLUMNS = sql.raw(`id, name, sex, father_id, mother_id, birth_year, death_year,
  death_date, is_living, birth_order`);

// Step parents are a mother's husband or a father's wife: the union already links them.
const FURTHER_PARENTS = sql.raw(`relation <> 'step'`);

const isUp = (link: RelationLink) => link === 'father' || link === 'mother' || link === 'parent';
const isSpouse = (link: RelationLink) => link === 'husband' || link === 'wife' || link === 'spouse';

/** The part of the tree around A and B that the search reads, loaded in batches. */
class KinGraph {
  readonly rows = new Map<number, Row>();
  private readonly extraParents = new Map<number, ExtraParents[]>();
  private readonly children = new Map<number, number[]>();
  private readonly spouses = new Map<number, number[]>();

  constructor(
    private readonly db: Db,
    private readonly viewer: Viewer,
  ) {}

  row(id: number): Row {
    const row = this.rows.get(id);
    if (!row) throw new Error(`person ${id} was not loaded`);
    return row;
  }

  /**
   * The persons whose ids the SQL `idsQuery` selects, each with their further parent families,
   * in one query, so the ids query (a recursive walk up, a batch of children or of spouses) runs
   * once per batch. The ids are read into an array first (`= any(array(…))`), so persons are
   * read by their index whatever number of ids the planner guesses (as a semi-join, a batch of
   * 400 spouses read the whole persons table at 100k). At 1M persons this took all relations of
   * two random persons from p50 235 ms to 51.
   */
  private async loadWhere(idsQuery: SQL): Promise<Row[]> {
    const rows = await queryRows<Row & { further: ExtraParents[] }>(
      this.db,
      sql`select ${COLUMNS}, (
          select coalesce(json_agg(json_build_object('father_id', f.father_id,
              'mother_id', f.mother_id) order by f.position, f.id), '[]')
          from parent_families f where f.child_id = p.id and f.${FURTHER_PARENTS}
        ) as further
        from persons p where p.id = any(array(${idsQuery}))`,
    );
    for (const { further, ...row } of rows) {
      this.rows.set(row.id, row);
      this.extraParents.set(row.id, further);
    }
    return rows;
  }

  /** The father's and grandfather's names of loaded persons (the father line: never hidden). */
  async loadLineageNames(ids: ReadonlySet<number>): Promise<void> {
    if (ids.size === 0) return;
    const names = await queryRows<{
      id: number;
      father_name: string | null;
      grandfather_name: string | null;
    }>(
      this.db,
      sql`select p.id, ${lineageNameColumns('p')} from persons p
          where p.id = any(${intArray([...ids])})`,
    );
    for (const { id, father_name, grandfather_name } of names) {
      const row = this.rows.get(id);
      if (row) Object.assign(row, { father_name, grandfather_name });
    }
  }

  /** All ancestors of `starts` (and the starts) up to `generations`, in one round trip. */
  async loadAncestors(starts: readonly number[], generations: number): Promise<void> {
    await this.loadWhere(
      sql`with recursive up(id, level) as (
          select id, 0 from unnest(${intArray(starts)}) as s(id)
          union
          select parent.id, up.level + 1
          from up
          join persons p on p.id = up.id
          cross join lateral (
            select p.father_id as id
            union all select p.mother_id
            union all select f.father_id from parent_families f
              where f.child_id = p.id and f.${FURTHER_PARENTS}
            union all select f.mother_id from parent_families f
              where f.child_id = p.id and f.${FURTHER_PARENTS}
          ) parent
          where up.level < ${generations} and parent.id is not null
        )
        select id from up`,
    );
  }

  /** Children of `ids` (by birth or adoption), in one round trip. */
  async loadChildren(ids: Iterable<number>): Promise<void> {
    const missing = [...new Set(ids)].filter((id) => !this.children.has(id));
    if (missing.length === 0) return;
    const list = intArray(missing);
    const rows = await this.loadWhere(
      sql`select id from persons where father_id = any(${list})
        union all select id from persons where mother_id = any(${list})
        union all select child_id from parent_families
          where (father_id = any(${list}) or mother_id = any(${list})) and ${FURTHER_PARENTS}`,
    );
    const wanted = new Set(missing);
    for (const id of missing) this.children.set(id, []);
    for (const row of rows) {
      const parents = [row.father_id, row.mother_id];
      for (const family of this.extraParents.get(row.id) ?? []) {
        parents.push(family.father_id, family.mother_id);
      }
      for (const parent of new Set(parents)) {
        if (parent !== null && wanted.has(parent)) this.children.get(parent)?.push(row.id);
      }
    }
  }

  /** Spouses of `ids` and their persons, in one round trip. */
  async loadSpouses(ids: Iterable<number>): Promise<void> {
    const missing = [...new Set(ids)].filter((id) => !this.spouses.has(id));
    if (missing.length === 0) return;
    const list = intArray(missing);
    const unions = sql`select person1_id, person2_id from unions where person1_id = any(${list})
      union select person1_id, person2_id from unions where person2_id = any(${list})`;
    const [found] = await Promise.all([
      queryRows<{ person1_id: number; person2_id: number }>(this.db, unions),
      // The other spouse of each union (`ids` are loaded already: the walks' ends).
      this.loadWhere(
        sql`select person2_id from unions where person1_id = any(${list})
          union select person1_id from unions where person2_id = any(${list})`,
      ),
    ]);
    for (const id of missing) this.spouses.set(id, []);
    for (const { person1_id: x, person2_id: y } of found) {
      this.spouses.get(x)?.push(y);
      this.spouses.get(y)?.push(x);
    }
  }

  private restricted(id: number): boolean {
    const row = this.rows.get(id);
    return row === undefined || isRestricted(row, this.viewer);
  }

  private bothShown(x: number, y: number): boolean {
    return !this.restricted(x) && !this.restricted(y);
  }

  /** The parents of `id` the viewer may see, with what each is to `id`. */
  parentsOf(id: number): Array<[number, RelationLink]> {
    const row = this.rows.get(id);
    if (!row) return [];
    const parents: Array<[number, RelationLink]> = [];
    const add = (parent: number | null, link: RelationLink) => {
      if (parent !== null && this.rows.has(parent) && !parents.some(([p]) => p === parent)) {
        parents.push([parent, link]);
      }
    };
    add(row.father_id, 'father');
    if (row.mother_id !== null && this.bothShown(id, row.mother_id)) add(row.mother_id, 'mother');
    for (const family of this.extraParents.get(id) ?? []) {
      if (family.father_id !== null && this.bothShown(id, family.father_id)) {
        add(family.father_id, 'father');
      }
      if (family.mother_id !== null && this.bothShown(id, family.mother_id)) {
        add(family.mother_id, 'mother');
      }
    }
    return parents;
  }

  isParent(parent: number, child: number): boolean {
    return this.parentsOf(child).some(([id]) => id === parent);
  }

  /** The children of `id` the viewer may see (loaded with `loadChildren`). */
  childrenOf(id: number): number[] {
    return [...new Set(this.children.get(id) ?? [])].filter(
      (child) => this.rows.has(child) && this.isParent(id, child),
    );
  }

  spousesOf(id: number): number[] {
    return (this.spouses.get(id) ?? []).filter(
      (spouse) => this.rows.has(spouse) && this.bothShown(id, spouse),
    );
  }

  /** What `id` is to its parent, by the sex the viewer sees. */
  childLink(id: number): RelationLink {
    const sex = projectKin(this.row(id), this.viewer).sex;
    return sex === 'M' ? 'son' : sex === 'F' ? 'daughter' : 'child';
  }

  /** What `parent` is to `child`, by the link that joins them. */
  parentLink(parent: number, child: number): RelationLink {
    return this.parentsOf(child).find(([id]) => id === parent)?.[1] ?? 'parent';
  }

  spouseLink(id: number): RelationLink {
    const sex = projectKin(this.row(id), this.viewer).sex;
    return sex === 'M' ? 'husband' : sex === 'F' ? 'wife' : 'spouse';
  }
}

/** Every walk up from `start`, at most `generations` links long, the start itself first. */
function walksUp(graph: KinGraph, start: number, generations: number, cap: number): Walk[] {
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
function reverseWalk(graph: KinGraph, walk: Walk): Walk {
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
function joinWalks(first: Walk, link: RelationLink | null, second: Walk): Walk {
  const ids = link === null ? second.ids.slice(1) : second.ids;
  const links = link === null ? second.links : [link, ...second.links];
  return { ids: [...first.ids, ...ids], links: [...first.links, ...links] };
}

/** The blood piece A ↑ top ↓ B from a walk up from A and a walk up from B to the same top. */
function meet(graph: KinGraph, fromA: Walk, fromB: Walk): Walk | null {
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

function compareWalks(x: Walk, y: Walk): number {
  const rx = rank(x);
  const ry = rank(y);
  for (let i = 0; i < rx.length; i++) {
    const d = (rx[i] as number) - (ry[i] as number);
    if (d !== 0) return d;
  }
  return x.ids.join(',') < y.ids.join(',') ? -1 : 1;
}

/** Every walk from `start` up to `up` generations and then down to `down`, the start first. */
async function nearKin(
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
class Candidates {
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

function groupByEnd(walks: readonly Walk[]): Map<number, Walk[]> {
  const byEnd = new Map<number, Walk[]>();
  for (const walk of walks) {
    const end = walk.ids[walk.ids.length - 1] as number;
    const list = byEnd.get(end);
    if (list) list.push(walk);
    else byEnd.set(end, [walk]);
  }
  return byEnd;
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
