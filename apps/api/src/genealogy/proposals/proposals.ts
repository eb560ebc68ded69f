import { revisionMessages, type RevisionAction, type RevisionStatus } from '@bagysh/shared';
import { eq, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import { proposals } from '../../db/schema';
import { conflict, notFound } from '../../lib/http-errors';
import type { CurrentUser } from '../../plugins/auth';
import { noticeProposalReviewed } from '../notices/notice-rows';
import type {
  AnyProposalKind,
  Change,
  ProposalFamily,
  ProposalKind,
  ProposalRequest,
  Resolutions,
  StoredProposal,
} from './proposal-kind';
import { findProposal, mayEditDirectly } from './proposal-rows';
import { mayReview } from '../stewards';

/**
 * The one proposals engine: every change to the tree and its records, of every kind, goes
 * through here and leaves a row in `proposals`. A moderator's (or an admin's) change is applied
 * at once; a member's waits as a pending proposal until a moderator accepts or rejects it; any
 * applied one can be reverted. What a change checks and writes is its kind's
 * (`ProposalKind`: person-kind.ts, record-kinds.ts); the rows, the review and the revert links
 * are kept here alike for all.
 */

interface NewProposal extends Change {
  kind: string;
  action: RevisionAction;
  status: RevisionStatus;
  authorId: number;
  comment?: string | null;
  revertOfId?: number | null;
}

async function insertProposal(tx: Db, proposal: NewProposal): Promise<number> {
  const applied = proposal.status === 'applied';
  const [row] = await tx
    .insert(proposals)
    .values({
      kind: proposal.kind,
      recordId: proposal.recordId,
      action: proposal.action,
      status: proposal.status,
      before: proposal.before,
      after: proposal.after,
      baseVersion: proposal.baseVersion ?? null,
      authorId: proposal.authorId,
      // A moderator's own change is its own review.
      reviewerId: applied ? proposal.authorId : null,
      reviewedAt: applied ? new Date() : null,
      comment: proposal.comment ?? null,
      revertOfId: proposal.revertOfId ?? null,
    })
    .returning({ id: proposals.id });
  if (!row) throw new Error('proposal insert returned nothing');
  return row.id;
}

/**
 * What became of a change: applied (`id` the record's, null once deleted; no `revisionId`
 * when it changed nothing) or waiting as a proposal.
 */
export type Submitted =
  | { status: 'applied'; id: number | null; revisionId: number | null }
  | { status: 'pending'; revisionId: number };

/** A change of any kind: done now by a moderator, proposed by a member. */
export async function submitProposal<Create, Update, Delete>(
  db: Db,
  user: CurrentUser,
  kind: ProposalKind<Create, Update, Delete>,
  request: ProposalRequest<Create, Update, Delete>,
): Promise<Submitted> {
  const result = await db.transaction(async (tx): Promise<Submitted> => {
    const direct = mayEditDirectly(user);
    const change = direct
      ? await kind.apply(tx, request, user.id)
      : await kind.propose(tx, request);
    if (request.action === 'update' && Object.keys(change.after ?? {}).length === 0) {
      return { status: 'applied', id: request.id, revisionId: null };
    }
    const revisionId = await insertProposal(tx, {
      ...change,
      kind: kind.name,
      action: request.action,
      status: direct ? 'applied' : 'pending',
      authorId: user.id,
    });
    if (!direct) return { status: 'pending', revisionId };
    return {
      status: 'applied',
      id: request.action === 'delete' ? null : change.recordId,
      revisionId,
    };
  });
  kind.written?.();
  return result;
}

// ---------------------------------------------------------------------------------------------
// Moderation

/** Tells the proposal's author what became of it, in the review's transaction. */
async function noticeAuthor(
  tx: Db,
  proposalId: number,
  moderatorId: number,
  outcome: 'accepted' | 'rejected',
  comment: string | null | undefined,
): Promise<void> {
  const [row] = await queryRows<{
    id: number;
    kind: string;
    action: string;
    author_id: number | null;
    before: Record<string, unknown> | null;
    after: Record<string, unknown> | null;
  }>(
    tx,
    sql`select id, kind, action, author_id, before, after from proposals where id = ${proposalId}`,
  );
  if (!row) return;
  await noticeProposalReviewed(
    tx,
    { ...row, authorId: row.author_id },
    moderatorId,
    outcome,
    comment,
  );
}

async function loadForUpdate(tx: Db, id: number): Promise<StoredProposal> {
  const [row] = await queryRows<StoredProposal>(
    tx,
    sql`select id, kind, record_id, action, status, before, after, base_version, reverted_by_id
        from proposals where id = ${id} for update`,
  );
  if (!row) throw notFound();
  return row;
}

/**
 * Runs `work` on the row `id` of `family`, locked, for `reviewer` (403 unless staff or the
 * steward of the proposal's branch: stewards.ts). When the work writes the kind's records,
 * the kind's own lock is taken first (as its writes take it) and the kind told afterwards.
 * Answers the row's id and what `work` answered.
 */
async function moderate<T>(
  db: Db,
  reviewer: CurrentUser,
  family: ProposalFamily,
  id: number,
  work: (tx: Db, proposal: StoredProposal, kind: AnyProposalKind) => Promise<T>,
  options: { writes: boolean },
): Promise<{ id: number; result: T }> {
  let kind: AnyProposalKind | undefined;
  const done = await db.transaction(async (tx) => {
    const found = await findProposal(tx, family, id);
    await mayReview(tx, reviewer, found.id);
    kind = found.kind;
    if (options.writes) await kind.lock?.(tx);
    const result = await work(tx, await loadForUpdate(tx, found.id), kind);
    return { id: found.id, result };
  });
  if (options.writes) kind?.written?.();
  return done;
}

/**
 * Applies a pending proposal field by field against the record as it is now; the fields
 * changed since take `resolutions`, and without one for each the accept answers 409 with the
 * conflicting fields (field-merge.ts). Answers the proposal's id (an old record revision's id
 * finds its row: `findProposal`).
 */
export async function acceptProposal(
  db: Db,
  moderator: CurrentUser,
  family: ProposalFamily,
  id: number,
  comment: string | undefined,
  resolutions: Resolutions = {},
): Promise<number> {
  const done = await moderate(
    db,
    moderator,
    family,
    id,
    async (tx, proposal, kind) => {
      if (proposal.status !== 'pending') throw conflict(revisionMessages.notPending);
      const change = await kind.accept(tx, proposal, moderator.id, resolutions);
      await tx
        .update(proposals)
        .set({
          status: 'applied',
          recordId: change.recordId,
          before: change.before,
          after: change.after,
          kept: change.kept && change.kept.length > 0 ? change.kept : null,
          reviewerId: moderator.id,
          reviewedAt: new Date(),
          comment: comment ?? null,
          updatedAt: new Date(),
        })
        .where(eq(proposals.id, proposal.id));
      await noticeAuthor(tx, proposal.id, moderator.id, 'accepted', comment);
    },
    { writes: true },
  );
  return done.id;
}

/** Turns a proposal down, with a comment for its author. Answers the proposal's id. */
export async function rejectProposal(
  db: Db,
  moderator: CurrentUser,
  family: ProposalFamily,
  id: number,
  comment: string,
): Promise<number> {
  const done = await moderate(
    db,
    moderator,
    family,
    id,
    async (tx, proposal) => {
      if (proposal.status !== 'pending') throw conflict(revisionMessages.notPending);
      await tx
        .update(proposals)
        .set({
          status: 'rejected',
          reviewerId: moderator.id,
          reviewedAt: new Date(),
          comment,
          updatedAt: new Date(),
        })
        .where(eq(proposals.id, proposal.id));
      await noticeAuthor(tx, proposal.id, moderator.id, 'rejected', comment);
    },
    { writes: false },
  );
  return done.id;
}

/**
 * Undoes an applied proposal with a new applied one on the same record (what undoing means is
 * the kind's). Answers the new proposal's id.
 */
export async function revertProposal(
  db: Db,
  moderator: CurrentUser,
  family: ProposalFamily,
  id: number,
  comment: string | undefined,
): Promise<number> {
  const done = await moderate(
    db,
    moderator,
    family,
    id,
    async (tx, proposal, kind) => {
      if (proposal.status !== 'applied') throw conflict(revisionMessages.notApplied);
      if (proposal.reverted_by_id !== null) throw conflict(revisionMessages.alreadyReverted);
      const undo = await kind.revert(tx, proposal, moderator.id);
      const revertId = await insertProposal(tx, {
        ...undo,
        kind: proposal.kind,
        recordId: proposal.record_id,
        status: 'applied',
        authorId: moderator.id,
        comment: comment ?? null,
        revertOfId: proposal.id,
      });
      await tx
        .update(proposals)
        .set({ revertedById: revertId, updatedAt: new Date() })
        .where(eq(proposals.id, proposal.id));
      return revertId;
    },
    { writes: true },
  );
  return done.result;
}
