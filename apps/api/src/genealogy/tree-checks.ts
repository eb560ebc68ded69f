import {
  TREE_CHECK_KINDS,
  TREE_CHECK_LIMITS,
  type TreeCheckCounts,
  type TreeCheckItem,
  type TreeCheckKind,
  type TreeCheckPerson,
  type TreeCheckRole,
} from '@bagysh/shared';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client';
import { withPlainPlan } from '../db/plain-plan';
import { treeGeneration } from './tree-cache';

/**
 * The tree checks (docs/features.md, Tree checks): one SQL query per kind of likely error,
 * each counted and paged in person id order. Staff only, so no privacy rule applies: a
 * moderator sees every person in full.
 *
 * Every kind but two reads a small partial or expression index (the schema's persons
 * indexes): the parentless, the flagged living, the latest year, a death year not after the
 * birth year. `parent_age` and `duplicate_children` compare rows with each other and scan the
 * table (seconds at a million persons); their items are kept in memory, computed again on the
 * first read after a tree write (`snapshotOf`), so that counts and pages answer at once.
 */

/** The current year: "the future" and "years ago" are read against it. */
function currentYear(now = new Date()): number {
  return now.getUTCFullYear();
}

/**
 * One row per item: the person to fix first, then the relatives named with them; `age` as
 * `TreeCheckItem['age']`, `flag` a kind's own detail (which year is in the future; whether a
 * same-year death was caught by the events' dates).
 */
interface ItemRow {
  ids: number[];
  roles: TreeCheckRole[];
  age: number | null;
  flag: string | null;
}

/** A kind: its items as a SQL relation of `ItemRow` columns with a `sort` key, ordered by it. */
interface CheckQuery {
  /** `select … as ids, … as roles, … as age, … as flag, … as sort from …` */
  items: (year: number) => SQL;
  /** Whether the items are kept in memory (a scan of the whole table). */
  cached: boolean;
}

const MIN_PARENT_AGE = TREE_CHECK_LIMITS.minParentAge;
const MAX_LIVING_AGE = TREE_CHECK_LIMITS.maxLivingAge;

const CHECKS: Record<TreeCheckKind, CheckQuery> = {
  // Birth father and mother: a further parent family (adoptive, step) may be of any age.
  parent_age: {
    cached: true,
    items: () => sql`
      select array[c.id, f.id] as ids, array['person', 'father'] as roles,
             c.birth_year - f.birth_year as age, null as flag, c.id::bigint * 2 as sort
        from persons c join persons f on f.id = c.father_id
       where c.birth_year - f.birth_year < ${MIN_PARENT_AGE}
      union all
      select array[c.id, m.id], array['person', 'mother'],
             c.birth_year - m.birth_year, null, c.id::bigint * 2 + 1
        from persons c join persons m on m.id = c.mother_id
       where c.birth_year - m.birth_year < ${MIN_PARENT_AGE}`,
  },
  // Years first; in the same year the birth and death events' day numbers decide. The
  // condition repeats the partial index's predicate (persons_death_not_after_birth_index).
  death_before_birth: {
    cached: false,
    items: () => sql`
      select array[p.id] as ids, array['person'] as roles, null::int as age,
             case when p.death_year = p.birth_year then 'date' end as flag, p.id as sort
        from persons p
       where p.death_year <= p.birth_year
         and (p.death_year < p.birth_year or exists (
               select 1 from events d join events b on b.person_id = p.id and b.type = 'birth'
                where d.person_id = p.id and d.type = 'death' and d.date_sort < b.date_sort))`,
  },
  // By the privacy rule a person born over 100 years ago with no death recorded is living
  // only when flagged, so `is_living` is the rule here (and the partial index's predicate).
  living_too_old: {
    cached: false,
    items: (year) => sql`
      select array[p.id] as ids, array['person'] as roles, ${year}::int - p.birth_year as age,
             null as flag, p.id as sort
        from persons p
       where p.is_living and p.birth_year < ${year - MAX_LIVING_AGE}`,
  },
  future_date: {
    cached: false,
    items: (year) => sql`
      select array[p.id] as ids, array['person'] as roles, null::int as age,
             case when p.birth_year > ${year} then 'birth' else 'death' end as flag, p.id as sort
        from persons p
       where greatest(p.birth_year, p.death_year) > ${year}`,
  },
  // No birth parent, child, spouse or other parent family, either way.
  isolated: {
    cached: false,
    items: () => sql`
      select array[p.id] as ids, array['person'] as roles, null::int as age, null as flag,
             p.id as sort
        from persons p
       where p.father_id is null and p.mother_id is null
         and not exists (select 1 from persons c where c.father_id = p.id)
         and not exists (select 1 from persons c where c.mother_id = p.id)
         and not exists (select 1 from unions u where u.person1_id = p.id)
         and not exists (select 1 from unions u where u.person2_id = p.id)
         and not exists (select 1 from parent_families f where f.child_id = p.id)
         and not exists (select 1 from parent_families f where f.father_id = p.id)
         and not exists (select 1 from parent_families f where f.mother_id = p.id)`,
  },
  // The folded name (docs/genealogy.md, Search): Өмүрбек and Омурбек are one name here.
  duplicate_children: {
    cached: true,
    items: () => sql`
      select array_prepend(min(d.father_id), array_agg(d.id order by d.id)) as ids,
             array_prepend('father'::text, array_agg('child'::text order by d.id)) as roles,
             null::int as age, null as flag, min(d.id) as sort
        from persons d
       where d.father_id is not null and d.birth_year is not null
       group by d.father_id, d.name_key, d.birth_year
      having count(*) > 1`,
  },
};

