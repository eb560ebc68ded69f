ALTER TABLE "citations" ADD COLUMN "recording_file_id" integer;--> statement-breakpoint
ALTER TABLE "citations" ADD COLUMN "recording_at" integer;--> statement-breakpoint
ALTER TABLE "citations" ADD CONSTRAINT "citations_recording_file_id_files_id_fk" FOREIGN KEY ("recording_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "citations_recording_file_id_index" ON "citations" USING btree ("recording_file_id") WHERE "citations"."recording_file_id" is not null;--> statement-breakpoint
ALTER TABLE "citations" ADD CONSTRAINT "citations_recording_at_check" CHECK (coalesce("citations"."recording_at" >= 0, true));