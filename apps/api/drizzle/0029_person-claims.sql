CREATE TABLE "person_claims" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "person_claims_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"person_id" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"note" text NOT NULL,
	"comment" text,
	"reviewed_by_id" integer,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "person_claims_status_check" CHECK ("person_claims"."status" in ('pending', 'approved', 'rejected', 'withdrawn', 'unlinked'))
);
--> statement-breakpoint
ALTER TABLE "person_claims" ADD CONSTRAINT "person_claims_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "person_claims" ADD CONSTRAINT "person_claims_person_id_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "person_claims" ADD CONSTRAINT "person_claims_reviewed_by_id_users_id_fk" FOREIGN KEY ("reviewed_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "person_claims_user_id_index" ON "person_claims" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "person_claims_person_id_index" ON "person_claims" USING btree ("person_id");--> statement-breakpoint
CREATE INDEX "person_claims_reviewed_by_id_index" ON "person_claims" USING btree ("reviewed_by_id") WHERE "person_claims"."reviewed_by_id" is not null;--> statement-breakpoint
CREATE INDEX "person_claims_status_index" ON "person_claims" USING btree ("status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "person_claims_person_linked_unique" ON "person_claims" USING btree ("person_id") WHERE "person_claims"."status" = 'approved';--> statement-breakpoint
CREATE UNIQUE INDEX "person_claims_user_linked_unique" ON "person_claims" USING btree ("user_id") WHERE "person_claims"."status" = 'approved';--> statement-breakpoint
CREATE UNIQUE INDEX "person_claims_user_pending_unique" ON "person_claims" USING btree ("user_id") WHERE "person_claims"."status" = 'pending';