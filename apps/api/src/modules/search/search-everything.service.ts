import {
  SEARCH_KINDS,
  SEARCH_PAGE_SIZE,
  formatRecordingTime,
  type SearchEverythingQuery,
  type SearchEverythingResponse,
  type SearchGroup,
  type SearchHit,
  type SearchKind,
  type SearchLink,
} from '@bagysh/shared';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import { withPlainPlan } from '../../db/plain-plan';
import { linkedPersonIds, linkHidden, type LinkColumns } from '../../genealogy/linked-persons';
import type { Viewer } from '../../genealogy/privacy';
import { intArray } from '../../genealogy/person-rows';
import { personsTable } from '../../genealogy/person-table';
import { noteVisible } from '../../genealogy/records/notes';
import { transcriptVisible } from '../../genealogy/records/transcripts';
import { plainText } from '../../lib/sanitize-html';
import { searchPersons } from './search.service';
import { keyCost, matchText, MIN_TYPO_WORD, queryWords, snippetOf } from './text-match';

/**
 * The search of everything (docs/features.md, Search): persons by name (the name search), and
 * words in notes, sources, transcripts' segments, articles and news. Each kind's folded text
 * (`search_key`: a generated column of notes and sources, written by the app for posts) has a
 * trigram index. The database returns at most CANDIDATES rows in two passes: those that contain
 * every word (`like`, which stops at the cap however common the word), then, only while fewer,
 * those where a word may be found with a typo (typoCondition, typoRows). text-match.ts decides
 * which of them match by their folded text, which ranks them too; only the hits of the page
 * shown have their text read for a snippet (cutting one for each of 200 candidates, an
 * article's HTML made plain included, was half the time of a search of a common word). The
 * rows a viewer may not read never reach the answer: notes
 * through `noteVisible` (a private note, or one linked to a living person, is hidden from
 * guests), citations of sources through `linkHidden`, posts unless published, transcripts of
 * members-only files (the typo pass's first step reads the keys of any row, and reads the rows
 * it keeps again with these conditions).
 */

/** Rows read per kind; the count says "at least" beyond. */
const CANDIDATES = 200;
/** Persons read from the name search, its own limit. */
const PERSON_CANDIDATES = 50;
/**
 * pg_trgm's word similarity from which a word counts as "like" a query word: one typo in a
 * four-letter word leaves 2 of its 5 trigrams, 0.4.
 */
const WORD_SIMILARITY = '0.4';
/** Words from this length are looked for by their parts in the typo pass (typoCondition). */
const MIN_HALVES_WORD = 6;
/**
 * Rows the typo pass reads per kind, of which text-match.ts keeps those with a typo: a word
 * whose parts are common (a typo of a common word) finds enough among them.
 */
const TYPO_ROWS = 2000;
/** Characters of a note's text in its title when it is linked to no person. */
const NOTE_TITLE_LENGTH = 60;

interface Candidate {
  id: number;
  title: string;
  /** The folded text (`search_key`): what the candidate is ranked by. */
  key: string;
  /** The text the snippet is cut from: made only for the hits of the page shown. */
  text: () => string;
  link: SearchLink | null;
}

/** One pass over a kind's rows: the condition on its folded text or id, and the rows to read. */
interface Pass {
  condition: (key: SQL, id: SQL) => SQL;
  limit: number;
}

/** Every word is in the folded text `key` (as it is, or as the beginning of a longer word). */
function containsAll(key: SQL, words: readonly string[]): SQL {
  return sql.join(
    words.map((word) => sql`${key} like ${`%${word}%`}`),
    sql` and `,
  );
}

/**
 * The rows of the typo pass: not found by the exact pass, and every word is in `key` or may be
 * there with one typo. pg_trgm's `<%` (word similarity 0.4) through the trigram index hands
 * every row with a word starting with two of the word's letters to a recheck of 0.1–0.4 ms a
 * row (comparing the word with the whole text), and most of them are no typo of it; so from
 * MIN_HALVES_WORD letters a row is narrowed by `like` only, through the index, and
 * text-match.ts decides. One typo (a swap included) leaves either the word's first `k` letters
 * at the start of the text's word, or its letters after `k + 1` in it; `k` leaves at least
 * three of those, the trigrams the index needs. A shorter word has no such parts: beside a
 * longer one it is left to text-match.ts, alone it keeps `<%`.
 */
