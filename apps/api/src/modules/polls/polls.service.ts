import {
  hasRole,
  maxChoicesProblem,
  type CreatePollInput,
  type ListPollsQuery,
  type Poll,
  type PollResults,
  type PollStatus,
  type PollUser,
  type UpdatePollInput,
} from '@bagysh/shared';
import { and, asc, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { pollBallotChoices, pollBallots, pollOptions, polls, users } from '../../db/schema';
import { conflict, fieldError, forbidden, notFound } from '../../lib/http-errors';
import type { CurrentUser } from '../../plugins/auth';

/** Kyrgyz texts of the poll rules the server enforces (⚠ awaiting a native speaker's check). */
export const pollMessages = {
  notFound: 'Сурамжылоо табылган жок.',
  notActive: 'Бул сурамжылоо активдүү эмес: добуш берүүгө болбойт.',
  alreadyVoted: 'Сиз бул сурамжылоодо добуш бергенсиз, ал эми добушту өзгөртүүгө уруксат жок.',
  changeNotAllowed: 'Бул сурамжылоодо добушту өзгөртүүгө же кайтарып алууга болбойт.',
  noBallot: 'Сиз бул сурамжылоодо добуш берген эмессиз.',
  final: 'Сурамжылоо аяктаган же жокко чыгарылган: аны өзгөртүүгө болбойт.',
  frozen:
    'Добуш берилгенден кийин суроону, варианттарды жана добуш берүү эрежелерин өзгөртүүгө болбойт.',
  deleteWithVotes: 'Добуш берилген сурамжылоону өчүрүүгө болбойт: аны аяктаңыз же жокко чыгарыңыз.',
  resultsHidden: 'Жыйынтыктар добуш бергенден кийин же сурамжылоо аяктагандан кийин көрүнөт.',
  unknownOption: 'Бул сурамжылоодо мындай вариант жок.',
  singleChoice: 'Бир гана вариант тандаңыз.',
  tooManyChoices: (n: number) => `${n} варианттан ашык тандоого болбойт.`,
} as const;

/** The status as the rules see it: an active poll past `closes_at` is finished. */
const effectiveStatus = sql<PollStatus>`case when ${polls.status} = 'active' and ${polls.closesAt} <= now() then 'finished' else ${polls.status} end`;

const pollRowColumns = {
  id: polls.id,
  question: polls.question,
  description: polls.description,
  status: effectiveStatus,
  multiple: polls.multiple,
  maxChoices: polls.maxChoices,
  anonymous: polls.anonymous,
  allowChange: polls.allowChange,
  closesAt: polls.closesAt,
  closedAt: polls.closedAt,
  closedBy: polls.closedBy,
  cancelReason: polls.cancelReason,
  createdBy: polls.createdBy,
  createdAt: polls.createdAt,
  updatedAt: polls.updatedAt,
};

interface PollRow {
  id: number;
  question: string;
  description: string;
  status: PollStatus;
  multiple: boolean;
  maxChoices: number | null;
  anonymous: boolean;
  allowChange: boolean;
  closesAt: Date | null;
  closedAt: Date | null;
  closedBy: number | null;
  cancelReason: string | null;
  createdBy: number | null;
  createdAt: Date;
  updatedAt: Date;
}

/**
 * Persists the automatic finish of polls whose `closes_at` has passed (of one poll
 * when `pollId` is given). Reads and writes compute the status anyway, so this only
 * keeps the stored row honest; no timer is needed.
 */
export async function finishExpiredPolls(db: Db, pollId?: number): Promise<void> {
  await db
    .update(polls)
    .set({ status: 'finished', closedAt: sql`${polls.closesAt}`, updatedAt: sql`now()` })
    .where(
      and(
        eq(polls.status, 'active'),
        lte(polls.closesAt, sql`now()`),
        pollId === undefined ? undefined : eq(polls.id, pollId),
      ),
    );
}

/** The poll row locked for the rest of the transaction, or a 404. */
async function lockPoll(tx: Db, id: number, mode: 'share' | 'update'): Promise<PollRow> {
  const [row] = await tx.select(pollRowColumns).from(polls).where(eq(polls.id, id)).for(mode);
  if (!row) throw notFound(pollMessages.notFound);
  return row;
}

async function hasBallots(tx: Db, pollId: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: pollBallots.id })
    .from(pollBallots)
    .where(eq(pollBallots.pollId, pollId))
    .limit(1);
  return row !== undefined;
}

function canSeeResults(row: PollRow, user: CurrentUser, voted: boolean): boolean {
  return (
    voted ||
    row.status === 'finished' ||
    row.createdBy === user.id ||
    hasRole(user.role, 'moderator')
  );
}

const percentOf = (votes: number, total: number) =>
  total === 0 ? 0 : Math.round((votes * 1000) / total) / 10;

