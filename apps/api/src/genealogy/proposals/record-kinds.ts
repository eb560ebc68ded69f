import { recordRevisionMessages, revisionMessages, type RecordType } from '@bagysh/shared';
import type { Db } from '../../db/client';
import { conflict, notFound } from '../../lib/http-errors';
import { noteKind } from '../records/notes';
import { placeKind } from '../records/places';
import { sourceKind } from '../records/sources';
import { transcriptKind } from '../records/transcripts';
import { mergeProposal, type MergeRules } from './field-merge';
import type { Change, ProposalKind, Resolutions, StoredProposal, Undo } from './proposal-kind';
import type { RecordFields, RecordKind } from './record-kind';

/**
 * The proposals of the shared records (places, sources, shared notes), made from each one's
 * reads and writes (`RecordKind`). There is no version column on these records: a proposal is
 * accepted field by field against the record as it is now (field-merge.ts; each field whole, a
 * field changed since is the moderator's choice), and a change reverted only while the fields
 * it touches still hold what it left.
 */
export type RecordProposalKind = ProposalKind<RecordFields, RecordFields, RecordFields>;

/**
 * JSON with every object's keys sorted: a value read back from a jsonb column (a proposal's
 * `before`) has its keys in the database's order, not the writer's.
 */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value ?? null, (_key, inner: unknown) =>
    inner !== null && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : inner,
  );
}

const same = (a: unknown, b: unknown) => canonicalJson(a) === canonicalJson(b);

/** The fields of `changes` that differ from `current`, before and after. */
function diff(current: RecordFields, changes: RecordFields) {
  const before: RecordFields = {};
  const after: RecordFields = {};
  for (const [field, value] of Object.entries(changes)) {
    if (value === undefined || same(current[field], value)) continue;
    before[field] = current[field] ?? null;
    after[field] = value;
  }
  return { before, after };
}

const recordRules: MergeRules = { same: (_field, a, b) => same(a, b) };

/** Whether every field of `expected` still holds its value in `current`. */
const holds = (current: RecordFields, expected: RecordFields) =>
  Object.entries(expected).every(([field, value]) => same(current[field], value));

/** The record's fields, locked; 404 when there is none. */
async function existing(tx: Db, kind: RecordKind, id: number): Promise<RecordFields> {
  const current = await kind.snapshot(tx, id);
  if (!current) throw notFound();
  return current;
}

/** What an update would change, checked; an empty `after` when it changes nothing. */
async function updateChange(
  tx: Db,
  kind: RecordKind,
  id: number,
  changes: RecordFields,
): Promise<Change> {
  const change = diff(await existing(tx, kind, id), changes);
  if (Object.keys(change.after).length > 0) await kind.validateUpdate(tx, id, change.after);
  return { recordId: id, ...change };
}

/** The record a stored proposal changes, still holding what the proposal saw; else 409. */
async function unchangedSince(
  tx: Db,
  kind: RecordKind,
  proposal: StoredProposal,
  seen: RecordFields | null,
): Promise<{ id: number; current: RecordFields }> {
  const id = proposal.record_id;
  const current = id === null ? null : await kind.snapshot(tx, id);
  if (id === null || !current) throw conflict(recordRevisionMessages.recordGone);
  if (!holds(current, seen ?? {})) throw conflict(recordRevisionMessages.changedSince);
  return { id, current };
}

/** The record a stored proposal names, as it is now; 409 when it is gone. */
async function stillThere(
  tx: Db,
  kind: RecordKind,
  proposal: StoredProposal,
): Promise<{ id: number; current: RecordFields }> {
  const id = proposal.record_id;
  const current = id === null ? null : await kind.snapshot(tx, id);
  if (id === null || !current) throw conflict(recordRevisionMessages.recordGone);
  return { id, current };
}

async function accept(
  tx: Db,
  kind: RecordKind,
  proposal: StoredProposal,
  userId: number,
  resolutions: Resolutions,
): Promise<Change> {
  const stored = proposal.after ?? {};
  switch (proposal.action) {
    case 'create':
      await kind.validateCreate(tx, stored);
      return {
        recordId: await kind.create(tx, stored, userId),
        before: proposal.before,
        after: proposal.after,
      };
    case 'update': {
      const { id, current } = await stillThere(tx, kind, proposal);
      const merged = mergeProposal(
        proposal.before ?? {},
        stored,
        current,
        resolutions,
        recordRules,
      );
      const change = diff(current, merged.changes);
      if (Object.keys(change.after).length > 0) {
        await kind.validateUpdate(tx, id, change.after);
        await kind.update(tx, id, change.after);
      }
      return { recordId: id, ...change, kept: merged.kept };
    }
    case 'delete': {
      // The record as it is now is deleted; a revert brings back what was deleted.
      const { id, current } = await stillThere(tx, kind, proposal);
      await kind.validateDelete(tx, id, stored);
      // What the delete moved (a merge) replaces what the member asked for.
      const moved = await kind.delete(tx, id, stored);
      return { recordId: id, before: current, after: moved };
    }
  }
}