function typoCondition(key: SQL, words: readonly string[]): SQL {
  const narrowed = words.some((word) => word.length >= MIN_HALVES_WORD);
  const each = words.flatMap((word) => {
    const contains = sql`${key} like ${`%${word}%`}`;
    if (word.length < MIN_TYPO_WORD) return [contains];
    if (word.length < MIN_HALVES_WORD)
      return narrowed ? [] : [sql`(${contains} or ${word} <% ${key})`];
    const k = Math.min(Math.floor(word.length / 2), word.length - 4);
    const start = word.slice(0, k);
    const rest = word.slice(k + 1);
    return [
      sql`(${contains} or ${key} like ${`${start}%`} or ${key} like ${`% ${start}%`}
        or ${key} like ${`%${rest}%`})`,
    ];
  });
  return sql`not (${containsAll(key, words)}) and ${sql.join(each, sql` and `)}`;
}

const NOTE_LINK: LinkColumns = {
  person: sql`nl.person_id`,
  event: sql`nl.event_id`,
  union: sql`nl.union_id`,
};

const CITATION_LINK: LinkColumns = {
  person: sql`c.person_id`,
  event: sql`c.event_id`,
  union: sql`c.union_id`,
  name: sql`c.name_id`,
};

/** Notes the viewer may read; each opens the page of the first person it is linked to. */
async function noteCandidates(db: Db, pass: Pass, viewer: Viewer): Promise<Candidate[]> {
  const rows = await queryRows<{
    id: number;
    text: string;
    key: string;
    person_id: number | null;
    person_name: string | null;
  }>(
    db,
    // The notes first, then each one's link (see sourceCandidates). The linked person's id
    // first, then its row by id: `p.id in (…) order by p.id` walked the persons in order,
    // testing each.
    sql`select n.id, n.text, n.search_key as key, lp.id as person_id, lp.name as person_name
        from (select n.id, n.text, n.search_key from notes n
          where ${noteVisible(viewer)} and ${pass.condition(sql`n.search_key`, sql`n.id`)}
          limit ${pass.limit}) n
        left join lateral (
          select lx.id from note_links nl cross join lateral (${linkedPersonIds(NOTE_LINK)}) lx
          where nl.note_id = n.id order by lx.id limit 1) lk on true
        left join ${personsTable} lp on lp.id = lk.id`,
  );
  return rows.map((row) => ({
    id: row.id,
    title: row.person_name ?? row.text.slice(0, NOTE_TITLE_LENGTH),
    key: row.key,
    text: () => row.text,
    link: row.person_id === null ? null : { route: 'person', id: row.person_id },
  }));
}

/** Sources (public); each opens the page of the first person citing it the viewer may see. */
async function sourceCandidates(db: Db, pass: Pass, viewer: Viewer): Promise<Candidate[]> {
  const rows = await queryRows<{
    id: number;
    title: string;
    text: string;
    key: string;
    person_id: number | null;
  }>(
    db,
    // The sources in a subquery of their own: beside the citing person's subquery (estimated
    // at 160 000 a row at 1M persons) the index and a scan of every source cost the same to
    // the planner, which took the scan, 60 ms for 6 sources of 20 000.
    sql`select s.id, s.title, s.search_key as key,
          concat_ws(' · ', s.title, s.author, s.publication, s.repository, s.text, s.note) as text,
          (select min(cp.id) from citations c cross join lateral (${linkedPersonIds(CITATION_LINK)}) cp
            where c.source_id = s.id and not ${linkHidden(viewer, CITATION_LINK)}) as person_id
        from (select * from sources s where ${pass.condition(sql`s.search_key`, sql`s.id`)}
          limit ${pass.limit}) s`,
  );
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    key: row.key,
    text: () => row.text,
    link: row.person_id === null ? null : { route: 'person', id: row.person_id },
  }));
}

