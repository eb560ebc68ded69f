import {
  foldName,
  levenshteinWithin1,
  splitNameQuery,
  type SearchQuery,
  type SearchResult,
  type Sex,
} from '@bagysh/shared';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import { intArray, textArray } from '../../genealogy/person-rows';
import {
  isRestricted,
  restrictedCondition,
  visibleYears,
  type Viewer,
} from '../../genealogy/privacy';
import { personsTable } from '../../genealogy/person-table';

/**
 * The name search (docs/genealogy.md, Search). Trigram matching straight on a million person
 * rows takes 0.2–0.6 s, so the query's words are matched against the small dictionary of
 * distinct name keys first, and only then are the persons carrying those keys read, through the
 * (name_key, father_name_key) index. The dictionary (a few thousand keys) is matched in memory
 * with `levenshteinWithin1` on the keys of about the word's length: measured at 1M persons,
 * that takes well under a millisecond where pg_trgm `similarity()` over the same keys took
 * 6–11 ms per query (see docs/decisions/004).
 */

/** Name, father, grandfather: further words are ignored. */
const MAX_TOKENS = 3;
/** Keys kept per word: exact and one-typo matches first, then names starting with the word. */
const MAX_KEYS_PER_TOKEN = 20;
const MAX_PREFIX_KEYS = 200;
const COST_EXACT = 0;
const COST_TYPO = 1;
const COST_PREFIX = 2;
/** A grandfather who does not match costs more than any matching one. */
const COST_UNMATCHED_GRANDFATHER = 5;
/** Persons whose father does not match rank after every "name father" match. */
const COST_NAME_ONLY = 10;

interface KeyMatch {
  key: string;
  cost: number;
}

/** The name-key dictionary of one database, kept in memory while it does not change. */
interface Dictionary {
  count: number;
  /** Every key in code-unit order, for prefix ranges. */
  sorted: string[];
  byLength: Map<number, string[]>;
}

const dictionaries = new WeakMap<Db, Dictionary>();

/**
 * The dictionary, re-read only when its size changed. Keys are only ever added (a renamed or
 * deleted person leaves theirs behind), so an equal count means an equal dictionary, and this
 * stays right with several API processes writing.
 */
async function dictionary(db: Db): Promise<Dictionary> {
  const [size] = await queryRows<{ count: number }>(
    db,
    sql`select count(*)::int as count from name_keys`,
  );
  const cached = dictionaries.get(db);
  if (cached && cached.count === size?.count) return cached;
  const rows = await queryRows<{ key: string }>(db, sql`select key from name_keys`);
  const sorted = rows.map((row) => row.key).sort();
  const byLength = new Map<number, string[]>();
  for (const key of sorted) {
    const list = byLength.get(key.length) ?? [];
    list.push(key);
    byLength.set(key.length, list);
  }
  const fresh = { count: rows.length, sorted, byLength };
  dictionaries.set(db, fresh);
  return fresh;
}

/** Keys exactly equal to a word, one typo away from it, or starting with it. */
function matchKeys(words: Dictionary, token: string): KeyMatch[] {
  const matches: KeyMatch[] = [];
  const seen = new Set<string>();
  for (let length = token.length - 1; length <= token.length + 1; length++) {
    for (const key of words.byLength.get(length) ?? []) {
      if (!levenshteinWithin1(key, token)) continue;
      matches.push({ key, cost: key === token ? COST_EXACT : COST_TYPO });
      seen.add(key);
    }
  }
  if (token.length >= 2) {
    // The keys starting with the word form one range of the sorted dictionary.
    let lo = 0;
    let hi = words.sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((words.sorted[mid] ?? '') < token) lo = mid + 1;
      else hi = mid;
    }
    for (let i = lo; i < words.sorted.length && i < lo + MAX_PREFIX_KEYS; i++) {
      const key = words.sorted[i] ?? '';
      if (!key.startsWith(token)) break;
      if (!seen.has(key)) matches.push({ key, cost: COST_PREFIX });
    }
  }
  matches.sort(
    (a, b) => a.cost - b.cost || a.key.length - b.key.length || (a.key < b.key ? -1 : 1),
  );
  return matches.slice(0, MAX_KEYS_PER_TOKEN);
}

interface HitRow {
  id: number;
  name: string;
  sex: Sex;
  birth_year: number | null;
  death_year: number | null;
  death_date: string | null;
  is_living: boolean;
  presumed_living: boolean;
  is_private: boolean;
  depth: number;
  lineage: string[];
  score: number;
}

/** Names of the father, grandfather, … up to seven generations (the жети ата). */
const LINEAGE_GENERATIONS = 7;

const HIT_COLUMNS = sql`p.id, p.name, p.sex, p.birth_year, p.death_year, p.death_date, p.is_living,
  p.presumed_living, p.is_private, p.depth, p.father_name_key,
  (select coalesce(array_agg(a.name order by a.depth desc), '{}') from ${personsTable} a
    where a.id = any(p.path[greatest(p.depth - ${sql.raw(String(LINEAGE_GENERATIONS - 1))}, 1):])) as lineage`;

