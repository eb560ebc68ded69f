import type { DuplicateReason } from '@bagysh/shared';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { persons } from './genealogy';
import { users } from './users';

const timestamps = {
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
};

/**
 * Pairs of persons the duplicate finder scored at or above its threshold (docs/genealogy.md,
 * Duplicate persons), smaller id first; the moderators' page reads only this table. A person's
 * deletion (or merge) takes their pairs with it.
 */
export const duplicateCandidates = pgTable(
  'duplicate_candidates',
  {
    personAId: integer()
      .notNull()
      .references(() => persons.id, { onDelete: 'cascade' }),
    personBId: integer()
      .notNull()
      .references(() => persons.id, { onDelete: 'cascade' }),
    score: real().notNull(),
    reasons: jsonb().$type<DuplicateReason[]>().notNull(),
    computedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    ...timestamps,
  },
  (table) => [
    primaryKey({ columns: [table.personAId, table.personBId] }),
    index().on(table.personBId),
    // The page: best pairs first.
    index('duplicate_candidates_score_index').on(
      sql`${table.score} desc`,
      table.personAId,
      table.personBId,
    ),
    check('duplicate_candidates_order_check', sql`${table.personAId} < ${table.personBId}`),
  ],
);

/** Pairs a moderator marked "Бул башка адам" (not the same person): never listed again. */
export const duplicateDismissals = pgTable(
  'duplicate_dismissals',
  {
    personAId: integer()
      .notNull()
      .references(() => persons.id, { onDelete: 'cascade' }),
    personBId: integer()
      .notNull()
      .references(() => persons.id, { onDelete: 'cascade' }),
    createdById: integer().references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (table) => [
    primaryKey({ columns: [table.personAId, table.personBId] }),
    index().on(table.personBId),
    index().on(table.createdById),
    check('duplicate_dismissals_order_check', sql`${table.personAId} < ${table.personBId}`),
  ],
);

/**
 * Runs of the finder's background job: a full rebuild, or the persons written since the
 * previous run's start (`since`). One run is queued or running at a time.
 */
export const duplicateRuns = pgTable(
  'duplicate_runs',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    status: text().$type<'queued' | 'running' | 'done' | 'failed'>().notNull(),
    full: boolean().notNull(),
    /** Persons written after this moment are rescored (null: a full run). */
    since: timestamp({ withTimezone: true }),
    startedAt: timestamp({ withTimezone: true }),
    finishedAt: timestamp({ withTimezone: true }),
    pairs: integer().notNull().default(0),
    error: text(),
    createdById: integer().references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (table) => [
    index().on(table.createdById),
    check(
      'duplicate_runs_status_check',
      sql`${table.status} in ('queued', 'running', 'done', 'failed')`,
    ),
  ],
);

/**
 * The pairs a run has still to score (its blocking step's output), read in batches; emptied at
 * each run's start and end.
 */
export const duplicatePending = pgTable(
  'duplicate_pending',
  {
    personAId: integer().notNull(),
    personBId: integer().notNull(),
  },
  (table) => [primaryKey({ columns: [table.personAId, table.personBId] })],
);
