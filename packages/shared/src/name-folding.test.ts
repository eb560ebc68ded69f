import { describe, expect, it } from 'vitest';
import { foldName, levenshteinWithin1, splitNameQuery } from './name-folding';

/** All spellings in a group must give one key. */
function expectSameKey(...spellings: string[]) {
  const keys = spellings.map(foldName);
  expect(new Set(keys).size, `${spellings.join(', ')} → ${keys.join(', ')}`).toBe(1);
}

describe('foldName', () => {
  it('drops case, Kyrgyz and Latin alike', () => {
    expect(foldName('АСАН')).toBe('асан');
    expect(foldName('ҢӨҮ')).toBe(foldName('ңөү'));
    expectSameKey('ASAN', 'asan', 'Asan');
  });

  it('folds ң to н, ө to о and ү to у', () => {
    expect(foldName('ң')).toBe('н');
    expect(foldName('Өмүр')).toBe('омур');
    expect(foldName('Үсөн')).toBe('усон');
    expectSameKey('Теңир', 'Тенир');
  });

  it('makes the four spellings of Omurbek meet', () => {
    expectSameKey('Omurbek', 'Өмүрбек', 'омурбек', 'ÖMÜRBEK', 'Omürbek', 'ОМУРБЕК');
    expect(foldName('Omurbek')).toBe('омурбек');
  });

  it('makes Latin and Cyrillic spellings of common names meet', () => {
    expectSameKey('Asan', 'Асан');
    expectSameKey('Üsön', 'Usön', 'Uson', 'Үсөн');
    expectSameKey('Uulu', 'уулу', 'UULU');
    expectSameKey('Tagai', 'Tagay', 'Тагай');
    expectSameKey('Jusup', 'Zhusup', 'Dzhusup', 'Djusup', 'Жусуп');
    expectSameKey('Aibek', 'Aybek', 'Айбек');
    expectSameKey('Bakyt', 'Bakit', 'Бакыт');
    expectSameKey('Kyrgyz', 'Kirgiz', 'Кыргыз');
    expectSameKey('Chyngyz', 'Chingiz', 'Чыңгыз', 'Чингиз');
    expectSameKey('Daniyar', 'Daniiar', 'Daniar', 'Данияр');
    expectSameKey('Aliya', 'Aliia', 'Алия');
    expectSameKey('Yusup', 'Iusup', 'Юсуп');
    expectSameKey('Mukhtar', 'Muhtar', 'Мухтар');
    expectSameKey('Shaiyrbek', 'Shayirbek', 'Шайырбек');
    expectSameKey('Meerim', 'Мээрим');
    expectSameKey('Ermek', 'Эрмек', 'Ермек');
    expectSameKey('Jyldyz', 'Zhyldyz', 'Жылдыз');
    expectSameKey('Cholpon', 'Чолпон');
    expectSameKey('Ilyas', 'Ilias', 'Ильяс');
    expectSameKey('Farida', 'Фарида', 'Парида');
  });

  it('folds Russian-style letters: ё, щ, ц, ъ, ь', () => {
    expect(foldName('Ёлдош')).toBe('иолдош');
    expect(foldName('Щ')).toBe('ш');
    expect(foldName('Царь')).toBe('тсар');
    expect(foldName('Объект')).toBe('обект');
  });

  it('treats decomposed letters like precomposed ones', () => {
    expect(foldName('O\u0308mu\u0308rbek')).toBe('омурбек');
    expect(foldName('Таи\u0306')).toBe(foldName('Тай'));
  });

  it('collapses whitespace and punctuation to single spaces, trimmed', () => {
    expect(foldName('  Асан \t Үсөн\n')).toBe('асан усон');
    expect(foldName('Асан,  Үсөн.')).toBe('асан усон');
    expect(foldName('«Асан»\u00a0(Үсөн)')).toBe('асан усон');
    expect(foldName('Асан\u2003—\u2003Үсөн')).toBe('асан усон');
    expect(foldName('   ')).toBe('');
    expect(foldName('')).toBe('');
  });

  it('joins a name written with a hyphen or an apostrophe', () => {
    expect(foldName('Абдыл-Кадыр')).toBe('абдилкадир');
    expect(foldName("Ka'dyr")).toBe('кадир');
    expect(foldName('Ka’dyr')).toBe('кадир');
  });

  it('keeps digits and characters of other scripts', () => {
    expect(foldName('Асан 2')).toBe('асан 2');
    expect(foldName('Асан 名')).toBe('асан 名');
  });

  it('does not collapse letters across a word boundary', () => {
    expect(foldName('Али Ысык')).toBe('али исик');
    expect(foldName('Асан Гүл')).toBe('асан гул');
  });

  it('is deterministic and idempotent', () => {
    for (const name of ['Өмүрбек', 'Chyngyz', 'Данияр', 'Асан уулу Бакыт', 'Ёлдош']) {
      expect(foldName(name)).toBe(foldName(name));
      expect(foldName(foldName(name))).toBe(foldName(name));
    }
  });
});

