import type { FollowScope, NoticeKind, NoticeType } from '@bagysh/shared';
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { persons } from './genealogy';
import { users } from './users';

/**
 * Notices of what happened, kept for their owner (docs/features.md, Notices): the Kyrgyz text is
 * written once, when the notice is made. `mail_state` says whether it still waits to be mailed
 * (`pending`), was queued for mail (`sent`) or was not mailed (`skipped`: the kind switched off,
 * no confirmed address).
 */
export const notices = pgTable(
  'notices',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text().$type<NoticeType>().notNull(),
    kind: text().$type<NoticeKind>().notNull(),
    title: text().notNull(),
    lines: jsonb().$type<string[]>().notNull().default([]),
    comment: text(),
    /** A path of the site (`/contributions`). */
    link: text(),
    readAt: timestamp({ withTimezone: true }),
    mailState: text().$type<'pending' | 'sent' | 'skipped'>().notNull().default('pending'),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index().on(table.userId, table.id),
    // The badge's count and the mail dispatcher's queue: both few rows.
    index('notices_unread_index')
      .on(table.userId)
      .where(sql`${table.readAt} is null`),
    index('notices_mail_pending_index')
      .on(table.id)
      .where(sql`${table.mailState} = 'pending'`),
    check('notices_kind_check', sql`${table.kind} in ('reviews', 'follows', 'moderation')`),
    check('notices_mail_state_check', sql`${table.mailState} in ('pending', 'sent', 'skipped')`),
  ],
);

/** The kinds of notice a member does not want mailed (every kind is mailed by default). */
export const noticeMailOptOuts = pgTable(
  'notice_mail_opt_outs',
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text().$type<NoticeKind>().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.kind] }),
    check(
      'notice_mail_opt_outs_kind_check',
      sql`${table.kind} in ('reviews', 'follows', 'moderation')`,
    ),
  ],
);

/** A member follows a person, or a branch (the person and their descendants): the weekly digest. */
export const follows = pgTable(
  'follows',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    personId: integer()
      .notNull()
      .references(() => persons.id, { onDelete: 'cascade' }),
    scope: text().$type<FollowScope>().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('follows_user_person_unique').on(table.userId, table.personId),
    index().on(table.personId),
    check('follows_scope_check', sql`${table.scope} in ('person', 'branch')`),
  ],
);
