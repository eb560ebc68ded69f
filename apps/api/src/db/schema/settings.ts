import { integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Small key/value facts about this installation (e.g. whether demo data was loaded). */
export const appSettings = pgTable('app_settings', {
  key: text().primaryKey(),
  value: jsonb().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * Counters of rate-limiter-flexible's Drizzle store (`lib/rate-limits.ts`): request limits
 * and the login throttle, shared by every API process on one database. The library's own
 * shape (no timestamps of ours: `expire` is the end of the counter's window); unlogged (set
 * by hand in its migration), since losing counters in a database crash costs nothing.
 */
export const rateLimits = pgTable('rate_limits', {
  key: text().primaryKey(),
  points: integer().notNull().default(0),
  expire: timestamp({ withTimezone: true }),
});
