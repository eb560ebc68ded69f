import type { PersonClaimStatus } from '@bagysh/shared';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { persons } from './genealogy';
import { users } from './users';

/**
 * "Бул мен" (docs/features.md, This is me): members' requests to be linked to their own person,
 * and the links themselves (an `approved` row). The partial unique indexes hold the rules: one
 * account per person, one person per account, one waiting request per member. Deleting the
 * person or the account takes its rows with it; a merge moves them (genealogy/person-merge.ts).
 */
export const personClaims = pgTable(
  'person_claims',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    personId: integer()
      .notNull()
      .references(() => persons.id, { onDelete: 'cascade' }),
    status: text().$type<PersonClaimStatus>().notNull().default('pending'),
    note: text().notNull(),
    comment: text(),
    reviewedById: integer().references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index().on(table.userId),
    index().on(table.personId),
    index('person_claims_reviewed_by_id_index')
      .on(table.reviewedById)
      .where(sql`${table.reviewedById} is not null`),
    // The moderators' list and count of one status, oldest first.
    index('person_claims_status_index').on(table.status, table.id),
    uniqueIndex('person_claims_person_linked_unique')
      .on(table.personId)
      .where(sql`${table.status} = 'approved'`),
    uniqueIndex('person_claims_user_linked_unique')
      .on(table.userId)
      .where(sql`${table.status} = 'approved'`),
    uniqueIndex('person_claims_user_pending_unique')
      .on(table.userId)
      .where(sql`${table.status} = 'pending'`),
    check(
      'person_claims_status_check',
      sql`${table.status} in ('pending', 'approved', 'rejected', 'withdrawn', 'unlinked')`,
    ),
  ],
);
