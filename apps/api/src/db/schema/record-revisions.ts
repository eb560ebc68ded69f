import type { RecordType, RevisionAction, RevisionStatus } from '@bagysh/shared';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Revisions of the shared records (places, sources, shared notes), as `person_revisions` are
 * of persons: who changed what, when, before and after; a member's change waits here as a
 * pending proposal. `record_id` has no foreign key: a revision outlives its deleted record.
 */
export const recordRevisions = pgTable(
  'record_revisions',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    recordType: text().$type<RecordType>().notNull(),
    recordId: integer(),
    action: text().$type<RevisionAction>().notNull(),
    status: text().$type<RevisionStatus>().notNull(),
    before: jsonb().$type<Record<string, unknown>>(),
    after: jsonb().$type<Record<string, unknown>>(),
    authorId: integer().references(() => users.id, { onDelete: 'set null' }),
    reviewerId: integer().references(() => users.id, { onDelete: 'set null' }),
    comment: text(),
    reviewedAt: timestamp({ withTimezone: true }),
    revertOfId: integer().references((): AnyPgColumn => recordRevisions.id, {
      onDelete: 'set null',
    }),
    revertedById: integer().references((): AnyPgColumn => recordRevisions.id, {
      onDelete: 'set null',
    }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index().on(table.recordType, table.recordId, table.id),
    index().on(table.status, table.id),
    index().on(table.authorId),
    index().on(table.reviewerId),
    index().on(table.revertOfId),
    index().on(table.revertedById),
    check('record_revisions_type_check', sql`${table.recordType} in ('place', 'source', 'note')`),
    check('record_revisions_action_check', sql`${table.action} in ('create', 'update', 'delete')`),
    check(
      'record_revisions_status_check',
      sql`${table.status} in ('applied', 'pending', 'rejected')`,
    ),
  ],
);
