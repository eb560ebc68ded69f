import { readMigrationFiles } from 'drizzle-orm/migrator';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { MIGRATIONS_DIR } from '../lib/paths';

/**
 * The archive: a gzipped tar of
 * - `manifest.json` (first): what the rest must hold, so a truncated archive is noticed;
 * - `tables/<table>.jsonl`: every row of each table of the `public` schema, one
 *   `row_to_json` object a line, so any PostgreSQL (embedded or not) can load it;
 * - `files/ab/cd/<sha256>`: each uploaded blob the rows name, laid out as in DATA_DIR/files.
 */
export const BACKUP_FORMAT = 'bagysh-backup';
export const BACKUP_VERSION = 1;
export const MANIFEST = 'manifest.json';
export const TABLES_DIR = 'tables';
export const FILES_DIR = 'files';

export const ManifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  version: z.number().int(),
  createdAt: z.string(),
  source: z.enum(['pglite', 'postgres']),
  /** The last migration applied to the backed-up database (drizzle's `created_at`, the journal's `when`). */
  migration: z.object({ when: z.number(), tag: z.string().nullable(), count: z.number().int() }),
  tables: z.array(
    z.object({ name: z.string().regex(/^[a-z_][a-z0-9_]*$/), rows: z.number().int() }),
  ),
  /** Sequences of the `public` schema and their last value (null: never used). */
  sequences: z.array(z.object({ name: z.string(), value: z.string().nullable() })),
  files: z.array(z.object({ key: z.string().regex(/^[0-9a-f]{64}$/), size: z.number().int() })),
  /** Blobs the rows name that the storage did not have when the backup was taken. */
  missingFiles: z.array(z.string().regex(/^[0-9a-f]{64}$/)).default([]),
});
export type Manifest = z.infer<typeof ManifestSchema>;

export const tablePath = (table: string) => `${TABLES_DIR}/${table}.jsonl`;
export const blobPath = (key: string) =>
  `${FILES_DIR}/${key.slice(0, 2)}/${key.slice(2, 4)}/${key}`;

export interface Migration {
  tag: string;
  when: number;
  hash: string;
  statements: string[];
}

/** The committed migrations, in order, as drizzle applies them. */
export function localMigrations(): Migration[] {
  const journal = JSON.parse(
    readFileSync(join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8'),
  ) as { entries: { tag: string; when: number }[] };
  const files = readMigrationFiles({ migrationsFolder: MIGRATIONS_DIR });
  return journal.entries.map((entry, index) => {
    const file = files[index];
    if (!file) throw new Error(`migration ${entry.tag} is missing`);
    return { tag: entry.tag, when: entry.when, hash: file.hash, statements: file.sql };
  });
}

/** A problem a person running backup or restore can act on; the CLI prints only the message. */
export class BackupError extends Error {
  override name = 'BackupError';
}
