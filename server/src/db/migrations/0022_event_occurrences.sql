-- One occurrence of a series changed on its own ("This event"): a row of its own linked to the series by
-- series_id and the occurrence's original start; a deleted occurrence: its original start in excluded_starts.
ALTER TABLE "events" ADD COLUMN "series_id" integer REFERENCES "events"("id") ON DELETE CASCADE;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "original_start" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "excluded_starts" timestamp with time zone[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "events_series_occurrence_idx" ON "events" USING btree ("series_id","original_start") WHERE "series_id" IS NOT NULL;
