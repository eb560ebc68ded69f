import {
  hasRole,
  recordRevisionMessages,
  revisionMessages,
  type ListRecordRevisionsQuery,
  type RecordRevision,
  type RecordType,
  type RevisionAction,
  type RevisionStatus,
} from '@bagysh/shared';
import { eq, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import { recordRevisions } from '../../db/schema';
import { conflict, forbidden, notFound } from '../../lib/http-errors';
import type { CurrentUser } from '../../plugins/auth';
import type { RecordFields, RecordKind } from './record-kind';
import { RECORD_KINDS } from './record-kinds';

/**
 * Every change to a place, a source or a shared note goes through here and leaves a revision,
 * as persons' changes do (revisions.service.ts): a moderator's is applied at once, a member's
 * waits as a pending proposal until a moderator accepts or rejects it, and an applied one can
 * be reverted. There is no version column on these records: a proposal is accepted, and a
 * change reverted, only while the fields it touches still hold what it saw.
 */

const mayEditDirectly = (user: CurrentUser) => hasRole(user.role, 'moderator');

function kindOf(type: RecordType): RecordKind {
  return RECORD_KINDS[type];
}

interface NewRevision {
  recordType: RecordType;
  recordId: number | null;
  action: RevisionAction;
  status: RevisionStatus;
  before: RecordFields | null;
  after: RecordFields | null;
  authorId: number;
  comment?: string | null;
  revertOfId?: number | null;
}

async function insertRevision(tx: Db, revision: NewRevision): Promise<number> {
  const applied = revision.status === 'applied';
  const [row] = await tx
    .insert(recordRevisions)
    .values({
      ...revision,
      // A moderator's own change is its own review.
      reviewerId: applied ? revision.authorId : null,
      reviewedAt: applied ? new Date() : null,
      comment: revision.comment ?? null,
      revertOfId: revision.revertOfId ?? null,
    })
    .returning({ id: recordRevisions.id });
  if (!row) throw new Error('revision insert returned nothing');
  return row.id;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

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

/** Whether every field of `expected` still holds its value in `current`. */
const holds = (current: RecordFields, expected: RecordFields) =>
  Object.entries(expected).every(([field, value]) => same(current[field], value));

export type Submitted =
  | { status: 'applied'; id: number | null; revisionId: number | null }
  | { status: 'pending'; revisionId: number };

export async function submitCreate(
  db: Db,
  user: CurrentUser,
  kind: RecordKind,
  fields: RecordFields,
): Promise<Submitted> {
  return db.transaction(async (tx): Promise<Submitted> => {
    const common = { recordType: kind.type, action: 'create' as const, before: null };
    const after = { ...fields };
    if (!mayEditDirectly(user)) {
      await kind.validateCreate(tx, fields);
      const revisionId = await insertRevision(tx, {
        ...common,
        recordId: null,
        status: 'pending',
        after,
        authorId: user.id,
      });
      return { status: 'pending', revisionId };
    }
    const id = await kind.create(tx, fields, user.id);
    const revisionId = await insertRevision(tx, {
      ...common,
      recordId: id,
      status: 'applied',
      after,
      authorId: user.id,
    });
    return { status: 'applied', id, revisionId };
  });
}

export async function submitUpdate(
  db: Db,
  user: CurrentUser,
  kind: RecordKind,
  id: number,
  changes: RecordFields,
): Promise<Submitted> {
  return db.transaction(async (tx): Promise<Submitted> => {
    const current = await kind.snapshot(tx, id);
    if (!current) throw notFound();
    const change = diff(current, changes);
    if (Object.keys(change.after).length === 0) return { status: 'applied', id, revisionId: null };
    await kind.validateUpdate(tx, id, change.after);
    const applied = mayEditDirectly(user);
    if (applied) await kind.update(tx, id, change.after);
    const revisionId = await insertRevision(tx, {
      recordType: kind.type,
      recordId: id,
      action: 'update',
      status: applied ? 'applied' : 'pending',
      ...change,
      authorId: user.id,
    });
    return applied ? { status: 'applied', id, revisionId } : { status: 'pending', revisionId };
  });
}

export async function submitDelete(
  db: Db,
  user: CurrentUser,
  kind: RecordKind,
  id: number,
  options: RecordFields,
): Promise<Submitted> {
  return db.transaction(async (tx): Promise<Submitted> => {
    const current = await kind.snapshot(tx, id);
    if (!current) throw notFound();
    await kind.validateDelete(tx, id, options);
    const common = { recordType: kind.type, recordId: id, action: 'delete' as const };
    if (!mayEditDirectly(user)) {
      const revisionId = await insertRevision(tx, {
        ...common,
        status: 'pending',
        before: current,
        // What the member asked for (a merge target); the moves are known when accepted.
        after: Object.keys(options).length === 0 ? null : { ...options },
        authorId: user.id,
      });
      return { status: 'pending', revisionId };
    }
    const moved = await kind.delete(tx, id, options);
    const revisionId = await insertRevision(tx, {
      ...common,
      status: 'applied',
      before: current,
      after: moved,
      authorId: user.id,
    });
    return { status: 'applied', id: null, revisionId };
  });
}

// ---------------------------------------------------------------------------------------------
// Moderation

interface RevisionRow {
  id: number;
  record_type: RecordType;
  record_id: number | null;
  action: RevisionAction;
  status: RevisionStatus;
  before: RecordFields | null;
  after: RecordFields | null;
  reverted_by_id: number | null;
}

async function loadForUpdate(tx: Db, id: number): Promise<RevisionRow> {
  const [row] = await queryRows<RevisionRow>(
    tx,
    sql`select id, record_type, record_id, action, status, before, after, reverted_by_id
        from record_revisions where id = ${id} for update`,
  );
  if (!row) throw notFound();
  return row;
}

/** Applies a pending proposal as proposed; a record changed since in the same fields → 409. */
export async function acceptRecordRevision(
  db: Db,
  moderator: CurrentUser,
  id: number,
  comment: string | undefined,
): Promise<void> {
  await db.transaction(async (tx) => {
    const revision = await loadForUpdate(tx, id);
    if (revision.status !== 'pending') throw conflict(revisionMessages.notPending);
    const kind = kindOf(revision.record_type);
    let recordId = revision.record_id;
    let after = revision.after;
    switch (revision.action) {
      case 'create':
        await kind.validateCreate(tx, revision.after ?? {});
        recordId = await kind.create(tx, revision.after ?? {}, moderator.id);
        break;
      case 'update': {
        const current = recordId === null ? null : await kind.snapshot(tx, recordId);
        if (recordId === null || !current) throw conflict(recordRevisionMessages.recordGone);
        if (!holds(current, revision.before ?? {})) {
          throw conflict(recordRevisionMessages.changedSince);
        }
        await kind.validateUpdate(tx, recordId, revision.after ?? {});
        await kind.update(tx, recordId, revision.after ?? {});
        break;
      }
      case 'delete': {
        const current = recordId === null ? null : await kind.snapshot(tx, recordId);
        if (recordId === null || !current) throw conflict(recordRevisionMessages.recordGone);
        if (!holds(current, revision.before ?? {})) {
          throw conflict(recordRevisionMessages.changedSince);
        }
        const options = revision.after ?? {};
        await kind.validateDelete(tx, recordId, options);
        after = await kind.delete(tx, recordId, options);
        break;
      }
    }
    await tx
      .update(recordRevisions)
      .set({
        status: 'applied',
        recordId,
        after,
        reviewerId: moderator.id,
        reviewedAt: new Date(),
        comment: comment ?? null,
        updatedAt: new Date(),
      })
      .where(eq(recordRevisions.id, id));
  });
}

export async function rejectRecordRevision(
  db: Db,
  moderator: CurrentUser,
  id: number,
  comment: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const revision = await loadForUpdate(tx, id);
    if (revision.status !== 'pending') throw conflict(revisionMessages.notPending);
    await tx
      .update(recordRevisions)
      .set({
        status: 'rejected',
        reviewerId: moderator.id,
        reviewedAt: new Date(),
        comment,
        updatedAt: new Date(),
      })
      .where(eq(recordRevisions.id, id));
  });
}

