import type { FileKind, FileVisibility } from '@bagysh/shared';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { categories } from './content';
import { users } from './users';

export type FileOrigin = 'upload' | 'gedcom';

/**
 * Uploaded files. The bytes live in the file storage, content-addressed by
 * `checksum` (several rows may share one blob); a row is inserted only after its
 * blob is in place, and a blob is removed only when no row names it.
 */
export const files = pgTable(
  'files',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    /** The original name, sanitized; never part of a storage path. */
    name: text().notNull(),
    mimeType: text().notNull(),
    kind: text().$type<FileKind>().notNull(),
    size: bigint({ mode: 'number' }).notNull(),
    /** SHA-256 (hex) of the stored bytes, which is also the storage key. */
    checksum: text().notNull(),
    /** Storage key of the WebP thumbnail (images only). */
    thumbnailChecksum: text(),
    thumbnailSize: integer(),
    width: integer(),
    height: integer(),
    // Restrict: a user's family documents must not vanish with the account.
    ownerId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** A category of kind `file`; deleting the category leaves its files without one. */
    categoryId: integer().references((): AnyPgColumn => categories.id, { onDelete: 'set null' }),
    description: text().notNull().default(''),
    visibility: text().$type<FileVisibility>().notNull().default('members'),
    /** Name and description lower-cased in application code, for `q` search. */
    searchKey: text().notNull().default(''),
    /**
     * 'upload' (the Files page), or 'gedcom': brought in by a GEDZip import, so a replacing
     * import removes it with the old tree once nothing links to it (replace-tree.ts).
     */
    origin: text().$type<FileOrigin>().notNull().default('upload'),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index().on(table.ownerId),
    index().on(table.categoryId),
    index().on(table.checksum),
    index().on(table.thumbnailChecksum),
    index().on(table.createdAt),
    index('files_search_key_trgm').using('gin', table.searchKey.op('gin_trgm_ops')),
    check('files_origin_check', sql`${table.origin} in ('upload', 'gedcom')`),
    check('files_visibility_check', sql`${table.visibility} in ('members', 'public')`),
    check(
      'files_kind_check',
      sql`${table.kind} in ('image', 'pdf', 'document', 'audio', 'video', 'text')`,
    ),
  ],
);
