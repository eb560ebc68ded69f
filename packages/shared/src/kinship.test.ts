import { describe, expect, it } from 'vitest';
import {
  addressedTerm,
  jetiAta,
  kinshipSentence,
  kinshipTerm,
  possessive,
  swapKinshipSides,
  type KinshipInput,
  type KinshipSex,
} from './kinship';
import { genitive } from './vowel-harmony';

/** Sexes of a chain written as a string, the parent first: 'MF' = father, then his mother. */
function chain(sexes: string) {
  return [...sexes].map((sex) => ({ sex: sex as KinshipSex }));
}

interface Case {
  sexA?: KinshipSex;
  sexB?: KinshipSex;
  /** Defaults to all fathers: male-line chains of the right length. */
  up?: string;
  down?: string;
  olderB?: boolean | null;
  olderBranchB?: boolean | null;
}

function input(a: number, b: number, c: Case = {}): KinshipInput {
  return {
    a,
    b,
    sexA: c.sexA ?? 'M',
    sexB: c.sexB ?? 'M',
    chainA: chain(c.up ?? 'M'.repeat(a)),
    chainB: chain(c.down ?? 'M'.repeat(b)),
    olderB: c.olderB ?? null,
    ...(c.olderBranchB === undefined ? {} : { olderBranchB: c.olderBranchB }),
  };
}

const term = (a: number, b: number, c: Case = {}) => kinshipTerm(input(a, b, c)).term;
const within = (a: number, b: number, c: Case = {}) => kinshipTerm(input(a, b, c)).jetiAta;

