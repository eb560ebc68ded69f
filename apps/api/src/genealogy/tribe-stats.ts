import type { TribeStats } from '@bagysh/shared';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client';
import {
  hiddenCondition,
  mergeSmallCells,
  mergeSmallGroups,
  safeForGuests,
  type Viewer,
} from './privacy';
import { cachedAggregate } from './tree-cache';

/**
 * The statistics page of the tribe (docs/genealogy.md, Statistics of the tribe): four scans of
 * the persons table, kept as one summary in tree-cache.ts (dropped by every write to the tree)
 * and shaped per viewer from it; after a write, a read waits a moment for the new summary and
 * otherwise answers the previous one. The summary holds, for each cell, every person and the hidden
 * ones (privacy.ts), so that one computation serves members and guests alike.
 */

/** The oldest age at death counted; a larger gap between the years is a data error. */
const MAX_AGE = 130;
/** Fathers with this many children or more share the last cell of the children figure. */
const CHILDREN_CAP = 10;
const TOP_NAMES = 10;

interface Cell {
  key: number;
  total: number;
  hidden: number;
}

interface Lifespan {
  count: number;
  average: number | null;
  median: number | null;
}

interface TribeSummary {
  persons: number;
  hidden: number;
  generations: Cell[];
  births: Cell[];
  lifespans: { century: number; all: Lifespan; visible: Lifespan }[];
  clans: { id: number; name: string; total: number; hidden: number }[];
  names: { sex: 'M' | 'F'; name: string; total: number; visible: number }[];
  /** `key`: children of a father (the last one `CHILDREN_CAP` and more), up to `top`. */
  children: (Cell & { top: number })[];
}

interface ScanRow {
  set: number;
  depth: number | null;
  decade: number | null;
  century: number | null;
  total: number;
  hidden: number;
  aged: number;
  aged_visible: number;
  average_all: number | null;
  average_visible: number | null;
  median_all: number | null;
  median_visible: number | null;
}

async function readSummary(db: Db): Promise<TribeSummary> {
  // One scan, three groupings: persons per depth, births per decade, ages by century.
  const scan = await queryRows<ScanRow>(
    db,
    sql`select grouping(x.depth, x.decade, x.century)::int as set, x.depth, x.decade, x.century,
          count(*)::int as total,
          (count(*) filter (where x.hidden))::int as hidden,
          (count(x.age))::int as aged,
          (count(x.age) filter (where not x.hidden))::int as aged_visible,
          avg(x.age)::float8 as average_all,
          (avg(x.age) filter (where not x.hidden))::float8 as average_visible,
          (percentile_cont(0.5) within group (order by x.age))::float8 as median_all,
          (percentile_cont(0.5) within group (order by x.age) filter (where not x.hidden))::float8
            as median_visible
        from (
          select p.depth,
            (floor(p.birth_year / 10.0) * 10)::int as decade,
            (floor(p.birth_year / 100.0) * 100)::int as century,
            case when p.death_year >= p.birth_year and p.death_year - p.birth_year <= ${MAX_AGE}
              then p.death_year - p.birth_year end as age,
            ${hiddenCondition()} as hidden
          from persons p
        ) x
        group by grouping sets ((x.depth), (x.decade), (x.century))`,
  );
  const generations: Cell[] = [];
  const births: Cell[] = [];
  const lifespans: TribeSummary['lifespans'] = [];
  for (const row of scan) {
    // grouping(): a bit set for each column left out of the row's set.
    if (row.set === 3 && row.depth !== null) {
      generations.push({ key: row.depth + 1, total: row.total, hidden: row.hidden });
    } else if (row.set === 5 && row.decade !== null) {
      births.push({ key: row.decade, total: row.total, hidden: row.hidden });
    } else if (row.set === 6 && row.century !== null && row.aged > 0) {
      lifespans.push({
        century: row.century,
        all: { count: row.aged, average: row.average_all, median: row.median_all },
        visible: {
          count: row.aged_visible,
          average: row.average_visible,
          median: row.median_visible,
        },
      });
    }
  }
  generations.sort((a, b) => a.key - b.key);
  births.sort((a, b) => a.key - b.key);
  lifespans.sort((a, b) => a.century - b.century);

  // The top уруу: clans whose founder has no founding ancestor; each counts its founder and the
  // founder's subtree, one range of the path index (person-rows.ts, subtreeCondition).
  const clans = await queryRows<TribeSummary['clans'][number]>(
    db,
    sql`select c.id, c.name,
          (1 + s.total)::int as total,
          (s.hidden + case when ${hiddenCondition('f')} then 1 else 0 end)::int as hidden
        from clans c
        join persons f on f.id = c.founder_id
        cross join lateral (
          select count(*)::int as total, (count(*) filter (where ${hiddenCondition()}))::int as hidden
          from persons p
          where p.path >= (f.path || f.id) and p.path < (f.path || (f.id + 1))
        ) s
        where not exists (select 1 from clans o where o.founder_id = any(f.path))`,
  );

  const names = await queryRows<TribeSummary['names'][number]>(
    db,
    sql`select n.sex, n.name, n.total, n.visible from (
          select p.sex, p.name, count(*)::int as total,
            (count(*) filter (where not ${hiddenCondition()}))::int as visible,
            row_number() over (partition by p.sex order by count(*) desc, p.name) as total_rank,
            row_number() over (partition by p.sex
              order by count(*) filter (where not ${hiddenCondition()}) desc, p.name) as visible_rank
          from persons p where p.sex in ('M', 'F')
          group by p.sex, p.name
        ) n
        where n.total_rank <= ${TOP_NAMES} or n.visible_rank <= ${TOP_NAMES}`,
  );

  // A family here is a father and his children: the father line every viewer sees.
  const children = await queryRows<TribeSummary['children'][number]>(
    db,
    sql`select least(g.n, ${CHILDREN_CAP})::int as key, max(g.n)::int as top,
          count(*)::int as total,
          (count(*) filter (where g.hidden or ${hiddenCondition('f')}))::int as hidden
        from (
          select p.father_id, count(*)::int as n, bool_or(${hiddenCondition()}) as hidden
          from persons p where p.father_id is not null group by p.father_id
        ) g
        join persons f on f.id = g.father_id
        group by 1 order by 1`,
  );

  return {
    persons: generations.reduce((sum, cell) => sum + cell.total, 0),
    hidden: generations.reduce((sum, cell) => sum + cell.hidden, 0),
    generations,
    births,
    lifespans,
    clans,
    names,
    children,
  };
}