/**
 * Undoes an applied revision with a new applied one: a change is changed back (refused when
 * the same fields changed again since), a creation deleted (refused while the record is used),
 * a deletion re-created with its id and what a merge moved moved back. Returns the new id.
 */
export async function revertRecordRevision(
  db: Db,
  moderator: CurrentUser,
  id: number,
  comment: string | undefined,
): Promise<number> {
  return db.transaction(async (tx) => {
    const revision = await loadForUpdate(tx, id);
    if (revision.status !== 'applied') throw conflict(revisionMessages.notApplied);
    if (revision.reverted_by_id !== null) throw conflict(revisionMessages.alreadyReverted);
    const recordId = revision.record_id;
    if (recordId === null) throw conflict(recordRevisionMessages.recordGone);
    const kind = kindOf(revision.record_type);
    const common = {
      recordType: kind.type,
      recordId,
      status: 'applied' as const,
      authorId: moderator.id,
      comment: comment ?? null,
      revertOfId: id,
    };
    let revertId: number;
    switch (revision.action) {
      case 'update': {
        const current = await kind.snapshot(tx, recordId);
        if (!current) throw conflict(recordRevisionMessages.recordGone);
        if (!holds(current, revision.after ?? {})) {
          throw conflict(recordRevisionMessages.changedSince);
        }
        await kind.validateUpdate(tx, recordId, revision.before ?? {});
        await kind.update(tx, recordId, revision.before ?? {});
        revertId = await insertRevision(tx, {
          ...common,
          action: 'update',
          before: revision.after,
          after: revision.before,
        });
        break;
      }
      case 'create': {
        const current = await kind.snapshot(tx, recordId);
        if (!current) throw conflict(recordRevisionMessages.recordGone);
        await kind.validateDelete(tx, recordId, {});
        await kind.delete(tx, recordId, {});
        revertId = await insertRevision(tx, {
          ...common,
          action: 'delete',
          before: current,
          after: null,
        });
        break;
      }
      case 'delete': {
        const before = revision.before ?? {};
        if (await kind.snapshot(tx, recordId)) throw conflict(revisionMessages.alreadyReverted);
        await kind.create(tx, before, moderator.id, recordId);
        if (revision.after && kind.undoMoves) await kind.undoMoves(tx, recordId, revision.after);
        revertId = await insertRevision(tx, {
          ...common,
          action: 'create',
          before: null,
          after: before,
        });
        break;
      }
    }
    await tx
      .update(recordRevisions)
      .set({ revertedById: revertId, updatedAt: new Date() })
      .where(eq(recordRevisions.id, id));
    return revertId;
  });
}