describe('kinshipTerm, one test per row of docs/kyrgyz.md, Blood relations', () => {
  it('0/0: өзү', () => {
    expect(kinshipTerm(input(0, 0))).toEqual({ term: 'өзү', jetiAta: true });
  });

  it('n/0 male line: ата, чоң ата, баба, буба, then numbered fathers', () => {
    expect(term(1, 0)).toBe('ата');
    expect(term(2, 0)).toBe('чоң ата');
    expect(term(3, 0)).toBe('баба');
    expect(term(4, 0)).toBe('буба');
    expect(term(5, 0)).toBe('5-ата');
    expect(term(6, 0)).toBe('6-ата');
    expect(term(7, 0)).toBe('7-ата');
    expect(term(12, 0)).toBe('12-ата');
  });

  it('n/0: mother and father’s mother', () => {
    expect(term(1, 0, { sexB: 'F', up: 'F' })).toBe('эне');
    expect(term(2, 0, { sexB: 'F', up: 'MF' })).toBe('чоң эне');
  });

  it('n/0 with B’s sex unknown names both', () => {
    expect(term(1, 0, { sexB: 'U', up: 'U' })).toBe('ата же эне');
    expect(term(2, 0, { sexB: 'U', up: 'MU' })).toBe('чоң ата же чоң эне');
  });

  it('n/0 male line: within жети ата up to the 7th father', () => {
    expect(within(7, 0)).toBe(true);
    expect(within(8, 0)).toBe(false);
    expect(within(1, 0, { sexB: 'F', up: 'F' })).toBe(false); // her father is not A's father-line
  });

  it('2/0 via A’s mother: тай ата / тай эне', () => {
    expect(term(2, 0, { up: 'FM' })).toBe('тай ата');
    expect(term(2, 0, { sexB: 'F', up: 'FF' })).toBe('тай эне');
    expect(within(2, 0, { up: 'FM' })).toBe(false);
  });

  it('n/0 through a mother further up or to a woman: named pieces (тай ата at any depth)', () => {
    expect(term(3, 0, { sexB: 'F', up: 'MMF' })).toBe('чоң атасынын энеси');
    expect(term(3, 0, { up: 'FMM' })).toBe('тай атасынын атасы');
    expect(term(4, 0, { up: 'FMMM' })).toBe('тай атасынын чоң атасы');
    expect(term(4, 0, { sexB: 'F', up: 'FFFF' })).toBe('тай энесинин тай энеси');
    expect(term(3, 0, { sexB: 'U', up: 'MMU' })).toBe('чоң атасынын атасы же энеси');
  });

  it('0/n descendants: уул / кыз, небере, чөбөрө, чебере, урпак (N муун)', () => {
    expect(term(0, 1)).toBe('уул');
    expect(term(0, 1, { sexB: 'F' })).toBe('кыз');
    expect(term(0, 1, { sexB: 'U' })).toBe('бала');
    expect(term(0, 2)).toBe('небере');
    expect(term(0, 3, { sexB: 'F' })).toBe('чөбөрө');
    expect(term(0, 4)).toBe('чебере');
    expect(term(0, 5)).toBe('урпак (5 муун)');
    expect(term(0, 9)).toBe('урпак (9 муун)');
    expect(within(0, 7)).toBe(true);
    expect(within(0, 8)).toBe(false);
  });

  it('0/n through a daughter: жээн', () => {
    expect(term(0, 2, { down: 'FM' })).toBe('жээн небере');
    expect(term(0, 3, { down: 'MFM' })).toBe('жээн чөбөрө');
    expect(term(0, 4, { down: 'FMMM' })).toBe('жээн чебере');
    expect(term(0, 6, { down: 'MMMMFM' })).toBe('жээн урпак (6 муун)');
    expect(within(0, 2, { down: 'FM' })).toBe(false);
    // A's own sex does not matter for the name, only for the father-line.
    expect(kinshipTerm(input(0, 2, { sexA: 'F' }))).toEqual({ term: 'небере', jetiAta: false });
  });

  it('1/1 by sex and age: ага / ини / эже / карындаш (A male) / сиңди (A female)', () => {
    expect(term(1, 1, { olderB: true })).toBe('ага');
    expect(term(1, 1, { olderB: false })).toBe('ини');
    expect(term(1, 1, { sexB: 'F', olderB: true })).toBe('эже');
    expect(term(1, 1, { sexA: 'M', sexB: 'F', olderB: false })).toBe('карындаш');
    expect(term(1, 1, { sexA: 'F', sexB: 'F', olderB: false })).toBe('сиңди');
    expect(term(1, 1, { sexA: 'U', sexB: 'F', olderB: false })).toBe('карындаш же сиңди');
    expect(term(1, 1, { sexA: 'F', sexB: 'M', olderB: true })).toBe('ага');
    expect(within(1, 1)).toBe(true);
  });

  it('1/1 without dates or B’s sex: бир тууган', () => {
    expect(term(1, 1)).toBe('бир тууган');
    expect(term(1, 1, { sexB: 'F' })).toBe('бир тууган');
    expect(term(1, 1, { sexB: 'U', olderB: true })).toBe('бир тууган');
  });

  it('1/1 reads olderBranchB too, which means the same there', () => {
    expect(term(1, 1, { olderBranchB: true })).toBe('ага');
  });

  it('2/1 male line: атасынын агасы (аба) / иниси / эжеси / сиңдиси', () => {
    expect(term(2, 1, { olderBranchB: true })).toBe('атасынын агасы (аба)');
    expect(term(2, 1, { olderBranchB: false })).toBe('атасынын иниси');
    expect(term(2, 1, { sexB: 'F', olderBranchB: true })).toBe('атасынын эжеси');
    expect(term(2, 1, { sexB: 'F', olderBranchB: false })).toBe('атасынын сиңдиси');
    expect(within(2, 1)).toBe(true);
  });

  it('2/1 male line without the elder branch known: атасынын бир тууганы', () => {
    expect(term(2, 1)).toBe('атасынын бир тууганы');
    // Older than A says nothing about A's father…
    expect(term(2, 1, { olderB: true })).toBe('атасынын бир тууганы');
    // …but younger than A is younger than A's father.
    expect(term(2, 1, { olderB: false })).toBe('атасынын иниси');
    expect(term(2, 1, { sexB: 'U', olderBranchB: true })).toBe('атасынын бир тууганы');
  });

  it('2/1 via A’s mother: таяке (male) / таеже (female)', () => {
    expect(term(2, 1, { up: 'FM' })).toBe('таяке');
    expect(term(2, 1, { up: 'FM', sexB: 'F', olderBranchB: true })).toBe('таеже');
    expect(term(2, 1, { up: 'FM', sexB: 'U' })).toBe('таяке же таеже');
    expect(within(2, 1, { up: 'FM' })).toBe(false);
  });

  it('1/2 B’s parent is A’s brother: бир тууганынын уулу / кызы', () => {
    expect(term(1, 2)).toBe('бир тууганынын уулу');
    expect(term(1, 2, { sexB: 'F' })).toBe('бир тууганынын кызы');
    expect(term(1, 2, { sexB: 'U' })).toBe('бир тууганынын баласы');
    expect(within(1, 2)).toBe(true);
  });

  it('1/2 B’s parent is A’s sister: жээн', () => {
    expect(term(1, 2, { down: 'FM' })).toBe('жээн');
    expect(term(1, 2, { sexA: 'F', sexB: 'F', down: 'FM' })).toBe('жээн');
    expect(within(1, 2, { down: 'FM' })).toBe(false);
  });

  it('2/2 both via sons: аталаш бир тууган', () => {
    expect(kinshipTerm(input(2, 2))).toEqual({ term: 'аталаш бир тууган', jetiAta: true });
    expect(term(2, 2, { sexB: 'F' })).toBe('аталаш бир тууган');
  });

  it('2/2 both via daughters: бөлө', () => {
    expect(kinshipTerm(input(2, 2, { up: 'FM', down: 'FM' }))).toEqual({
      term: 'бөлө',
      jetiAta: false,
    });
  });

  it('2/2 mixed: таякесинин уулу / кызы, and A is B’s жээн', () => {
    expect(term(2, 2, { up: 'FM', down: 'MM' })).toBe('таякесинин уулу');
    expect(term(2, 2, { up: 'FM', down: 'MM', sexB: 'F' })).toBe('таякесинин кызы');
    expect(term(2, 2, { up: 'FM', down: 'MM', sexB: 'U' })).toBe('таякесинин баласы');
    expect(term(2, 2, { up: 'MM', down: 'FM' })).toBe('жээн');
    expect(within(2, 2, { up: 'FM', down: 'MM' })).toBe(false);
  });

  it('k/k, k = 3..7, male line: "k атадан кошулган тууган"', () => {
    for (const k of [3, 4, 5, 6, 7]) {
      expect(kinshipTerm(input(k, k))).toEqual({
        term: `${k} атадан кошулган тууган`,
        jetiAta: true,
      });
    }
  });

  it('k/k through a daughter: the fewest named pieces, not within жети ата', () => {
    expect(kinshipTerm(input(3, 3, { up: 'FMM' }))).toEqual({
      term: 'тай атасынын бир тууганынын небереси',
      jetiAta: false,
    });
    expect(term(3, 3, { down: 'MFM', sexB: 'F' })).toBe('атасынын жээнинин кызы');
    // бөлө at any depth: the children of a mother's бөлө
    expect(term(3, 3, { up: 'FFM', down: 'MFM' })).toBe('энесинин бөлөсүнүн уулу');
    expect(term(4, 4, { up: 'FFFF', down: 'FFFF', sexB: 'F' })).toBe(
      'тай энесинин бөлөсүнүн жээн небереси',
    );
  });

  it('a ≠ b, both ≥ 2, male line: descriptive with "(N муун жогору/ылдый)"', () => {
    expect(term(3, 2)).toBe('атасынын аталашы (1 муун жогору)');
    expect(term(4, 2)).toBe('чоң атасынын аталашы (2 муун жогору)');
    expect(term(7, 2)).toBe('5-атасынын аталашы (5 муун жогору)');
    expect(term(5, 3)).toBe('чоң атасынын 3 атадан кошулган тууганы (2 муун жогору)');
    expect(term(2, 3)).toBe('аталашынын уулу (1 муун ылдый)');
    expect(term(2, 3, { sexB: 'F' })).toBe('аталашынын кызы (1 муун ылдый)');
    expect(term(2, 4)).toBe('аталашынын небереси (2 муун ылдый)');
    expect(term(3, 5)).toBe('3 атадан кошулган тууганынын небереси (2 муун ылдый)');
    expect(within(3, 2)).toBe(true);
    expect(within(7, 2)).toBe(true);
  });

  it('a ≠ b with one side 1, male line: a parent’s or grandparent’s sibling, a sibling’s line', () => {
    expect(term(3, 1)).toBe('чоң атасынын бир тууганы (2 муун жогору)');
    expect(term(1, 3)).toBe('бир тууганынын небереси (2 муун ылдый)');
    expect(term(1, 6)).toBe('бир тууганынын урпагы (5 муун ылдый)');
  });

  it('a ≠ b through a daughter: named pieces with the generation gap', () => {
    expect(term(3, 2, { up: 'MFM' })).toBe('атасынын таякесинин уулу (1 муун жогору)');
    expect(term(2, 3, { up: 'FM' })).toBe('таякесинин небереси (1 муун ылдый)');
    expect(term(3, 1, { up: 'FMM' })).toBe('тай атасынын бир тууганы (2 муун жогору)');
    expect(term(1, 3, { down: 'MFM' })).toBe('жээнинин уулу (2 муун ылдый)');
    expect(within(3, 2, { up: 'MFM' })).toBe(false);
  });

  it('max(a, b) > 7: beyond жети ата', () => {
    expect(kinshipTerm(input(8, 8))).toEqual({ term: 'жети атадан алыс тууган', jetiAta: false });
    expect(term(8, 3)).toBe('жети атадан алыс тууган');
    expect(term(2, 9, { up: 'FM' })).toBe('жети атадан алыс тууган');
  });
});

