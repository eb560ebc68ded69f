/**
 * Names how person B is related to person A in Kyrgyz (docs/kyrgyz.md, Kinship). Pure logic: every
 * word comes from `kinship-terms.ts`.
 */
import { kinshipTerms as T } from './kinship-terms';
import { endsInVowel, genitive, harmonyVowel, isVowel } from './vowel-harmony';

export type KinshipSex = 'M' | 'F' | 'U';

/** One person on the way from A (or B) up to the lowest common ancestor. */
export interface KinshipLink {
  /**
   * The person's sex, which tells whether the step up to them was a father or a mother link.
   * 'U' counts as a father link: chains in a санжыра follow `father_id`, so a person of
   * unrecorded sex who has children on the chain is almost always a father. A mother link must
   * say 'F'.
   */
  sex: KinshipSex;
}

/**
 * What the namer needs to know about two persons A and B and their lowest common ancestor
 * (LCA). The answer is "B is A's …"; swap the sides with `swapKinshipSides` for the other way.
 */
export interface KinshipInput {
  /** Generations from A up to the LCA: 0 when A is the LCA (B is A or A's descendant). */
  a: number;
  /** Generations from B up to the LCA: 0 when B is the LCA (B is A or A's ancestor). */
  b: number;
  sexA: KinshipSex;
  sexB: KinshipSex;
  /**
   * The persons on A's way up: A's parent first, the LCA last — exactly `a` links (none when
   * a = 0; when b = 0 the last link is B). Only the sexes are read.
   */
  chainA: readonly KinshipLink[];
  /** The same for B: B's parent first, the LCA last, exactly `b` links (the last is A when a = 0). */
  chainB: readonly KinshipLink[];
  /** Whether B was born before A; null or absent when a birth date is missing. */
  olderB?: boolean | null;
  /**
   * Whether B's branch is the elder one: the LCA's child on B's side was born before the LCA's
   * child on A's side (they are B and A themselves when a = b = 1, where `olderB` is used if this
   * is absent). Decides агасы/иниси for a parent's sibling (a = 2, b = 1); null or absent when
   * unknown.
   */
  olderBranchB?: boolean | null;
}

export interface Kinship {
  /** "B is A's …": a noun ('ага', 'чоң ата') or a possessive phrase ('атасынын агасы (аба)'). */
  term: string;
  /** A common male-line ancestor within seven generations on both sides (the bar to marriage). */
  jetiAta: boolean;
}

/** Generations within which a common male-line ancestor forbids marriage. */
export const JETI_ATA_GENERATIONS = 7;

/**
 * Whether two persons are within жети ата, the traditional bar to marriage: they share an
 * ancestor through sons only (`maleLine`) no more than seven generations up on either side.
 * A direct male-line ancestor or descendant within seven generations counts too.
 */
export function jetiAta(a: number, b: number, maleLine: boolean): boolean {
  assertGenerations(a, 'a');
  assertGenerations(b, 'b');
  return maleLine && a <= JETI_ATA_GENERATIONS && b <= JETI_ATA_GENERATIONS;
}

/**
 * The Kyrgyz term for "B is A's …" and whether the two are within жети ата. Call it once per
 * direction: the terms are not symmetric (таяке one way, жээн the other).
 * Throws a RangeError when the chains do not have `a` and `b` links.
 */
export function kinshipTerm(input: KinshipInput): Kinship {
  const { a, b } = input;
  assertGenerations(a, 'a');
  assertGenerations(b, 'b');
  if (input.chainA.length !== a) {
    throw new RangeError(`chainA has ${input.chainA.length} links, expected a = ${a}`);
  }
  if (input.chainB.length !== b) {
    throw new RangeError(`chainB has ${input.chainB.length} links, expected b = ${b}`);
  }
  const path = describePath(input);
  return { term: nameRelation(input, path), jetiAta: jetiAta(a, b, path.maleLine) };
}

