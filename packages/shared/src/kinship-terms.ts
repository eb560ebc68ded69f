/**
 * Every Kyrgyz word the kinship namer (`kinship.ts`) uses, in one place, so that a native speaker
 * can correct the wording without touching the logic. Source: docs/kyrgyz.md, Kinship.
 *
 * Terms are written as they follow "B is A's …" in a label: plain nouns ('ага', 'чоң ата') or,
 * where the phrase itself is a possessive chain, the full phrase ('атасынын агасы'). The
 * sentence builder adds the possessive suffix (ага → агасы) by rule and leaves a phrase that
 * already contains a genitive word as it is. A parenthesis at the end is kept after the suffix.
 */
export const kinshipTerms = {
  self: 'өзү',

  /** "or": joins two forms when B's sex (or A's, for сиңди/карындаш) is unknown ("ата же эне"). */
  or: 'же',

  // Ancestors (B is above A on a direct line).
  father: 'ата',
  mother: 'эне',
  /** A parent of unknown sex inside a descriptive chain ("атасынын ата-энеси"). */
  // needs a native speaker's check: ата-эне usually means "parents" (both).
  parentUnknown: 'ата-эне',
  /** Father's father / father's mother. */
  grandfather: 'чоң ата',
  grandmother: 'чоң эне',
  /** Mother's father / mother's mother. */
  maternalGrandfather: 'тай ата',
  maternalGrandmother: 'тай эне',
  /** Male-line ancestors from the 3rd generation up; a generation missing here is numbered. */
  maleAncestors: { 3: 'баба', 4: 'буба' } as Readonly<Partial<Record<number, string>>>,
  numberedAncestor: (generation: number) => `${generation}-ата`,
  /**
   * Traditional names of the 5th and higher fathers, shown after the number ("5-ата (жото)").
   * Left empty on purpose: sources disagree on the order of жото, кубаар, жете, тек.
   */
  // needs a native speaker's check: fill in once the order is confirmed.
  traditionalAncestorNames: {} as Readonly<Partial<Record<number, string>>>,

  // Descendants (B is below A on a direct line).
  son: 'уул',
  daughter: 'кыз',
  /** A child of unknown sex. */
  child: 'бала',
  descendants: {
    2: 'небере',
    3: 'чөбөрө',
    // needs a native speaker's check (⚠ in docs/kyrgyz.md)
    4: 'чебере',
  } as Readonly<Partial<Record<number, string>>>,
  /** Any descendant, before the generation count: "урпак (5 муун)". */
  descendant: 'урпак',
  descendantGenerations: (generations: number) => `(${generations} муун)`,
  /** Descendants through a daughter (B is the child of a daughter of A's line). */
  daughterLineDescendants: {
    2: 'жээн небере',
    // needs a native speaker's check: жээн + чөбөрө / чебере by analogy with жээн небере.
    3: 'жээн чөбөрө',
    4: 'жээн чебере',
  } as Readonly<Partial<Record<number, string>>>,
  // needs a native speaker's check: "жээн урпак" by analogy.
  daughterLineDescendant: 'жээн урпак',

  // Siblings (a = b = 1).
  sibling: 'бир тууган',
  elderBrother: 'ага',
  youngerBrother: 'ини',
  elderSister: 'эже',
  /** A man's younger sister. */
  youngerSisterOfMan: 'карындаш',
  /** A woman's younger sister. */
  youngerSisterOfWoman: 'сиңди',

  // A parent's siblings (a = 2, b = 1).
  fathersElderBrother: 'атасынын агасы (аба)',
  fathersYoungerBrother: 'атасынын иниси',
  fathersElderSister: 'атасынын эжеси',
  // needs a native speaker's check: docs/kyrgyz.md says сиңдиси, although the father is a man
  // (карындашы by the sibling rule above).
  fathersYoungerSister: 'атасынын сиңдиси',
  /** Father's sibling whose sex or relative age is unknown. */
  fathersSibling: 'атасынын бир тууганы',
  mothersBrother: 'таяке',
  mothersSister: 'таеже',

  // A sibling's children (a = 1, b = 2).
  brothersSon: 'бир тууганынын уулу',
  brothersDaughter: 'бир тууганынын кызы',
  brothersChild: 'бир тууганынын баласы',
  /** A sister's child; also a daughter's child seen from her father's line. */
  sistersChild: 'жээн',

  // Cousins (a = b = 2).
  /** Both parents are brothers. */
  paternalCousin: 'аталаш бир тууган',
  /** Both parents are sisters. */
  maternalCousin: 'бөлө',
  /** B's father is A's mother's brother. */
  mothersBrothersSon: 'таякесинин уулу',
  mothersBrothersDaughter: 'таякесинин кызы',
  mothersBrothersChild: 'таякесинин баласы',
  /** B's mother is A's father's sister: B is the жээн of A's line (the mirror of таякесинин …). */
  // needs a native speaker's check
  fathersSistersChild: 'жээн',

  // Wider male-line kin and descriptive phrases.
  /** The word of a collateral k generations from the common ancestor, used inside phrases. */
  collaterals: { 1: 'бир тууган', 2: 'аталаш' } as Readonly<Partial<Record<number, string>>>,
  /** k = a = b, male line: "3 атадан кошулган тууган". */
  joinedAtAncestor: (k: number) => `${k} атадан кошулган тууган`,
  generationsUp: (n: number) => `(${n} муун жогору)`,
  generationsDown: (n: number) => `(${n} муун ылдый)`,
  /** Common ancestor farther than seven generations on either side. */
  // needs a native speaker's check (⚠ in docs/kyrgyz.md)
  beyondJetiAta: 'жети атадан алыс тууган',

  // Kin by marriage (docs/kyrgyz.md, Kin by marriage): "B is A's …".
  husband: 'күйөө',
  wife: 'аял',
  /** A spouse of unknown sex. */
  spouse: 'жубай',
  /** Spouse's father / mother. */
  fatherInLaw: 'кайната',
  motherInLaw: 'кайнене',
  /** Spouse's younger brother; elder brother. */
  spousesYoungerBrother: 'кайни (кайын ини)',
  spousesElderBrother: 'кайын ага',
  spousesElderSister: 'кайын эже',
  spousesYoungerSister: 'кайын сиңди',
  /** A wife's younger sister, to her husband. */
  wifesYoungerSister: 'балдыз',
  /** Elder brother's wife; also the wife of an elder male-line kinsman of A's generation. */
  elderBrothersWife: 'жеңе',
  /** Younger brother's wife; son's wife. */
  youngerBrothersWife: 'келин',
  /** Elder sister's husband; father's sister's husband. */
  elderSistersHusband: 'жезде',
  /** Daughter's husband; younger sister's husband. */
  // needs a native speaker's check (⚠ in docs/kyrgyz.md)
  sonInLaw: 'күйөө бала',
  /** Wives of brothers, to each other. */
  brothersWives: 'абысын',
  /** Husbands of sisters, to each other. */
  sistersHusbands: 'бажа',
  /** Parents of a married couple, to each other. */
  coFather: 'куда',
  coMother: 'кудагый',

  /**
   * Terms shown with the descriptive phrase beside them until a native speaker confirms them:
   * the ⚠ rows of docs/kyrgyz.md and the words formed here by analogy. A term containing one of
   * these is flagged `unverified`.
   */
  unverified: [
    'күйөө бала',
    'чебере',
    'жети атадан алыс',
    'жээн чөбөрө',
    'жээн урпак',
  ] as readonly string[],

  /** Words that already carry the possessive suffix and stay as they are in a sentence. */
  alreadyPossessive: ['өзү'] as readonly string[],

  /** "Your", polite: begins a term said to the person it is about ("Сиздин агаңыз"). */
  yours: 'Сиздин',
} as const;
