import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import { type duplicateCandidates, duplicatePending } from '../../db/schema';
import { personsTable } from '../person-table';
import { intArray } from '../person-rows';
import { DUPLICATE_THRESHOLD, scoreDuplicate, type DuplicateSubject } from './score';

/**
 * The finder's candidate pairs (docs/genealogy.md, Duplicate persons): blocking, then scoring.
 *
 * Blocking never compares every pair. Each rule gives every person a key, sorts each key's
 * persons by birth year and pairs a person only with the next few in that order (sorted
 * neighbourhood), so a rule yields at most `WINDOW` pairs per person however common a name is:
 * - the folded first word of the name and of the father's name;
 * - the name's first three letters and the father's name (a typo in the name);
 * - the name and the father's name's first three letters (a typo in the father's name);
 * and a person without a father in the tree (a branch's top, a bride) meets the namesakes born
 * within two years. Pairs of the two sexes or born over 15 years apart are left out at once.
 * The pairs go to `duplicate_pending`, are scored in batches, and those at or above the
 * threshold are written to `duplicate_candidates`; a pair marked "not the same" never is.
 */

/** Neighbours in a key's birth-year order that each person is paired with. */
const WINDOW = 6;
/** Pairs scored per round trip. */
const BATCH = 2000;

const firstWord = (column: string) => sql.raw(`split_part(${column}, ' ', 1)`);

/** Block keys (null: the rule does not apply to the person). */
const BLOCK_KEYS: readonly SQL[] = [
  sql`${firstWord('p.name_key')} || '|' || ${firstWord('p.father_name_key')}`,
  sql`left(p.name_key, 3) || '|' || ${firstWord('p.father_name_key')}`,
  sql`${firstWord('p.name_key')} || '|' || left(p.father_name_key, 3)`,
];

/** Rows of a person to score: the person, the father line, spouses and children. */
interface SubjectRow {
  id: number;
  name: string;
  sex: 'M' | 'F' | 'U';
  birth_year: number | null;
  death_year: number | null;
  father_id: number | null;
  mother_id: number | null;
  path: number[];
  father_name: string | null;
  grandfather_name: string | null;
  spouses: { id: number; name: string }[] | null;
  children: { id: number; name: string }[] | null;
}

/**
 * Tree persons as the scorer reads them, by id (the clan is the nearest founding ancestor's).
 * Staff-side: no privacy rule applies, the scores are only shown to moderators. For an import
 * that matches a file against the tree, these are the tree side of each comparison.
 */
export async function loadDuplicateSubjects(
  db: Db,
  ids: readonly number[],
): Promise<Map<number, DuplicateSubject>> {
  const subjects = new Map<number, DuplicateSubject>();
  if (ids.length === 0) return subjects;
  const founders = await clanFounders(db);
  const rows = await queryRows<SubjectRow>(
    db,
    sql`select p.id, p.name, p.sex, p.birth_year, p.death_year, p.father_id, p.mother_id, p.path,
          f.name as father_name, g.name as grandfather_name,
          (select json_agg(json_build_object('id', s.id, 'name', s.name))
            from unions u join ${personsTable} s
              on s.id = case when u.person1_id = p.id then u.person2_id else u.person1_id end
            where u.person1_id = p.id or u.person2_id = p.id) as spouses,
          (select json_agg(json_build_object('id', c.id, 'name', c.name))
            from ${personsTable} c where c.father_id = p.id or c.mother_id = p.id) as children
        from ${personsTable} p
        left join ${personsTable} f on f.id = p.father_id
        left join ${personsTable} g on g.id = f.father_id
        where p.id = any(${intArray(ids)})`,
  );
  for (const row of rows) {
    let clan: number | null = null;
    const line = [...row.path, row.id];
    for (let i = line.length - 1; i >= 0 && clan === null; i--) {
      clan = founders.get(line[i] ?? 0) ?? null;
    }
    subjects.set(row.id, {
      id: row.id,
      name: row.name,
      fatherName: row.father_name,
      grandfatherName: row.grandfather_name,
      birthYear: row.birth_year,
      deathYear: row.death_year,
      sex: row.sex,
      clan,
      fatherId: row.father_id,
      motherId: row.mother_id,
      spouses: row.spouses ?? [],
      children: row.children ?? [],
    });
  }
  return subjects;
}