function keyTable(matches: readonly KeyMatch[]) {
  return sql`select * from unnest(${textArray(matches.map((m) => m.key))}, ${intArray(
    matches.map((m) => m.cost),
  )}) as t(key, cost)`;
}

/**
 * Persons named like the first word (or the whole query), by their display name or any of
 * their other names (`person_names` that differ from it: `alternative`, one small partial
 * index), best key first, then by father's name. The other names of a person the viewer may
 * not see are hidden (privacy.ts), so they find nobody.
 */
async function nameOnly(db: Db, names: KeyMatch[], limit: number, extra: number, viewer: Viewer) {
  return queryRows<HitRow>(
    db,
    sql`with k0 as (${keyTable(names)})
        select hit.*, k0.cost + ${extra} as score from k0
        cross join lateral (
          select * from (
            (select ${HIT_COLUMNS} from ${personsTable} p where p.name_key = k0.key
              order by p.father_name_key, p.id limit ${limit})
            union
            (select ${HIT_COLUMNS} from person_names n join ${personsTable} p on p.id = n.person_id
              where n.name_key = k0.key and n.alternative and not ${restrictedCondition(viewer)}
              order by p.father_name_key, p.id limit ${limit})
          ) named
          order by named.father_name_key, named.id limit ${limit}
        ) hit
        order by score, hit.father_name_key, hit.id
        limit ${limit}`,
  );
}

/** "name father [grandfather]": every (name, father) key pair is one index range. */
async function nameAndFather(
  db: Db,
  names: KeyMatch[],
  fathers: KeyMatch[],
  grandfathers: KeyMatch[] | undefined,
  limit: number,
) {
  const grandfather = grandfathers
    ? sql`left join ${personsTable} f on f.id = hit.father_id
          left join (${keyTable(grandfathers)}) k2 on k2.key = f.father_name_key`
    : sql``;
  const grandfatherCost = grandfathers
    ? sql`coalesce(k2.cost, ${COST_UNMATCHED_GRANDFATHER})`
    : sql`0`;
  return queryRows<HitRow>(
    db,
    sql`with k0 as (${keyTable(names)}), k1 as (${keyTable(fathers)})
        select hit.*, k0.cost + k1.cost + ${grandfatherCost} as score
        from k0 cross join k1
        cross join lateral (
          select ${HIT_COLUMNS}, p.father_id from ${personsTable} p
          where p.name_key = k0.key and p.father_name_key = k1.key
          order by p.id limit ${grandfathers ? 1000 : limit}
        ) hit
        ${grandfather}
        order by score, hit.id
        limit ${limit}`,
  );
}

/**
 * Best match first: every word found exactly beats a typo, a typo beats a prefix; persons whose
 * father (and grandfather) match the next words come before those who only share the name.
 */
export async function searchPersons(
  db: Db,
  query: SearchQuery,
  viewer: Viewer,
): Promise<SearchResult[]> {
  const tokens = splitNameQuery(query.q).slice(0, MAX_TOKENS);
  if (tokens.length === 0) return [];
  const words = await dictionary(db);
  const [names, fathers, grandfathers] = tokens.map((token) => matchKeys(words, token));
  if (!names || names.length === 0) return [];

  const hits: HitRow[] = [];
  const seen = new Set<number>();
  const add = (found: HitRow[]) => {
    for (const hit of found) {
      if (hits.length >= query.limit) break;
      if (!seen.has(hit.id)) hits.push(hit);
      seen.add(hit.id);
    }
  };
  // A name of several words ("Асанов Усен" of Russian documents) is a key of its own: the
  // whole query matching it, exactly or with one typo, comes first.
  const whole = foldName(query.q);
  if (tokens.length > 1) {
    const wholeKeys = matchKeys(words, whole).filter((match) => match.cost < COST_PREFIX);
    if (wholeKeys.length > 0) add(await nameOnly(db, wholeKeys, query.limit, 0, viewer));
  }
  if (fathers && fathers.length > 0) {
    add(await nameAndFather(db, names, fathers, grandfathers, query.limit));
  }
  if (hits.length < query.limit) {
    const extra = tokens.length > 1 ? COST_NAME_ONLY : 0;
    add(await nameOnly(db, names, query.limit + hits.length, extra, viewer));
  }
  return hits.map((hit) => toResult(hit, viewer));
}

function toResult(hit: HitRow, viewer: Viewer): SearchResult {
  return {
    id: hit.id,
    name: hit.name,
    sex: isRestricted(hit, viewer) ? 'U' : hit.sex,
    father_name: hit.lineage[0] ?? null,
    grandfather_name: hit.lineage[1] ?? null,
    ...visibleYears(hit, viewer),
    lineage: hit.lineage,
    generation: hit.depth + 1,
  };
}
