import type { EventDate } from '@bagysh/shared';
import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { files } from './files';
import { persons } from './genealogy';
import { places, sources } from './records';
import { users } from './users';

const timestamps = {
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
};

/**
 * A resumable upload in progress (docs/features.md, Uploads in parts): its bytes so far live in
 * DATA_DIR/uploads/<id>.part, private to the server's user; the row says whose they are, what
 * the whole is to be, and until when it is kept. Finishing it makes a files row and drops both.
 */
export const uploadSessions = pgTable(
  'upload_sessions',
  {
    /** 32 random hex characters: also the temporary file's name. */
    id: text().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    mimeType: text().notNull(),
    size: bigint({ mode: 'number' }).notNull(),
    /** The SHA-256 (hex) the client declared, checked when it finishes. */
    sha256: text(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    /**
     * While a process writes a part or finishes the upload: until when it holds the session
     * (renewed as it writes). Another process, or request, is refused until then.
     */
    writingUntil: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (table) => [index().on(table.userId), index().on(table.expiresAt)],
);

/**
 * A recording of an informant (айтуучу) telling the sanjyra: an audio or video file, the
 * informant source, when and where it was told, and the persons it speaks of
 * (`recording_persons`). One recording per file.
 */
export const recordings = pgTable(
  'recordings',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    fileId: integer()
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    sourceId: integer()
      .notNull()
      .references(() => sources.id, { onDelete: 'cascade' }),
    toldDate: jsonb().$type<EventDate>(),
    toldPlaceId: integer().references(() => places.id, { onDelete: 'set null' }),
    durationSeconds: integer(),
    createdById: integer().references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('recordings_file_id_unique').on(table.fileId),
    index().on(table.sourceId),
    index('recordings_told_place_id_index')
      .on(table.toldPlaceId)
      .where(sql`${table.toldPlaceId} is not null`),
    index('recordings_created_by_id_index')
      .on(table.createdById)
      .where(sql`${table.createdById} is not null`),
  ],
);

/** The persons a recording speaks of, in the order they were given. */
export const recordingPersons = pgTable(
  'recording_persons',
  {
    recordingId: integer()
      .notNull()
      .references(() => recordings.id, { onDelete: 'cascade' }),
    personId: integer()
      .notNull()
      .references(() => persons.id, { onDelete: 'cascade' }),
    position: integer().notNull().default(0),
    ...timestamps,
  },
  (table) => [
    primaryKey({ columns: [table.recordingId, table.personId] }),
    index().on(table.personId),
  ],
);
