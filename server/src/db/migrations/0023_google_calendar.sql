-- Google Calendar sync (issue 15, ADR 0022): the account's calendar sync state, the link between a Relate event
-- and its Google event (etag, the values both sides agreed on), and the changes waiting for review.
ALTER TABLE "google_accounts" ADD COLUMN "calendar_sync_token" text;--> statement-breakpoint
ALTER TABLE "google_accounts" ADD COLUMN "calendar_sync_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "google_accounts" ADD COLUMN "calendar_last_error" text;--> statement-breakpoint
CREATE TABLE "google_calendar_links" (
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"google_event_id" text NOT NULL,
	"event_id" integer REFERENCES "events"("id") ON DELETE SET NULL,
	"etag" text,
	"synced" jsonb,
	"read_only_reason" text,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "google_calendar_links_pkey" PRIMARY KEY("user_id","google_event_id")
);--> statement-breakpoint
CREATE UNIQUE INDEX "google_calendar_links_event_key" ON "google_calendar_links" USING btree ("event_id");--> statement-breakpoint
CREATE TABLE "google_calendar_reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"google_event_id" text NOT NULL,
	"series_google_id" text,
	"kind" text NOT NULL,
	"etag" text NOT NULL,
	"google" jsonb NOT NULL,
	"event_id" integer REFERENCES "events"("id") ON DELETE CASCADE,
	"changes" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX "google_calendar_reviews_user_event_key" ON "google_calendar_reviews" USING btree ("user_id","google_event_id");--> statement-breakpoint
CREATE INDEX "google_calendar_reviews_user_idx" ON "google_calendar_reviews" USING btree ("user_id","created_at");