/**
 * How long a read waits for the summary computed again after a write before it answers the one
 * kept from before: at a million persons the computation takes seconds (docs/performance.md),
 * the page must answer within one.
 */
const FRESH_WAIT_MS = 800;

const kept = new WeakMap<Db, TribeSummary>();
const computing = new WeakMap<Db, Promise<TribeSummary>>();

/** The summary of the tree as it is, computed once per change of the tree (tree-cache.ts). */
function freshSummary(db: Db): Promise<TribeSummary> {
  let pending = computing.get(db);
  if (!pending) {
    // One computation at a time: the reads that come meanwhile share it.
    pending = cachedAggregate(db, 'tribe-stats', () => readSummary(db))
      .then((value) => {
        kept.set(db, value);
        return value;
      })
      .finally(() => computing.delete(db));
    computing.set(db, pending);
  }
  return pending;
}

/**
 * The summary: the fresh one when it is kept or comes within `FRESH_WAIT_MS`, otherwise the
 * one from before the latest writes while the new one is computed.
 */
async function summary(db: Db): Promise<TribeSummary> {
  const fresh = freshSummary(db);
  const older = kept.get(db);
  if (!older) return fresh;
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<TribeSummary>((resolve) => {
    timer = setTimeout(() => resolve(older), FRESH_WAIT_MS);
  });
  try {
    return await Promise.race([fresh, late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Computes the summary in the background, so that the first visitor of the statistics page
 * after a start does not wait for it (seconds at a million persons).
 */
export function warmTribeStats(db: Db): Promise<unknown> {
  return freshSummary(db);
}

const round1 = (value: number | null) => Math.round((value ?? 0) * 10) / 10;

function topNames(rows: TribeSummary['names'], sex: 'M' | 'F', viewer: Viewer) {
  return rows
    .filter((row) => row.sex === sex)
    .map((row) => ({ name: row.name, count: viewer.seesLiving ? row.total : row.visible }))
    .filter((row) => row.count > 0)
    .sort((a, b) => b.count - a.count || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .slice(0, TOP_NAMES);
}

/**
 * The figures as `viewer` may see them. A guest's births, lifespans and names count only the
 * persons shown in full (a hidden person's years and sex are hidden); the counts per
 * generation, clan and family include the hidden, with small cells merged (privacy.ts).
 */
export async function tribeStats(db: Db, viewer: Viewer): Promise<TribeStats> {
  const data = await summary(db);
  const guest = !viewer.seesLiving;
  const clanTotal = data.clans.reduce((sum, clan) => sum + clan.total, 0);
  const clanHidden = data.clans.reduce((sum, clan) => sum + clan.hidden, 0);
  const clans = mergeSmallGroups(
    viewer,
    [...data.clans]
      .sort((a, b) => b.total - a.total || a.id - b.id)
      .map((clan) => ({ id: clan.id, name: clan.name, total: clan.total, hidden: clan.hidden })),
  );
  const outside = { total: data.persons - clanTotal, hidden: data.hidden - clanHidden };
  const clanCells: TribeStats['clans'] = clans.shown.map((clan) => ({
    kind: 'clan',
    id: clan.id,
    name: clan.name,
    count: clan.total,
  }));
  const outsideSafe = !guest || safeForGuests(outside);
  let others = clans.others;
  if (outside.total > 0 && !outsideSafe) {
    others = { total: others.total + outside.total, hidden: others.hidden + outside.hidden };
  }
  if (others.total > 0) {
    const safe = !guest || safeForGuests(others);
    clanCells.push({ kind: 'others', id: null, name: null, count: safe ? others.total : null });
  }
  if (outside.total > 0 && outsideSafe) {
    clanCells.push({ kind: 'none', id: null, name: null, count: outside.total });
  }

  return {
    persons: data.persons,
    excludes_living: guest,
    generations: mergeSmallCells(
      viewer,
      data.generations.map((cell) => ({ ...cell, top: cell.key })),
    ),
    clans: clanCells,
    births: data.births
      .map((cell) => ({
        from: cell.key,
        to: cell.key + 9,
        count: guest ? cell.total - cell.hidden : cell.total,
      }))
      .filter((cell) => cell.count > 0),
    lifespans: data.lifespans
      .map((row) => ({ century: row.century, ...(guest ? row.visible : row.all) }))
      .filter((row) => row.count > 0)
      .map((row) => ({
        century: row.century,
        count: row.count,
        average_age: round1(row.average),
        median_age: round1(row.median),
      })),
    names: { male: topNames(data.names, 'M', viewer), female: topNames(data.names, 'F', viewer) },
    children: mergeSmallCells(viewer, data.children),
  };
}
