import { integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * The one-time recovery codes of two-factor sign-in: only the SHA-256 of each is kept, a code
 * works once (`used_at`), and making new codes or turning two-factor sign-in off removes them.
 */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the normalised code, hex. */
    codeHash: text().notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  // The unique index leads with user_id, so it also serves the foreign key.
  (table) => [
    uniqueIndex('recovery_codes_user_id_code_hash_unique').on(table.userId, table.codeHash),
  ],
);
