import type { PollStatus } from '@bagysh/shared';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * A poll. `status` is stored, but a poll past `closes_at` counts as finished on
 * every read and write; the row is moved to 'finished' lazily (polls.service.ts).
 */
export const polls = pgTable(
  'polls',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    question: text().notNull(),
    description: text().notNull().default(''),
    status: text().$type<PollStatus>().notNull().default('active'),
    multiple: boolean().notNull().default(false),
    /** Single choice: 1. Multiple choice: 2…number of options, or null for no limit. */
    maxChoices: integer(),
    anonymous: boolean().notNull().default(true),
    allowChange: boolean().notNull().default(true),
    closesAt: timestamp({ withTimezone: true }),
    /** When it finished or was canceled. */
    closedAt: timestamp({ withTimezone: true }),
    /** Who finished or canceled it; null for an automatic finish at `closes_at`. */
    closedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    cancelReason: text(),
    createdBy: integer().references(() => users.id, { onDelete: 'set null' }),
    /** Sample row of the demonstration data (db/seed.ts); `npm run demo:remove` deletes these. */
    isDemo: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index().on(table.createdBy),
    index().on(table.closedBy),
    index().on(table.createdAt),
    // The lazy automatic finish looks only at active polls with a deadline.
    index('polls_active_closes_at_index')
      .on(table.closesAt)
      .where(sql`${table.status} = 'active' and ${table.closesAt} is not null`),
    check('polls_status_check', sql`${table.status} in ('active', 'canceled', 'finished')`),
    check(
      'polls_max_choices_check',
      sql`(${table.multiple} and (${table.maxChoices} is null or ${table.maxChoices} >= 2))
        or (not ${table.multiple} and ${table.maxChoices} = 1)`,
    ),
    check(
      'polls_cancel_reason_check',
      sql`(${table.status} = 'canceled') = (${table.cancelReason} is not null)`,
    ),
  ],
);

/** The answers of a poll in their display order. */
export const pollOptions = pgTable(
  'poll_options',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    pollId: integer()
      .notNull()
      .references(() => polls.id, { onDelete: 'cascade' }),
    position: integer().notNull(),
    text: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // Also the index of the poll_id foreign key (its leading column).
    uniqueIndex('poll_options_poll_id_position_unique').on(table.pollId, table.position),
    uniqueIndex('poll_options_poll_id_text_unique').on(table.pollId, table.text),
  ],
);

/**
 * One ballot per user per poll, enforced by the unique index (not only by code):
 * concurrent votes of one user meet in INSERT … ON CONFLICT on it. A deleted
 * account's ballot stays counted with `user_id` null.
 */
export const pollBallots = pgTable(
  'poll_ballots',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    pollId: integer()
      .notNull()
      .references(() => polls.id, { onDelete: 'cascade' }),
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('poll_ballots_poll_id_user_id_unique').on(table.pollId, table.userId),
    index().on(table.userId),
  ],
);

/** The options chosen on a ballot (one row for single choice). */
export const pollBallotChoices = pgTable(
  'poll_ballot_choices',
  {
    ballotId: integer()
      .notNull()
      .references(() => pollBallots.id, { onDelete: 'cascade' }),
    optionId: integer()
      .notNull()
      .references(() => pollOptions.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.ballotId, table.optionId] }),
    index().on(table.optionId),
  ],
);