/** The input for the other direction ("A is B's …"), so callers never swap fields by hand. */
export function swapKinshipSides(input: KinshipInput): KinshipInput {
  const flip = (value: boolean | null | undefined) =>
    value === null || value === undefined ? value : !value;
  return {
    a: input.b,
    b: input.a,
    sexA: input.sexB,
    sexB: input.sexA,
    chainA: input.chainB,
    chainB: input.chainA,
    olderB: flip(input.olderB),
    olderBranchB: flip(input.olderBranchB),
  };
}

/**
 * "Б — А-нын …": a full sentence for a term, with the genitive suffix on A's name and the
 * possessive suffix on the term ("Бакыт — Асандын агасы").
 */
export function kinshipSentence(nameA: string, nameB: string, term: string): string {
  return `${nameB.trim()} — ${genitive(nameA.trim())} ${possessive(term)}`;
}

// ---------------------------------------------------------------------------------------------
// Naming

interface PathFacts {
  /** Sexes strictly between A and the LCA, A's parent first. */
  innerA: KinshipSex[];
  /** Sexes strictly between B and the LCA, B's parent first. */
  innerB: KinshipSex[];
  /** No mother link anywhere on either side and the LCA is not a woman. */
  maleLine: boolean;
}

function describePath(input: KinshipInput): PathFacts {
  const { a, b } = input;
  const upA = input.chainA.map((link) => link.sex);
  const upB = input.chainB.map((link) => link.sex);
  const innerA = upA.slice(0, Math.max(a - 1, 0));
  const innerB = upB.slice(0, Math.max(b - 1, 0));
  let lcaSex: KinshipSex;
  if (a === 0) lcaSex = input.sexA;
  else if (b === 0) lcaSex = input.sexB;
  else {
    const topA = upA[a - 1] ?? 'U';
    const topB = upB[b - 1] ?? 'U';
    lcaSex = topA === 'F' || topB === 'F' ? 'F' : topA === 'M' || topB === 'M' ? 'M' : 'U';
  }
  const maleLine = !innerA.includes('F') && !innerB.includes('F') && lcaSex !== 'F';
  return { innerA, innerB, maleLine };
}

function nameRelation(input: KinshipInput, path: PathFacts): string {
  const { a, b } = input;
  if (a === 0 && b === 0) return T.self;
  if (b === 0) return ancestorTerm(input, path);
  if (a === 0) return descendantTerm(input, path);
  if (Math.max(a, b) > JETI_ATA_GENERATIONS) return T.beyondJetiAta;
  if (a === 1 && b === 1) return siblingTerm(input);
  if (a === 2 && b === 1) return parentsSiblingTerm(input, path);
  if (a === 1 && b === 2) return siblingsChildTerm(input, path);
  if (a === 2 && b === 2) return cousinTerm(input, path);
  if (a === b && path.maleLine) return T.joinedAtAncestor(a);
  return describeCollateral(input, path);
}

const isFemale = (sex: KinshipSex | undefined) => sex === 'F';

/** "x же y", the answer when the deciding sex is unknown. */
function either(first: string, second: string): string {
  return `${first} ${T.or} ${second}`;
}

function bySex(
  sex: KinshipSex,
  male: string,
  female: string,
  unknown = either(male, female),
): string {
  if (sex === 'M') return male;
  if (sex === 'F') return female;
  return unknown;
}

/** B is A's ancestor, `a` generations up. */
function ancestorTerm(input: KinshipInput, path: PathFacts): string {
  const { a, sexB } = input;
  if (a === 1) return bySex(sexB, T.father, T.mother);
  if (a === 2) {
    return isFemale(path.innerA[0])
      ? bySex(sexB, T.maternalGrandfather, T.maternalGrandmother)
      : bySex(sexB, T.grandfather, T.grandmother);
  }
  if (sexB === 'M' && !path.innerA.includes('F')) return maleAncestor(a);
  return namedPieces(input);
}

