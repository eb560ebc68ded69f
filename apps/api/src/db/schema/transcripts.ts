import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { files } from './files';
import { users } from './users';

/**
 * A recording's transcript (docs/features.md, Transcripts): one per audio or video file, changed
 * through the shared records' proposals (record type `transcript`). Its id is the file's id, so
 * a revision's record id names the recording and opens its page.
 */
export const transcripts = pgTable(
  'transcripts',
  {
    id: integer()
      .primaryKey()
      .references(() => files.id, { onDelete: 'cascade' }),
    createdById: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('transcripts_created_by_id_index')
      .on(table.createdById)
      .where(sql`${table.createdById} is not null`),
  ],
);

/** One speaker's words from `start_ms` until the next segment. */
export const transcriptSegments = pgTable(
  'transcript_segments',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    transcriptId: integer()
      .notNull()
      .references(() => transcripts.id, { onDelete: 'cascade' }),
    position: integer().notNull(),
    startMs: integer().notNull(),
    speaker: text().notNull().default(''),
    text: text().notNull(),
    /** The speaker and the words folded (`search_fold`), for the search of everything. */
    searchKey: text()
      .notNull()
      .generatedAlwaysAs(sql`search_fold(speaker || ' ' || text)`),
  },
  (table) => [
    uniqueIndex('transcript_segments_position_unique').on(table.transcriptId, table.position),
    index('transcript_segments_search_key_trgm').using('gin', table.searchKey.op('gin_trgm_ops')),
  ],
);