describe('kinshipTerm in both directions', () => {
  function both(forward: KinshipInput): [string, string] {
    return [kinshipTerm(forward).term, kinshipTerm(swapKinshipSides(forward)).term];
  }

  it('paternal cousins are аталаш both ways', () => {
    expect(both(input(2, 2, { sexB: 'F' }))).toEqual(['аталаш бир тууган', 'аталаш бир тууган']);
  });

  it('maternal cousins are бөлө both ways', () => {
    expect(both(input(2, 2, { up: 'FM', down: 'FF' }))).toEqual(['бөлө', 'бөлө']);
  });

  it('mixed cousins: таякесинин уулу one way, жээн the other', () => {
    expect(both(input(2, 2, { up: 'FM', down: 'MM' }))).toEqual(['таякесинин уулу', 'жээн']);
  });

  it('father’s brother and brother’s son', () => {
    expect(both(input(2, 1, { olderBranchB: true }))).toEqual([
      'атасынын агасы (аба)',
      'бир тууганынын уулу',
    ]);
    expect(both(input(2, 1, { sexA: 'F', olderBranchB: false }))).toEqual([
      'атасынын иниси',
      'бир тууганынын кызы',
    ]);
  });

  it('mother’s brother and sister’s child', () => {
    expect(both(input(2, 1, { up: 'FM' }))).toEqual(['таяке', 'жээн']);
  });

  it('grandfather and grandchild, through a son and through a daughter', () => {
    expect(both(input(2, 0))).toEqual(['чоң ата', 'небере']);
    expect(both(input(2, 0, { up: 'FM' }))).toEqual(['тай ата', 'жээн небере']);
  });

  it('siblings of known age', () => {
    expect(both(input(1, 1, { sexA: 'F', sexB: 'M', olderB: true }))).toEqual(['ага', 'карындаш']);
    expect(both(input(1, 1, { sexA: 'F', sexB: 'F', olderB: false }))).toEqual(['сиңди', 'эже']);
  });

  it('descriptive terms mirror up and down', () => {
    expect(both(input(3, 2))).toEqual([
      'атасынын аталашы (1 муун жогору)',
      'аталашынын уулу (1 муун ылдый)',
    ]);
  });

  it('swapKinshipSides flips the ages and keeps unknown ones unknown', () => {
    const swapped = swapKinshipSides(input(2, 1, { olderB: true, olderBranchB: false }));
    expect(swapped.olderB).toBe(false);
    expect(swapped.olderBranchB).toBe(true);
    expect(swapKinshipSides(input(1, 1)).olderB).toBeNull();
    expect(swapped.a).toBe(1);
    expect(swapped.chainA).toHaveLength(1);
  });
});

