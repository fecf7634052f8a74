-- Issue 30, items 1 and 6: a Google authorization is finished only in the browser that started it. The
-- states pending during the upgrade (10 minutes at most) were not bound to a browser: they are dropped.
DELETE FROM "google_oauth_states";--> statement-breakpoint
ALTER TABLE "google_oauth_states" ADD COLUMN "browser_nonce_hash" text NOT NULL;
