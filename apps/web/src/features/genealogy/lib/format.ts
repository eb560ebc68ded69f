import type { PersonSummary, SessionRole } from './types';

/** "1890–1950", "1890–", "?–1950": the years of a person's label (packages/shared). */
export { yearsText } from '@bagysh/shared';

/**
 * The forefathers above the father and grandfather that a person's label names (at most `max`
 * names, then '…'): lineage is father, grandfather, great-grandfather…
 */
export function furtherLineage(lineage: readonly string[], max = 3): string[] {
  const further = lineage.slice(2, 2 + max);
  return lineage.length > 2 + max ? [...further, '…'] : further;
}

/** A positive integer from a URL parameter, or null. */
export function idParam(value: string | null | undefined): number | null {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id >= 1 && id <= 2_147_483_647 ? id : null;
}

/** The role of the stored session user ('user' when unknown), for showing moderator tools. */
export function sessionRole(user: Readonly<Record<string, unknown>> | null): SessionRole | null {
  if (!user) return null;
  const role = user.role;
  return role === 'admin' || role === 'moderator' ? role : 'user';
}

export function isModerator(user: Readonly<Record<string, unknown>> | null): boolean {
  const role = sessionRole(user);
  return role === 'admin' || role === 'moderator';
}

/** Reviews proposals: staff all of them, a branch steward those of their branches. */
export function reviewsProposals(user: Readonly<Record<string, unknown>> | null): boolean {
  return isModerator(user) || user?.is_steward === true;
}

/** The tree component's node from an API person. */
export function toTreeNode(person: PersonSummary) {
  return {
    id: person.id,
    name: person.name,
    birth_year: person.birth_year,
    death_year: person.death_year,
    sex: person.sex,
    child_count: person.child_count,
    descendant_count: person.descendant_count,
    photo_file_id: person.photo_file_id ?? null,
    father_name: person.father_name,
    grandfather_name: person.grandfather_name,
  };
}
