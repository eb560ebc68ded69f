/**
 * Names a relation found by any path of parent, child and spouse links: blood
 * relations through `kinshipTerm` (docs/kyrgyz.md, Blood relations), kin by marriage (Kin by
 * marriage), and longer chains described from their pieces ("кайнатасынын иниси"), never with an
 * invented word. Every word comes from `kinship-terms.ts`.
 */
import { kinshipTerms as T } from './kinship-terms';
import {
  joinKinshipTerms,
  kinshipSentence,
  kinshipTerm,
  possessiveChain,
  type KinshipInput,
  type KinshipSex,
} from './kinship';
import type { Relation, RelationLink } from './relations';

/** One person of the path A … B, as the namer reads it. */
export interface NamingStep {
  name: string;
  sex: KinshipSex;
  /** What this person is to the previous one; null for A. */
  link: RelationLink | null;
  birth_year: number | null;
  /** Order among siblings, when known: decides elder/younger before birth years do. */
  birth_order?: number | null;
}

export type RelationNames = Omit<Relation, 'path'>;

type Direction = 'U' | 'D' | 'S';

const DIRECTION: Record<RelationLink, Direction> = {
  father: 'U',
  mother: 'U',
  parent: 'U',
  son: 'D',
  daughter: 'D',
  child: 'D',
  husband: 'S',
  wife: 'S',
  spouse: 'S',
};

const LINK_SEX: Record<RelationLink, KinshipSex | null> = {
  father: 'M',
  son: 'M',
  husband: 'M',
  mother: 'F',
  daughter: 'F',
  wife: 'F',
  parent: null,
  child: null,
  spouse: null,
};

/** The link of the other direction: what `from` is to `to`, given `from`'s sex. */
export function reverseLink(link: RelationLink, fromSex: KinshipSex): RelationLink {
  const byDirection: Record<Direction, [RelationLink, RelationLink, RelationLink]> = {
    U: ['son', 'daughter', 'child'],
    D: ['father', 'mother', 'parent'],
    S: ['husband', 'wife', 'spouse'],
  };
  const [male, female, unknown] = byDirection[DIRECTION[link]];
  return fromSex === 'M' ? male : fromSex === 'F' ? female : unknown;
}

/**
 * Everything said about a relation: the terms both ways, the descriptive chain, the sentence,
 * whether the term awaits a native speaker's check and, for blood relations on the male line
 * only, whether the two are within жети ата. Throws a RangeError on a path that is not a
 * sequence of "up, then down" pieces joined by spouse links.
 */
export function nameRelation(path: readonly NamingStep[]): RelationNames {
  const forward = new Namer(path);
  const reverse = new Namer(reversePath(path));
  const term = forward.term();
  const a = path[0];
  const b = path[path.length - 1];
  if (!a || !b) throw new RangeError('a relation needs at least one person');
  const marriages = forward.dirs.filter((dir) => dir === 'S').length;
  const { up, down } = forward.generations();
  return {
    kind: marriages === 0 ? 'blood' : 'marriage',
    marriages,
    generations_up: up,
    generations_down: down,
    term,
    term_reverse: reverse.term(),
    descriptive: forward.descriptive(),
    sentence: `${kinshipSentence(a.name, b.name, term)}.`,
    unverified: T.unverified.some((word) => term.includes(word)),
    jeti_ata: marriages === 0 ? forward.jetiAta() : null,
  };
}

function reversePath(path: readonly NamingStep[]): NamingStep[] {
  // A link tells the sex of the person it leads to; the reversed path keeps what it told.
  const sexes = path.map((step, i) => (i === 0 ? step.sex : sexOf(step)));
  const reversed: NamingStep[] = [];
  for (let i = path.length - 1; i >= 0; i--) {
    const step = path[i] as NamingStep;
    const sex = sexes[i] ?? step.sex;
    const next = path[i + 1];
    reversed.push({ ...step, sex, link: next?.link ? reverseLink(next.link, sex) : null });
  }
  return reversed;
}

/** The sex a step is known to have: from its link when that says it, else the recorded one. */
function sexOf(step: NamingStep, link: RelationLink | null = step.link): KinshipSex {
  return (link && LINK_SEX[link]) ?? step.sex;
}

/** Whether `x` was born before `y`: birth order among siblings first, then birth years. */
function bornBefore(x: NamingStep, y: NamingStep, siblings: boolean): boolean | null {
  const ox = x.birth_order ?? null;
  const oy = y.birth_order ?? null;
  if (siblings && ox !== null && oy !== null && ox !== oy) return ox < oy;
  if (x.birth_year !== null && y.birth_year !== null && x.birth_year !== y.birth_year) {
    return x.birth_year < y.birth_year;
  }
  return null;
}