describe('splitNameQuery', () => {
  it('splits name, father and grandfather into folded tokens', () => {
    expect(splitNameQuery('Асан Үсөн Төлөк')).toEqual(['асан', 'усон', 'толок']);
    expect(splitNameQuery('Asan Üsön')).toEqual(splitNameQuery('Асан Үсөн'));
  });

  it('trims punctuation and extra whitespace', () => {
    expect(splitNameQuery('  Асан,  Үсөн!  ')).toEqual(['асан', 'усон']);
    expect(splitNameQuery('"Асан" (Үсөн)')).toEqual(['асан', 'усон']);
  });

  it('leaves out the patronymic words уулу and кызы', () => {
    expect(splitNameQuery('Асан Үсөн уулу')).toEqual(['асан', 'усон']);
    expect(splitNameQuery('Айгүл Асан кызы')).toEqual(['аигул', 'асан']);
    expect(splitNameQuery('Asan Uson uulu')).toEqual(['асан', 'усон']);
  });

  it('gives no tokens for an empty or punctuation-only query', () => {
    expect(splitNameQuery('')).toEqual([]);
    expect(splitNameQuery(' ,.; ')).toEqual([]);
  });
});

describe('levenshteinWithin1', () => {
  it('accepts equal strings', () => {
    expect(levenshteinWithin1('асан', 'асан')).toBe(true);
    expect(levenshteinWithin1('', '')).toBe(true);
  });

  it('accepts one replaced, inserted or deleted letter anywhere', () => {
    expect(levenshteinWithin1('асан', 'осан')).toBe(true);
    expect(levenshteinWithin1('асан', 'асын')).toBe(true);
    expect(levenshteinWithin1('асан', 'асао')).toBe(true);
    expect(levenshteinWithin1('асан', 'ассан')).toBe(true);
    expect(levenshteinWithin1('асан', 'асанн')).toBe(true);
    expect(levenshteinWithin1('асан', 'сан')).toBe(true);
    expect(levenshteinWithin1('асан', 'аса')).toBe(true);
    expect(levenshteinWithin1('', 'а')).toBe(true);
    expect(levenshteinWithin1('омурбек', 'омурбк')).toBe(true);
  });

  it('accepts two neighbouring letters swapped', () => {
    expect(levenshteinWithin1('асан', 'саан')).toBe(true);
    expect(levenshteinWithin1('асан', 'асна')).toBe(true);
    expect(levenshteinWithin1('омурбек', 'омурбке')).toBe(true);
  });

  it('rejects two edits', () => {
    expect(levenshteinWithin1('асан', 'осон')).toBe(false);
    expect(levenshteinWithin1('асан', 'ас')).toBe(false);
    expect(levenshteinWithin1('асан', 'асанбек')).toBe(false);
    expect(levenshteinWithin1('асан', 'нсаа')).toBe(false);
    expect(levenshteinWithin1('асан', 'сана')).toBe(false);
    expect(levenshteinWithin1('', 'ас')).toBe(false);
    expect(levenshteinWithin1('абв', 'бва')).toBe(false);
  });

  it('is symmetric', () => {
    const pairs: [string, string][] = [
      ['асан', 'ассан'],
      ['асан', 'асна'],
      ['асан', 'осон'],
      ['бакит', 'бакт'],
    ];
    for (const [x, y] of pairs) expect(levenshteinWithin1(x, y)).toBe(levenshteinWithin1(y, x));
  });

  it('agrees with a full edit-distance computation on short strings', () => {
    const alphabet = ['а', 'с', 'н'];
    const words: string[] = [''];
    for (let length = 1; length <= 4; length++) {
      for (const w of words.filter((x) => x.length === length - 1)) {
        for (const ch of alphabet) words.push(w + ch);
      }
    }
    for (const x of words) {
      for (const y of words) {
        expect(levenshteinWithin1(x, y), `${x} / ${y}`).toBe(damerauDistance(x, y) <= 1);
      }
    }
  });
});

/** Reference: optimal string alignment distance (edits plus adjacent swaps). */
function damerauDistance(x: string, y: string): number {
  const d: number[][] = Array.from({ length: x.length + 1 }, (_, i) =>
    Array.from({ length: y.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  const at = (i: number, j: number) => d[i]?.[j] ?? Infinity;
  for (let i = 1; i <= x.length; i++) {
    for (let j = 1; j <= y.length; j++) {
      const cost = x[i - 1] === y[j - 1] ? 0 : 1;
      let best = Math.min(at(i - 1, j) + 1, at(i, j - 1) + 1, at(i - 1, j - 1) + cost);
      if (i > 1 && j > 1 && x[i - 1] === y[j - 2] && x[i - 2] === y[j - 1]) {
        best = Math.min(best, at(i - 2, j - 2) + 1);
      }
      const row = d[i];
      if (row) row[j] = best;
    }
  }
  return at(x.length, y.length);
}
