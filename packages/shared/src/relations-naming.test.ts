import { describe, expect, it } from 'vitest';
import type { KinshipSex } from './kinship';
import { nameRelation, type NamingStep } from './relations-naming';
import type { RelationLink } from './relations';

/**
 * A path written as tokens: A first as "SEX[@year][#order]", then each link as
 * "link[:SEX][@year][#order]" ("wife@1960", "child:F#2"). A is Асан, B is Бакыт.
 */
function path(...tokens: string[]): NamingStep[] {
  return tokens.map((token, i) => {
    const match = /^([a-zMFU]+)(?::([MFU]))?(?:@(\d+))?(?:#(\d+))?$/u.exec(token);
    if (!match?.[1]) throw new Error(`bad token ${token}`);
    const first = i === 0;
    const link = first ? null : (match[1] as RelationLink);
    const sex = (first ? match[1] : (match[2] ?? 'U')) as KinshipSex;
    const name = first ? 'Асан' : i === tokens.length - 1 ? 'Бакыт' : 'Киши';
    return {
      name,
      sex,
      link,
      birth_year: match[3] ? Number(match[3]) : null,
      birth_order: match[4] ? Number(match[4]) : null,
    };
  });
}

const named = (...tokens: string[]) => nameRelation(path(...tokens));

type Row = [label: string, tokens: string[], term: string, reverse?: string];

describe('nameRelation: blood relations, every row of docs/kyrgyz.md, Blood relations, as a path', () => {
  const rows: Row[] = [
    ['0/0 өзү', ['M'], 'өзү', 'өзү'],
    ['1/0 father', ['M', 'father'], 'ата', 'уул'],
    ['1/0 mother', ['F', 'mother'], 'эне', 'кыз'],
    ['2/0 male line', ['M', 'father', 'father'], 'чоң ата', 'небере'],
    ['2/0 father’s mother', ['M', 'father', 'mother'], 'чоң эне', 'небере'],
    ['3/0 male line', ['M', 'father', 'father', 'father'], 'баба', 'чөбөрө'],
    ['4/0 male line', ['M', 'father', 'father', 'father', 'father'], 'буба', 'чебере'],
    ['5/0 male line', ['M', ...Array<string>(5).fill('father')], '5-ата', 'урпак (5 муун)'],
    ['2/0 тай ата', ['M', 'mother', 'father'], 'тай ата', 'жээн небере'],
    ['2/0 тай эне', ['F', 'mother', 'mother'], 'тай эне', 'жээн небере'],
    ['0/2 жээн небере', ['M', 'daughter', 'son'], 'жээн небере', 'тай ата'],
    ['1/1 elder brother', ['M@1980', 'father', 'son@1975'], 'ага', 'ини'],
    ['1/1 younger sister of a man', ['M@1980', 'father', 'daughter@1985'], 'карындаш', 'ага'],
    ['1/1 younger sister of a woman', ['F@1980', 'mother', 'daughter@1985'], 'сиңди', 'эже'],
    ['1/1 no dates', ['M', 'father', 'son'], 'бир тууган', 'бир тууган'],
    ['2/1 father’s elder brother', ['M', 'father#2', 'father', 'son#1'], 'атасынын агасы (аба)'],
    ['2/1 father’s younger brother', ['M', 'father#1', 'father', 'son#2'], 'атасынын иниси'],
    ['2/1 father’s elder sister', ['M', 'father#2', 'father', 'daughter#1'], 'атасынын эжеси'],
    ['2/1 таяке', ['M', 'mother', 'father', 'son'], 'таяке', 'жээн'],
    ['2/1 таеже', ['M', 'mother', 'father', 'daughter'], 'таеже', 'жээн'],
    ['1/2 brother’s son', ['M', 'father', 'son', 'son'], 'бир тууганынын уулу'],
    ['1/2 sister’s child: жээн', ['M', 'father', 'daughter', 'son'], 'жээн', 'таяке'],
    ['2/2 аталаш', ['M', 'father', 'father', 'son', 'son'], 'аталаш бир тууган'],
    ['2/2 бөлө', ['M', 'mother', 'mother', 'daughter', 'son'], 'бөлө', 'бөлө'],
    ['2/2 таякесинин уулу', ['M', 'mother', 'father', 'son', 'son'], 'таякесинин уулу', 'жээн'],
    [
      '3/3 male line',
      ['M', 'father', 'father', 'father', 'son', 'son', 'son'],
      '3 атадан кошулган тууган',
    ],
    [
      '3/2 male line',
      ['M', 'father', 'father', 'father', 'son', 'son'],
      'атасынын аталашы (1 муун жогору)',
    ],
    [
      '8/8 beyond жети ата',
      ['M', ...Array<string>(8).fill('father'), ...Array<string>(8).fill('son')],
      'жети атадан алыс тууган',
    ],
  ];
  it.each(rows)('%s', (_label, tokens, term, reverse) => {
    const names = named(...tokens);
    expect(names.term).toBe(term);
    if (reverse !== undefined) expect(names.term_reverse).toBe(reverse);
    expect(names.kind).toBe('blood');
    expect(names.marriages).toBe(0);
  });

  it('half-siblings are siblings through the one shared parent', () => {
    const names = named('M@1980', 'father', 'son@1990');
    expect(names.term).toBe('ини');
    expect(names.descriptive).toBe('иниси');
  });
});

describe('nameRelation: mixed blood chains, named from the fewest named pieces', () => {
  const rows: Row[] = [
    ['тай атанын атасы', ['M', 'mother', 'father', 'father'], 'тай атасынын атасы'],
    ['father’s mother’s father', ['M', 'father', 'mother', 'father'], 'чоң энесинин атасы'],
    [
      'бөлө of a parent',
      ['M', 'father', 'mother', 'mother', 'daughter', 'son'],
      'атасынын бөлөсү (1 муун жогору)',
    ],
    [
      'таякенин небереси',
      ['M', 'mother', 'father', 'son', 'son', 'son'],
      'таякесинин небереси (1 муун ылдый)',
    ],
    [
      '3/3 through daughters',
      ['M', 'mother', 'mother', 'mother', 'daughter', 'daughter', 'son'],
      'энесинин бөлөсүнүн уулу',
    ],
  ];
  it.each(rows)('%s', (_label, tokens, term) => {
    expect(named(...tokens).term).toBe(term);
  });

  it('tells the path with a sibling word at the turn', () => {
    expect(named('M', 'mother', 'father#1', 'father', 'son#2').descriptive).toBe(
      'энесинин атасынын иниси',
    );
  });
});

describe('nameRelation: kin by marriage, every row of docs/kyrgyz.md, Kin by marriage', () => {
  const rows: Row[] = [
    ['husband', ['F', 'husband'], 'күйөө', 'аял'],
    ['spouse’s father', ['M', 'wife', 'father'], 'кайната', 'күйөө бала'],
    ['spouse’s mother', ['F', 'husband', 'mother'], 'кайнене', 'келин'],
    [
      'husband’s younger brother',
      ['F', 'husband@1970', 'father', 'son@1975'],
      'кайни (кайын ини)',
      'жеңе',
    ],
    [
      'wife’s younger brother',
      ['M', 'wife@1970', 'father', 'son@1975'],
      'кайни (кайын ини)',
      'жезде',
    ],
    ['spouse’s elder brother', ['F', 'husband@1970', 'father', 'son@1965'], 'кайын ага', 'келин'],
    ['spouse’s elder sister', ['F', 'husband@1970', 'father', 'daughter@1965'], 'кайын эже'],
    ['husband’s younger sister', ['F', 'husband@1970', 'father', 'daughter@1975'], 'кайын сиңди'],
    [
      'wife’s younger sister: балдыз',
      ['M', 'wife@1970', 'father', 'daughter@1975'],
      'балдыз',
      'жезде',
    ],
    ['elder brother’s wife', ['M@1980', 'father', 'son@1975', 'wife'], 'жеңе'],
    [
      'elder male-line kinsman’s wife',
      ['M@1980', 'father', 'father', 'son', 'son@1970', 'wife'],
      'жеңе',
    ],
    ['younger brother’s wife', ['M@1980', 'father', 'son@1985', 'wife'], 'келин'],
    ['son’s wife', ['M', 'son', 'wife'], 'келин', 'кайната'],
    [
      'elder sister’s husband',
      ['M@1980', 'father', 'daughter@1975', 'husband'],
      'жезде',
      'кайни (кайын ини)',
    ],
    ['father’s sister’s husband', ['M', 'father', 'father', 'daughter', 'husband'], 'жезде'],
    ['younger sister’s husband', ['M@1980', 'father', 'daughter@1985', 'husband'], 'күйөө бала'],
    ['daughter’s husband', ['F', 'daughter', 'husband'], 'күйөө бала', 'кайнене'],
    ['wives of brothers', ['F', 'husband', 'father', 'son', 'wife'], 'абысын', 'абысын'],
    ['husbands of sisters', ['M', 'wife', 'father', 'daughter', 'husband'], 'бажа', 'бажа'],
    ['parents of a couple: куда', ['M', 'son', 'wife', 'father'], 'куда', 'куда'],
    ['parents of a couple: кудагый', ['M', 'son', 'wife', 'mother'], 'кудагый', 'куда'],
  ];
  it.each(rows)('%s', (_label, tokens, term, reverse) => {
    const names = named(...tokens);
    expect(names.term).toBe(term);
    if (reverse !== undefined) expect(names.term_reverse).toBe(reverse);
    expect(names.kind).toBe('marriage');
    expect(names.jeti_ata).toBeNull();
  });

  it('flags the ⚠ rows and keeps the descriptive phrase beside them', () => {
    const sonInLaw = named('F', 'daughter', 'husband');
    expect(sonInLaw).toMatchObject({ unverified: true, descriptive: 'кызынын күйөөсү' });
    expect(named('M', 'wife', 'father')).toMatchObject({
      unverified: false,
      descriptive: 'аялынын атасы',
    });
  });

  it('without the ages it does not guess elder or younger', () => {
    expect(named('M', 'father', 'son', 'wife').term).toBe('бир тууганынын аялы');
    expect(named('F', 'husband', 'father', 'son').term).toBe('күйөөсүнүн бир тууганы');
  });

  it('counts marriages and generations', () => {
    expect(named('F', 'husband', 'father', 'son', 'wife')).toMatchObject({
      marriages: 2,
      generations_up: 1,
      generations_down: 1,
    });
  });
});

describe('nameRelation: longer marriage chains from their pieces', () => {
  const rows: Row[] = [
    ['кайнатасынын иниси', ['M', 'wife', 'father#1', 'father', 'son#2'], 'кайнатасынын иниси'],
    ['кайнатасынын атасы', ['M', 'wife', 'father', 'father'], 'кайнатасынын атасы'],
    ['кайнисинин уулу', ['M', 'wife@1970', 'father', 'son@1975', 'son'], 'кайнисинин уулу'],
    [
      'аталашынын аялы (age unknown)',
      ['M', 'father', 'father', 'son', 'son', 'wife'],
      'аталаш бир тууганынын аялы',
    ],
    [
      'two marriages: кайнатасынын аялынын …',
      ['M', 'wife', 'father', 'wife', 'son'],
      'кайнатасынын аялынын уулу',
    ],
    ['таякесинин аялы', ['M', 'mother', 'father', 'son', 'wife'], 'таякесинин аялы'],
  ];
  it.each(rows)('%s', (_label, tokens, term) => {
    expect(named(...tokens).term).toBe(term);
  });
});

describe('nameRelation: sentence and жети ата', () => {
  it('builds the sentence with genitive and possessive suffixes', () => {
    expect(named('M@1970', 'wife@1972', 'father', 'son@1975').sentence).toBe(
      'Бакыт — Асандын кайниси (кайын ини).',
    );
    expect(named('M', 'father').sentence).toBe('Бакыт — Асандын атасы.');
  });

  it('says жети ата only for blood relations on the male line', () => {
    expect(named('M', 'father', 'father', 'son', 'son').jeti_ata).toBe(true);
    expect(named('M', ...Array<string>(8).fill('father')).jeti_ata).toBe(false);
    expect(named('M', 'mother', 'father', 'son', 'son').jeti_ata).toBeNull();
    expect(named('M', 'wife', 'father').jeti_ata).toBeNull();
  });

  it('rejects a path that goes down and then up without a marriage', () => {
    expect(() => named('M', 'son', 'mother')).toThrow(RangeError);
  });
});
