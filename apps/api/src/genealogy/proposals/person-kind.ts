import {
  PERSON_RECORD_FIELDS,
  revisionMessages,
  type UnionInput,
  type UpdatePersonInput,
} from '@bagysh/shared';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import { conflict } from '../../lib/http-errors';
import { validateChange, validateDelete, validateNewPerson } from '../person-checks';
import {
  createPerson,
  deletePerson,
  restorePerson,
  updatePerson,
  type DeletedPerson,
} from '../person-writes';
import { normalizeUnions } from '../person-records';
import {
  diffFields,
  lockTree,
  sameValue,
  snapshotPerson,
  type PersonChanges,
  type PersonFields,
} from '../tree';
import { invalidateTreeCaches } from '../tree-cache';
import { mergeProposal, mergeRecordList, type MergeRules } from './field-merge';
import type { Change, ProposalKind, Resolutions, StoredProposal, Undo } from './proposal-kind';

/** A person's deletion: where the children go, at which version of the person. */
export interface PersonDeleteOptions {
  reparentTo?: number;
  version?: number;
}

/**
 * Proposals on persons. The tree's own rules (lineage, the tree lock, the person's records, its
 * snapshot) live in tree.ts and person-records.ts; this kind calls them. A person has a
 * version: a change is made against one (`base_version`), and a stale one is refused (409).
 */
export type PersonProposalKind = ProposalKind<PersonFields, UpdatePersonInput, PersonDeleteOptions>;

async function versionOf(tx: Db, id: number): Promise<number | null> {
  const [row] = await queryRows<{ version: number }>(
    tx,
    sql`select version from persons where id = ${id}`,
  );
  return row?.version ?? null;
}

/** Creates the person; the row stores them as stored (places resolved, summary derived). */
async function create(tx: Db, fields: PersonFields, userId: number): Promise<Change> {
  const recordId = await createPerson(tx, fields, userId);
  return { recordId, before: null, after: { ...(await snapshotPerson(tx, recordId)) } };
}

async function update(
  tx: Db,
  id: number,
  changes: PersonChanges,
  version: number,
  userId: number,
): Promise<Change> {
  const diff = await updatePerson(tx, id, changes, version, userId);
  return { recordId: id, before: diff.before, after: diff.after, baseVersion: version };
}

async function remove(
  tx: Db,
  id: number,
  options: PersonDeleteOptions,
  userId: number,
): Promise<Change> {
  const deleted = await deletePerson(tx, id, options, userId);
  return { recordId: id, before: deleted.before, after: deleted.after, baseVersion: null };
}

const RECORD_LISTS: ReadonlySet<string> = new Set(PERSON_RECORD_FIELDS);

/**
 * How a person's fields merge when both a proposal and a later change touched them
 * (docs/genealogy.md, Revisions and proposals): spouses are a set, added and removed one by
 * one; union details are records by spouse, and no spouse may end up with two; every other
 * record list (names, events, further families, citations, media, notes) is merged record by
 * record in order (`mergeRecordList`). Plain fields are never merged: changed on both sides,
 * they are the moderator's choice.
 */
const personRules: MergeRules = {
  same: sameValue,
  mergeList(field, before, proposed, current) {
    if (field === 'spouse_ids') return mergeRecordList(before, proposed, current, false);
    if (field === 'unions') {
      const norm = (list: unknown[]) => normalizeUnions(list as UnionInput[]);
      const merged = mergeRecordList(norm(before), norm(proposed), norm(current), false) as
        UnionInput[] | undefined;
      if (!merged) return undefined;
      const spouses = merged.map((union) => union.spouse_id);
      if (new Set(spouses).size !== spouses.length) return undefined;
      return merged.sort((a, b) => a.spouse_id - b.spouse_id);
    }
    if (RECORD_LISTS.has(field)) return mergeRecordList(before, proposed, current);
    return undefined;
  },
};

/**
 * A pending change applied to the person as they are now, field by field (field-merge.ts), at
 * their current version.
 */
