import type { KeptField, ProposalChoice, RevisionAction, RevisionStatus } from '@bagysh/shared';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';

/** A proposal's fields as the API names them: what `before` and `after` store. */
export type ProposalFields = Record<string, unknown>;

/**
 * The URLs and the moderation count a kind belongs to: `person` kinds answer at
 * `/api/revisions/` as `Revision`, `record` kinds at `/api/record-revisions/` as
 * `RecordRevision`.
 */
export type ProposalFamily = 'person' | 'record';

/** What a member or a moderator asks of a kind: the route's input, typed by the kind. */
export type ProposalRequest<Create, Update, Delete> =
  | { action: 'create'; fields: Create }
  | { action: 'update'; id: number; changes: Update }
  | { action: 'delete'; id: number; options: Delete };

/** The moderator's choices for the fields of a proposal changed since, by field name. */
export type Resolutions = Readonly<Record<string, ProposalChoice>>;

/** What a proposal row stores of a change. */
export interface Change {
  /** The record changed (null for a create not yet done). */
  recordId: number | null;
  before: ProposalFields | null;
  after: ProposalFields | null;
  /** The record's version the change was made against, for kinds that keep one. */
  baseVersion?: number | null;
  /** An accepted proposal's fields the moderator kept as they were. */
  kept?: KeptField[];
}

/** A stored proposal, as the kind reads it to accept or revert it. */
export interface StoredProposal {
  id: number;
  kind: string;
  record_id: number | null;
  action: RevisionAction;
  status: RevisionStatus;
  before: ProposalFields | null;
  after: ProposalFields | null;
  base_version: number | null;
  reverted_by_id: number | null;
}

/** The new applied proposal that undoes a reverted one (on the same record). */
export interface Undo {
  action: RevisionAction;
  before: ProposalFields | null;
  after: ProposalFields | null;
}

/**
 * One kind of proposal: what the proposals engine (proposals.ts) needs to know of persons,
 * places, sources, notes — and of any kind to come. The engine keeps the rows (who, when,
 * status, the review, the revert links), the rule of who may apply at once, and the
 * transaction; the kind checks and writes the records. Every method runs inside the
 * proposal's transaction.
 */
export interface ProposalKind<
  Create = ProposalFields,
  Update = ProposalFields,
  Delete = ProposalFields,
> {
  /** Stored in `proposals.kind`. */
  readonly name: string;
  readonly family: ProposalFamily;
  /**
   * The persons a stored proposal touches, as SQL over `r` (its `proposals` row) giving an
   * integer array (nulls allowed): a branch steward reviews the proposal when every one is in
   * their branch (stewards.ts). A kind without it touches no person and is in no branch.
   */
  readonly touchedPersons?: SQL;
  /** Taken before a proposal of this kind is accepted or reverted (persons: the tree lock). */
  lock?(tx: Db): Promise<void>;
  /** After a transaction of this kind committed (persons: the tree caches are dropped). */
  written?(): void;
  /**
   * A member's proposal: checked for the reasons its acceptance would be refused, nothing
   * written; what the pending row stores. An update whose `after` is empty changes nothing.
   */
  propose(tx: Db, request: ProposalRequest<Create, Update, Delete>): Promise<Change>;
  /** A moderator's change, done now; what the applied row stores. */
  apply(tx: Db, request: ProposalRequest<Create, Update, Delete>, userId: number): Promise<Change>;
  /**
   * A pending proposal done against the record as it is now, field by field (field-merge.ts):
   * a field changed since takes the moderator's resolution, and without one the accept
   * answers 409 with the conflicting fields.
   */
  accept(
    tx: Db,
    proposal: StoredProposal,
    userId: number,
    resolutions: Resolutions,
  ): Promise<Change>;
  /** An applied proposal undone (409 when its fields changed again since). */
  revert(tx: Db, proposal: StoredProposal, userId: number): Promise<Undo>;
}

/** Any kind, as the engine's registry holds it. */
// Method parameters are compared bivariantly, so every kind's requests fit `unknown` here.
export type AnyProposalKind = ProposalKind<unknown, unknown, unknown>;