interface Piece {
  end: number;
  term: string;
}

class Namer {
  readonly dirs: Direction[];
  readonly sexes: KinshipSex[];

  constructor(private readonly path: readonly NamingStep[]) {
    this.dirs = path.slice(1).map((step) => {
      if (!step.link) throw new RangeError('every step after A needs a link');
      return DIRECTION[step.link];
    });
    this.sexes = path.map((step, i) => (i === 0 ? step.sex : sexOf(step)));
    // Each piece between spouse links goes up, then down.
    let down = false;
    for (const dir of this.dirs) {
      if (dir === 'S') down = false;
      else if (dir === 'D') down = true;
      else if (down) throw new RangeError('a path goes up after going down');
    }
  }

  private step(i: number): NamingStep {
    const step = this.path[i];
    if (!step) throw new RangeError(`no step ${i}`);
    return step;
  }

  private sex(i: number): KinshipSex {
    return this.sexes[i] ?? 'U';
  }

  /** Directions of the links after person i, as a string ("SUD"). */
  private ahead(i: number): string {
    return this.dirs.slice(i).join('');
  }

  term(): string {
    if (this.path.length === 1) return T.self;
    const terms: string[] = [];
    let i = 0;
    while (i < this.path.length - 1) {
      const piece = this.marriagePiece(i) ?? this.bloodPiece(i);
      terms.push(piece.term);
      i = piece.end;
    }
    return joinKinshipTerms(terms);
  }

  generations(): { up: number; down: number } {
    let level = 0;
    let peak = 0;
    for (const dir of this.dirs) {
      if (dir === 'U') level += 1;
      if (dir === 'D') level -= 1;
      peak = Math.max(peak, level);
    }
    return { up: peak, down: peak - level };
  }

  /** The path told link by link; a parent's child at a turn is said as a sibling. */
  descriptive(): string {
    if (this.path.length === 1) return T.self;
    const words: string[] = [];
    for (let i = 1; i < this.path.length; i++) {
      const dir = this.dirs[i - 1];
      const sex = this.sex(i);
      if (dir === 'U' && this.dirs[i] === 'D') {
        words.push(this.siblingWord(i - 1, i + 1));
        i += 1;
      } else if (dir === 'U') words.push(bySex(sex, T.father, T.mother, T.parentUnknown));
      else if (dir === 'D') words.push(bySex(sex, T.son, T.daughter, T.child));
      else words.push(this.spouseWord(i));
    }
    return possessiveChain(words);
  }

  /** Within жети ата, for a blood relation on the male line; null otherwise. */
  jetiAta(): boolean | null {
    const { input, maleLine } = this.bloodInput(0, this.path.length - 1);
    return maleLine ? kinshipTerm(input).jetiAta : null;
  }

  private siblingWord(x: number, y: number): string {
    return kinshipTerm({
      a: 1,
      b: 1,
      sexA: this.sex(x),
      sexB: this.sex(y),
      chainA: [{ sex: 'U' }],
      chainB: [{ sex: 'U' }],
      olderB: bornBefore(this.step(y), this.step(x), true),
    }).term;
  }

  /** The blood relation from person `from` to person `to` (no spouse link between them). */
  private bloodInput(from: number, to: number): { input: KinshipInput; maleLine: boolean } {
    const dirs = this.dirs.slice(from, to);
    const a = dirs.filter((dir) => dir === 'U').length;
    const b = dirs.length - a;
    const top = from + a;
    const chainA = this.sexes.slice(from + 1, top + 1).map((sex) => ({ sex }));
    const chainB = this.sexes
      .slice(top, to)
      .reverse()
      .map((sex) => ({ sex }));
    const input: KinshipInput = {
      a,
      b,
      sexA: this.sex(from),
      sexB: this.sex(to),
      chainA,
      chainB,
      olderB: bornBefore(this.step(to), this.step(from), false),
      olderBranchB:
        a >= 1 && b >= 1 ? bornBefore(this.step(top + 1), this.step(top - 1), true) : null,
    };
    // Everyone strictly between, and the top even when it is A or B, is a man (or unknown).
    const between = this.sexes.slice(from + 1, to);
    const maleLine = !between.includes('F') && this.sex(top) !== 'F';
    return { input, maleLine };
  }

