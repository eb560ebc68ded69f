import { genitive } from './vowel-harmony';
import type { Sex } from './sex';

/**
 * "Айбек Чоткара уулу (Мырзабек) 1827–1895": a person told apart from namesakes by the
 * father's and the grandfather's names. Every list, suggestion, picker and card of
 * the site labels a person with it; the web shows each part through the script (runes).
 */
export interface PersonLabelFacts {
  name: string;
  sex: Sex;
  father_name?: string | null;
  grandfather_name?: string | null;
  birth_year?: number | null;
  death_year?: number | null;
}

/**
 * The words of the patronymic (docs/kyrgyz.md, Ancestors and descendants: уул / кыз; a child of
 * unknown sex: бала).
 */
export const personLabelWords = {
  /** "Чоткара уулу": a son of Чоткара. */
  son: 'уулу',
  /** "Чоткара кызы": a daughter of Чоткара. */
  daughter: 'кызы',
  /** "Чоткаранын баласы": a child of Чоткара whose sex is unknown (or hidden from a guest). */
  child: 'баласы',
} as const;

export interface PersonLabelParts {
  name: string;
  /** "Чоткара уулу"; null without a father. */
  patronymic: string | null;
  /** The grandfather's name (shown in parentheses); null without a father or a grandfather. */
  grandfather: string | null;
  /** As `yearsText` writes them; '' when neither year is known. */
  years: string;
}

/** "1890–1950", "1890–", "?–1950", or '' when neither year is known. */
export function yearsText(
  birth: number | null | undefined,
  death: number | null | undefined,
  unknown = '?',
): string {
  const born = birth ?? null;
  const died = death ?? null;
  if (born === null && died === null) return '';
  if (died === null) return `${born}–`;
  return `${born ?? unknown}–${died}`;
}

/** "Чоткара уулу", "Чоткара кызы", "Чоткаранын баласы". */
export function patronymic(fatherName: string, sex: Sex): string {
  if (sex === 'M') return `${fatherName} ${personLabelWords.son}`;
  if (sex === 'F') return `${fatherName} ${personLabelWords.daughter}`;
  return `${genitive(fatherName)} ${personLabelWords.child}`;
}

/** A name's own trailing patronymic: "Токтосун Бообек уулу" → " Бообек уулу". */
const OWN_PATRONYMIC = new RegExp(
  `\\s+\\S+\\s+(?:${personLabelWords.son}|${personLabelWords.daughter})$|\\s+\\S+\\s+${personLabelWords.child}$`,
  'u',
);

/**
 * A parent's name as a patronymic takes it: without the parent's own patronymic, which a
 * GEDCOM file often writes as the surname ("Токтосун /Бообек уулу/"), so that the child is
 * "Токтосун уулу", not "Токтосун Бообек уулу уулу". A name of one word is kept whole.
 */
function givenName(name: string | null | undefined): string | null {
  const trimmed = name?.trim().replace(/\s+/gu, ' ');
  if (!trimmed) return null;
  return trimmed.replace(OWN_PATRONYMIC, '') || trimmed;
}

/** The label's parts, for a view that styles them apart (the name bold, the years grey). */
export function personLabelParts(person: PersonLabelFacts, unknownYear = '?'): PersonLabelParts {
  const father = givenName(person.father_name);
  const grandfather = father ? givenName(person.grandfather_name) : null;
  const ofFather = father ? patronymic(father, person.sex) : null;
  // A name that carries its patronymic already ("Баатыр Токтосун уулу") does not repeat it.
  const named =
    ofFather !== null && person.name.trim().replace(/\s+/gu, ' ').endsWith(` ${ofFather}`);
  return {
    name: person.name,
    patronymic: named ? null : ofFather,
    grandfather,
    years: yearsText(person.birth_year, person.death_year, unknownYear),
  };
}

/** "Чоткара уулу (Мырзабек)": the label without the name and years; '' without a father. */
export function personLineage(
  person: Pick<PersonLabelFacts, 'sex' | 'father_name' | 'grandfather_name'>,
): string {
  const parts = personLabelParts({ ...person, name: '' });
  return [parts.patronymic, parts.grandfather && `(${parts.grandfather})`]
    .filter(Boolean)
    .join(' ');
}

/** The whole label as one string (titles, aria-labels, plain-text places). */
export function personLabel(person: PersonLabelFacts, unknownYear = '?'): string {
  const parts = personLabelParts(person, unknownYear);
  return [parts.name, parts.patronymic, parts.grandfather && `(${parts.grandfather})`, parts.years]
    .filter(Boolean)
    .join(' ');
}