/** Founder id → clan id (clans are few). */
async function clanFounders(db: Db): Promise<Map<number, number>> {
  const rows = await queryRows<{ id: number; founder_id: number }>(
    db,
    sql`select id, founder_id from clans`,
  );
  return new Map(rows.map((row) => [row.founder_id, row.id]));
}

/** Writes the blocking step's pairs into `duplicate_pending`; `since` limits it to the changed. */
async function collectPairs(db: Db, since: Date | null): Promise<void> {
  const changed = since === null ? sql`true` : sql`p.updated_at > ${since.toISOString()}`;
  for (const key of BLOCK_KEYS) {
    const onlyChangedBlocks =
      since === null
        ? sql``
        : sql`and ${key} in (select ${key} from ${personsTable} p where ${changed})`;
    await db.execute(sql`
      with keyed as (
        select p.id, p.sex, p.birth_year, ${key} as k, ${changed} as changed,
          row_number() over (partition by ${key} order by p.birth_year nulls first, p.id) as rn
        from ${personsTable} p
        where ${key} is not null ${onlyChangedBlocks}
      )
      insert into duplicate_pending (person_a_id, person_b_id)
      select least(a.id, b.id), greatest(a.id, b.id)
      from keyed a
      cross join generate_series(1, ${WINDOW}) as d(n)
      join keyed b on b.k = a.k and b.rn = a.rn + d.n
      where (a.changed or b.changed)
        and not (a.sex in ('M', 'F') and b.sex in ('M', 'F') and a.sex <> b.sex)
        and (a.birth_year is null or b.birth_year is null
             or abs(a.birth_year - b.birth_year) <= 15)
      on conflict do nothing`);
  }
  const changedX = since === null ? sql`true` : sql`x.updated_at > ${since.toISOString()}`;
  const changedY = since === null ? sql`true` : sql`y.updated_at > ${since.toISOString()}`;
  await db.execute(sql`
    insert into duplicate_pending (person_a_id, person_b_id)
    select distinct least(x.id, y.id), greatest(x.id, y.id)
    from ${personsTable} x
    cross join generate_series(-2, 2) as d(n)
    join ${personsTable} y on y.name_key = x.name_key and y.birth_year = x.birth_year + d.n
    where x.father_id is null and x.birth_year is not null and y.id <> x.id
      and (${changedX} or ${changedY})
      and not (x.sex in ('M', 'F') and y.sex in ('M', 'F') and x.sex <> y.sex)
    on conflict do nothing`);
}

export interface DuplicateRunResult {
  /** Pairs the blocking step proposed and the scorer read. */
  compared: number;
  /** Pairs written to the candidates (at or above the threshold). */
  pairs: number;
}

/**
 * Computes the candidate pairs: of the whole tree (`since` null: a full rebuild, which also
 * drops pairs that no longer qualify), or of the persons written after `since` (their old
 * pairs are replaced). One run at a time (the job queue sees to it).
 */
