CREATE TABLE "poll_ballot_choices" (
	"ballot_id" integer NOT NULL,
	"option_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "poll_ballot_choices_ballot_id_option_id_pk" PRIMARY KEY("ballot_id","option_id")
);
--> statement-breakpoint
CREATE TABLE "poll_ballots" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "poll_ballots_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"poll_id" integer NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "poll_options" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "poll_options_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"poll_id" integer NOT NULL,
	"position" integer NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "polls" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "polls_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"question" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"multiple" boolean DEFAULT false NOT NULL,
	"max_choices" integer,
	"anonymous" boolean DEFAULT true NOT NULL,
	"allow_change" boolean DEFAULT true NOT NULL,
	"closes_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"closed_by" integer,
	"cancel_reason" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "polls_status_check" CHECK ("polls"."status" in ('active', 'canceled', 'finished')),
	CONSTRAINT "polls_max_choices_check" CHECK (("polls"."multiple" and ("polls"."max_choices" is null or "polls"."max_choices" >= 2))
        or (not "polls"."multiple" and "polls"."max_choices" = 1)),
	CONSTRAINT "polls_cancel_reason_check" CHECK (("polls"."status" = 'canceled') = ("polls"."cancel_reason" is not null))
);
--> statement-breakpoint
ALTER TABLE "poll_ballot_choices" ADD CONSTRAINT "poll_ballot_choices_ballot_id_poll_ballots_id_fk" FOREIGN KEY ("ballot_id") REFERENCES "public"."poll_ballots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "poll_ballot_choices" ADD CONSTRAINT "poll_ballot_choices_option_id_poll_options_id_fk" FOREIGN KEY ("option_id") REFERENCES "public"."poll_options"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "poll_ballots" ADD CONSTRAINT "poll_ballots_poll_id_polls_id_fk" FOREIGN KEY ("poll_id") REFERENCES "public"."polls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "poll_ballots" ADD CONSTRAINT "poll_ballots_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "poll_options" ADD CONSTRAINT "poll_options_poll_id_polls_id_fk" FOREIGN KEY ("poll_id") REFERENCES "public"."polls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "polls" ADD CONSTRAINT "polls_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "polls" ADD CONSTRAINT "polls_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "poll_ballot_choices_option_id_index" ON "poll_ballot_choices" USING btree ("option_id");--> statement-breakpoint
CREATE UNIQUE INDEX "poll_ballots_poll_id_user_id_unique" ON "poll_ballots" USING btree ("poll_id","user_id");--> statement-breakpoint
CREATE INDEX "poll_ballots_user_id_index" ON "poll_ballots" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "poll_options_poll_id_position_unique" ON "poll_options" USING btree ("poll_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "poll_options_poll_id_text_unique" ON "poll_options" USING btree ("poll_id","text");--> statement-breakpoint
CREATE INDEX "polls_created_by_index" ON "polls" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "polls_closed_by_index" ON "polls" USING btree ("closed_by");--> statement-breakpoint
CREATE INDEX "polls_created_at_index" ON "polls" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "polls_active_closes_at_index" ON "polls" USING btree ("closes_at") WHERE "polls"."status" = 'active' and "polls"."closes_at" is not null;