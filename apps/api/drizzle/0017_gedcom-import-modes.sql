CREATE TABLE "gedcom_previews" (
	"id" uuid PRIMARY KEY NOT NULL,
	"file_name" text,
	"file_sha256" text NOT NULL,
	"file_size" bigint NOT NULL,
	"result" jsonb NOT NULL,
	"created_by_id" integer,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "gedcom_jobs" ADD COLUMN "mode" text DEFAULT 'add' NOT NULL;--> statement-breakpoint
ALTER TABLE "gedcom_jobs" ADD COLUMN "file_sha256" text;--> statement-breakpoint
ALTER TABLE "gedcom_jobs" ADD COLUMN "file_size" bigint;--> statement-breakpoint
ALTER TABLE "gedcom_jobs" ADD COLUMN "backup_name" text;--> statement-breakpoint
ALTER TABLE "gedcom_jobs" ADD COLUMN "counts" jsonb;--> statement-breakpoint
ALTER TABLE "gedcom_previews" ADD CONSTRAINT "gedcom_previews_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gedcom_previews_created_by_id_index" ON "gedcom_previews" USING btree ("created_by_id");--> statement-breakpoint
CREATE INDEX "gedcom_previews_expires_at_index" ON "gedcom_previews" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "gedcom_jobs_file_sha256_index" ON "gedcom_jobs" USING btree ("file_sha256");--> statement-breakpoint
CREATE INDEX "gedcom_jobs_created_at_index" ON "gedcom_jobs" USING btree ("created_at");