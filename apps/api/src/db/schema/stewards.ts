import { sql } from 'drizzle-orm';
import { index, integer, pgTable, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { persons } from './genealogy';
import { users } from './users';

/**
 * Branch stewards (docs/features.md, Branch stewards): a member who reviews the proposals of one
 * branch, the descendants in the father line of `person_id` (the person included). A member may
 * keep several branches. Deleting the account or the person takes the row with it; a merge moves
 * it to the survivor and its revert moves it back (genealogy/person-merge.ts), so the id is set
 * by default only: a revert puts a row back under its own id.
 */
export const branchStewards = pgTable(
  'branch_stewards',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    personId: integer()
      .notNull()
      .references(() => persons.id, { onDelete: 'cascade' }),
    createdById: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('branch_stewards_user_person_unique').on(table.userId, table.personId),
    index().on(table.personId),
    index('branch_stewards_created_by_id_index')
      .on(table.createdById)
      .where(sql`${table.createdById} is not null`),
  ],
);