const iso = (date: Date | null) => (date ? date.toISOString() : null);

async function userRefs(db: Db, ids: (number | null)[]): Promise<Map<number, PollUser>> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, username: users.username, full_name: users.fullName })
    .from(users)
    .where(inArray(users.id, wanted));
  return new Map(rows.map((row) => [row.id, row]));
}

/** Rows → the API shape for `user`: options, the caller's vote, and counts when allowed. */
async function toPolls(db: Db, user: CurrentUser, rows: PollRow[]): Promise<Poll[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  // One statement, so the counts and the total come from one snapshot. Written with
  // explicit aliases: drizzle leaves column names unqualified in a one-table select.
  const options = await db
    .select({
      id: pollOptions.id,
      pollId: pollOptions.pollId,
      text: pollOptions.text,
      votes: sql<number>`(select count(*)::int from "poll_ballot_choices" c where c."option_id" = "poll_options"."id")`,
      total: sql<number>`(select count(*)::int from "poll_ballots" b where b."poll_id" = "poll_options"."poll_id")`,
    })
    .from(pollOptions)
    .where(inArray(pollOptions.pollId, ids))
    .orderBy(asc(pollOptions.pollId), asc(pollOptions.position));
  const mine = await db
    .select({ pollId: pollBallots.pollId, optionId: pollBallotChoices.optionId })
    .from(pollBallots)
    .innerJoin(pollBallotChoices, eq(pollBallotChoices.ballotId, pollBallots.id))
    .where(and(eq(pollBallots.userId, user.id), inArray(pollBallots.pollId, ids)));
  const people = await userRefs(
    db,
    rows.flatMap((row) => [row.createdBy, row.closedBy]),
  );

  const myOptions = new Set(mine.map((choice) => choice.optionId));
  const votedIn = new Set(mine.map((choice) => choice.pollId));
  return rows.map((row) => {
    const own = options.filter((option) => option.pollId === row.id);
    const visible = canSeeResults(row, user, votedIn.has(row.id));
    const total = own[0]?.total ?? 0;
    return {
      id: row.id,
      question: row.question,
      description: row.description,
      status: row.status,
      multiple: row.multiple,
      max_choices: row.maxChoices,
      anonymous: row.anonymous,
      allow_change: row.allowChange,
      closes_at: iso(row.closesAt),
      // An automatic finish not yet persisted closed at its deadline.
      closed_at: iso(row.closedAt ?? (row.status === 'finished' ? row.closesAt : null)),
      closed_by: row.closedBy === null ? null : (people.get(row.closedBy) ?? null),
      cancel_reason: row.cancelReason,
      options: own.map((option) => ({ id: option.id, text: option.text })),
      my_vote: own.filter((option) => myOptions.has(option.id)).map((option) => option.id),
      created_by: row.createdBy === null ? null : (people.get(row.createdBy) ?? null),
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
      total_voters: visible ? total : null,
      results: visible
        ? {
            total_voters: total,
            options: own.map((option) => ({
              id: option.id,
              text: option.text,
              votes: option.votes,
              percent: percentOf(option.votes, total),
            })),
          }
        : null,
    };
  });
}

/** Signed-in users' list: newest first, optionally of one (computed) status. */
export async function listPolls(
  db: Db,
  user: CurrentUser,
  query: ListPollsQuery,
): Promise<{ count: number; results: Poll[] }> {
  await finishExpiredPolls(db);
  const where = query.status ? eq(effectiveStatus, query.status) : undefined;
  const [counted] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(polls)
    .where(where);
  const rows = await db
    .select(pollRowColumns)
    .from(polls)
    .where(where)
    .orderBy(desc(polls.createdAt), desc(polls.id))
    .limit(query.page_size)
    .offset((query.page - 1) * query.page_size);
  return { count: counted?.count ?? 0, results: await toPolls(db, user, rows) };
}

/** One poll as `user` sees it, or a 404. */
export async function getPoll(db: Db, user: CurrentUser, id: number): Promise<Poll> {
  await finishExpiredPolls(db, id);
  const rows = await db.select(pollRowColumns).from(polls).where(eq(polls.id, id));
  const [poll] = await toPolls(db, user, rows);
  if (!poll) throw notFound(pollMessages.notFound);
  return poll;
}

/** A new active poll by a moderator or admin (the route checks the role). */
export async function createPoll(db: Db, user: CurrentUser, input: CreatePollInput): Promise<Poll> {
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(polls)
      .values({
        question: input.question,
        description: input.description,
        multiple: input.multiple,
        maxChoices: input.multiple ? (input.max_choices ?? null) : 1,
        anonymous: input.anonymous,
        allowChange: input.allow_change,
        closesAt: input.closes_at ? new Date(input.closes_at) : null,
        createdBy: user.id,
      })
      .returning({ id: polls.id });
    if (!row) throw new Error('poll insert returned nothing');
    await tx
      .insert(pollOptions)
      .values(input.options.map((text, position) => ({ pollId: row.id, position, text })));
    return row.id;
  });
  return getPoll(db, user, id);
}