// ---------------------------------------------------------------------------------------------
// The kinds that scan the table: their items are kept in memory (stale-while-revalidate).

/**
 * How long kept items serve without a write in this process: writes in another API process
 * show within this time. A write in this process makes them stale at once.
 */
const SNAPSHOT_TTL_MS = 5 * 60_000;
/**
 * How long a read waits for stale items to be computed again before it answers with the
 * stale ones (and their older `computed_at`); the next read gets the new ones. A small tree
 * computes in milliseconds, so a read after a write sees the write.
 */
const REFRESH_WAIT_MS = 1500;

interface Snapshot {
  rows: (ItemRow & { sort: number })[];
  generation: number;
  year: number;
  at: Date;
}

interface SnapshotEntry {
  value?: Snapshot;
  refreshing?: Promise<Snapshot>;
}

const snapshots = new WeakMap<Db, Map<TreeCheckKind, SnapshotEntry>>();

function entryOf(db: Db, kind: TreeCheckKind): SnapshotEntry {
  let byKind = snapshots.get(db);
  if (!byKind) {
    byKind = new Map();
    snapshots.set(db, byKind);
  }
  let entry = byKind.get(kind);
  if (!entry) {
    entry = {};
    byKind.set(kind, entry);
  }
  return entry;
}

async function computeSnapshot(db: Db, kind: TreeCheckKind, year: number): Promise<Snapshot> {
  const generation = treeGeneration();
  const at = new Date();
  const rows = await queryRows<ItemRow & { sort: number | string }>(
    db,
    sql`select ids, roles, age, flag, sort from (${CHECKS[kind].items(year)}) items order by sort`,
  );
  return { rows: rows.map((row) => ({ ...row, sort: Number(row.sort) })), generation, year, at };
}

function isFresh(snapshot: Snapshot, year: number): boolean {
  return (
    snapshot.generation === treeGeneration() &&
    snapshot.year === year &&
    Date.now() - snapshot.at.getTime() < SNAPSHOT_TTL_MS
  );
}

