import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client';
import { intArray } from './person-rows';
import { birthYearBound, livingBirthYearFloor } from './privacy';
import { lockTree } from './tree';

/**
 * Keeps `persons.recent_birth` and `persons.presumed_living` true (docs/genealogy.md,
 * Privacy): the part of the living rule that reads the family and qualified birth dates,
 * stored so that the guest's rule (`is_private`, generated from it) stays one column and no
 * read walks relatives. Every tree write calls one of the two below in its own transaction,
 * so that no guest ever reads a person between a write and its recompute:
 *
 * - `refreshPresumedLiving` after a single write: the changed persons, the children whose
 *   `recent_birth` follows from them, and the persons up to FAMILY_STEPS above all those;
 * - `recomputePresumedLiving` after an import and the demonstration data, and at the server's
 *   first start in a year (a restored backup included): the whole tree, set by set.
 *
 * The rule, as both compute it ("born" meaning the latest year the birth date allows,
 * `birthYearBound`; the floor the year 100 years ago):
 *
 * - `recent_birth`: flagged living or restricted (their hidden year must not decide what a
 *   guest sees of their children); or born after the floor; or, with no birth year at all,
 *   a father or mother with `recent_birth`.
 * - `presumed_living`: never with a death year or date. Otherwise born after the floor; or,
 *   with no birth year, `recent_birth`; or, with no dates, a person living by their own facts
 *   (flagged, restricted — a guest cannot tell the two apart, so neither may their family —
 *   or living by the two rules before) at most FAMILY_STEPS below: a child or spouse, or a
 *   child or spouse of a dateless child or spouse.
 *
 * Both only ever turn false as the years pass, so a stored value that is a year old hides a
 * person a little longer, never shows one too early; the server's first start in a new year
 * recomputes them (`recomputePresumedLivingYearly`).
 */

/**
 * How far up the family a person living by their own facts presumes a dateless relative
 * living, a step being a parent or a spouse: their parents and grandparents, spouse and
 * parents-in-law, and a parent's spouse. Beyond that a dateless ancestor is as likely dead as
 * any, and the санжыра's dateless lines stay shown.
 */
const FAMILY_STEPS = 2;

/** What the rule reads of one person. */
interface Node {
  id: number;
  father_id: number | null;
  mother_id: number | null;
  birth_year: number | null;
  birth_date: string | null;
  dead: boolean;
  /** Flagged living or restricted: hidden whatever the rule says. */
  flagged: boolean;
  recent_birth: boolean;
  presumed_living: boolean;
}

const NODE_COLUMNS = sql.raw(`p.id, p.father_id, p.mother_id, p.birth_year, p.birth_date,
  (p.death_year is not null or p.death_date is not null) as dead,
  (p.is_living or p.resn is not null) as flagged, p.recent_birth, p.presumed_living`);

/** The persons `ids`, their parents, children and spouses: the seeds after a write to `ids`. */
export async function familyOf(tx: Db, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const list = intArray(ids);
  const rows = await queryRows<{ id: number | null }>(
    tx,
    sql`select unnest(${list}) as id
        union select father_id from persons where id = any(${list})
        union select mother_id from persons where id = any(${list})
        union select id from persons where father_id = any(${list}) or mother_id = any(${list})
        union select person2_id from unions where person1_id = any(${list})
        union select person1_id from unions where person2_id = any(${list})`,
  );
  return rows.flatMap((row) => (row.id === null ? [] : [row.id]));
}

/**
 * After a write that may change what the rule reads of the persons `seeds` (their own dates,
 * flags, parents, spouses; a deleted person's family): brings the stored columns of everyone
 * it touches up to date. The caller holds the tree lock.
 */
