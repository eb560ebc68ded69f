import type { CategoryKind, ContentStatus, PageKey } from '@bagysh/shared';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { files } from './files';
import { persons } from './genealogy';
import { users } from './users';

/** Categories of articles, news and uploaded files (one list, told apart by `kind`). */
export const categories = pgTable(
  'categories',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    name: text().notNull(),
    /** Lower-case Latin, unique across kinds: usable in URLs (`?category=baatyrlar`). */
    slug: text().notNull(),
    description: text().notNull().default(''),
    kind: text().$type<CategoryKind>().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('categories_slug_unique').on(table.slug),
    index().on(table.kind),
    check('categories_kind_check', sql`${table.kind} in ('article', 'news', 'file')`),
  ],
);

export type PostKind = 'article' | 'news';

/**
 * Articles about notable persons and news items: one shape, one table, told apart by `kind`
 * (news never links a person).
 */
export const posts = pgTable(
  'posts',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    kind: text().$type<PostKind>().notNull(),
    /** Plain text. */
    title: text().notNull(),
    /** Plain text. */
    lead: text().notNull().default(''),
    /** HTML sanitized with the allow-list of lib/sanitize-html.ts before it is stored. */
    body: text().notNull().default(''),
    /** The person an article is about; the article stays, unlinked, if the person goes. */
    personId: integer().references(() => persons.id, { onDelete: 'set null' }),
    // Restrict: the categories service empties or refuses first, with a message naming counts.
    categoryId: integer().references(() => categories.id, { onDelete: 'restrict' }),
    /** A public image in the files API; the item loses its cover if the file is deleted. */
    coverFileId: integer().references((): AnyPgColumn => files.id, { onDelete: 'set null' }),
    authorId: integer().references(() => users.id, { onDelete: 'set null' }),
    status: text().$type<ContentStatus>().notNull().default('draft'),
    /** First publication; kept when an edit sends the item back to moderation. */
    publishedAt: timestamp({ withTimezone: true }),
    /**
     * foldName() of title, lead and body text: search in any spelling (docs/genealogy.md, Search).
     */
    searchKey: text().notNull().default(''),
    /** Sample row of the demonstration data (db/seed.ts); `npm run demo:remove` deletes these. */
    isDemo: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index().on(table.kind, table.status, table.publishedAt),
    index().on(table.personId),
    index().on(table.categoryId),
    index().on(table.coverFileId),
    index().on(table.authorId),
    index('posts_search_key_trgm').using('gin', table.searchKey.op('gin_trgm_ops')),
    check('posts_kind_check', sql`${table.kind} in ('article', 'news')`),
    check('posts_status_check', sql`${table.status} in ('draft', 'pending', 'published')`),
    check(
      'posts_person_only_articles',
      sql`${table.kind} = 'article' or ${table.personId} is null`,
    ),
  ],
);

/**
 * The admin-edited pages: about, founders, contacts. Title and body are common; `data` holds
 * the rest (founders: `{founders: [...]}`; contacts: address, phone, e-mail, socials, map link).
 */
export const sitePages = pgTable(
  'site_pages',
  {
    key: text().$type<PageKey>().primaryKey(),
    title: text().notNull(),
    body: text().notNull().default(''),
    data: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    updatedById: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index().on(table.updatedById),
    check('site_pages_key_check', sql`${table.key} in ('about', 'founders', 'contacts')`),
  ],
);

/** Messages sent through the contact form; admins read them and mark them handled. */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    name: text().notNull(),
    email: text(),
    phone: text(),
    message: text().notNull(),
    handled: boolean().notNull().default(false),
    handledAt: timestamp({ withTimezone: true }),
    handledById: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index().on(table.handled, table.createdAt), index().on(table.handledById)],
);
