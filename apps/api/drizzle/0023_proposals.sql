CREATE TABLE "proposals" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "proposals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"record_id" integer,
	"action" text NOT NULL,
	"status" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"base_version" integer,
	"author_id" integer,
	"reviewer_id" integer,
	"comment" text,
	"reviewed_at" timestamp with time zone,
	"revert_of_id" integer,
	"reverted_by_id" integer,
	"legacy_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "proposals_action_check" CHECK ("proposals"."action" in ('create', 'update', 'delete')),
	CONSTRAINT "proposals_status_check" CHECK ("proposals"."status" in ('applied', 'pending', 'rejected'))
);
--> statement-breakpoint
-- Added by hand: both kinds of revision move into "proposals" before their tables go.
-- Person revisions keep their ids (every old /api/revisions/{id}/ link stays right).
INSERT INTO "proposals" ("id", "kind", "record_id", "action", "status", "before", "after", "base_version", "author_id", "reviewer_id", "comment", "reviewed_at", "revert_of_id", "reverted_by_id", "legacy_id", "created_at", "updated_at") OVERRIDING SYSTEM VALUE
SELECT "id", 'person', "person_id", "action", "status", "before", "after", "base_version", "author_id", "reviewer_id", "comment", "reviewed_at", "revert_of_id", "reverted_by_id", NULL, "created_at", "updated_at"
FROM "person_revisions";--> statement-breakpoint
-- Revisions of places, sources and notes are numbered on, in their old order, above the largest
-- old id of both tables, so that no new id is an old record revision's id: the old id is kept
-- in "legacy_id", and /api/record-revisions/{old id}/ finds the row by it. Their links to each
-- other (revert_of, reverted_by) follow them to the new ids.
WITH "top" AS (
  SELECT greatest((SELECT coalesce(max("id"), 0) FROM "person_revisions"), (SELECT coalesce(max("id"), 0) FROM "record_revisions")) AS "id"
), "renumbered" AS (
  SELECT "r"."id" AS "old_id", (SELECT "id" FROM "top") + row_number() OVER (ORDER BY "r"."id") AS "new_id"
  FROM "record_revisions" "r"
)
INSERT INTO "proposals" ("id", "kind", "record_id", "action", "status", "before", "after", "base_version", "author_id", "reviewer_id", "comment", "reviewed_at", "revert_of_id", "reverted_by_id", "legacy_id", "created_at", "updated_at") OVERRIDING SYSTEM VALUE
SELECT "n"."new_id", "r"."record_type", "r"."record_id", "r"."action", "r"."status", "r"."before", "r"."after", NULL, "r"."author_id", "r"."reviewer_id", "r"."comment", "r"."reviewed_at",
  (SELECT "new_id" FROM "renumbered" WHERE "old_id" = "r"."revert_of_id"),
  (SELECT "new_id" FROM "renumbered" WHERE "old_id" = "r"."reverted_by_id"),
  "r"."id", "r"."created_at", "r"."updated_at"
FROM "record_revisions" "r" JOIN "renumbered" "n" ON "n"."old_id" = "r"."id";--> statement-breakpoint
-- New ids go on above every id the table holds now.
SELECT setval(pg_get_serial_sequence('"proposals"', 'id'), greatest("t"."top", 1), "t"."top" > 0)
FROM (SELECT coalesce(max("id"), 0) AS "top" FROM "proposals") "t";--> statement-breakpoint
DROP TABLE "person_revisions" CASCADE;--> statement-breakpoint
DROP TABLE "record_revisions" CASCADE;--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_reviewer_id_users_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_revert_of_id_proposals_id_fk" FOREIGN KEY ("revert_of_id") REFERENCES "public"."proposals"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_reverted_by_id_proposals_id_fk" FOREIGN KEY ("reverted_by_id") REFERENCES "public"."proposals"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "proposals_kind_record_id_id_index" ON "proposals" USING btree ("kind","record_id","id");--> statement-breakpoint
CREATE INDEX "proposals_status_kind_id_index" ON "proposals" USING btree ("status","kind","id");--> statement-breakpoint
CREATE INDEX "proposals_author_id_index" ON "proposals" USING btree ("author_id");--> statement-breakpoint
CREATE INDEX "proposals_reviewer_id_index" ON "proposals" USING btree ("reviewer_id");--> statement-breakpoint
CREATE INDEX "proposals_revert_of_id_index" ON "proposals" USING btree ("revert_of_id");--> statement-breakpoint
CREATE INDEX "proposals_reverted_by_id_index" ON "proposals" USING btree ("reverted_by_id");--> statement-breakpoint
CREATE UNIQUE INDEX "proposals_legacy_id_index" ON "proposals" USING btree ("legacy_id");