/** `traditional` adds the configured old name ("5-ата (жото)"); off inside longer phrases. */
function maleAncestor(generation: number, traditional = true): string {
  if (generation === 1) return T.father;
  if (generation === 2) return T.grandfather;
  const named = T.maleAncestors[generation];
  if (named !== undefined) return named;
  const numbered = T.numberedAncestor(generation);
  const oldName = traditional ? T.traditionalAncestorNames[generation] : undefined;
  return oldName === undefined ? numbered : `${numbered} (${oldName})`;
}

/** B is A's descendant, `b` generations down. */
function descendantTerm(input: KinshipInput, path: PathFacts): string {
  const { b, sexB } = input;
  if (b === 1) return childWord(sexB);
  if (path.innerB.includes('F')) {
    return T.daughterLineDescendants[b] ?? distant(T.daughterLineDescendant, b);
  }
  return T.descendants[b] ?? distant(T.descendant, b);
}

function distant(word: string, generations: number): string {
  return `${word} ${T.descendantGenerations(generations)}`;
}

/** A and B are children of the same parent. */
function siblingTerm(input: KinshipInput): string {
  const older = input.olderBranchB ?? input.olderB ?? null;
  if (older === null || input.sexB === 'U') return T.sibling;
  if (input.sexB === 'M') return older ? T.elderBrother : T.youngerBrother;
  if (older) return T.elderSister;
  return bySex(input.sexA, T.youngerSisterOfMan, T.youngerSisterOfWoman);
}

/** B is a sibling of A's parent. */
function parentsSiblingTerm(input: KinshipInput, path: PathFacts): string {
  const { sexB } = input;
  if (isFemale(path.innerA[0])) return bySex(sexB, T.mothersBrother, T.mothersSister);
  // B younger than A is surely younger than A's father too.
  const older = input.olderBranchB ?? (input.olderB === false ? false : null);
  if (older === null || sexB === 'U') return T.fathersSibling;
  if (sexB === 'M') return older ? T.fathersElderBrother : T.fathersYoungerBrother;
  return older ? T.fathersElderSister : T.fathersYoungerSister;
}

/** B is a child of A's sibling. */
function siblingsChildTerm(input: KinshipInput, path: PathFacts): string {
  if (isFemale(path.innerB[0])) return T.sistersChild;
  return bySex(input.sexB, T.brothersSon, T.brothersDaughter, T.brothersChild);
}

/** A and B are grandchildren of the same person. */
function cousinTerm(input: KinshipInput, path: PathFacts): string {
  const viaMotherA = isFemale(path.innerA[0]);
  const viaMotherB = isFemale(path.innerB[0]);
  if (viaMotherA && viaMotherB) return T.maternalCousin;
  if (viaMotherA) {
    return bySex(
      input.sexB,
      T.mothersBrothersSon,
      T.mothersBrothersDaughter,
      T.mothersBrothersChild,
    );
  }
  if (viaMotherB) return T.fathersSistersChild;
  return T.paternalCousin;
}

/**
 * Any other relation below жети ата. On a male line: A's ancestor's cousin ("атасынын
 * аталашы") or A's cousin's descendant ("аталашынын уулу"); otherwise the whole path, step by
 * step ("энесинин атасынын бир тууганынын уулу"). Both add how many generations B stands above
 * or below A.
 */
function describeCollateral(input: KinshipInput, path: PathFacts): string {
  const { a, b, sexB } = input;
  let phrase: string;
  if (path.maleLine && a > b) {
    phrase = `${genitive(possessive(maleAncestor(a - b, false)))} ${possessive(collateral(b))}`;
  } else if (path.maleLine) {
    const down = b - a;
    const descendant = down === 1 ? childWord(sexB) : (T.descendants[down] ?? T.descendant);
    phrase = `${genitive(possessive(collateral(a)))} ${possessive(descendant)}`;
  } else {
    phrase = namedPieces(input);
  }
  if (a === b) return phrase;
  return `${phrase} ${a > b ? T.generationsUp(a - b) : T.generationsDown(b - a)}`;
}

