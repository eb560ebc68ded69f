import {
  addressedTerm,
  personClaimMessages as messages,
  type MyPersonClaims,
  type PersonClaim,
  type PersonClaimInput,
  type PersonClaimListQuery,
  type PersonClaimStatus,
  type RelationToMe,
} from '@bagysh/shared';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client';
import { FOREIGN_KEY_VIOLATION, postgresError, UNIQUE_VIOLATION } from '../lib/db-errors';
import { conflict, forbidden, notFound } from '../lib/http-errors';
import { survivorOf } from './person-merge';
import { summaryColumns, type SummaryRow } from './person-rows';
import { personsTable } from './person-table';
import { FULL_VIEWER, projectSummary, type Viewer } from './privacy';
import { findRelations } from './relations';

/**
 * "Бул мен" (docs/features.md, This is me): members' requests to be linked to their own person,
 * the moderators' answers, and the link's use — how any person is related to the member. The
 * rules (one account per person, one person per account, one waiting request per member) are
 * checked here with a clear message and held by the table's unique indexes under a race.
 */

interface ClaimRow extends SummaryRow {
  claim_id: number;
  status: PersonClaimStatus;
  note: string;
  comment: string | null;
  created_at: string | Date;
  decided_at: string | Date | null;
  user_id: number;
  username: string;
  full_name: string;
  reviewer_id: number | null;
  reviewer_username: string | null;
  reviewer_full_name: string | null;
}

const iso = (value: string | Date) => new Date(value).toISOString();

async function readClaims(
  db: Db,
  viewer: Viewer,
  where: SQL,
  page: { limit: number; offset: number; newestFirst?: boolean } = { limit: 100, offset: 0 },
): Promise<PersonClaim[]> {
  const rows = await queryRows<ClaimRow>(
    db,
    sql`select c.id as claim_id, c.status, c.note, c.comment, c.created_at, c.decided_at,
          u.id as user_id, u.username, u.full_name,
          r.id as reviewer_id, r.username as reviewer_username, r.full_name as reviewer_full_name,
          ${summaryColumns(viewer)}
        from person_claims c
          join ${personsTable} p on p.id = c.person_id
          join users u on u.id = c.user_id
          left join users r on r.id = c.reviewed_by_id
        where ${where}
        order by c.id ${page.newestFirst ? sql`desc` : sql`asc`}
        limit ${page.limit} offset ${page.offset}`,
  );
  return rows.map((row) => ({
    id: row.claim_id,
    status: row.status,
    note: row.note,
    comment: row.comment,
    person: projectSummary(row, viewer),
    user: { id: row.user_id, username: row.username, full_name: row.full_name },
    reviewed_by:
      row.reviewer_id === null
        ? null
        : {
            id: row.reviewer_id,
            username: row.reviewer_username ?? '',
            full_name: row.reviewer_full_name ?? '',
          },
    created_at: iso(row.created_at),
    decided_at: row.decided_at === null ? null : iso(row.decided_at),
  }));
}

async function claimById(db: Db, viewer: Viewer, id: number): Promise<PersonClaim> {
  const [claim] = await readClaims(db, viewer, sql`c.id = ${id}`);
  if (!claim) throw notFound();
  return claim;
}

/** The unique indexes' names → the message of the rule each holds. */
const RULE_OF_INDEX: Record<string, string> = {
  person_claims_person_linked_unique: messages.personLinked,
  person_claims_user_linked_unique: messages.userLinked,
  person_claims_user_pending_unique: messages.pendingExists,
};

/** A write that lost a race to another: the rule's 409, or a person deleted meanwhile (404). */
function raceError(error: unknown): unknown {
  const cause = postgresError(error);
  if (cause?.code === UNIQUE_VIOLATION && cause.constraint && RULE_OF_INDEX[cause.constraint]) {
    return conflict(RULE_OF_INDEX[cause.constraint]);
  }
  if (cause?.code === FOREIGN_KEY_VIOLATION) return notFound();
  return error;
}

async function exists(db: Db, where: SQL): Promise<boolean> {
  const [row] = await queryRows<{ found: boolean }>(
    db,
    sql`select exists(select 1 from person_claims c where ${where}) as found`,
  );
  return row?.found ?? false;
}

