CREATE TABLE "duplicate_candidates" (
	"person_a_id" integer NOT NULL,
	"person_b_id" integer NOT NULL,
	"score" real NOT NULL,
	"reasons" jsonb NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "duplicate_candidates_person_a_id_person_b_id_pk" PRIMARY KEY("person_a_id","person_b_id"),
	CONSTRAINT "duplicate_candidates_order_check" CHECK ("duplicate_candidates"."person_a_id" < "duplicate_candidates"."person_b_id")
);
--> statement-breakpoint
CREATE TABLE "duplicate_dismissals" (
	"person_a_id" integer NOT NULL,
	"person_b_id" integer NOT NULL,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "duplicate_dismissals_person_a_id_person_b_id_pk" PRIMARY KEY("person_a_id","person_b_id"),
	CONSTRAINT "duplicate_dismissals_order_check" CHECK ("duplicate_dismissals"."person_a_id" < "duplicate_dismissals"."person_b_id")
);
--> statement-breakpoint
CREATE TABLE "duplicate_pending" (
	"person_a_id" integer NOT NULL,
	"person_b_id" integer NOT NULL,
	CONSTRAINT "duplicate_pending_person_a_id_person_b_id_pk" PRIMARY KEY("person_a_id","person_b_id")
);
--> statement-breakpoint
CREATE TABLE "duplicate_runs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "duplicate_runs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"status" text NOT NULL,
	"full" boolean NOT NULL,
	"since" timestamp with time zone,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"pairs" integer DEFAULT 0 NOT NULL,
	"error" text,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "duplicate_runs_status_check" CHECK ("duplicate_runs"."status" in ('queued', 'running', 'done', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "duplicate_candidates" ADD CONSTRAINT "duplicate_candidates_person_a_id_persons_id_fk" FOREIGN KEY ("person_a_id") REFERENCES "public"."persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "duplicate_candidates" ADD CONSTRAINT "duplicate_candidates_person_b_id_persons_id_fk" FOREIGN KEY ("person_b_id") REFERENCES "public"."persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "duplicate_dismissals" ADD CONSTRAINT "duplicate_dismissals_person_a_id_persons_id_fk" FOREIGN KEY ("person_a_id") REFERENCES "public"."persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "duplicate_dismissals" ADD CONSTRAINT "duplicate_dismissals_person_b_id_persons_id_fk" FOREIGN KEY ("person_b_id") REFERENCES "public"."persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "duplicate_dismissals" ADD CONSTRAINT "duplicate_dismissals_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "duplicate_runs" ADD CONSTRAINT "duplicate_runs_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "duplicate_candidates_person_b_id_index" ON "duplicate_candidates" USING btree ("person_b_id");--> statement-breakpoint
CREATE INDEX "duplicate_candidates_score_index" ON "duplicate_candidates" USING btree ("score" desc,"person_a_id","person_b_id");--> statement-breakpoint
CREATE INDEX "duplicate_dismissals_person_b_id_index" ON "duplicate_dismissals" USING btree ("person_b_id");--> statement-breakpoint
CREATE INDEX "duplicate_dismissals_created_by_id_index" ON "duplicate_dismissals" USING btree ("created_by_id");--> statement-breakpoint
CREATE INDEX "duplicate_runs_created_by_id_index" ON "duplicate_runs" USING btree ("created_by_id");