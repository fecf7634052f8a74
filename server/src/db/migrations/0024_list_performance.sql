-- The search text of contacts and companies becomes a stored column, lower-cased (decision 0028). A trigram
-- index on an expression rechecks every candidate row by computing the expression again: about 2 µs a
-- row for contact_search_text (a SQL function over concat_ws, which PostgreSQL cannot inline), plus an
-- ILIKE that lower-cases the whole text again. The stored column is read instead, and searches compare
-- it with LIKE against the lower-cased pattern (what ILIKE does internally), about 4 times cheaper a row.
-- Writes compute the text once, as they did for the expression index.
ALTER TABLE "contacts" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(contact_search_text("full_name", "first_name", "last_name", "email", "phone", "mobile", "organization", "job_title", "tags", "notes"))) STORED;--> statement-breakpoint
DROP INDEX "contacts_search_text_trgm_idx";--> statement-breakpoint
CREATE INDEX "contacts_search_text_trgm_idx" ON "contacts" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
-- The default order's index carries import_id, the column of the pending-import test every list query
-- makes (decision 0025): once VACUUM (autovacuum, or PGlite's maintenance job) has set the visibility map,
-- a deep page and a count are read from the index alone instead of visiting a heap row per entry.
DROP INDEX "contacts_user_created_at_idx";--> statement-breakpoint
CREATE INDEX "contacts_user_created_at_idx" ON "contacts" USING btree ("user_id","created_at","id") INCLUDE ("import_id");--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(company_search_text("record", "categories", "description", "twitter", "tags", "domains"))) STORED;--> statement-breakpoint
DROP INDEX "companies_search_trgm_idx";--> statement-breakpoint
CREATE INDEX "companies_search_trgm_idx" ON "companies" USING gin ("search_text" gin_trgm_ops);
--> statement-breakpoint
-- The Total Companies and Active Companies cards of every companies list response, kept by the
-- database instead of counted on each request (count(*) over all of a user's companies: 9 ms at 50,000
-- on PostgreSQL, more on PGlite). Statement-level triggers with transition tables update one row per
-- user a statement touched, whatever wrote (imports, merges, other processes, cascades), in the
-- statement's own transaction, so the counts are exact in every snapshot. The triggers are created
-- before the backfill: they lock the table against writes until this migration commits.
CREATE TABLE "company_stats" (
	"user_id" integer PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"total" integer DEFAULT 0 NOT NULL,
	"active" integer DEFAULT 0 NOT NULL
);--> statement-breakpoint
CREATE FUNCTION company_stats_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO company_stats AS stats (user_id, total, active)
    SELECT user_id, count(*), count(*) FILTER (WHERE connection_strength = 'strong')
    FROM inserted GROUP BY user_id ORDER BY user_id
  ON CONFLICT (user_id) DO UPDATE
    SET total = stats.total + excluded.total, active = stats.active + excluded.active;
  RETURN NULL;
END $$;--> statement-breakpoint
-- Deletes only update: a user being deleted loses the row through its own cascade, and an insert here
-- would then violate the foreign key.
CREATE FUNCTION company_stats_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE company_stats AS stats SET total = stats.total - gone.total, active = stats.active - gone.active
  FROM (SELECT user_id, count(*) AS total, count(*) FILTER (WHERE connection_strength = 'strong') AS active
        FROM deleted GROUP BY user_id) AS gone
  WHERE stats.user_id = gone.user_id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION company_stats_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO company_stats AS stats (user_id, total, active)
    SELECT user_id, sum(total), sum(active) FROM (
      SELECT user_id, 1 AS total, (connection_strength IS NOT DISTINCT FROM 'strong')::int AS active FROM inserted
      UNION ALL
      SELECT user_id, -1, -((connection_strength IS NOT DISTINCT FROM 'strong')::int) FROM deleted
    ) AS changes
    GROUP BY user_id HAVING sum(total) <> 0 OR sum(active) <> 0 ORDER BY user_id
  ON CONFLICT (user_id) DO UPDATE
    SET total = stats.total + excluded.total, active = stats.active + excluded.active;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER company_stats_inserted AFTER INSERT ON "companies" REFERENCING NEW TABLE AS inserted
  FOR EACH STATEMENT EXECUTE FUNCTION company_stats_inserted();--> statement-breakpoint
CREATE TRIGGER company_stats_deleted AFTER DELETE ON "companies" REFERENCING OLD TABLE AS deleted
  FOR EACH STATEMENT EXECUTE FUNCTION company_stats_deleted();--> statement-breakpoint
CREATE TRIGGER company_stats_updated AFTER UPDATE ON "companies" REFERENCING OLD TABLE AS deleted NEW TABLE AS inserted
  FOR EACH STATEMENT EXECUTE FUNCTION company_stats_updated();--> statement-breakpoint
INSERT INTO company_stats (user_id, total, active)
  SELECT user_id, count(*), count(*) FILTER (WHERE connection_strength = 'strong') FROM companies GROUP BY user_id;
--> statement-breakpoint
CREATE FUNCTION company_stats_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE company_stats SET total = 0, active = 0;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER company_stats_truncated AFTER TRUNCATE ON "companies"
  FOR EACH STATEMENT EXECUTE FUNCTION company_stats_truncated();
