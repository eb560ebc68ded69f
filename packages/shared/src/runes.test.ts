import { describe, expect, it } from 'vitest';
import { isCyrillicLetter, toRunes } from './runes';

/** Every code point of docs/kyrgyz.md, Rune table; the converter may produce no other rune. */
const LISTED_CODE_POINTS = new Set([
  0x10c00, 0x10c03, 0x10c05, 0x10c06, 0x10c07, 0x10c09, 0x10c0b, 0x10c0d, 0x10c0f, 0x10c11, 0x10c13,
  0x10c14, 0x10c16, 0x10c18, 0x10c1a, 0x10c1e, 0x10c20, 0x10c22, 0x10c23, 0x10c24, 0x10c2d, 0x10c2f,
  0x10c32, 0x10c33, 0x10c34, 0x10c3a, 0x10c3c, 0x10c3d, 0x10c3e, 0x10c41, 0x10c43, 0x10c45,
]);

const ALL_LETTERS = 'абвгдеёжзийклмнңоөпрстуүфхцчшщъыьэюя';

function codePoints(text: string): number[] {
  return Array.from(text, (ch) => ch.codePointAt(0) ?? 0);
}

describe('toRunes: the test vectors of docs/kyrgyz.md, Rune test vectors', () => {
  it.each([
    ['Санжыра', '𐰽𐰀𐰣𐰳𐰃𐰺𐰀'],
    ['Издөө', '𐰃𐰔𐰓𐰇𐰇'],
    ['Жети ата', '𐰳𐰅𐱅𐰃 𐰀𐱃𐰀'],
    ['Кыргыз', '𐰴𐰃𐰺𐰍𐰃𐰔'],
    ['Түрк', '𐱅𐰇𐰼𐰚'],
    ['Бишкек 2024', '𐰋𐰃𐱁𐰚𐰅𐰚 2024'],
  ])('%s → %s', (cyrillic, runes) => {
    expect(toRunes(cyrillic)).toBe(runes);
  });
});

