CREATE TABLE "events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"owner_id" integer NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"all_day" boolean DEFAULT false NOT NULL,
	"timezone" text DEFAULT 'UTC' NOT NULL,
	"location" text,
	"event_type" text DEFAULT 'meeting' NOT NULL,
	"project" text,
	"participants" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"alert_minutes" integer DEFAULT 15 NOT NULL,
	"repeat_pattern" text DEFAULT 'none' NOT NULL,
	"repeat_interval" integer DEFAULT 1 NOT NULL,
	"repeat_days" integer[] DEFAULT '{}' NOT NULL,
	"repeat_end_date" timestamp with time zone,
	"notes" text,
	"google_sync" boolean DEFAULT true NOT NULL,
	"ical_uid" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "events_owner_start_idx" ON "events" USING btree ("owner_id","start_at");--> statement-breakpoint
CREATE INDEX "events_participants_idx" ON "events" USING gin ("participants" jsonb_path_ops);