/**
 * Segments of transcripts the viewer may read (transcriptVisible); each opens its recording at
 * the segment's second.
 */
async function transcriptCandidates(db: Db, pass: Pass, viewer: Viewer): Promise<Candidate[]> {
  const rows = await queryRows<{
    id: number;
    file_id: number;
    file_name: string;
    start_ms: number;
    speaker: string;
    text: string;
    key: string;
  }>(
    db,
    sql`select ts.id, t.id as file_id, f.name as file_name, ts.start_ms, ts.speaker, ts.text,
          ts.search_key as key
        from transcript_segments ts
        join transcripts t on t.id = ts.transcript_id
        join files f on f.id = t.id
        where ${transcriptVisible(viewer)} and ${pass.condition(sql`ts.search_key`, sql`ts.id`)}
        limit ${pass.limit}`,
  );
  return rows.map((row) => ({
    id: row.id,
    title: `${row.file_name} · ${formatRecordingTime(row.start_ms / 1000)}`,
    key: row.key,
    text: () => (row.speaker === '' ? row.text : `${row.speaker}: ${row.text}`),
    link: { route: 'recording', id: row.file_id, at: row.start_ms / 1000 },
  }));
}

/** Published articles or news: drafts and items waiting for moderation are found by nobody. */
async function postCandidates(db: Db, kind: 'article' | 'news', pass: Pass): Promise<Candidate[]> {
  const rows = await queryRows<{
    id: number;
    title: string;
    lead: string;
    body: string;
    key: string;
  }>(
    db,
    sql`select id, title, lead, body, search_key as key from posts
        where kind = ${kind} and status = 'published' and ${pass.condition(sql`search_key`, sql`id`)}
        limit ${pass.limit}`,
  );
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    key: row.key,
    text: () => `${row.title}\n${row.lead}\n${plainText(row.body)}`,
    link: { route: kind === 'article' ? 'personArticle' : 'newsItem', id: row.id },
  }));
}

/**
 * The typo pass's first step: ids and folded texts of at most TYPO_ROWS rows of `kind` by
 * typoCondition, whoever may read them (the rows kept are read again with the viewer's
 * conditions). Narrowed by a word's parts only, most of them hold no typo of it (a rare name's
 * first letters are a common name's: 1 138 notes of 60 000 for Көкөмерен); only the few that
 * do get their links and privacy looked up.
 */
async function typoRows(
  db: Db,
  kind: Exclude<SearchKind, 'person'>,
  words: readonly string[],
): Promise<{ id: number; key: string }[]> {
  const from = {
    note: sql`notes where true`,
    source: sql`sources where true`,
    transcript: sql`transcript_segments where true`,
    article: sql`posts where kind = 'article' and status = 'published'`,
    news: sql`posts where kind = 'news' and status = 'published'`,
  }[kind];
  return queryRows(
    db,
    sql`select id, search_key as key from ${from} and ${typoCondition(sql`search_key`, words)}
        limit ${TYPO_ROWS}`,
  );
}

/** A hit whose snippet is cut only when its page is shown. */
type LazyHit = () => SearchHit;

/**
 * The candidates that match, best first (then newest), ranked by their folded text; a hit
 * cuts its snippet from the text itself when it is shown.
 */
function rank(kind: SearchKind, candidates: Candidate[], words: string[]): LazyHit[] {
  const matched: { candidate: Candidate; cost: number }[] = [];
  for (const candidate of candidates) {
    const cost = keyCost(candidate.key, words);
    if (cost !== undefined) matched.push({ candidate, cost });
  }
  matched.sort((a, b) => a.cost - b.cost || b.candidate.id - a.candidate.id);
  return matched.map(({ candidate }) => () => {
    const text = candidate.text();
    return {
      kind,
      id: candidate.id,
      title: candidate.title,
      snippet: snippetOf(text, matchText(text, words) ?? []),
      link: candidate.link,
    };
  });
}