/**
 * The blood relations that have their own word (docs/kyrgyz.md, Blood relations), as "up/down"
 * generations.
 */
const NAMED_SPANS: ReadonlySet<string> = new Set([
  '1/0',
  '2/0',
  '0/1',
  '0/2',
  '1/1',
  '2/1',
  '1/2',
  '2/2',
]);

/** The bare sexes along the path A … LCA … B, A first. */
function pathSexes(input: KinshipInput): KinshipSex[] {
  const up = [input.sexA, ...input.chainA.map((link) => link.sex)];
  if (input.b === 0) return up;
  const down = input.chainB
    .map((link) => link.sex)
    .reverse()
    .slice(1);
  return [...up, ...down, input.sexB];
}

/** The relation from person i to person j of the path, a part of a relation with `a` ups. */
function spanInput(sexes: readonly KinshipSex[], a: number, i: number, j: number): KinshipInput {
  const up = Math.max(0, Math.min(a, j) - Math.min(a, i));
  const down = j - i - up;
  return {
    a: up,
    b: down,
    sexA: sexes[i] ?? 'U',
    sexB: sexes[j] ?? 'U',
    chainA: sexes.slice(i + 1, i + up + 1).map((sex) => ({ sex })),
    chainB: sexes
      .slice(j - down, j)
      .reverse()
      .map((sex) => ({ sex })),
    olderB: null,
  };
}

/**
 * A blood relation through a mother that has no word of its own, told as the shortest chain of
 * relations that have one ("тай атасынын атасы", "атасынын таякесинин уулу", "энесинин
 * бөлөсүнүн уулу"); of two chains as short, the one whose first piece reaches further.
 */
function namedPieces(input: KinshipInput): string {
  const sexes = pathSexes(input);
  const last = sexes.length - 1;
  const best = new Map<number, string[]>();
  const from = (i: number): string[] => {
    const known = best.get(i);
    if (known) return known;
    let chosen: string[] = [];
    for (let j = Math.min(last, i + 4); j > i; j--) {
      if (i === 0 && j === last) continue;
      const span = spanInput(sexes, input.a, i, j);
      if (!NAMED_SPANS.has(`${span.a}/${span.b}`)) continue;
      const pieces = [nameRelation(span, describePath(span)), ...(j === last ? [] : from(j))];
      if (chosen.length === 0 || wordCount(pieces) < wordCount(chosen)) chosen = pieces;
    }
    best.set(i, chosen);
    return chosen;
  };
  return joinKinshipTerms(from(0));
}

const withoutNote = (term: string) => term.replace(/\s*\([^()]*\)$/u, '');

function wordCount(terms: readonly string[]): number {
  return terms.reduce((sum, term) => sum + withoutNote(term).split(' ').length, 0);
}

/**
 * Terms joined as a possessive chain: "кайната" + "ини" → "кайнатасынын иниси". A parenthesis
 * ("(аба)", "(2 муун ылдый)") belongs to the end of the phrase only.
 */
export function joinKinshipTerms(terms: readonly string[]): string {
  if (terms.length === 1) return terms[0] ?? '';
  return terms
    .map((term, i) =>
      i === terms.length - 1 ? possessive(term) : genitive(possessive(withoutNote(term))),
    )
    .join(' ');
}

function collateral(k: number): string {
  return T.collaterals[k] ?? T.joinedAtAncestor(k);
}

function childWord(sex: KinshipSex): string {
  return bySex(sex, T.son, T.daughter, T.child);
}

/** ["ата", "ата", "эне"] → "атасынын атасынын энеси". */
export function possessiveChain(words: readonly string[]): string {
  return words
    .map((word, i) => (i === words.length - 1 ? possessive(word) : genitive(possessive(word))))
    .join(' ');
}