// ---------------------------------------------------------------------------------------------
// Reading

/** The record's label now, by type: each kind names its table and label expression. */
function labelColumn(): SQL {
  const cases = Object.values(RECORD_KINDS).map(
    (kind) =>
      sql`when r.record_type = ${kind.type} then (select ${sql.raw(kind.labelSql)} from ${sql.raw(kind.table)} x where x.id = r.record_id)`,
  );
  return sql`case ${sql.join(cases, sql` `)} end`;
}

const selectRevisions = () => sql`select r.id, r.record_type, r.record_id, r.action, r.status,
    r.before, r.after, r.comment, r.revert_of_id, r.reverted_by_id,
    to_json(r.created_at) #>> '{}' as created_at, to_json(r.reviewed_at) #>> '{}' as reviewed_at,
    ${labelColumn()} as label, a.id as author_id, a.username as author_username,
    v.id as reviewer_id, v.username as reviewer_username
  from record_revisions r
  left join users a on a.id = r.author_id
  left join users v on v.id = r.reviewer_id`;

interface RevisionViewRow extends RevisionRow {
  comment: string | null;
  revert_of_id: number | null;
  created_at: string;
  reviewed_at: string | null;
  label: string | null;
  author_id: number | null;
  author_username: string | null;
  reviewer_id: number | null;
  reviewer_username: string | null;
}

function toRevision(row: RevisionViewRow): RecordRevision {
  return {
    id: row.id,
    record_type: row.record_type,
    record_id: row.record_id,
    record:
      row.record_id !== null && row.label !== null ? { id: row.record_id, label: row.label } : null,
    action: row.action,
    status: row.status,
    before: row.before,
    after: row.after,
    author:
      row.author_id !== null ? { id: row.author_id, username: row.author_username ?? '' } : null,
    reviewer:
      row.reviewer_id !== null
        ? { id: row.reviewer_id, username: row.reviewer_username ?? '' }
        : null,
    comment: row.comment,
    created_at: new Date(row.created_at).toISOString(),
    reviewed_at: row.reviewed_at === null ? null : new Date(row.reviewed_at).toISOString(),
    revert_of: row.revert_of_id,
    reverted_by: row.reverted_by_id,
  };
}

/** One revision: moderators read any, a member their own. */
export async function getRecordRevision(
  db: Db,
  id: number,
  user: CurrentUser,
): Promise<RecordRevision> {
  const [row] = await queryRows<RevisionViewRow>(db, sql`${selectRevisions()} where r.id = ${id}`);
  if (!row) throw notFound();
  if (!mayEditDirectly(user) && row.author_id !== user.id) throw forbidden();
  return toRevision(row);
}

/** Revisions, newest first: moderators see everyone's, a member their own. */
export async function listRecordRevisions(
  db: Db,
  query: ListRecordRevisionsQuery,
  user: CurrentUser,
): Promise<{ count: number; results: RecordRevision[] }> {
  const conditions: SQL[] = [];
  if (query.status !== undefined) conditions.push(sql`r.status = ${query.status}`);
  if (query.record_type !== undefined) conditions.push(sql`r.record_type = ${query.record_type}`);
  if (query.record_id !== undefined) conditions.push(sql`r.record_id = ${query.record_id}`);
  if (!mayEditDirectly(user)) conditions.push(sql`r.author_id = ${user.id}`);
  const where = conditions.length === 0 ? sql`` : sql`where ${sql.join(conditions, sql` and `)}`;
  const rows = await queryRows<RevisionViewRow>(
    db,
    sql`${selectRevisions()} ${where} order by r.id desc
        limit ${query.page_size} offset ${(query.page - 1) * query.page_size}`,
  );
  const [total] = await queryRows<{ count: number }>(
    db,
    sql`select count(*)::int as count from record_revisions r ${where}`,
  );
  return { count: total?.count ?? 0, results: rows.map(toRevision) };
}