async function personHits(db: Db, q: string, viewer: Viewer): Promise<LazyHit[]> {
  const persons = await searchPersons(db, { q, limit: PERSON_CANDIDATES }, viewer);
  return persons.map((person) => () => ({
    kind: 'person',
    id: person.id,
    title: person.name,
    snippet: [
      { text: person.name, match: true },
      ...(person.lineage.length > 0
        ? [{ text: ` ← ${person.lineage.join(' ← ')}`, match: false }]
        : []),
    ],
    link: { route: 'person', id: person.id },
  }));
}

/** The hits of one kind, and whether the rows read reached their cap (more may exist). */
async function hitsOf(
  db: Db,
  kind: SearchKind,
  q: string,
  words: string[],
  viewer: Viewer,
): Promise<{ hits: LazyHit[]; capped: boolean }> {
  if (kind === 'person') {
    const hits = await personHits(db, q, viewer);
    return { hits, capped: hits.length >= PERSON_CANDIDATES };
  }
  const read = (pass: Pass): Promise<Candidate[]> => {
    switch (kind) {
      case 'note':
        return noteCandidates(db, pass, viewer);
      case 'source':
        return sourceCandidates(db, pass, viewer);
      case 'transcript':
        return transcriptCandidates(db, pass, viewer);
      case 'article':
      case 'news':
        return postCandidates(db, kind, pass);
    }
  };
  // The exact pass stops at CANDIDATES rows, so a common word reads no more than that; the
  // typo pass only fills what it left, with rows that match.
  const candidates = await read({ condition: (key) => containsAll(key, words), limit: CANDIDATES });
  let capped = candidates.length >= CANDIDATES;
  if (!capped && words.some((word) => word.length >= MIN_TYPO_WORD)) {
    const rows = await typoRows(db, kind, words);
    const ids = rows.filter((row) => keyCost(row.key, words) !== undefined).map((row) => row.id);
    if (ids.length > 0) {
      const typos = await read({
        condition: (_key, id) => sql`${id} = any(${intArray(ids)})`,
        limit: CANDIDATES - candidates.length,
      });
      candidates.push(...typos);
    }
    capped = candidates.length >= CANDIDATES || rows.length >= TYPO_ROWS;
  }
  return { hits: rank(kind, candidates, words), capped };
}

/** One group per kind (or the asked kind only), each one page of its hits with their count. */
export async function searchEverything(
  db: Db,
  query: SearchEverythingQuery,
  viewer: Viewer,
): Promise<SearchEverythingResponse> {
  const kinds = query.kind ? [query.kind] : SEARCH_KINDS;
  const page = query.kind ? query.page : 1;
  const words = queryWords(query.q);
  if (words.length === 0) {
    return {
      groups: kinds.map((kind) => ({ kind, count: 0, capped: false, page, pages: 0, results: [] })),
    };
  }
  // The name search outside the transaction: it keeps its name-key dictionary per database
  // handle, and a transaction's handle is new each time (it re-read and sorted 95 000 keys at
  // 1M persons, 0.25 s, on every search).
  const persons = kinds.includes('person')
    ? await hitsOf(db, 'person', query.q, words, viewer)
    : undefined;
  // Without JIT: the estimates of these reads (the privacy subqueries, `<%`) passed
  // jit_above_cost, and compiling took 1.3 s of a 1.3 s read of 200 sources. The trigram
  // threshold holds for this transaction only (set_config's `true`).
  return withPlainPlan(db, async (tx) => {
    await tx.execute(
      sql`select set_config('pg_trgm.word_similarity_threshold', ${WORD_SIMILARITY}, true)`,
    );
    const groups: SearchGroup[] = [];
    for (const kind of kinds) {
      const { hits, capped } =
        kind === 'person' && persons ? persons : await hitsOf(tx, kind, query.q, words, viewer);
      groups.push({
        kind,
        count: hits.length,
        capped,
        page,
        pages: Math.ceil(hits.length / SEARCH_PAGE_SIZE),
        results: hits
          .slice((page - 1) * SEARCH_PAGE_SIZE, page * SEARCH_PAGE_SIZE)
          .map((hit) => hit()),
      });
    }
    return { groups };
  });
}
