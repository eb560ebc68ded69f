import { foldName, levenshteinWithin1, type SnippetSegment } from '@bagysh/shared';

/**
 * Matching of folded query words in a text and the snippet around them, for the search of
 * everything (docs/features.md, Search). The database finds candidates through trigram indexes;
 * this decides, word by word, what counts as found and where it is.
 */

/** Shorter words say too little and no trigram index helps them: they are left out. */
export const MIN_WORD = 3;
/** A typo is forgiven in words of this length or more ("ак" → "ок" is another word). */
export const MIN_TYPO_WORD = 4;
const MAX_WORDS = 5;

const COST_EXACT = 0;
const COST_PREFIX = 1;
const COST_TYPO = 2;

/** The folded query words the search looks for. */
export function queryWords(q: string): string[] {
  const words = foldName(q)
    .split(' ')
    .filter((word) => word.length >= MIN_WORD);
  return [...new Set(words)].slice(0, MAX_WORDS);
}

/**
 * The cost of finding `word` as the text's folded word `folded`: equal, its beginning (an
 * ending follows), or either of those with one typo; undefined when it is not found.
 */
function wordCost(word: string, folded: string): number | undefined {
  if (folded === word) return COST_EXACT;
  if (folded.startsWith(word)) return COST_PREFIX;
  if (word.length < MIN_TYPO_WORD) return undefined;
  for (let length = word.length - 1; length <= word.length + 1; length++) {
    if (length > folded.length) break;
    if (levenshteinWithin1(folded.slice(0, length), word)) return COST_TYPO;
  }
  return undefined;
}

interface Found {
  start: number;
  end: number;
}

/** Letters, digits, marks and the joiners foldName drops: one word of the text. */
const WORD = /[\p{L}\p{N}\p{M}'`ʼ’‘\u00ad-]+/gu;

/** Where every query word is found in `text`, or undefined when one of them is not. */
export function matchText(text: string, words: readonly string[]): Found[] | undefined {
  const seen = new Set<string>();
  const found: Found[] = [];
  for (const m of text.matchAll(WORD)) {
    const folded = foldName(m[0]);
    if (folded.length === 0) continue;
    const here = words.filter((word) => wordCost(word, folded) !== undefined);
    if (here.length === 0) continue;
    for (const word of here) seen.add(word);
    found.push({ start: m.index, end: m.index + m[0].length });
  }
  return seen.size < words.length ? undefined : found;
}

/**
 * The cost of finding every word in `key`, a text folded already (a `search_key`, its words
 * split by spaces), as matchText would find them in the text; undefined when one is not
 * found. The search ranks its candidates with it, and reads the text itself only for the
 * snippets of the page it shows.
 */
export function keyCost(key: string, words: readonly string[]): number | undefined {
  const folded = key.split(' ');
  let cost = 0;
  for (const word of words) {
    let best: number | undefined;
    for (const each of folded) {
      const found = wordCost(word, each);
      if (found !== undefined && (best === undefined || found < best)) best = found;
      if (best === COST_EXACT) break;
    }
    if (best === undefined) return undefined;
    cost += best;
  }
  return cost;
}

/** Characters of a snippet. */
const SNIPPET_LENGTH = 180;
/** Characters shown before the first found word. */
const SNIPPET_BEFORE = 50;

/**
 * About SNIPPET_LENGTH characters of `text` around its first found word, cut at spaces, with
 * the found words as `match` segments and "…" where text is left out.
 */
export function snippetOf(text: string, found: readonly Found[]): SnippetSegment[] {
  const flat = text.replace(/\s+/g, ' ');
  // Whitespace runs shrink: re-find the words in the flattened text by their order.
  const shifted: Found[] = [];
  let from = 0;
  for (const f of found) {
    const word = text.slice(f.start, f.end);
    const at = flat.indexOf(word, from);
    if (at < 0) continue;
    shifted.push({ start: at, end: at + word.length });
    from = at + word.length;
  }
  const first = shifted[0]?.start ?? 0;
  let start = Math.max(0, first - SNIPPET_BEFORE);
  if (start > 0) {
    const space = flat.indexOf(' ', start);
    start = space >= 0 && space < first ? space + 1 : start;
  }
  let end = Math.min(flat.length, start + SNIPPET_LENGTH);
  if (end < flat.length) {
    const space = flat.lastIndexOf(' ', end);
    if (space > first) end = space;
  }
  const segments: SnippetSegment[] = [];
  const push = (piece: string, match: boolean) => {
    if (piece) segments.push({ text: piece, match });
  };
  let at = start;
  for (const f of shifted) {
    if (f.start < at || f.end > end) continue;
    push(flat.slice(at, f.start), false);
    push(flat.slice(f.start, f.end), true);
    at = f.end;
  }
  push(flat.slice(at, end), false);
  if (start > 0) segments.unshift({ text: '…', match: false });
  if (end < flat.length) segments.push({ text: '…', match: false });
  return segments;
}