/** The member's request: 404 for a missing person, 409 when a rule forbids it. */
export async function requestClaim(
  db: Db,
  userId: number,
  input: PersonClaimInput,
  viewer: Viewer,
): Promise<PersonClaim> {
  const personId = (await survivorOf(db, input.person_id)) ?? input.person_id;
  const [person] = await queryRows<{ id: number }>(
    db,
    sql`select id from ${personsTable} where id = ${personId}`,
  );
  if (!person) throw notFound();
  if (await exists(db, sql`c.user_id = ${userId} and c.status = 'approved'`)) {
    throw conflict(messages.accountLinked);
  }
  if (await exists(db, sql`c.user_id = ${userId} and c.status = 'pending'`)) {
    throw conflict(messages.pendingExists);
  }
  if (await exists(db, sql`c.person_id = ${personId} and c.status = 'approved'`)) {
    throw conflict(messages.personLinked);
  }
  let id: number | undefined;
  try {
    [{ id } = { id: undefined }] = await queryRows<{ id: number }>(
      db,
      sql`insert into person_claims (user_id, person_id, note)
          values (${userId}, ${personId}, ${input.note}) returning id`,
    );
  } catch (error) {
    throw raceError(error);
  }
  if (id === undefined) throw new Error('person claim insert returned nothing');
  return claimById(db, viewer, id);
}

/** The member's link, waiting request and latest rejection. */
export async function myClaims(db: Db, userId: number, viewer: Viewer): Promise<MyPersonClaims> {
  const [linked] = await readClaims(
    db,
    viewer,
    sql`c.user_id = ${userId} and c.status = 'approved'`,
  );
  const [pending] = await readClaims(
    db,
    viewer,
    sql`c.user_id = ${userId} and c.status = 'pending'`,
  );
  const [latest] = await readClaims(db, viewer, sql`c.user_id = ${userId}`, {
    limit: 1,
    offset: 0,
    newestFirst: true,
  });
  return {
    linked: linked ?? null,
    pending: pending ?? null,
    rejected: latest?.status === 'rejected' ? latest : null,
  };
}

/** The id of the person the account is linked to, if any. */
export async function linkedPersonOf(db: Db, userId: number): Promise<number | undefined> {
  const [row] = await queryRows<{ person_id: number }>(
    db,
    sql`select person_id from person_claims where user_id = ${userId} and status = 'approved'`,
  );
  return row?.person_id;
}

/** One page of the requests in one status, oldest first (moderators). */
export async function listClaims(
  db: Db,
  viewer: Viewer,
  query: PersonClaimListQuery,
): Promise<{ count: number; results: PersonClaim[] }> {
  const where = sql`c.status = ${query.status}`;
  const [counted] = await queryRows<{ count: number }>(
    db,
    sql`select count(*)::int as count from person_claims c where ${where}`,
  );
  const results = await readClaims(db, viewer, where, {
    limit: query.page_size,
    offset: (query.page - 1) * query.page_size,
  });
  return { count: counted?.count ?? 0, results };
}

/** How many requests wait for a moderator. */
export async function pendingClaimCount(db: Db): Promise<number> {
  const [row] = await queryRows<{ count: number }>(
    db,
    sql`select count(*)::int as count from person_claims where status = 'pending'`,
  );
  return row?.count ?? 0;
}

interface Reviewer {
  id: number;
  isAdmin: boolean;
}

/** Locks the claim's row; 404 when it is gone, 409 when it is not in `status`. */
async function lockClaim(
  tx: Db,
  id: number,
  status: PersonClaimStatus,
  staleMessage: string,
): Promise<{ user_id: number; person_id: number }> {
  const [row] = await queryRows<{ user_id: number; person_id: number; status: PersonClaimStatus }>(
    tx,
    sql`select user_id, person_id, status from person_claims where id = ${id} for update`,
  );
  if (!row) throw notFound();
  if (row.status !== status) throw conflict(staleMessage);
  return row;
}

/**
 * A moderator approves: the request becomes the link. 409 when it no longer waits, or the person
 * or the account got linked meanwhile; a moderator's own request is for someone else to answer
 * (an admin may answer their own).
 */
