import type { RevisionAction, RevisionStatus } from '@bagysh/shared';
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
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Every change to the tree and its records, of every kind (a person, a place, a source, a
 * shared note): who changed what, when, before and after. A moderator's change is stored
 * `applied`; a member's waits here as a `pending` proposal until a moderator accepts or rejects
 * it. One table, so that one engine (genealogy/proposals) and one moderation queue serve every
 * kind; `kind` names the kind implementation that reads and applies the row.
 *
 * `kind` has no CHECK: the kinds are the engine's (a new kind needs no migration).
 * `record_id` has no foreign key: a proposal outlives its deleted record.
 */
export const proposals = pgTable(
  'proposals',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    kind: text().notNull(),
    /** The person, place, source or note; null for a create proposal not yet accepted. */
    recordId: integer(),
    action: text().$type<RevisionAction>().notNull(),
    status: text().$type<RevisionStatus>().notNull(),
    before: jsonb().$type<Record<string, unknown>>(),
    after: jsonb().$type<Record<string, unknown>>(),
    /** The record's version the change was made against, for kinds that keep one (persons). */
    baseVersion: integer(),
    /**
     * The fields of an accepted proposal that the moderator kept as they were, because they had
     * changed since the proposal was made: `[{field, proposed, current}]`; null when none.
     */
    kept: jsonb().$type<{ field: string; proposed: unknown; current: unknown }[]>(),
    authorId: integer().references(() => users.id, { onDelete: 'set null' }),
    reviewerId: integer().references(() => users.id, { onDelete: 'set null' }),
    comment: text(),
    reviewedAt: timestamp({ withTimezone: true }),
    revertOfId: integer().references((): AnyPgColumn => proposals.id, { onDelete: 'set null' }),
    revertedById: integer().references((): AnyPgColumn => proposals.id, {
      onDelete: 'set null',
    }),
    /**
     * A place's, source's or note's revision from before this table: its id in the old
     * `record_revisions`, so that `/api/record-revisions/{old id}/` still finds it.
     */
    legacyId: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // A record's history; the moderation lists and counts by status.
    index().on(table.kind, table.recordId, table.id),
    index().on(table.status, table.kind, table.id),
    index().on(table.authorId),
    index().on(table.reviewerId),
    index().on(table.revertOfId),
    index().on(table.revertedById),
    uniqueIndex().on(table.legacyId),
    check('proposals_action_check', sql`${table.action} in ('create', 'update', 'delete')`),
    check('proposals_status_check', sql`${table.status} in ('applied', 'pending', 'rejected')`),
  ],
);
