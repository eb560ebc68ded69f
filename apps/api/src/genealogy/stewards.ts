import {
  hasRole,
  STEWARD_BRANCH_LIMIT,
  stewardMessages as messages,
  type PersonLabelRef,
  type StewardBranch,
} from '@bagysh/shared';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client';
import { fieldError, forbidden, notFound } from '../lib/http-errors';
import type { CurrentUser } from '../plugins/auth';
import { lineageNameColumns } from './person-rows';
import { personsTable } from './person-table';
import { touchedPersons } from './proposals/kinds';

/**
 * Branch stewards (docs/features.md, Branch stewards). A branch is a person and their descendants
 * in the father line: every person whose `path` holds the top person. A steward reviews the
 * proposals whose touched persons (each kind's `touchedPersons`) all lie in one of their
 * branches; moderators and admins review every proposal. The rule is the server's: the
 * moderation routes call `mayReview`, and the queue filters by `inStewardBranches`.
 */

/** Moderators and admins review every proposal; a steward those of their branches. */
export const reviewsEverything = (user: CurrentUser) => hasRole(user.role, 'moderator');

/** `p` (a persons row) lies in a branch `userId` keeps. */
function inBranchOf(userId: number, alias: string): SQL {
  const id = sql.raw(`${alias}.id`);
  const path = sql.raw(`${alias}.path`);
  return sql`exists (select 1 from branch_stewards s
    where s.user_id = ${userId} and (s.person_id = ${id} or s.person_id = any(${path})))`;
}

/**
 * The proposal row `r` lies in `userId`'s branches: it touches at least one person, and every
 * person it touches exists and lies in one of them.
 */
export function inStewardBranches(userId: number): SQL {
  const touched = sql`array_remove(${touchedPersons()}, null)`;
  return sql`(coalesce(cardinality(${touched}), 0) > 0 and not exists (
    select 1 from unnest(${touched}) t(id)
    where not exists (select 1 from ${personsTable} x
      where x.id = t.id and ${inBranchOf(userId, 'x')})))`;
}

/** The proposals `user` may review, as a condition over `r`: all, or their branches'. */
export function reviewableCondition(user: CurrentUser): SQL {
  return reviewsEverything(user) ? sql`true` : inStewardBranches(user.id);
}

/** True when `userId` keeps at least one branch. */
export async function isSteward(db: Db, userId: number): Promise<boolean> {
  const [row] = await queryRows<{ found: boolean }>(
    db,
    sql`select exists (select 1 from branch_stewards where user_id = ${userId}) as found`,
  );
  return row?.found ?? false;
}

/** 403 unless `user` may review the proposal row `proposalId` (staff, or its branch's steward). */
export async function mayReview(db: Db, user: CurrentUser, proposalId: number): Promise<void> {
  if (reviewsEverything(user)) return;
  const [row] = await queryRows<{ inside: boolean }>(
    db,
    sql`select ${inStewardBranches(user.id)} as inside from proposals r where r.id = ${proposalId}`,
  );
  if (row?.inside !== true) throw forbidden(messages.notInBranch);
}

interface BranchRow extends PersonLabelRef {
  created_at: string;
}

/** The branches `userId` keeps, by their top person's name. */
export async function stewardBranches(db: Db, userId: number): Promise<StewardBranch[]> {
  const rows = await queryRows<BranchRow>(
    db,
    sql`select p.id, p.name, p.sex, p.birth_year, p.death_year, ${lineageNameColumns('p')},
          to_json(s.created_at) #>> '{}' as created_at
        from branch_stewards s join ${personsTable} p on p.id = s.person_id
        where s.user_id = ${userId}
        order by p.name, p.id`,
  );
  return rows.map(({ created_at, ...person }) => ({
    person,
    created_at: new Date(created_at).toISOString(),
  }));
}

/**
 * An admin makes `userId` the steward of the branch of `personId`. Refused for staff (who review
 * everything already), a blocked account, a person already inside one of the member's branches,
 * and past `STEWARD_BRANCH_LIMIT`; adding a branch the member keeps changes nothing.
 */
export async function addStewardBranch(
  db: Db,
  userId: number,
  personId: number,
  adminId: number,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [user] = await queryRows<{ role: CurrentUser['role']; is_active: boolean }>(
      tx,
      sql`select role, is_active from users where id = ${userId} for update`,
    );
    if (!user) throw notFound();
    if (hasRole(user.role, 'moderator')) throw fieldError('user', messages.staffNeedNoBranch);
    if (!user.is_active) throw fieldError('user', messages.notMember);
    const [person] = await queryRows<{ inside: boolean; kept: boolean; count: number }>(
      tx,
      sql`select ${inBranchOf(userId, 'p')} as inside,
            exists (select 1 from branch_stewards
              where user_id = ${userId} and person_id = ${personId}) as kept,
            (select count(*)::int from branch_stewards where user_id = ${userId}) as count
          from ${personsTable} p where p.id = ${personId}`,
    );
    if (!person) throw fieldError('person_id', messages.personMissing);
    if (person.kept) return;
    if (person.inside) throw fieldError('person_id', messages.alreadyInBranch);
    if (person.count >= STEWARD_BRANCH_LIMIT) throw fieldError('person_id', messages.tooMany);
    await tx.execute(
      sql`insert into branch_stewards (user_id, person_id, created_by_id)
          values (${userId}, ${personId}, ${adminId})
          on conflict (user_id, person_id) do nothing`,
    );
  });
}

/** The member no longer keeps the branch of `personId` (nothing happens when they did not). */
export async function removeStewardBranch(db: Db, userId: number, personId: number): Promise<void> {
  await db.execute(
    sql`delete from branch_stewards where user_id = ${userId} and person_id = ${personId}`,
  );
}