const sameTexts = (a: string[], b: string[]) =>
  a.length === b.length && a.every((text, index) => text === b[index]);

/**
 * Edits an active poll. Before the first vote anything may change (`options`
 * replaces the list); after it, only `description` and `closes_at`, because the
 * question, the options and the rules are what voters agreed to. Sending a field
 * with its current value is not a change.
 */
export async function updatePoll(
  db: Db,
  user: CurrentUser,
  id: number,
  input: UpdatePollInput,
): Promise<Poll> {
  await finishExpiredPolls(db, id);
  await db.transaction(async (tx) => {
    const row = await lockPoll(tx, id, 'update');
    if (row.status !== 'active') throw conflict(pollMessages.final);
    const current = await tx
      .select({ text: pollOptions.text })
      .from(pollOptions)
      .where(eq(pollOptions.pollId, id))
      .orderBy(asc(pollOptions.position));
    const newOptions =
      input.options &&
      !sameTexts(
        input.options,
        current.map((option) => option.text),
      )
        ? input.options
        : undefined;
    const optionCount = (newOptions ?? current).length;

    const multiple = input.multiple ?? row.multiple;
    let maxChoices: number | null;
    if (!multiple) {
      const problem = maxChoicesProblem(false, input.max_choices, optionCount);
      if (problem) throw fieldError('max_choices', problem);
      maxChoices = 1;
    } else {
      // Switching to multiple choice without a limit means "any number".
      maxChoices =
        input.max_choices !== undefined ? input.max_choices : row.multiple ? row.maxChoices : null;
      const problem = maxChoicesProblem(true, maxChoices, optionCount);
      if (problem) throw fieldError('max_choices', problem);
    }

    const question = input.question ?? row.question;
    const anonymous = input.anonymous ?? row.anonymous;
    const allowChange = input.allow_change ?? row.allowChange;
    const changesBallot =
      newOptions !== undefined ||
      question !== row.question ||
      multiple !== row.multiple ||
      maxChoices !== row.maxChoices ||
      anonymous !== row.anonymous ||
      allowChange !== row.allowChange;
    if (changesBallot && (await hasBallots(tx, id))) throw conflict(pollMessages.frozen);

    await tx
      .update(polls)
      .set({
        question,
        description: input.description ?? row.description,
        multiple,
        maxChoices,
        anonymous,
        allowChange,
        closesAt:
          input.closes_at === undefined
            ? row.closesAt
            : input.closes_at === null
              ? null
              : new Date(input.closes_at),
        updatedAt: sql`now()`,
      })
      .where(eq(polls.id, id));
    if (newOptions) {
      // No ballot exists (checked above under the lock), so nothing points at them.
      await tx.delete(pollOptions).where(eq(pollOptions.pollId, id));
      await tx
        .insert(pollOptions)
        .values(newOptions.map((text, position) => ({ pollId: id, position, text })));
    }
  });
  return getPoll(db, user, id);
}

/** Deletes a poll nobody has voted in (any status); 409 once a ballot exists. */
export async function deletePoll(db: Db, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    await lockPoll(tx, id, 'update');
    if (await hasBallots(tx, id)) throw conflict(pollMessages.deleteWithVotes);
    await tx.delete(polls).where(eq(polls.id, id));
  });
}

/**
 * Casts or changes `user`'s ballot. The unique (poll_id, user_id) index decides
 * between concurrent requests: INSERT … ON CONFLICT either updates the one ballot
 * (change allowed; the row lock serialises the same user's requests) or inserts
 * nothing (change not allowed → 409). The poll row is share-locked so that a
 * finish, a cancel or an edit of the options waits for votes in flight.
 */
export async function castVote(
  db: Db,
  user: CurrentUser,
  id: number,
  optionIds: number[],
): Promise<Poll> {
  await finishExpiredPolls(db, id);
  await db.transaction(async (tx) => {
    const poll = await lockPoll(tx, id, 'share');
    if (poll.status !== 'active') throw conflict(pollMessages.notActive);

    const options = await tx
      .select({ id: pollOptions.id })
      .from(pollOptions)
      .where(eq(pollOptions.pollId, id));
    const known = new Set(options.map((option) => option.id));
    if (optionIds.some((optionId) => !known.has(optionId))) {
      throw fieldError('option_ids', pollMessages.unknownOption);
    }
    if (!poll.multiple && optionIds.length > 1) {
      throw fieldError('option_ids', pollMessages.singleChoice);
    }
    if (poll.multiple && poll.maxChoices !== null && optionIds.length > poll.maxChoices) {
      throw fieldError('option_ids', pollMessages.tooManyChoices(poll.maxChoices));
    }

    const insert = tx.insert(pollBallots).values({ pollId: id, userId: user.id });
    const target = [pollBallots.pollId, pollBallots.userId];
    const [ballot] = poll.allowChange
      ? await insert
          .onConflictDoUpdate({ target, set: { updatedAt: sql`now()` } })
          .returning({ id: pollBallots.id })
      : await insert.onConflictDoNothing({ target }).returning({ id: pollBallots.id });
    if (!ballot) throw conflict(pollMessages.alreadyVoted);

    await tx.delete(pollBallotChoices).where(eq(pollBallotChoices.ballotId, ballot.id));
    await tx
      .insert(pollBallotChoices)
      .values(optionIds.map((optionId) => ({ ballotId: ballot.id, optionId })));
  });
  return getPoll(db, user, id);
}

