import { pgTable, integer, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * A member's secret link to the calendar feed with the memorial days (docs/features.md,
 * Calendar). One per member: making a new one replaces the row, so the old link stops working.
 * Only the SHA-256 of the random token is kept; the token is shown once, when it is made.
 */
export const calendarFeedTokens = pgTable(
  'calendar_feed_tokens',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the token, hex. */
    tokenHash: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('calendar_feed_tokens_user_unique').on(table.userId),
    uniqueIndex('calendar_feed_tokens_token_hash_unique').on(table.tokenHash),
  ],
);