export async function computeDuplicates(
  db: Db,
  options: { since: Date | null; onProgress?: (done: number, total: number) => void },
): Promise<DuplicateRunResult> {
  const [clock] = await queryRows<{ now: string }>(db, sql`select now()::text as now`);
  const runStart = clock?.now ?? new Date().toISOString();
  await db.delete(duplicatePending);
  await collectPairs(db, options.since);
  const [totalRow] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from duplicate_pending`,
  );
  const total = totalRow?.n ?? 0;
  let compared = 0;
  let pairs = 0;
  let after: [number, number] = [0, 0];
  for (;;) {
    const batch = await queryRows<{ a: number; b: number }>(
      db,
      sql`select person_a_id as a, person_b_id as b from duplicate_pending
          where (person_a_id, person_b_id) > (${after[0]}, ${after[1]})
          order by person_a_id, person_b_id limit ${BATCH}`,
    );
    const last = batch[batch.length - 1];
    if (!last) break;
    after = [last.a, last.b];
    const ids = new Set<number>();
    for (const pair of batch) ids.add(pair.a).add(pair.b);
    const subjects = await loadDuplicateSubjects(db, [...ids]);
    const found: (typeof duplicateCandidates.$inferInsert)[] = [];
    for (const pair of batch) {
      const a = subjects.get(pair.a);
      const b = subjects.get(pair.b);
      if (!a || !b) continue;
      const { score, reasons } = scoreDuplicate(a, b);
      if (score >= DUPLICATE_THRESHOLD) {
        found.push({ personAId: pair.a, personBId: pair.b, score, reasons });
      }
    }
    compared += batch.length;
    pairs += await writeCandidates(db, found, runStart);
    options.onProgress?.(compared, total);
  }
  // What this run did not find again no longer qualifies (or its person changed).
  const stale =
    options.since === null
      ? sql`true`
      : sql`exists (select 1 from ${personsTable} p
                    where p.id in (c.person_a_id, c.person_b_id)
                      and p.updated_at > ${options.since.toISOString()})`;
  await db.execute(
    sql`delete from duplicate_candidates c where c.computed_at < ${runStart} and ${stale}`,
  );
  await db.delete(duplicatePending);
  return { compared, pairs };
}

/** Upserts scored pairs, leaving out those marked "not the same"; answers how many were kept. */
async function writeCandidates(
  db: Db,
  found: readonly (typeof duplicateCandidates.$inferInsert)[],
  computedAt: string,
): Promise<number> {
  if (found.length === 0) return 0;
  const rows = await queryRows<{ a: number }>(
    db,
    sql`insert into duplicate_candidates (person_a_id, person_b_id, score, reasons, computed_at)
        select x.a, x.b, x.score, x.reasons, ${computedAt}::timestamptz
        from jsonb_to_recordset(${JSON.stringify(
          found.map((row) => ({
            a: row.personAId,
            b: row.personBId,
            score: row.score,
            reasons: row.reasons,
          })),
        )}::jsonb) as x(a int, b int, score real, reasons jsonb)
        where not exists (select 1 from duplicate_dismissals d
                          where d.person_a_id = x.a and d.person_b_id = x.b)
          and exists (select 1 from ${personsTable} p where p.id = x.a)
          and exists (select 1 from ${personsTable} p where p.id = x.b)
        on conflict (person_a_id, person_b_id) do update
          set score = excluded.score, reasons = excluded.reasons,
              computed_at = excluded.computed_at, updated_at = now()
        returning person_a_id as a`,
  );
  return rows.length;
}

/**
 * Scores one pair again and keeps it if it qualifies (after "not the same" is taken back).
 * Answers the score, or null when a person is gone.
 */
export async function rescorePair(db: Db, a: number, b: number): Promise<number | null> {
  const subjects = await loadDuplicateSubjects(db, [a, b]);
  const first = subjects.get(Math.min(a, b));
  const second = subjects.get(Math.max(a, b));
  if (!first || !second) return null;
  const { score, reasons } = scoreDuplicate(first, second);
  if (score >= DUPLICATE_THRESHOLD) {
    const [now] = await queryRows<{ now: string }>(db, sql`select now()::text as now`);
    await writeCandidates(
      db,
      [{ personAId: first.id ?? 0, personBId: second.id ?? 0, score, reasons }],
      now?.now ?? new Date().toISOString(),
    );
  }
  return score;
}