/** Withdraws `user`'s ballot while the poll is active and allows changes. */
export async function withdrawVote(db: Db, user: CurrentUser, id: number): Promise<Poll> {
  await finishExpiredPolls(db, id);
  await db.transaction(async (tx) => {
    const poll = await lockPoll(tx, id, 'share');
    if (poll.status !== 'active') throw conflict(pollMessages.notActive);
    if (!poll.allowChange) throw conflict(pollMessages.changeNotAllowed);
    const deleted = await tx
      .delete(pollBallots)
      .where(and(eq(pollBallots.pollId, id), eq(pollBallots.userId, user.id)))
      .returning({ id: pollBallots.id });
    if (deleted.length === 0) throw notFound(pollMessages.noBallot);
  });
  return getPoll(db, user, id);
}

/**
 * Finishes or cancels an active poll (moderators and admins; the route checks the
 * role). Finished and canceled are final: a second transition is a 409.
 */
export async function closePoll(
  db: Db,
  user: CurrentUser,
  id: number,
  to: { status: 'finished' } | { status: 'canceled'; reason: string },
): Promise<Poll> {
  await finishExpiredPolls(db, id);
  await db.transaction(async (tx) => {
    const poll = await lockPoll(tx, id, 'update');
    if (poll.status !== 'active') throw conflict(pollMessages.final);
    await tx
      .update(polls)
      .set({
        status: to.status,
        cancelReason: to.status === 'canceled' ? to.reason : null,
        closedAt: sql`now()`,
        closedBy: user.id,
        updatedAt: sql`now()`,
      })
      .where(eq(polls.id, id));
  });
  return getPoll(db, user, id);
}

/**
 * Full results: counts, percentages and, in an open poll, who chose what. Visible
 * to voters, to everyone once finished, and live to the creator and moderators;
 * otherwise 403.
 */
export async function getResults(db: Db, user: CurrentUser, id: number): Promise<PollResults> {
  await finishExpiredPolls(db, id);
  const [poll] = await db.select(pollRowColumns).from(polls).where(eq(polls.id, id));
  if (!poll) throw notFound(pollMessages.notFound);
  const [own] = await db
    .select({ id: pollBallots.id })
    .from(pollBallots)
    .where(and(eq(pollBallots.pollId, id), eq(pollBallots.userId, user.id)));
  if (!canSeeResults(poll, user, own !== undefined)) throw forbidden(pollMessages.resultsHidden);

  // Options cannot change once a ballot exists, so reading them apart is safe.
  const options = await db
    .select({ id: pollOptions.id, text: pollOptions.text })
    .from(pollOptions)
    .where(eq(pollOptions.pollId, id))
    .orderBy(asc(pollOptions.position));
  // Every choice in one statement: counts and voter lists agree with each other.
  const choices = await db
    .select({
      ballotId: pollBallots.id,
      optionId: pollBallotChoices.optionId,
      userId: users.id,
      username: users.username,
      fullName: users.fullName,
    })
    .from(pollBallotChoices)
    .innerJoin(pollBallots, eq(pollBallots.id, pollBallotChoices.ballotId))
    .leftJoin(users, eq(users.id, pollBallots.userId))
    .where(eq(pollBallots.pollId, id))
    .orderBy(asc(pollBallots.createdAt), asc(pollBallots.id));

  const total = new Set(choices.map((choice) => choice.ballotId)).size;
  return {
    total_voters: total,
    anonymous: poll.anonymous,
    options: options.map((option) => {
      const chosen = choices.filter((choice) => choice.optionId === option.id);
      return {
        id: option.id,
        text: option.text,
        votes: chosen.length,
        percent: percentOf(chosen.length, total),
        voters: poll.anonymous
          ? null
          : chosen.flatMap((choice) =>
              choice.userId === null || choice.username === null
                ? []
                : [
                    {
                      id: choice.userId,
                      username: choice.username,
                      full_name: choice.fullName ?? '',
                    },
                  ],
            ),
      };
    }),
  };
}