describe('toRunes', () => {
  it('has no case: capitals, including Ң Ө Ү, give the same runes as small letters', () => {
    expect(toRunes('ҢӨҮ')).toBe(toRunes('ңөү'));
    expect(toRunes('ңөү')).toBe('\u{10C2D}\u{10C07}\u{10C07}');
    expect(toRunes('САНЖЫРА')).toBe('𐰽𐰀𐰣𐰳𐰃𐰺𐰀');
    expect(toRunes('Өмүр')).toBe('\u{10C07}\u{10C22}\u{10C07}\u{10C3C}');
  });

  it('keeps digits, punctuation and whitespace where they were', () => {
    expect(toRunes('ата, эне!\n(1990–2024)\t«ай»')).toBe(
      '𐰀𐱃𐰀, \u{10C05}\u{10C24}\u{10C05}!\n(1990–2024)\t«\u{10C00}\u{10C16}»',
    );
  });

  it('keeps Latin text as it is, even mixed into a Cyrillic word', () => {
    expect(toRunes('Bishkek')).toBe('Bishkek');
    expect(toRunes('ата Ata')).toBe('𐰀𐱃𐰀 Ata');
    expect(toRunes('таXк')).toBe('𐱃𐰀X𐰴'); // "к" alone is a vowel-less word: back form
  });

  it('drops ъ and ь without breaking the word', () => {
    expect(toRunes('объект')).toBe(toRunes('обект'));
    expect(toRunes('ь')).toBe('');
    expect(toRunes('Ъ ь')).toBe(' ');
  });

  it('gives a vowel-less word the back forms', () => {
    expect(toRunes('мкр')).toBe('\u{10C22}\u{10C34}\u{10C3A}');
    expect(toRunes('СССР')).toBe('\u{10C3D}\u{10C3D}\u{10C3D}\u{10C3A}');
  });

  it('takes the form of leading consonants from the next vowel of the word', () => {
    // т, р before the front ү; к after it.
    expect(toRunes('Түрк')).toBe('\u{10C45}\u{10C07}\u{10C3C}\u{10C1A}');
    // с, т, р before the back а.
    expect(toRunes('страна')).toBe('\u{10C3D}\u{10C43}\u{10C3A}\u{10C00}\u{10C23}\u{10C00}');
  });

  it('takes the form of a consonant from the nearest vowel before it, not after it', () => {
    // к after а is back although е follows; т after е is front although а follows.
    expect(toRunes('акет')).toBe('\u{10C00}\u{10C34}\u{10C05}\u{10C45}');
    expect(toRunes('ета')).toBe('\u{10C05}\u{10C45}\u{10C00}');
  });

  it('does not let a vowel reach across a word boundary', () => {
    // "к" is its own word, so the back form even after "ит".
    expect(toRunes('ит-к')).toBe('\u{10C03}\u{10C45}-\u{10C34}');
  });

  it('writes ё, ю, я and ц with two runes', () => {
    expect(toRunes('ё')).toBe('\u{10C16}\u{10C06}');
    expect(toRunes('ю')).toBe('\u{10C16}\u{10C06}');
    expect(toRunes('я')).toBe('\u{10C16}\u{10C00}');
    expect(toRunes('ца')).toBe('\u{10C43}\u{10C3D}\u{10C00}');
    expect(toRunes('цирк')).toBe('\u{10C45}\u{10C3E}\u{10C03}\u{10C3C}\u{10C1A}');
  });

  it('counts ё, ю, я as back vowels', () => {
    expect(toRunes('юк')).toBe('\u{10C16}\u{10C06}\u{10C34}');
    expect(toRunes('ят')).toBe('\u{10C16}\u{10C00}\u{10C43}');
  });

  it('writes в, ф, х with the runes of б, п, к', () => {
    expect(toRunes('ва ве')).toBe(toRunes('ба бе'));
    expect(toRunes('фа')).toBe(toRunes('па'));
    expect(toRunes('ах эх')).toBe(toRunes('ак эк'));
  });

  it('treats a decomposed й (и + combining breve) as й', () => {
    expect(toRunes('а\u0438\u0306')).toBe('\u{10C00}\u{10C16}');
    expect(toRunes('е\u0438\u0306')).toBe('\u{10C05}\u{10C18}');
  });

  it('keeps a Cyrillic letter that has no rune but lets it join the word', () => {
    expect(toRunes('әт')).toBe('ә\u{10C43}'); // ә is no vowel here: т has no vowel → back
    expect(toRunes('итәт')).toBe('\u{10C03}\u{10C45}ә\u{10C45}');
  });

  it('uses only the listed code points, never U+10C3F', () => {
    for (const text of [ALL_LETTERS, ALL_LETTERS.toUpperCase(), `и${ALL_LETTERS}`]) {
      const runes = codePoints(toRunes(text));
      expect(runes.every((cp) => LISTED_CODE_POINTS.has(cp))).toBe(true);
      expect(runes).not.toContain(0x10c3f);
    }
  });

  it('converts every letter of the alphabet except ъ and ь', () => {
    for (const letter of ALL_LETTERS) {
      const runes = toRunes(letter);
      if (letter === 'ъ' || letter === 'ь') expect(runes).toBe('');
      else expect(runes.length, letter).toBeGreaterThanOrEqual(2);
    }
  });

  it('has the back and front forms of every paired consonant from the table', () => {
    const pairs: Record<string, [number, number]> = {
      б: [0x10c09, 0x10c0b],
      г: [0x10c0d, 0x10c0f],
      д: [0x10c11, 0x10c13],
      й: [0x10c16, 0x10c18],
      к: [0x10c34, 0x10c1a],
      л: [0x10c1e, 0x10c20],
      н: [0x10c23, 0x10c24],
      р: [0x10c3a, 0x10c3c],
      с: [0x10c3d, 0x10c3e],
      т: [0x10c43, 0x10c45],
    };
    for (const [letter, [back, front]] of Object.entries(pairs)) {
      expect(codePoints(toRunes(`а${letter}`))[1], letter).toBe(back);
      expect(codePoints(toRunes(`и${letter}`))[1], letter).toBe(front);
    }
  });

  it('returns an empty string for an empty text', () => {
    expect(toRunes('')).toBe('');
  });
});

describe('isCyrillicLetter', () => {
  it('knows Kyrgyz letters in both cases and other Cyrillic letters', () => {
    for (const ch of ['а', 'Я', 'ң', 'Ң', 'ө', 'Ү', 'ъ', 'ә', 'і'])
      expect(isCyrillicLetter(ch)).toBe(true);
  });

  it('rejects Latin, digits, punctuation and runes', () => {
    for (const ch of ['a', 'Z', '1', '-', ' ', '𐰀', '\u0306'])
      expect(isCyrillicLetter(ch)).toBe(false);
  });
});
