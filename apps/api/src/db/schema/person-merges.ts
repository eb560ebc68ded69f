import { index, integer, jsonb, pgTable, timestamp } from 'drizzle-orm/pg-core';

/**
 * Persons merged into another (docs/genealogy.md, Merging persons): the old id keeps answering
 * with the survivor's, in the API and at `/persons/{old}`. A merge's revert removes its row.
 * No foreign keys: the merged person is gone, and the survivor may be merged on in its turn
 * (the chain is followed) or deleted (then the old id is gone too).
 */
export const mergedPersons = pgTable(
  'merged_persons',
  {
    mergedId: integer().primaryKey(),
    survivorId: integer().notNull(),
    restore: jsonb().$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index().on(table.survivorId)],
);