export async function approveClaim(
  db: Db,
  id: number,
  reviewer: Reviewer,
  viewer: Viewer,
): Promise<PersonClaim> {
  try {
    await db.transaction(async (tx) => {
      const claim = await lockClaim(tx, id, 'pending', messages.notPending);
      if (claim.user_id === reviewer.id && !reviewer.isAdmin) throw forbidden(messages.ownRequest);
      if (await exists(tx, sql`c.person_id = ${claim.person_id} and c.status = 'approved'`)) {
        throw conflict(messages.personLinked);
      }
      if (await exists(tx, sql`c.user_id = ${claim.user_id} and c.status = 'approved'`)) {
        throw conflict(messages.userLinked);
      }
      await tx.execute(
        sql`update person_claims set status = 'approved', reviewed_by_id = ${reviewer.id},
              decided_at = now(), updated_at = now()
            where id = ${id}`,
      );
    });
  } catch (error) {
    throw raceError(error);
  }
  return claimById(db, viewer, id);
}

/** A moderator rejects a waiting request, with an optional comment to its author. */
export async function rejectClaim(
  db: Db,
  id: number,
  reviewer: Reviewer,
  comment: string | undefined,
  viewer: Viewer,
): Promise<PersonClaim> {
  await db.transaction(async (tx) => {
    const claim = await lockClaim(tx, id, 'pending', messages.notPending);
    if (claim.user_id === reviewer.id && !reviewer.isAdmin) throw forbidden(messages.ownRequest);
    await tx.execute(
      sql`update person_claims set status = 'rejected', comment = ${comment || null},
            reviewed_by_id = ${reviewer.id}, decided_at = now(), updated_at = now()
          where id = ${id}`,
    );
  });
  return claimById(db, viewer, id);
}

/** The author takes a waiting request back; anyone else's is not found. */
export async function withdrawClaim(
  db: Db,
  id: number,
  userId: number,
  viewer: Viewer,
): Promise<PersonClaim> {
  await db.transaction(async (tx) => {
    const [owner] = await queryRows<{ user_id: number }>(
      tx,
      sql`select user_id from person_claims where id = ${id}`,
    );
    if (owner?.user_id !== userId) throw notFound();
    await lockClaim(tx, id, 'pending', messages.notPending);
    await tx.execute(
      sql`update person_claims set status = 'withdrawn', decided_at = now(), updated_at = now()
          where id = ${id}`,
    );
  });
  return claimById(db, viewer, id);
}

/**
 * Ends a standing link: by its member, or by a moderator (who may then link the person to
 * another account). A member's claim of someone else is not found.
 */
export async function unlinkClaim(
  db: Db,
  id: number,
  actor: { id: number; isStaff: boolean },
  viewer: Viewer,
): Promise<PersonClaim> {
  await db.transaction(async (tx) => {
    const [owner] = await queryRows<{ user_id: number }>(
      tx,
      sql`select user_id from person_claims where id = ${id}`,
    );
    if (!owner || (owner.user_id !== actor.id && !actor.isStaff)) throw notFound();
    await lockClaim(tx, id, 'approved', messages.notLinked);
    await tx.execute(
      sql`update person_claims set status = 'unlinked',
            reviewed_by_id = ${owner.user_id === actor.id ? null : actor.id},
            decided_at = now(), updated_at = now()
          where id = ${id}`,
    );
  });
  return claimById(db, viewer, id);
}

/**
 * How the person `personId` (or the survivor of a merge) is related to the member's own person:
 * the closest relation of the relations search, under the viewer's privacy rule, said to the
 * member ("Сиздин атаңыздын агасы"). Nothing when the account is not linked or the two are not
 * related within the search's bounds.
 */
export async function relationToMe(
  db: Db,
  userId: number,
  personId: number,
  viewer: Viewer = FULL_VIEWER,
): Promise<RelationToMe> {
  const id = (await survivorOf(db, personId)) ?? personId;
  const [person] = await queryRows<{ id: number }>(
    db,
    sql`select id from ${personsTable} where id = ${id}`,
  );
  if (!person) throw notFound();
  const [me] = await queryRows<{ id: number; name: string }>(
    db,
    sql`select p.id, p.name from person_claims c join ${personsTable} p on p.id = c.person_id
        where c.user_id = ${userId} and c.status = 'approved'`,
  );
  const base = { person_id: id, me: me ?? null, self: me?.id === id, relation: null, text: null };
  if (!me) return base;
  if (me.id === id) return { ...base, text: messages.self };
  const { relations } = await findRelations(db, me.id, id, viewer, 1);
  const relation = relations[0];
  if (!relation) return base;
  return { ...base, relation, text: addressedTerm(relation.term) };
}
