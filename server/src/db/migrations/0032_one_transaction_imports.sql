-- Imports are one transaction again (decision 43): a crash rolls them back, so nothing is left
-- pending. What PGlite's staged imports left after a crash is removed here, as their undo would have at
-- the next start: the contacts of imports still marked pending, and the rows recorded by undo jobs of
-- company and .ics imports (runs of ids, [first, last]).
DELETE FROM "contacts" WHERE "import_id" IN (SELECT "id" FROM "contact_imports" WHERE "pending");--> statement-breakpoint
DELETE FROM "contact_imports" WHERE "pending";--> statement-breakpoint
ALTER TABLE "contact_imports" DROP COLUMN "pending";--> statement-breakpoint
DELETE FROM "companies" AS c USING "jobs" AS j, jsonb_array_elements(j."payload"->'runs') AS run
  WHERE j."kind" = 'companies.import.undo' AND c."user_id" = (j."payload"->>'userId')::integer
    AND c."id" BETWEEN (run->>0)::integer AND (run->>1)::integer;--> statement-breakpoint
DELETE FROM "events" AS e USING "jobs" AS j, jsonb_array_elements(j."payload"->'runs') AS run
  WHERE j."kind" = 'events.import.undo' AND e."owner_id" = (j."payload"->>'userId')::integer
    AND e."id" BETWEEN (run->>0)::integer AND (run->>1)::integer;--> statement-breakpoint
DELETE FROM "jobs" WHERE "kind" IN ('companies.import.undo', 'events.import.undo');