export async function refreshPresumedLiving(tx: Db, seeds: Iterable<number>): Promise<void> {
  const floor = livingBirthYearFloor();
  const nodes = new Map<number, Node>();
  const spouses = new Map<number, number[]>();
  const children = new Map<number, number[]>();

  const load = async (ids: Iterable<number>) => {
    const missing = [...new Set(ids)].filter((id) => !nodes.has(id));
    if (missing.length === 0) return;
    const rows = await queryRows<Node>(
      tx,
      sql`select ${NODE_COLUMNS} from persons p where p.id = any(${intArray(missing)})`,
    );
    for (const row of rows) nodes.set(row.id, row);
  };
  const loadChildren = async (ids: readonly number[]) => {
    const missing = ids.filter((id) => !children.has(id));
    if (missing.length === 0) return;
    const list = intArray(missing);
    const rows = await queryRows<Node>(
      tx,
      sql`select ${NODE_COLUMNS} from persons p
          where p.father_id = any(${list}) or p.mother_id = any(${list})`,
    );
    for (const id of missing) children.set(id, []);
    for (const row of rows) {
      if (!nodes.has(row.id)) nodes.set(row.id, row);
      for (const parent of [row.father_id, row.mother_id]) {
        if (parent !== null) children.get(parent)?.push(row.id);
      }
    }
  };
  const loadSpouses = async (ids: readonly number[]) => {
    const missing = ids.filter((id) => !spouses.has(id));
    if (missing.length === 0) return;
    const list = intArray(missing);
    const rows = await queryRows<{ a: number; b: number }>(
      tx,
      sql`select person1_id as a, person2_id as b from unions
          where person1_id = any(${list}) or person2_id = any(${list})`,
    );
    for (const id of missing) spouses.set(id, []);
    for (const { a, b } of rows) {
      spouses.get(a)?.push(b);
      spouses.get(b)?.push(a);
    }
    await load(rows.flatMap(({ a, b }) => [a, b]));
  };
  const parentsOf = (node: Node) =>
    [node.father_id, node.mother_id].filter((id): id is number => id !== null);
  const bound = (node: Node) => birthYearBound(node.birth_year, node.birth_date);
  /** No death and no birth year: the family decides. */
  const open = (node: Node) => !node.dead && bound(node) === null;

  const start = [...new Set(seeds)];
  await load(start);
  const present = start.filter((id) => nodes.has(id));
  const dirty = new Set<number>();

  // 1. recent_birth, down the family: only a changed value reaches the children.
  const touched = new Set(present);
  let queue = present;
  while (queue.length > 0) {
    await load(queue.flatMap((id) => parentsOf(nodes.get(id) as Node)));
    const changed: number[] = [];
    for (const id of queue) {
      const node = nodes.get(id) as Node;
      const own = bound(node);
      const recent =
        node.flagged ||
        (own !== null
          ? own > floor
          : parentsOf(node).some((parent) => nodes.get(parent)?.recent_birth === true));
      if (recent !== node.recent_birth) {
        node.recent_birth = recent;
        dirty.add(id);
        changed.push(id);
        touched.add(id);
      }
    }
    await loadChildren(changed);
    queue = [
      ...new Set(
        changed.flatMap((id) =>
          (children.get(id) ?? []).filter((child) => bound(nodes.get(child) as Node) === null),
        ),
      ),
    ];
  }

  // 2. presumed_living. A person's value reads their own facts and, when they have no dates,
  // the persons up to FAMILY_STEPS below them (children and spouses): a change at `touched`
  // reaches the persons up to FAMILY_STEPS above it (parents and spouses), no further.
  const region = new Set(touched);
  let frontier = [...touched];
  for (let step = 0; step < FAMILY_STEPS && frontier.length > 0; step++) {
    await load(frontier.flatMap((id) => parentsOf(nodes.get(id) as Node)));
    await loadSpouses(frontier);
    const next: number[] = [];
    for (const id of frontier) {
      for (const other of [...parentsOf(nodes.get(id) as Node), ...(spouses.get(id) ?? [])]) {
        if (nodes.has(other) && !region.has(other)) {
          region.add(other);
          next.push(other);
        }
      }
    }
    frontier = next;
  }
  const inRegion = [...region];
  const below = (id: number) => [...(children.get(id) ?? []), ...(spouses.get(id) ?? [])];
  await loadChildren(inRegion);
  await loadSpouses(inRegion);
  const middle = [...new Set(inRegion.flatMap(below))].filter((id) => {
    const node = nodes.get(id);
    return node !== undefined && open(node);
  });
  await loadChildren(middle);
  await loadSpouses(middle);
  /** Living by their own facts: flagged, restricted, or by their or their parents' dates. */
  const anchor = (id: number) => {
    const node = nodes.get(id);
    if (!node) return false;
    const own = bound(node);
    return node.flagged || (!node.dead && (own !== null ? own > floor : node.recent_birth));
  };
  const nearAnchor = (id: number) =>
    below(id).some((q) => {
      const node = nodes.get(q);
      return anchor(q) || (node !== undefined && open(node) && below(q).some(anchor));
    });
  for (const id of inRegion) {
    const node = nodes.get(id) as Node;
    const own = bound(node);
    const living = !node.dead && (own !== null ? own > floor : node.recent_birth || nearAnchor(id));
    if (living !== node.presumed_living) {
      node.presumed_living = living;
      dirty.add(id);
    }
  }

  if (dirty.size > 0) {
    const rows = [...dirty].map((id) => {
      const node = nodes.get(id) as Node;
      return { id, r: node.recent_birth, l: node.presumed_living };
    });
    await tx.execute(sql`update persons p set recent_birth = v.r, presumed_living = v.l
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as v(id int, r boolean, l boolean)
      where p.id = v.id`);
  }
  // The written persons too: a flag or a photo may have changed with no column here.
  await hideHiddenPersonsPhotos(tx, [...present, ...dirty]);
}

/**
 * A person hidden from guests never shows them their photo, not even as a file by its address
 * (docs/genealogy.md, Privacy): the public photo of a person the rule hides — flagged,
 * restricted, or presumed living by the family, like a dateless father whose son born in 1995
 * was just added — becomes members-only. Only `ids` when given, else the whole tree.
 */
