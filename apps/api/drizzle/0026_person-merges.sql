CREATE TABLE "merged_persons" (
	"merged_id" integer PRIMARY KEY NOT NULL,
	"survivor_id" integer NOT NULL,
	"restore" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "merged_persons_survivor_id_index" ON "merged_persons" USING btree ("survivor_id");