describe('kinshipTerm input checks', () => {
  it('refuses chains of the wrong length', () => {
    expect(() => kinshipTerm({ ...input(2, 2), chainA: chain('M') })).toThrow(RangeError);
    expect(() => kinshipTerm({ ...input(2, 2), chainB: chain('MMM') })).toThrow(RangeError);
  });

  it('refuses negative or fractional generations', () => {
    expect(() => kinshipTerm({ ...input(0, 0), a: -1 })).toThrow(RangeError);
    expect(() => jetiAta(1.5, 1, true)).toThrow(RangeError);
  });

  it('names every relation up to 9 generations with a word, for any mix of sexes', () => {
    const sexes: KinshipSex[] = ['M', 'F', 'U'];
    for (let a = 0; a <= 9; a++) {
      for (let b = 0; b <= 9; b++) {
        for (const s of sexes) {
          const c: Case = { sexA: s, sexB: s, up: s.repeat(a), down: s.repeat(b), olderB: true };
          const { term: t } = kinshipTerm(input(a, b, c));
          expect(t, `${a}/${b} ${s}`).toMatch(/^[\p{L}\d]/u);
          expect(t).not.toMatch(/undefined|null|NaN|\s\s/);
        }
      }
    }
  });
});

describe('jetiAta', () => {
  it('is true for a male-line common ancestor within seven generations on both sides', () => {
    expect(jetiAta(7, 7, true)).toBe(true);
    expect(jetiAta(7, 3, true)).toBe(true);
    expect(jetiAta(0, 0, true)).toBe(true);
  });

  it('is false beyond seven generations on either side or off the male line', () => {
    expect(jetiAta(8, 1, true)).toBe(false);
    expect(jetiAta(1, 8, true)).toBe(false);
    expect(jetiAta(2, 2, false)).toBe(false);
  });
});

