import {
  foldName,
  levenshteinWithin1,
  splitNameQuery,
  type DuplicateReason,
  type Sex,
} from '@bagysh/shared';

/**
 * The duplicate scorer (docs/genealogy.md, Duplicate persons): how likely two descriptions of a
 * person are one person, with the reasons. Pure and synchronous: the finder's job calls it for
 * every candidate pair of the tree, and an import matches a file's persons (not in the
 * database, so without ids) against the tree with it.
 */

/** A relative by name, and by id when they are in the tree. */
export interface DuplicateRelative {
  id?: number | null;
  name: string;
}

/**
 * A person as the scorer sees them: a tree row, or a person read from a GEDCOM file. Only
 * `name` is required; every missing fact counts neither for nor against.
 */
export interface DuplicateSubject {
  /** The tree id; absent for a person that is not in the tree. */
  id?: number | null;
  name: string;
  fatherName?: string | null;
  grandfatherName?: string | null;
  birthYear?: number | null;
  deathYear?: number | null;
  sex?: Sex | null;
  /** The clan's id in the tree, or any key that names a clan the same way on both sides. */
  clan?: number | string | null;
  fatherId?: number | null;
  motherId?: number | null;
  spouses?: readonly DuplicateRelative[];
  children?: readonly DuplicateRelative[];
}

export interface DuplicateScore {
  /** 0..1. */
  score: number;
  /** Strongest evidence first. */
  reasons: DuplicateReason[];
}

/** Pairs at or above this score are listed by the finder. */
export const DUPLICATE_THRESHOLD = 0.5;

// The weights: a sum of evidence, clamped to 0..1. A folded name with the father's name and a
// close birth year reaches about 0.7; one strong contradiction (another father, another sex, a
// birth year decades away) keeps a namesake under the threshold whatever else agrees.
const W = {
  nameSame: 0.4,
  nameFolded: 0.38,
  nameFirstWord: 0.3,
  nameClose: 0.25,
  nameDiffers: -0.4,
  fatherSame: 0.2,
  fatherClose: 0.12,
  fatherDiffers: -0.35,
  grandfatherSame: 0.1,
  grandfatherDiffers: -0.25,
  birthSame: 0.15,
  birthNear2: 0.1,
  birthNear5: 0.03,
  birthFar: -0.15,
  birthVeryFar: -0.4,
  deathSame: 0.1,
  deathNear: 0.05,
  deathFar: -0.2,
  sexDiffers: -0.6,
  clanSame: 0.03,
  clanDiffers: -0.1,
  sameFather: 0.1,
  sameMother: 0.05,
  spouseSame: 0.15,
  spouseName: 0.08,
  childrenSame: 0.2,
  childName: 0.06,
  childNamesMax: 0.18,
} as const;

type NameMatch = 'same' | 'folded' | 'first_word' | 'close' | 'differs';

/** How two names compare once folded (Latin, ө/о, ү/у, ң/н…; name-folding.ts). */
export function compareNames(a: string, b: string): NameMatch {
  if (a.trim().toLowerCase() === b.trim().toLowerCase()) return 'same';
  const ka = foldName(a);
  const kb = foldName(b);
  if (ka === kb) return 'folded';
  // With or without the patronymic: "Асан Үсөн уулу" and "Асан".
  const wa = splitNameQuery(a);
  const wb = splitNameQuery(b);
  const [short, long] = wa.length <= wb.length ? [wa, wb] : [wb, wa];
  if (short.length > 0 && short.every((word, i) => word === long[i])) return 'first_word';
  // One typo, in names long enough for a typo to be told from another name.
  if (Math.min(ka.length, kb.length) >= 4 && levenshteinWithin1(ka, kb)) return 'close';
  const fa = wa[0];
  const fb = wb[0];
  if (fa && fb && fa.length >= 4 && levenshteinWithin1(fa, fb) && wa.length !== wb.length) {
    return 'close';
  }
  return 'differs';
}

function present(value: string | null | undefined): value is string {
  return value !== null && value !== undefined && value.trim() !== '';
}

function known(value: number | null | undefined): value is number {
  return value !== null && value !== undefined;
}

function yearReason(a: number, b: number, kind: 'birth' | 'death'): DuplicateReason {
  const delta = Math.abs(a - b);
  if (kind === 'birth') {
    if (delta === 0) return { code: 'birth_year_same', weight: W.birthSame, delta };
    if (delta <= 2) return { code: 'birth_year_near', weight: W.birthNear2, delta };
    if (delta <= 5) return { code: 'birth_year_near', weight: W.birthNear5, delta };
    return { code: 'birth_year_far', weight: delta > 15 ? W.birthVeryFar : W.birthFar, delta };
  }
  if (delta === 0) return { code: 'death_year_same', weight: W.deathSame, delta };
  if (delta <= 3) return { code: 'death_year_near', weight: W.deathNear, delta };
  return { code: 'death_year_far', weight: W.deathFar, delta };
}

