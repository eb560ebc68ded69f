/**
 * Kyrgyz Cyrillic → Old Turkic runes for the `old_ky` script mode (docs/kyrgyz.md, Runes).
 *
 * Runes lie outside the BMP ('𐰀'.length === 2), so everything here walks strings by code point.
 */

/**
 * Rune code points of each lower-case letter: the back-vowel form, then the front-vowel form of a
 * paired consonant. A form is a list because ё, ю, я and ц need two runes. `null` = no rune
 * (the letter is dropped). Code points as listed in docs/kyrgyz.md, Rune table; U+10C3F (the
 * syllable sign "aš") is deliberately absent.
 */
const RUNE_CODE_POINTS: Readonly<
  Record<string, readonly [back: readonly number[], front?: readonly number[]] | null>
> = {
  а: [[0x10c00]],
  б: [[0x10c09], [0x10c0b]],
  в: [[0x10c09], [0x10c0b]], // no v: as б
  г: [[0x10c0d], [0x10c0f]],
  д: [[0x10c11], [0x10c13]],
  е: [[0x10c05]], // Yenisei e
  ё: [[0x10c16, 0x10c06]],
  ж: [[0x10c33]], // Yenisei č
  з: [[0x10c14]],
  и: [[0x10c03]],
  й: [[0x10c16], [0x10c18]],
  к: [[0x10c34], [0x10c1a]],
  л: [[0x10c1e], [0x10c20]],
  м: [[0x10c22]],
  н: [[0x10c23], [0x10c24]],
  ң: [[0x10c2d]],
  о: [[0x10c06]],
  ө: [[0x10c07]],
  п: [[0x10c2f]],
  р: [[0x10c3a], [0x10c3c]],
  с: [[0x10c3d], [0x10c3e]],
  т: [[0x10c43], [0x10c45]],
  у: [[0x10c06]],
  ү: [[0x10c07]],
  ф: [[0x10c2f]], // no f: as п
  х: [[0x10c34], [0x10c1a]], // no x: as к
  ц: [
    [0x10c43, 0x10c3d],
    [0x10c45, 0x10c3e],
  ], // t + s
  ч: [[0x10c32]],
  ш: [[0x10c41]],
  щ: [[0x10c41]],
  ъ: null,
  ы: [[0x10c03]],
  ь: null,
  э: [[0x10c05]],
  ю: [[0x10c16, 0x10c06]],
  я: [[0x10c16, 0x10c00]],
};

const BACK_VOWELS: ReadonlySet<string> = new Set(['а', 'о', 'у', 'ы', 'я', 'ё', 'ю']);
const FRONT_VOWELS: ReadonlySet<string> = new Set(['э', 'е', 'и', 'ө', 'ү']);

export interface RuneForms {
  back: string;
  front: string;
}

/** Each lower-case letter's rune forms (null: dropped), in the Kyrgyz alphabet's order. */
export const RUNES: ReadonlyMap<string, RuneForms | null> = new Map(
  Object.entries(RUNE_CODE_POINTS).map(([letter, forms]) => {
    if (forms === null) return [letter, null];
    const back = String.fromCodePoint(...forms[0]);
    const front = forms[1] ? String.fromCodePoint(...forms[1]) : back;
    return [letter, { back, front }];
  }),
);

const CYRILLIC_LETTER = /^(?=\p{L})\p{Script=Cyrillic}$/u;

/**
 * Whether one code point is a Cyrillic letter. Runs of these make up the words whose vowels
 * decide the back/front form of each consonant; Kazakh or Ukrainian letters without a rune also
 * count, so they do not split a word.
 */
export function isCyrillicLetter(ch: string): boolean {
  return RUNES.has(ch) || CYRILLIC_LETTER.test(ch);
}

/**
 * Writes Kyrgyz Cyrillic text in Old Turkic runes (docs/kyrgyz.md, Rune rules). Everything that is
 * not a Cyrillic letter — digits, punctuation, whitespace, Latin — is kept as it is, and a Cyrillic
 * letter without a rune (ъ, ь dropped; foreign letters kept) never changes its neighbours.
 * The result is in logical order: display it inside an RTL-isolated element, never reverse it.
 */
export function toRunes(text: string): string {
  let out = '';
  let word: string[] = [];
  // NFC so that и + combining breve is one letter й, not a letter and a stray mark.
  for (const ch of text.normalize('NFC')) {
    if (isCyrillicLetter(ch)) {
      word.push(ch);
      continue;
    }
    if (word.length > 0) {
      out += wordToRunes(word);
      word = [];
    }
    out += ch;
  }
  if (word.length > 0) out += wordToRunes(word);
  return out;
}

function wordToRunes(word: readonly string[]): string {
  const letters = word.map((ch) => ch.toLowerCase());
  // A consonant before the first vowel takes its form from that vowel; no vowel at all → back.
  const firstVowel = letters.find((ch) => FRONT_VOWELS.has(ch) || BACK_VOWELS.has(ch));
  let front = firstVowel !== undefined && FRONT_VOWELS.has(firstVowel);
  let out = '';
  for (const [i, letter] of letters.entries()) {
    if (FRONT_VOWELS.has(letter)) front = true;
    else if (BACK_VOWELS.has(letter)) front = false;
    const forms = RUNES.get(letter);
    if (forms === undefined) out += word[i] ?? letter;
    else if (forms !== null) out += front ? forms.front : forms.back;
  }
  return out;
}