describe('genitive', () => {
  it.each([
    ['Айбек', 'Айбектин'],
    ['Асан', 'Асандын'],
    ['Үсөн', 'Үсөндүн'],
    ['Эрмек', 'Эрмектин'],
    ['Али', 'Алинин'],
    ['Бакытбек', 'Бакытбектин'],
    ['Гүлнара', 'Гүлнаранын'],
    ['Бүбү', 'Бүбүнүн'],
    ['Бону', 'Бонунун'],
    ['Омор', 'Омордун'],
    ['Мээрим', 'Мээримдин'],
    ['Айгүл', 'Айгүлдүн'],
    ['Тагай', 'Тагайдын'],
    ['Кеңеш', 'Кеңештин'],
    ['Жусуп', 'Жусуптун'],
    ['Бакыт', 'Бакыттын'],
    ['Төлөс', 'Төлөстүн'],
    ['Мурас', 'Мурастын'],
    ['Азиз', 'Азиздин'],
    ['Көкүж', 'Көкүждүн'],
    ['Асан уулу Бакыт', 'Асан уулу Бакыттын'],
    ['АСАН', 'АСАНдын'],
  ])('%s → %s', (name, expected) => {
    expect(genitive(name)).toBe(expected);
  });
});

describe('possessive', () => {
  it.each([
    ['ага', 'агасы'],
    ['эже', 'эжеси'],
    ['ини', 'иниси'],
    ['уул', 'уулу'],
    ['кыз', 'кызы'],
    ['бөлө', 'бөлөсү'],
    ['чөбөрө', 'чөбөрөсү'],
    ['жээн', 'жээни'],
    ['карындаш', 'карындашы'],
    ['чоң ата', 'чоң атасы'],
    ['5-ата', '5-атасы'],
    ['аталаш бир тууган', 'аталаш бир тууганы'],
    ['3 атадан кошулган тууган', '3 атадан кошулган тууганы'],
    ['урпак (5 муун)', 'урпагы (5 муун)'],
    ['ата же эне', 'атасы же энеси'],
    ['өзү', 'өзү'],
    ['атасынын агасы (аба)', 'атасынын агасы (аба)'],
    ['бир тууганынын уулу', 'бир тууганынын уулу'],
    ['аталашынын уулу (1 муун ылдый)', 'аталашынын уулу (1 муун ылдый)'],
  ])('%s → %s', (plain, expected) => {
    expect(possessive(plain)).toBe(expected);
  });
});