/**
 * A change changed back (refused when the same fields changed again since), a creation
 * deleted (refused while the record is used), a deletion re-created with its id and what a
 * merge moved moved back.
 */
async function revert(tx: Db, kind: RecordKind, proposal: StoredProposal, userId: number) {
  const recordId = proposal.record_id;
  if (recordId === null) throw conflict(recordRevisionMessages.recordGone);
  switch (proposal.action) {
    case 'update': {
      await unchangedSince(tx, kind, proposal, proposal.after);
      await kind.validateUpdate(tx, recordId, proposal.before ?? {});
      await kind.update(tx, recordId, proposal.before ?? {});
      return { action: 'update', before: proposal.after, after: proposal.before } satisfies Undo;
    }
    case 'create': {
      const current = await kind.snapshot(tx, recordId);
      if (!current) throw conflict(recordRevisionMessages.recordGone);
      await kind.validateDelete(tx, recordId, {});
      await kind.delete(tx, recordId, {});
      return { action: 'delete', before: current, after: null } satisfies Undo;
    }
    case 'delete': {
      const before = proposal.before ?? {};
      if (await kind.snapshot(tx, recordId)) throw conflict(revisionMessages.alreadyReverted);
      await kind.create(tx, before, userId, recordId);
      if (proposal.after && kind.undoMoves) await kind.undoMoves(tx, recordId, proposal.after);
      return { action: 'create', before: null, after: before } satisfies Undo;
    }
  }
}

/** The proposal kind of one shared record kind. */
export function recordProposalKind(kind: RecordKind): RecordProposalKind {
  return {
    name: kind.type,
    family: 'record',
    async propose(tx, request) {
      switch (request.action) {
        case 'create':
          await kind.validateCreate(tx, request.fields);
          return { recordId: null, before: null, after: { ...request.fields } };
        case 'update':
          return updateChange(tx, kind, request.id, request.changes);
        case 'delete': {
          const current = await existing(tx, kind, request.id);
          await kind.validateDelete(tx, request.id, request.options);
          const { options } = request;
          // What the member asked for (a merge target); the moves are known when accepted.
          const after = Object.keys(options).length === 0 ? null : { ...options };
          return { recordId: request.id, before: current, after };
        }
      }
    },
    async apply(tx, request, userId) {
      switch (request.action) {
        case 'create': {
          await kind.validateCreate(tx, request.fields);
          const id = await kind.create(tx, request.fields, userId);
          return { recordId: id, before: null, after: { ...request.fields } };
        }
        case 'update': {
          const change = await updateChange(tx, kind, request.id, request.changes);
          if (change.after && Object.keys(change.after).length > 0) {
            await kind.update(tx, request.id, change.after);
          }
          return change;
        }
        case 'delete': {
          const current = await existing(tx, kind, request.id);
          await kind.validateDelete(tx, request.id, request.options);
          const moved = await kind.delete(tx, request.id, request.options);
          return { recordId: request.id, before: current, after: moved };
        }
      }
    },
    accept: (tx, proposal, userId, resolutions) => accept(tx, kind, proposal, userId, resolutions),
    revert: (tx, proposal, userId) => revert(tx, kind, proposal, userId),
  };
}

/** The shared records' proposal kinds, by `record_type`. */
export const RECORD_PROPOSAL_KINDS: Record<RecordType, RecordProposalKind> = {
  place: recordProposalKind(placeKind),
  source: recordProposalKind(sourceKind),
  note: recordProposalKind(noteKind),
  transcript: recordProposalKind(transcriptKind),
};

/** The reads and writes of each shared record kind, by `record_type` (its label, its table). */
export const RECORD_KINDS: Record<RecordType, RecordKind> = {
  place: placeKind,
  source: sourceKind,
  note: noteKind,
  transcript: transcriptKind,
};
