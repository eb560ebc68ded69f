import { RUNES } from './runes';

/** One row of the rune alphabet: a letter and its rune forms (null: the letter is dropped). */
export interface RuneLetter {
  letter: string;
  /** The form beside back vowels, and the only form of a letter with one. */
  back: string | null;
  /** The form beside front vowels when it differs from `back`, else null. */
  front: string | null;
}

/**
 * The rune table of docs/kyrgyz.md, Rune table, in the Kyrgyz alphabet's order: what the help
 * page shows, from the same data the converter writes with. In a module of its own: every first
 * paint converts text with runes.ts, none shows the table.
 */
export function runeAlphabet(): RuneLetter[] {
  return [...RUNES].map(([letter, forms]) => ({
    letter,
    back: forms?.back ?? null,
    front: forms && forms.front !== forms.back ? forms.front : null,
  }));
}