describe('kinshipSentence', () => {
  it('puts A in the genitive and the term in the possessive', () => {
    expect(kinshipSentence('Асан', 'Бакыт', 'чоң ата')).toBe('Бакыт — Асандын чоң атасы');
    expect(kinshipSentence('Айбек', 'Уулжан', 'бир тууганынын кызы')).toBe(
      'Уулжан — Айбектин бир тууганынын кызы',
    );
    expect(kinshipSentence('Үсөн', 'Асан', 'уул')).toBe('Асан — Үсөндүн уулу');
    expect(kinshipSentence(' Али ', ' Эрмек ', 'аталаш бир тууган')).toBe(
      'Эрмек — Алинин аталаш бир тууганы',
    );
    expect(kinshipSentence('Бакытбек', 'Асан', 'урпак (6 муун)')).toBe(
      'Асан — Бакытбектин урпагы (6 муун)',
    );
  });

  it('reads naturally for the terms the namer produces', () => {
    const t = kinshipTerm(input(2, 2, { up: 'FM', down: 'MM', sexB: 'F' })).term;
    expect(kinshipSentence('Эрмек', 'Айгүл', t)).toBe('Айгүл — Эрмектин таякесинин кызы');
  });
});

describe('addressedTerm', () => {
  it.each([
    ['ага', 'Сиздин агаңыз'],
    ['ини', 'Сиздин иниңиз'],
    ['уул', 'Сиздин уулуңуз'],
    ['бөлө', 'Сиздин бөлөңүз'],
    ['жээн', 'Сиздин жээниңиз'],
    ['чоң ата', 'Сиздин чоң атаңыз'],
    ['аталаш бир тууган', 'Сиздин аталаш бир тууганыңыз'],
    ['урпак (5 муун)', 'Сиздин урпагыңыз (5 муун)'],
    ['кайни (кайын ини)', 'Сиздин кайниңиз (кайын ини)'],
    ['атасынын агасы (аба)', 'Сиздин атаңыздын агасы (аба)'],
    ['таякесинин уулу', 'Сиздин таякеңиздин уулу'],
    ['бир тууганынын кызы', 'Сиздин бир тууганыңыздын кызы'],
    ['чоң атасынын иниси', 'Сиздин чоң атаңыздын иниси'],
    ['урпагынын уулу', 'Сиздин урпагыңыздын уулу'],
    ['ата же эне', 'Сиздин атаңыз же энеңиз'],
  ])('%s → %s', (term, expected) => {
    expect(addressedTerm(term)).toBe(expected);
  });
});