export async function hideHiddenPersonsPhotos(tx: Db, ids?: readonly number[]): Promise<void> {
  if (ids?.length === 0) return;
  await tx.execute(sql`update files f set visibility = 'members', updated_at = now()
    from persons p
    where p.photo_file_id = f.id and p.is_private and f.visibility = 'public'
      ${ids ? sql`and p.id = any(${intArray(ids)})` : sql``}`);
}

/**
 * The whole tree's stored columns computed afresh, set by set: after an import and the
 * demonstration data, and at the first start in a new year (the floor moves on with the years).
 */
export async function recomputePresumedLiving(tx: Db): Promise<void> {
  const floor = livingBirthYearFloor();
  // The recursive reads' estimates run to millions of rows, and compiling them (JIT) took
  // longer than the reads (db/plain-plan.ts). For the rest of the caller's transaction.
  await tx.execute(sql`set local jit = off`);
  // The birth dates the database cannot read: each date text, with its year, read here.
  const texts = await queryRows<{ id: number; birth_year: number | null; birth_date: string }>(
    tx,
    sql`select id, birth_year, birth_date from persons where birth_date is not null`,
  );
  const recent: number[] = [];
  const dated: number[] = [];
  for (const row of texts) {
    const bound = birthYearBound(row.birth_year, row.birth_date);
    if (bound !== null && bound > floor) recent.push(row.id);
    if (bound !== null && row.birth_year === null) dated.push(row.id);
  }
  const recentList = intArray(recent);
  const datedList = intArray(dated);
  // With a year of its own (a plain year, or a date text read above).
  // `in (select unnest(…))`, not `= any(…)`: hashed once, not searched for every row.
  const hasBound = sql`(p.birth_year is not null or p.id in (select unnest(${datedList})))`;
  const ownRecent = sql`((p.birth_year is not null and p.birth_year > ${floor})
    or p.id in (select unnest(${recentList})))`;
  const open = sql`(p.death_year is null and p.death_date is null and not ${hasBound})`;

  // One statement, and only the rows whose values change are written. Joins, not IN: the
  // estimates of the recursive sets run past work_mem, and an IN that is not hashed reads the
  // whole set again for every person (200 000 persons: 9 s, not 45 s).
  // Unchanged, a tree of 200 000 is read in about 3 s.
  await tx.execute(sql`with recursive recent(id) as (
      select p.id from persons p where p.is_living or p.resn is not null or ${ownRecent}
      union
      select p.id from recent r join persons p on p.father_id = r.id or p.mother_id = r.id
      where not ${hasBound}),
    -- Living by their own facts: flagged, restricted, or by their or their parents' dates.
    anchor(id) as (
      select p.id from persons p left join recent r on r.id = p.id
      where p.is_living or p.resn is not null
        or (p.death_year is null and p.death_date is null
          and (${ownRecent} or (not ${hasBound} and r.id is not null)))),
    -- Up the family from them (a parent or a spouse a step), FAMILY_STEPS steps at most,
    -- through persons with no dates.
    near(id, step) as (
      select id, 0 from anchor
      union
      select p.id, n.step + 1 from near n
      join lateral (
        select c.father_id as id from persons c where c.id = n.id
        union all select c.mother_id from persons c where c.id = n.id
        union all select u.person2_id from unions u where u.person1_id = n.id
        union all select u.person1_id from unions u where u.person2_id = n.id
      ) x on true
      join persons p on p.id = x.id
      where n.step < ${FAMILY_STEPS} and ${open}),
    fresh as (
      select p.id, r.id is not null as r,
        (p.death_year is null and p.death_date is null
          and (${ownRecent} or (not ${hasBound} and r.id is not null) or v.id is not null)) as l
      from persons p left join recent r on r.id = p.id
      left join (select distinct id from near where step > 0) v on v.id = p.id)
    update persons p set recent_birth = f.r, presumed_living = f.l
    from fresh f
    where p.id = f.id and (p.recent_birth <> f.r or p.presumed_living <> f.l)`);
  await hideHiddenPersonsPhotos(tx);
}

const YEAR_KEY = 'presumed_living_year';

/**
 * At the server's start: the whole tree recomputed when it was last done in another year (the
 * floor moved on) or never (a database before the columns, or restored from an older backup),
 * under the tree lock. Answers whether it ran.
 */
export async function recomputePresumedLivingYearly(db: Db): Promise<boolean> {
  const year = new Date().getUTCFullYear();
  return db.transaction(async (tx) => {
    await lockTree(tx);
    const [done] = await queryRows<{ year: number }>(
      tx,
      sql`select (value->>'year')::int as year from app_settings where key = ${YEAR_KEY}`,
    );
    if (done?.year === year) return false;
    await recomputePresumedLiving(tx);
    await tx.execute(sql`insert into app_settings (key, value)
      values (${YEAR_KEY}, ${JSON.stringify({ year })}::jsonb)
      on conflict (key) do update set value = excluded.value, updated_at = now()`);
    return true;
  });
}