function assertGenerations(value: number, name: string): void {
  if (!Number.isInteger(value) || value < 0) {
    throw new RangeError(`${name} must be a whole number of generations, got ${value}`);
  }
}

// ---------------------------------------------------------------------------------------------
// Possessive suffixes (vowel harmony: vowel-harmony.ts)

/**
 * A kinship term with the third-person possessive suffix, as it stands after a genitive
 * ("Асандын агасы", "чоң атасы", "урпагы (5 муун)"). A phrase that already ends a possessive
 * chain ("атасынын агасы") is returned unchanged; alternatives joined by "же" each get it.
 */
export function possessive(term: string): string {
  const separator = ` ${T.or} `;
  if (term.includes(separator)) return term.split(separator).map(possessive).join(separator);
  if (T.alreadyPossessive.includes(term)) return term;
  const match = /^(.*?)(\s*\([^()]*\))?$/u.exec(term);
  const core = match?.[1] ?? term;
  const tail = match?.[2] ?? '';
  const words = core.split(' ');
  if (words.slice(0, -1).some(isGenitive)) return term;
  const last = words.pop() ?? '';
  return [...words, possessiveWord(last)].join(' ') + tail;
}

/**
 * A term said to the one it is about, with the polite second-person possessive: "ага" → "Сиздин
 * агаңыз", "урпак (5 муун)" → "Сиздин урпагыңыз (5 муун)". In a possessive chain only its first
 * link is the listener's: "атасынын агасы (аба)" → "Сиздин атаңыздын агасы (аба)".
 */
export function addressedTerm(term: string): string {
  const separator = ` ${T.or} `;
  return `${T.yours} ${term.split(separator).map(addressedPhrase).join(separator)}`;
}

function addressedPhrase(term: string): string {
  const match = /^(.*?)(\s*\([^()]*\))?$/u.exec(term);
  const words = (match?.[1] ?? term).split(' ');
  const tail = match?.[2] ?? '';
  const first = words.findIndex(isGenitive);
  if (first >= 0) {
    // атасынын → атасы → ата → атаңыз → атаңыздын
    const owned = (words[first] ?? '').slice(0, -3);
    words[first] = genitive(yoursWord(withoutPossessive(owned)));
  } else {
    words.push(yoursWord(words.pop() ?? ''));
  }
  return words.join(' ') + tail;
}

/** The stem of a word with the third-person possessive: атасы → ата, уулу → уул, урпагы → урпак. */
function withoutPossessive(word: string): string {
  const letters = [...word];
  const last = letters.length - 1;
  if (!/[ыиуү]/u.test(letters[last] ?? '')) return word;
  const beforeS = letters[last - 2];
  if (letters[last - 1] === 'с' && beforeS !== undefined && isVowel(beforeS)) {
    return letters.slice(0, -2).join('');
  }
  return letters.slice(0, -1).join('').replace(/г$/u, 'к').replace(/б$/u, 'п');
}

/** A word with the polite second-person possessive: атаңыз, иниңиз, уулуңуз, урпагыңыз. */
function yoursWord(word: string): string {
  if (word === '') return word;
  const vowel = harmonyVowel(word);
  if (endsInVowel(word)) return `${word}ң${vowel}з`;
  const stem = word.replace(/к$/u, 'г').replace(/п$/u, 'б');
  return `${stem}${vowel}ң${vowel}з`;
}

function possessiveWord(word: string): string {
  if (word === '') return word;
  const vowel = harmonyVowel(word);
  if (endsInVowel(word)) return `${word}с${vowel}`;
  // Final к and п voice before a vowel: урпак → урпагы, китеп → китеби.
  const stem = word.replace(/к$/u, 'г').replace(/п$/u, 'б');
  return `${stem}${vowel}`;
}

const GENITIVE_ENDING = /[ндт][ыиуү]н$/u;

function isGenitive(word: string): boolean {
  return GENITIVE_ENDING.test(word);
}
