import type { KeptField, PageQuery, RevisionAction, RevisionStatus } from '@bagysh/shared';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import { forbidden, notFound } from '../../lib/http-errors';
import type { CurrentUser } from '../../plugins/auth';
import type { ProposalFamily, ProposalFields } from './proposal-kind';
import { reviewableCondition } from '../stewards';
import { familyCondition, findProposal, mayEditDirectly } from './proposal-rows';

/** The columns every answer about a proposal has, whatever its family. */
export interface ProposalRow {
  id: number;
  kind: string;
  record_id: number | null;
  action: RevisionAction;
  status: RevisionStatus;
  before: ProposalFields | null;
  after: ProposalFields | null;
  base_version: number | null;
  kept: KeptField[] | null;
  comment: string | null;
  revert_of_id: number | null;
  reverted_by_id: number | null;
  created_at: string;
  reviewed_at: string | null;
  author_id: number | null;
  author_username: string | null;
  reviewer_id: number | null;
  reviewer_username: string | null;
}

/**
 * How one family's URLs answer (`Revision` for persons, `RecordRevision` for places, sources
 * and notes): what it reads beside the common columns, and how a page of rows becomes answers.
 */
export interface ProposalView<Row extends ProposalRow, Answer> {
  family: ProposalFamily;
  /** More columns, over `r` (the proposal) and `joins`; start with a comma. */
  columns: SQL;
  joins: SQL;
  /** The answers of a page of rows, in their order. */
  answer(db: Db, rows: readonly Row[]): Promise<Answer[]>;
}

const select = (view: ProposalView<ProposalRow, unknown>, more = sql``) => sql`select r.id, r.kind,
    r.record_id, r.action, r.status, r.before, r.after, r.base_version, r.kept, r.comment,
    r.revert_of_id, r.reverted_by_id,
    to_json(r.created_at) #>> '{}' as created_at, to_json(r.reviewed_at) #>> '{}' as reviewed_at,
    a.id as author_id, a.username as author_username,
    v.id as reviewer_id, v.username as reviewer_username ${view.columns} ${more}
  from proposals r
  left join users a on a.id = r.author_id
  left join users v on v.id = r.reviewer_id
  ${view.joins}`;

const userRef = (id: number | null, username: string | null) =>
  id !== null ? { id, username: username ?? '' } : null;

/** The fields both answers share, from the common columns. */
export function commonAnswer(row: ProposalRow) {
  return {
    action: row.action,
    status: row.status,
    before: row.before,
    after: row.after,
    kept: row.kept ?? [],
    author: userRef(row.author_id, row.author_username),
    reviewer: userRef(row.reviewer_id, row.reviewer_username),
    comment: row.comment,
    created_at: new Date(row.created_at).toISOString(),
    reviewed_at: row.reviewed_at === null ? null : new Date(row.reviewed_at).toISOString(),
    revert_of: row.revert_of_id,
    reverted_by: row.reverted_by_id,
  };
}

/**
 * One proposal at a family's URL (`findProposal`): moderators read any, a member their own and,
 * as a steward, those of their branches.
 */
export async function getProposal<Row extends ProposalRow, Answer>(
  db: Db,
  view: ProposalView<Row, Answer>,
  id: number,
  user: CurrentUser,
): Promise<Answer> {
  const found = await findProposal(db, view.family, id);
  const [row] = await queryRows<Row & { reviewable: boolean }>(
    db,
    sql`${select(view, sql`, ${reviewableCondition(user)} as reviewable`)}
        where r.id = ${found.id}`,
  );
  if (!row) throw notFound();
  if (!row.reviewable && row.author_id !== user.id) throw forbidden();
  const [answer] = await view.answer(db, [row]);
  if (answer === undefined) throw notFound();
  return answer;
}

export interface ProposalFilter {
  status?: RevisionStatus;
  /** One kind of the family. */
  kind?: string;
  recordId?: number;
  /**
   * Only the reader's own; by default for a member who keeps no branch and asks for no
   * `reviewable`.
   */
  ownOnly?: boolean;
  /** Only those the reader may review: all for staff, a steward's branches' (stewards.ts). */
  reviewable?: boolean;
}

/** A family's proposals, newest first. */
export async function listProposals<Row extends ProposalRow, Answer>(
  db: Db,
  view: ProposalView<Row, Answer>,
  filter: ProposalFilter,
  page: PageQuery,
  user: CurrentUser,
): Promise<{ count: number; results: Answer[] }> {
  const conditions: SQL[] = [familyCondition(view.family)];
  if (filter.status !== undefined) conditions.push(sql`r.status = ${filter.status}`);
  if (filter.kind !== undefined) conditions.push(sql`r.kind = ${filter.kind}`);
  if (filter.recordId !== undefined) conditions.push(sql`r.record_id = ${filter.recordId}`);
  if (filter.reviewable === true) conditions.push(reviewableCondition(user));
  else if (filter.ownOnly ?? !mayEditDirectly(user)) conditions.push(sql`r.author_id = ${user.id}`);
  const where = sql`where ${sql.join(conditions, sql` and `)}`;
  const rows = await queryRows<Row>(
    db,
    sql`${select(view)} ${where} order by r.id desc
        limit ${page.page_size} offset ${(page.page - 1) * page.page_size}`,
  );
  const [total] = await queryRows<{ count: number }>(
    db,
    sql`select count(*)::int as count from proposals r ${where}`,
  );
  return { count: total?.count ?? 0, results: await view.answer(db, rows) };
}

/**
 * How many proposals of each family wait for a moderator (the `(status, kind, id)` index), or
 * for `user` to review (a steward: their branches').
 */
export async function pendingCounts(
  db: Db,
  user?: CurrentUser,
): Promise<Record<ProposalFamily, number>> {
  const scope = user === undefined ? sql`` : sql`and ${reviewableCondition(user)}`;
  const count = (family: ProposalFamily) =>
    sql`(select count(*)::int from proposals r
         where r.status = 'pending' and ${familyCondition(family)} ${scope})`;
  const [row] = await queryRows<Record<ProposalFamily, number>>(
    db,
    sql`select ${count('person')} as person, ${count('record')} as record`,
  );
  return { person: row?.person ?? 0, record: row?.record ?? 0 };
}