async function acceptUpdate(
  tx: Db,
  proposal: StoredProposal,
  userId: number,
  resolutions: Resolutions,
): Promise<Change> {
  const id = personOf(proposal);
  const after = proposal.after ?? {};
  const current = await snapshotPerson(tx, id, after);
  const version = await versionOf(tx, id);
  if (!current || version === null) throw conflict(revisionMessages.personGone);
  const merged = mergeProposal(proposal.before ?? {}, after, current, resolutions, personRules);
  const changed = await update(tx, id, merged.changes, version, userId);
  return { ...changed, kept: merged.kept };
}

/** The person of a stored proposal; 409 when it names none (a create never accepted). */
function personOf(proposal: StoredProposal): number {
  if (proposal.record_id === null) throw conflict(revisionMessages.personGone);
  return proposal.record_id;
}

/**
 * Undoes an applied change: a change is changed back (refused when the same fields changed
 * again since), a creation deleted, a deletion re-created with its id and its children.
 */
async function revert(tx: Db, proposal: StoredProposal, userId: number): Promise<Undo> {
  const personId = personOf(proposal);
  switch (proposal.action) {
    case 'update': {
      const after = proposal.after ?? {};
      const current = await snapshotPerson(tx, personId, after);
      if (!current) throw conflict(revisionMessages.personGone);
      // Only a change that is still in place can be taken back.
      if (Object.keys(diffFields(current, after).after).length > 0) {
        throw conflict(revisionMessages.changedSince);
      }
      const version = (await versionOf(tx, personId)) ?? 0;
      const back = proposal.before ?? {};
      const diff = await updatePerson(tx, personId, back, version, userId, true);
      return { action: 'update', before: diff.before, after: diff.after };
    }
    case 'create': {
      const deleted = await deletePerson(tx, personId, {}, userId);
      return { action: 'delete', before: deleted.before, after: null };
    }
    case 'delete': {
      const deleted = {
        before: proposal.before,
        after: proposal.after,
      } as unknown as DeletedPerson;
      await restorePerson(tx, personId, deleted, userId);
      const { children: _children, ...fields } = deleted.before;
      return { action: 'create', before: null, after: { ...fields } };
    }
  }
}

export const personKind: PersonProposalKind = {
  name: 'person',
  family: 'person',
  // The person, and the father a create or a change puts them under, or the one a deletion
  // gives their children to.
  touchedPersons: sql`array[r.record_id, (r.after ->> 'father_id')::int,
    (r.after ->> 'reparent_children_to')::int]`,
  lock: lockTree,
  written: invalidateTreeCaches,
  async propose(tx, request) {
    switch (request.action) {
      case 'create':
        await validateNewPerson(tx, request.fields);
        return { recordId: null, before: null, after: { ...request.fields }, baseVersion: null };
      case 'update': {
        const { version, ...changes } = request.changes;
        const diff = await validateChange(tx, request.id, changes, version);
        return { recordId: request.id, ...diff, baseVersion: version };
      }
      case 'delete': {
        const { id, options } = request;
        await validateDelete(tx, id, options.reparentTo, options.version);
        const current = await snapshotPerson(tx, id);
        return {
          recordId: id,
          before: current ? { ...current } : null,
          after:
            options.reparentTo === undefined ? null : { reparent_children_to: options.reparentTo },
          baseVersion: await versionOf(tx, id),
        };
      }
    }
  },
  async apply(tx, request, userId) {
    switch (request.action) {
      case 'create':
        return create(tx, request.fields, userId);
      case 'update': {
        const { version, ...changes } = request.changes;
        return update(tx, request.id, changes, version, userId);
      }
      case 'delete':
        return remove(tx, request.id, request.options, userId);
    }
  },
  async accept(tx, proposal, userId, resolutions) {
    switch (proposal.action) {
      case 'create':
        return create(tx, proposal.after as PersonFields, userId);
      case 'update':
        return acceptUpdate(tx, proposal, userId, resolutions);
      case 'delete': {
        // The person as they are now is deleted: the moderator accepts the deletion itself,
        // and a revert brings back what was deleted.
        const target = proposal.after?.reparent_children_to;
        return remove(
          tx,
          personOf(proposal),
          { reparentTo: typeof target === 'number' ? target : undefined },
          userId,
        );
      }
    }
  },
  revert,
};
