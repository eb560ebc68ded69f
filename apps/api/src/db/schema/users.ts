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
    /**
     * `usernameSkeleton(username)`: names that read the same share it, and a new or renamed
     * account may not take one that is in use (docs/security.md, Look-alike usernames). Null
     * on accounts made before it was kept: they are compared by their username.
     */
    usernameSkeleton: text(),
    email: text(),
    emailKey: text(),
    /**
     * When the member opened the confirmation link sent to `email`; null until then, and again
     * whenever the address changes. Only a confirmed address receives mail other than that link.
     */
    emailVerifiedAt: timestamp({ withTimezone: true }),
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
    /**
     * The TOTP secret of two-factor sign-in, sealed (AES-256-GCM, lib/sealing.ts); set by the
     * set-up, in force only once `totpEnabledAt` is set by a confirming code.
     */
    totpSecret: text(),
    totpEnabledAt: timestamp({ withTimezone: true }),
    /** The time step of the last code that signed in: a code is never accepted twice. */
    totpLastStep: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('users_username_key_unique').on(table.usernameKey),
    index('users_username_skeleton_index').on(table.usernameSkeleton),
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
