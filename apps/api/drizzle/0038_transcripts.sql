CREATE TABLE "transcript_segments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "transcript_segments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"transcript_id" integer NOT NULL,
	"position" integer NOT NULL,
	"start_ms" integer NOT NULL,
	"speaker" text DEFAULT '' NOT NULL,
	"text" text NOT NULL,
	"search_key" text GENERATED ALWAYS AS (search_fold(speaker || ' ' || text)) STORED NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transcripts" (
	"id" integer PRIMARY KEY NOT NULL,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "transcript_segments" ADD CONSTRAINT "transcript_segments_transcript_id_transcripts_id_fk" FOREIGN KEY ("transcript_id") REFERENCES "public"."transcripts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transcripts" ADD CONSTRAINT "transcripts_id_files_id_fk" FOREIGN KEY ("id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transcripts" ADD CONSTRAINT "transcripts_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "transcript_segments_position_unique" ON "transcript_segments" USING btree ("transcript_id","position");--> statement-breakpoint
CREATE INDEX "transcript_segments_search_key_trgm" ON "transcript_segments" USING gin ("search_key" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "transcripts_created_by_id_index" ON "transcripts" USING btree ("created_by_id") WHERE "transcripts"."created_by_id" is not null;