/**
 * Kyrgyz suffixes follow the stem's last vowel and final sound (docs/kyrgyz.md). Kept apart from
 * kinship.ts so that a person's label ("Асандын баласы") does not bring the kinship terms along.
 */

type HarmonyVowel = 'ы' | 'и' | 'у' | 'ү';

/** The vowel of a four-way suffix (-нын/-нин/-нун/-нүн) after each vowel of the stem. */
const HARMONY: ReadonlyMap<string, HarmonyVowel> = new Map([
  // Latin letters only so that a name typed in Latin still gets a plausible suffix.
  ...[...'аыяaıy'].map((v) => [v, 'ы'] as const),
  ...[...'еэиei'].map((v) => [v, 'и'] as const),
  ...[...'оуёюou'].map((v) => [v, 'у'] as const),
  ...[...'өүöü'].map((v) => [v, 'ү'] as const),
]);
const VOICED_CONSONANTS: ReadonlySet<string> = new Set([...'лмнңрйзжбвгдlmnrjzbvgdw']);
const VOICELESS_CONSONANTS: ReadonlySet<string> = new Set([...'пфктсшщчхцpfktsqchx']);
/** Letters that make no sound of their own and are skipped when looking for the final sound. */
const SILENT = new Set(['ь', 'ъ']);

function lastLetter(word: string): string | undefined {
  const letters = [...word.toLowerCase()];
  for (let i = letters.length - 1; i >= 0; i--) {
    const ch = letters[i];
    if (ch === undefined || SILENT.has(ch)) continue;
    if (HARMONY.has(ch) || VOICED_CONSONANTS.has(ch) || VOICELESS_CONSONANTS.has(ch)) return ch;
  }
  return undefined;
}

export function harmonyVowel(word: string): HarmonyVowel {
  const letters = [...word.toLowerCase()];
  for (let i = letters.length - 1; i >= 0; i--) {
    const vowel = HARMONY.get(letters[i] ?? '');
    if (vowel !== undefined) return vowel;
  }
  return 'ы';
}

export function endsInVowel(word: string): boolean {
  const last = lastLetter(word);
  return last !== undefined && HARMONY.has(last);
}

export function isVowel(letter: string): boolean {
  return HARMONY.has(letter);
}

/**
 * A word with the genitive suffix: -нын after a vowel, -дын after a voiced consonant, -тын
 * after a voiceless one, the vowel by harmony with the word's last vowel (Асандын, Алинин,
 * Үсөндүн, Айбектин).
 */
export function genitive(word: string): string {
  const last = lastLetter(word);
  let initial = 'д';
  if (last === undefined || endsInVowel(word)) initial = 'н';
  else if (VOICELESS_CONSONANTS.has(last)) initial = 'т';
  return `${word}${initial}${harmonyVowel(word)}н`;
}