  /** From person i up, then down, to the next spouse link or B. */
  private bloodPiece(i: number): Piece {
    let end = i;
    while (end < this.dirs.length && this.dirs[end] !== 'S') end += 1;
    if (end === i) return { end: i + 1, term: this.spouseWord(i + 1) };
    return { end, term: kinshipTerm(this.bloodInput(i, end).input).term };
  }

  /** A kin-by-marriage word starting at person i, the longest that fits. */
  private marriagePiece(i: number): Piece | null {
    const ahead = this.ahead(i);
    const sex = (k: number) => this.sex(i + k);
    if (ahead.startsWith('SUDS')) {
      if (sex(0) === 'F' && sex(1) === 'M' && sex(3) === 'M' && sex(4) === 'F') {
        return { end: i + 4, term: T.brothersWives };
      }
      if (sex(0) === 'M' && sex(1) === 'F' && sex(3) === 'F' && sex(4) === 'M') {
        return { end: i + 4, term: T.sistersHusbands };
      }
    }
    if (ahead.startsWith('SUD')) {
      // Without the ages: "the spouse's sibling", not "the parent-in-law's son".
      const term = this.spousesSibling(i);
      return term ? { end: i + 3, term } : { end: i + 1, term: this.spouseWord(i + 1) };
    }
    if (ahead.startsWith('SU')) {
      return { end: i + 2, term: bySex(sex(2), T.fatherInLaw, T.motherInLaw) };
    }
    if (ahead.startsWith('DSU')) {
      return { end: i + 3, term: bySex(sex(3), T.coFather, T.coMother) };
    }
    if (ahead.startsWith('DS')) {
      if (sex(1) === 'M' && sex(2) === 'F') return { end: i + 2, term: T.youngerBrothersWife };
      if (sex(1) === 'F' && sex(2) === 'M') return { end: i + 2, term: T.sonInLaw };
    }
    const kinsmansWife = this.kinsmansWife(i, ahead);
    if (kinsmansWife) return kinsmansWife;
    if (ahead.startsWith('UUDS') && sex(1) === 'M' && sex(3) === 'F' && sex(4) === 'M') {
      return { end: i + 4, term: T.elderSistersHusband };
    }
    if (ahead.startsWith('UDS')) {
      const term = this.siblingsSpouse(i);
      if (term) return { end: i + 3, term };
    }
    return null;
  }

  private spouseWord(i: number): string {
    return bySex(this.sex(i), T.husband, T.wife, T.spouse);
  }

  /** B = i + 3 is the sibling of i's spouse (i + 1). */
  private spousesSibling(i: number): string | null {
    const older = bornBefore(this.step(i + 3), this.step(i + 1), true);
    if (older === null) return null;
    const sexB = this.sex(i + 3);
    if (sexB === 'M') return older ? T.spousesElderBrother : T.spousesYoungerBrother;
    if (sexB !== 'F') return null;
    if (older) return T.spousesElderSister;
    return this.sex(i) === 'M' ? T.wifesYoungerSister : T.spousesYoungerSister;
  }

  /** B = i + 3 is the spouse of i's sibling (i + 2). */
  private siblingsSpouse(i: number): string | null {
    const older = bornBefore(this.step(i + 2), this.step(i), true);
    if (older === null) return null;
    const sibling = this.sex(i + 2);
    const spouse = this.sex(i + 3);
    if (sibling === 'M' && spouse === 'F')
      return older ? T.elderBrothersWife : T.youngerBrothersWife;
    if (sibling === 'F' && spouse === 'M') return older ? T.elderSistersHusband : T.sonInLaw;
    return null;
  }

  /** жеңе: the wife of an elder male-line kinsman of i's generation (k ≥ 2 up and down). */
  private kinsmansWife(i: number, ahead: string): Piece | null {
    const match = /^(U{2,})(D+)S/u.exec(ahead);
    if (!match?.[1] || match[1].length !== match[2]?.length) return null;
    const k = match[1].length;
    const kinsman = i + 2 * k;
    const male = this.sexes.slice(i + 1, kinsman + 1).every((sex) => sex !== 'F');
    if (!male || this.sex(kinsman + 1) !== 'F') return null;
    if (bornBefore(this.step(kinsman), this.step(i), false) !== true) return null;
    return { end: kinsman + 1, term: T.elderBrothersWife };
  }
}

function bySex(sex: KinshipSex, male: string, female: string, unknown?: string): string {
  if (sex === 'M') return male;
  if (sex === 'F') return female;
  return unknown ?? `${male} ${T.or} ${female}`;
}
