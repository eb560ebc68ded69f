CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"expire" timestamp with time zone
);
--> statement-breakpoint
-- Added by hand (drizzle-kit cannot express UNLOGGED): rate-limit counters are cheap to lose
-- in a database crash, and a login or a contact message should not wait for the WAL.
ALTER TABLE "rate_limits" SET UNLOGGED;