/** The kept items of a scanning kind: fresh, or computed again (waiting a little for it). */
async function snapshotOf(db: Db, kind: TreeCheckKind, year: number): Promise<Snapshot> {
  const entry = entryOf(db, kind);
  const kept = entry.value;
  if (kept && isFresh(kept, year)) return kept;
  if (!entry.refreshing) {
    const refreshing = computeSnapshot(db, kind, year).then(
      (snapshot) => {
        entry.value = snapshot;
        entry.refreshing = undefined;
        return snapshot;
      },
      (error: unknown) => {
        entry.refreshing = undefined;
        throw error;
      },
    );
    entry.refreshing = refreshing;
    // A refresh nobody waits for any more must not fail the process.
    refreshing.catch(() => undefined);
  }
  if (!kept) return entry.refreshing;
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), REFRESH_WAIT_MS);
  });
  try {
    return (await Promise.race([entry.refreshing.catch(() => null), late])) ?? kept;
  } finally {
    clearTimeout(timer);
  }
}

// ---------------------------------------------------------------------------------------------

/** How many items of `kind`, and when they were counted. */
export async function treeCheckCount(
  db: Db,
  kind: TreeCheckKind,
): Promise<{ count: number; at: Date }> {
  const year = currentYear();
  if (CHECKS[kind].cached) {
    const snapshot = await snapshotOf(db, kind, year);
    return { count: snapshot.rows.length, at: snapshot.at };
  }
  const at = new Date();
  const [row] = await withPlainPlan(db, (tx) =>
    queryRows<{ count: number }>(
      tx,
      sql`select count(*)::int as count from (${CHECKS[kind].items(year)}) items`,
    ),
  );
  return { count: row?.count ?? 0, at };
}

/** The count of every kind, and when the oldest of them was counted. */
export async function treeCheckCounts(db: Db): Promise<{ counts: TreeCheckCounts; at: Date }> {
  // Side by side, so that a read after a write waits once for both scanning kinds.
  const answers = await Promise.all(TREE_CHECK_KINDS.map((kind) => treeCheckCount(db, kind)));
  const counts = {} as TreeCheckCounts;
  let oldest = new Date();
  TREE_CHECK_KINDS.forEach((kind, i) => {
    const answer = answers[i];
    counts[kind] = answer?.count ?? 0;
    if (answer && answer.at < oldest) oldest = answer.at;
  });
  return { counts, at: oldest };
}

interface PersonFacts {
  id: number;
  name: string;
  birth_year: number | null;
  death_year: number | null;
}

/** One page of `kind`'s items (`limit` and `offset` of the page), in person id order. */
export async function treeCheckItems(
  db: Db,
  kind: TreeCheckKind,
  page: { limit: number; offset: number },
): Promise<TreeCheckItem[]> {
  const year = currentYear();
  const rows = CHECKS[kind].cached
    ? (await snapshotOf(db, kind, year)).rows.slice(page.offset, page.offset + page.limit)
    : await withPlainPlan(db, (tx) =>
        queryRows<ItemRow>(
          tx,
          // Materialized: the items first, through their index, then ordered. Ordered and
          // limited at once, the planner walks the primary key hoping to meet 20 of the third
          // of the table it expects, and reads all of it for the one item there is.
          sql`with items as materialized (${CHECKS[kind].items(year)})
              select ids, roles, age, flag from items
               order by sort limit ${page.limit} offset ${page.offset}`,
        ),
      );
  const ids = [...new Set(rows.flatMap((row) => row.ids))];
  const facts = new Map(
    (
      await queryRows<PersonFacts>(
        db,
        sql`select id, name, birth_year, death_year from persons
             where id = any(${`{${ids.join(',')}}`}::int[])`,
      )
    ).map((row) => [row.id, row]),
  );
  return rows.map((row) => {
    const persons = row.ids.flatMap((id, i): TreeCheckPerson[] => {
      const person = facts.get(id);
      if (!person) return [];
      return [{ ...person, role: row.roles[i] ?? 'person' }];
    });
    const ordered = orderForItem(kind, persons);
    return {
      kind,
      person_id: ordered[0]?.id ?? row.ids[0] ?? 0,
      persons: ordered,
      age: row.age,
      ...describe(kind, ordered, row, year),
    };
  });
}

