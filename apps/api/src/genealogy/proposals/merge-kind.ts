import { mergeMessages, MergeInput, revisionMessages } from '@bagysh/shared';
import { sql } from 'drizzle-orm';
import { conflict } from '../../lib/http-errors';
import { applyMerge, checkMerge, revertMerge } from '../person-merge';
import { lockTree } from '../tree';
import { invalidateTreeCaches } from '../tree-cache';
import type { Change, ProposalKind, ProposalRequest, StoredProposal } from './proposal-kind';

/**
 * Two persons merged into one (person-merge.ts), as a proposal of the person family: it answers
 * at `/api/revisions/` and is reverted there. A merge is an `update` of the survivor: a pending
 * one stores its request (`after.merge`); applied, the row shows the survivor's fields the merge
 * changed and `merged_id` (what the revert needs is kept in `merged_persons`). Its revert is an
 * update too, marked `unmerged`.
 */
export type MergeProposalKind = ProposalKind<never, MergeInput, never>;

type Request = ProposalRequest<never, MergeInput, never>;

function mergeOf(request: Request): MergeInput {
  // The routes only ever ask a merge to update the survivor.
  if (request.action !== 'update') throw new Error('a merge is an update of the survivor');
  return request.changes;
}

async function apply(
  tx: Parameters<MergeProposalKind['apply']>[0],
  input: MergeInput,
  userId: number,
): Promise<Change> {
  const record = await applyMerge(tx, input, userId);
  return { recordId: input.a, ...record, baseVersion: input.versions.a };
}

function stored(proposal: StoredProposal): MergeInput {
  return MergeInput.parse(proposal.after?.merge ?? proposal.after);
}

export const mergeKind: MergeProposalKind = {
  name: 'merge',
  family: 'person',
  // The survivor and the person merged in (a pending merge's request; an applied one's id).
  touchedPersons: sql`array[r.record_id,
    coalesce((r.after #>> '{merge,b}')::int, (r.after ->> 'merged_id')::int)]`,
  lock: lockTree,
  written: invalidateTreeCaches,
  async propose(tx, request) {
    const input = mergeOf(request);
    await checkMerge(tx, input, false);
    // A pending merge stores its request; accepted, the row takes what the merge did.
    return {
      recordId: input.a,
      before: null,
      after: { merge: input },
      baseVersion: input.versions.a,
    };
  },
  apply(tx, request, userId) {
    return apply(tx, mergeOf(request), userId);
  },
  accept(tx, proposal, userId) {
    return apply(tx, stored(proposal), userId);
  },
  async revert(tx, proposal) {
    if (proposal.after?.unmerged === true) throw conflict(mergeMessages.revertOfRevert);
    const merged = proposal.after?.merged_id;
    if (proposal.record_id === null || typeof merged !== 'number') {
      throw conflict(revisionMessages.personGone);
    }
    await revertMerge(tx, proposal.record_id, merged);
    return {
      action: 'update',
      before: { ...proposal.after, unmerged: false },
      after: { ...proposal.before, unmerged: true },
    };
  },
};
