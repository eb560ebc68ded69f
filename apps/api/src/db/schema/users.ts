import type { Role } from '@bagysh/shared';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { files } from './files';

export const users = pgTable(
  'users',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    username: text().notNull(),
    /**
     * Folded in application code (docs/genealogy.md, Search: lower() fails on Ү/Ө under
     * LC_CTYPE=C).
     */
    usernameKey: text().notNull(),
    email: text(),
    emailKey: text(),
    fullName: text().notNull().default(''),
    /** `foldName(username) + ' ' + foldName(fullName)`: what the users directory searches. */
    searchKey: text().notNull().default(''),
    passwordHash: text().notNull(),
    role: text().$type<Role>().notNull().default('user'),
    isActive: boolean().notNull().default(true),
    /** An uploaded image in the files API; deleting the file removes the avatar. */
    avatarFileId: integer().references((): AnyPgColumn => files.id, { onDelete: 'set null' }),
    lastSeenAt: timestamp({ withTimezone: true }),
    /**
     * Access tokens carry the generation they were signed at; logout, a password
     * change and a block bump it, so every older access token is refused at once.
     */
    tokenGeneration: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('users_username_key_unique').on(table.usernameKey),
    uniqueIndex('users_email_key_unique')
      .on(table.emailKey)
      .where(sql`${table.emailKey} is not null`),
    index('users_avatar_file_id_index')
      .on(table.avatarFileId)
      .where(sql`${table.avatarFileId} is not null`),
    check('users_role_check', sql`${table.role} in ('user', 'moderator', 'admin')`),
  ],
);

/**
 * One row per issued refresh token. Rotation revokes the old row; presenting a
 * revoked token revokes its whole family (every token of that login).
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: uuid().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index().on(table.userId), index().on(table.familyId)],
);