/** The person to fix first: the child of a parent-age item, the father of duplicate children. */
function orderForItem(kind: TreeCheckKind, persons: TreeCheckPerson[]): TreeCheckPerson[] {
  return kind === 'duplicate_children'
    ? [...persons.filter((p) => p.role === 'child'), ...persons.filter((p) => p.role !== 'child')]
    : persons;
}

function quoted(name: string): string {
  return `«${name}»`;
}

/** What is wrong and what to fix, in Kyrgyz, from the values the check read. */
function describe(
  kind: TreeCheckKind,
  persons: TreeCheckPerson[],
  row: ItemRow,
  year: number,
): { detail: string; fix: string } {
  const [person] = persons;
  const name = quoted(person?.name ?? '');
  const born = person?.birth_year;
  const died = person?.death_year;
  switch (kind) {
    case 'parent_age': {
      const parent = persons.find((p) => p.role !== 'person');
      const mother = parent?.role === 'mother';
      const parentName = quoted(parent?.name ?? '');
      const parentWord = mother ? 'энеси' : 'атасы';
      const age = row.age ?? 0;
      const years = `${name}: ${born}-ж., ${parentWord} ${parentName}: ${parent?.birth_year}-ж.`;
      return {
        detail:
          age < 0
            ? `${name} ${parentWord} ${parentName} туулгандан ${-age} жыл мурун туулган (${years}).`
            : `${parentName} ${name} туулганда ${age} жашта болгон (${years}).`,
        fix: `Экөөнүн туулган жылын текшериңиз; жылдар туура болсо, ${parentWord} туура эмес көрсөтүлгөн.`,
      };
    }
    case 'death_before_birth':
      return {
        detail:
          row.flag === 'date'
            ? `${name} ${died}-жылы туулуп, ошол эле жылы өлгөн, бирок өлгөн күнү туулган күнүнөн мурун.`
            : `${name} ${died}-жылы өлгөн, ${born}-жылы туулган: өлгөн жылы туулган жылынан мурун.`,
        fix: 'Туулган жана өлгөн жылын (же күнүн) оңдоңуз.',
      };
    case 'living_too_old':
      return {
        detail: `${name} тирүү деп белгиленген, бирок ${born}-жылы туулган (${row.age ?? 0} жаш).`,
        fix: 'Өлгөн жылын же күнүн жазыңыз, же «тирүү» белгисин алып салыңыз.',
      };
    case 'future_date':
      return {
        detail:
          row.flag === 'birth'
            ? `${name}: туулган жылы ${born} — келечекте (азыр ${year}-жыл).`
            : `${name}: өлгөн жылы ${died} — келечекте (азыр ${year}-жыл).`,
        fix: `Жылды оңдоңуз: ${year}-жылдан кийинки жыл болбойт.`,
      };
    case 'isolated':
      return {
        detail: `${name} санжырага байланган эмес: атасы, энеси, балдары жана жубайы жок.`,
        fix: 'Атасын, энесин же жубайын көрсөтүңүз; ашыкча жазуу болсо, өчүрүңүз.',
      };
    case 'duplicate_children': {
      const father = persons.find((p) => p.role === 'father');
      const children = persons.filter((p) => p.role === 'child');
      return {
        detail: `${quoted(father?.name ?? '')} атанын ${children.length} баласы бир аталган жана бир жылы (${born}) туулган: ${children.map((c) => `${quoted(c.name)} (№${c.id})`).join(', ')}.`,
        fix: 'Бир эле адам эки жазылган болсо, бирин өчүрүңүз же бириктириңиз; болбосо атын же туулган жылын оңдоңуз.',
      };
    }
  }
}