/** Names of `a` that some name of `b` matches once folded (each counted once). */
function sharedNames(a: readonly DuplicateRelative[], b: readonly DuplicateRelative[]): string[][] {
  const keysB = new Map<string, string>();
  for (const relative of b) keysB.set(foldName(relative.name), relative.name);
  const shared: string[][] = [];
  const seen = new Set<string>();
  for (const relative of a) {
    const key = foldName(relative.name);
    const other = keysB.get(key);
    if (key !== '' && other !== undefined && !seen.has(key)) {
      seen.add(key);
      shared.push([relative.name, other]);
    }
  }
  return shared;
}

function sharedIds(a: readonly DuplicateRelative[], b: readonly DuplicateRelative[]): number {
  const ids = new Set(a.map((r) => r.id).filter(known));
  return new Set(b.map((r) => r.id).filter((id): id is number => known(id) && ids.has(id))).size;
}

/**
 * Scores two person descriptions: 0 (surely two people) .. 1 (surely one), and the reasons.
 * Symmetric; `values` in a reason are the first person's spelling, then the second's.
 */
export function scoreDuplicate(a: DuplicateSubject, b: DuplicateSubject): DuplicateScore {
  const reasons: DuplicateReason[] = [];
  const add = (reason: DuplicateReason) => reasons.push(reason);

  const name = compareNames(a.name, b.name);
  const nameValues: [string, string] = [a.name, b.name];
  switch (name) {
    case 'same':
      add({ code: 'name_same', weight: W.nameSame, values: nameValues });
      break;
    case 'folded':
      add({ code: 'name_folded', weight: W.nameFolded, values: nameValues });
      break;
    case 'first_word':
      add({ code: 'name_first_word', weight: W.nameFirstWord, values: nameValues });
      break;
    case 'close':
      add({ code: 'name_close', weight: W.nameClose, values: nameValues });
      break;
    case 'differs':
      add({ code: 'name_differs', weight: W.nameDiffers, values: nameValues });
      break;
  }

  if (present(a.fatherName) && present(b.fatherName)) {
    const values: [string, string] = [a.fatherName, b.fatherName];
    const father = compareNames(a.fatherName, b.fatherName);
    if (father === 'same' || father === 'folded' || father === 'first_word') {
      add({ code: 'father_name_same', weight: W.fatherSame, values });
    } else if (father === 'close') {
      add({ code: 'father_name_close', weight: W.fatherClose, values });
    } else {
      add({ code: 'father_name_differs', weight: W.fatherDiffers, values });
    }
  }

  if (present(a.grandfatherName) && present(b.grandfatherName)) {
    const values: [string, string] = [a.grandfatherName, b.grandfatherName];
    const grandfather = compareNames(a.grandfatherName, b.grandfatherName);
    add(
      grandfather === 'differs'
        ? { code: 'grandfather_name_differs', weight: W.grandfatherDiffers, values }
        : { code: 'grandfather_name_same', weight: W.grandfatherSame, values },
    );
  }

  if (known(a.birthYear) && known(b.birthYear)) add(yearReason(a.birthYear, b.birthYear, 'birth'));
  if (known(a.deathYear) && known(b.deathYear)) add(yearReason(a.deathYear, b.deathYear, 'death'));

  if ((a.sex === 'M' || a.sex === 'F') && (b.sex === 'M' || b.sex === 'F') && a.sex !== b.sex) {
    add({ code: 'sex_differs', weight: W.sexDiffers });
  }

  if (a.clan !== null && a.clan !== undefined && b.clan !== null && b.clan !== undefined) {
    add(
      a.clan === b.clan
        ? { code: 'clan_same', weight: W.clanSame }
        : { code: 'clan_differs', weight: W.clanDiffers },
    );
  }

  if (known(a.fatherId) && a.fatherId === b.fatherId) {
    add({ code: 'same_father', weight: W.sameFather });
  }
  if (known(a.motherId) && a.motherId === b.motherId) {
    add({ code: 'same_mother', weight: W.sameMother });
  }

  const spousesA = a.spouses ?? [];
  const spousesB = b.spouses ?? [];
  if (sharedIds(spousesA, spousesB) > 0) {
    add({ code: 'spouse_same', weight: W.spouseSame });
  } else {
    const [first] = sharedNames(spousesA, spousesB);
    if (first) {
      add({
        code: 'spouse_name_same',
        weight: W.spouseName,
        values: [first[0] ?? '', first[1] ?? ''],
      });
    }
  }

  const childrenA = a.children ?? [];
  const childrenB = b.children ?? [];
  const sameChildren = sharedIds(childrenA, childrenB);
  if (sameChildren > 0) {
    add({ code: 'children_same', weight: W.childrenSame, delta: sameChildren });
  } else {
    const shared = sharedNames(childrenA, childrenB);
    if (shared.length > 0) {
      add({
        code: 'children_names_same',
        weight: Math.min(W.childName * shared.length, W.childNamesMax),
        delta: shared.length,
      });
    }
  }

  const sum = reasons.reduce((total, reason) => total + reason.weight, 0);
  const score = Math.round(Math.min(1, Math.max(0, sum)) * 1000) / 1000;
  reasons.sort((x, y) => Math.abs(y.weight) - Math.abs(x.weight));
  for (const reason of reasons) reason.weight = Math.round(reason.weight * 1000) / 1000;
  return { score, reasons };
}
