import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * One-time links of an account: a password reset (mailed, or made by an admin for a member
 * without e-mail) and the confirmation of an e-mail address. Only the SHA-256 of the random
 * token is kept; a link works once (`used_at`) and until `expires_at`.
 */
export const accountTokens = pgTable(
  'account_tokens',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text().$type<'password_reset' | 'email_confirm'>().notNull(),
    /** SHA-256 of the token, hex. */
    tokenHash: text().notNull(),
    /** The address a confirmation link confirms (an e-mail change leaves older links behind). */
    email: text(),
    /** The admin who made a reset link by hand; null for a mailed one. */
    createdById: integer().references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('account_tokens_token_hash_unique').on(table.tokenHash),
    index().on(table.userId),
    index()
      .on(table.createdById)
      .where(sql`${table.createdById} is not null`),
    check(
      'account_tokens_purpose_check',
      sql`${table.purpose} in ('password_reset', 'email_confirm')`,
    ),
  ],
);
