import { revisionMessages, type KeptField, type ProposalConflict } from '@bagysh/shared';
import { HttpError } from '../../lib/http-errors';
import type { ProposalFields, Resolutions } from './proposal-kind';

/**
 * A pending proposal applied field by field against what is there now (docs/genealogy.md,
 * Revisions and proposals): a field nobody changed since the proposal was made takes the
 * proposed value; a field already holding it is left; a field changed since is a conflict the
 * moderator settles with a resolution (`proposed` or `current`), else the accept answers 409
 * with every conflicting field.
 */

/** How a kind compares its fields, and merges the ones that are lists of records. */
export interface MergeRules {
  same(field: string, a: unknown, b: unknown): boolean;
  /**
   * A list field changed on both sides, merged record by record; undefined when it cannot be
   * (then it is a conflict).
   */
  mergeList?(
    field: string,
    before: unknown[],
    proposed: unknown[],
    current: unknown[],
  ): unknown[] | undefined;
}

export interface Merged {
  /** The values to write now, by field (only fields that change). */
  changes: ProposalFields;
  /** The conflicting fields the moderator kept as they are. */
  kept: KeptField[];
}

/** The 409 an accept answers while fields changed since have no resolution. */
export function conflictsError(conflicts: ProposalConflict[]): HttpError {
  return new HttpError(409, revisionMessages.fieldsChanged, {}, { conflicts });
}

/**
 * What accepting a proposal of `before` → `after` writes over `current`, with `resolutions`
 * for the fields changed since; throws the 409 of `conflictsError` while one has none.
 */
export function mergeProposal(
  before: ProposalFields,
  after: ProposalFields,
  current: ProposalFields,
  resolutions: Resolutions,
  rules: MergeRules,
): Merged {
  const changes: ProposalFields = {};
  const kept: KeptField[] = [];
  const conflicts: ProposalConflict[] = [];
  for (const [field, proposed] of Object.entries(after)) {
    if (proposed === undefined) continue;
    const now = current[field] ?? null;
    const seen = before[field] ?? null;
    if (rules.same(field, now, proposed)) continue;
    if (rules.same(field, now, seen)) {
      changes[field] = proposed;
      continue;
    }
    if (rules.mergeList && Array.isArray(seen) && Array.isArray(proposed) && Array.isArray(now)) {
      const merged = rules.mergeList(field, seen, proposed, now);
      if (merged !== undefined) {
        if (!rules.same(field, now, merged)) changes[field] = merged;
        continue;
      }
    }
    const choice = resolutions[field];
    if (choice === 'proposed') changes[field] = proposed;
    else if (choice === 'current') kept.push({ field, proposed, current: now });
    else conflicts.push({ field, before: seen, proposed, current: now });
  }
  if (conflicts.length > 0) throw conflictsError(conflicts);
  return { changes, kept };
}

/** JSON with object keys sorted: two records compare equal whatever order jsonb kept. */
export function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, inner]) => inner !== undefined && inner !== null)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, inner]) => `${JSON.stringify(key)}:${canonical(inner)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** `list` without one occurrence of each record of `taken` (by content). */
function without(list: readonly string[], taken: readonly string[]): string[] {
  const rest = [...list];
  for (const key of taken) {
    const at = rest.indexOf(key);
    if (at >= 0) rest.splice(at, 1);
  }
  return rest;
}

/**
 * A list of records merged record by record, each record compared whole (an edited record is
 * the old one taken away and the new one added): the proposal's removals are removed and its
 * additions added after the record they followed. Undefined — a conflict — when a record the
 * proposal removes or edits is no longer there as it saw it, or when the proposal reorders.
 * `ordered: false` (a set): order is not compared and the result keeps `current`'s order.
 */
export function mergeRecordList(
  before: readonly unknown[],
  proposed: readonly unknown[],
  current: readonly unknown[],
  ordered = true,
): unknown[] | undefined {
  const keysB = before.map(canonical);
  const keysA = proposed.map(canonical);
  const removed = without(keysB, keysA);
  const added = without(keysA, keysB);
  if (ordered) {
    // The records both keep must stay in the order the proposal saw.
    const keptB = without(keysB, removed);
    const keptA = without(keysA, added);
    if (keptB.join('\n') !== keptA.join('\n')) return undefined;
  }
  const merged = current.map((item) => ({ key: canonical(item), item }));
  for (const key of removed) {
    const at = merged.findIndex((entry) => entry.key === key);
    if (at < 0) return undefined;
    merged.splice(at, 1);
  }
  const addedLeft = [...added];
  proposed.forEach((item, index) => {
    const key = keysA[index]!;
    const slot = addedLeft.indexOf(key);
    if (slot < 0) return;
    addedLeft.splice(slot, 1);
    // Added on both sides: once is enough.
    if (merged.some((entry) => entry.key === key)) return;
    if (!ordered) {
      merged.push({ key, item });
      return;
    }
    // After the record it followed in the proposal, or first when it led the list.
    let at = 0;
    for (let back = index - 1; back >= 0; back--) {
      const found = merged.findIndex((entry) => entry.key === keysA[back]);
      if (found >= 0) {
        at = found + 1;
        break;
      }
    }
    if (index > 0 && at === 0) at = merged.length;
    merged.splice(at, 0, { key, item });
  });
  return merged.map((entry) => entry.item);
}
