CREATE TABLE "record_revisions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "record_revisions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"record_type" text NOT NULL,
	"record_id" integer,
	"action" text NOT NULL,
	"status" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"author_id" integer,
	"reviewer_id" integer,
	"comment" text,
	"reviewed_at" timestamp with time zone,
	"revert_of_id" integer,
	"reverted_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "record_revisions_type_check" CHECK ("record_revisions"."record_type" in ('place', 'source', 'note')),
	CONSTRAINT "record_revisions_action_check" CHECK ("record_revisions"."action" in ('create', 'update', 'delete')),
	CONSTRAINT "record_revisions_status_check" CHECK ("record_revisions"."status" in ('applied', 'pending', 'rejected'))
);
--> statement-breakpoint
ALTER TABLE "record_revisions" ADD CONSTRAINT "record_revisions_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_revisions" ADD CONSTRAINT "record_revisions_reviewer_id_users_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_revisions" ADD CONSTRAINT "record_revisions_revert_of_id_record_revisions_id_fk" FOREIGN KEY ("revert_of_id") REFERENCES "public"."record_revisions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_revisions" ADD CONSTRAINT "record_revisions_reverted_by_id_record_revisions_id_fk" FOREIGN KEY ("reverted_by_id") REFERENCES "public"."record_revisions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "record_revisions_record_type_record_id_id_index" ON "record_revisions" USING btree ("record_type","record_id","id");--> statement-breakpoint
CREATE INDEX "record_revisions_status_id_index" ON "record_revisions" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "record_revisions_author_id_index" ON "record_revisions" USING btree ("author_id");--> statement-breakpoint
CREATE INDEX "record_revisions_reviewer_id_index" ON "record_revisions" USING btree ("reviewer_id");--> statement-breakpoint
CREATE INDEX "record_revisions_revert_of_id_index" ON "record_revisions" USING btree ("revert_of_id");--> statement-breakpoint
CREATE INDEX "record_revisions_reverted_by_id_index" ON "record_revisions" USING btree ("reverted_by_id");