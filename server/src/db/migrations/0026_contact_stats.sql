-- The number of each user's contacts, kept by the database, so that the unfiltered contacts list reads
-- one row for an exact total instead of counting up to 1,000 rows past its start (decision 0031), as
-- company_stats does for companies (decision 0028). contact_stats.total counts every contact of the
-- user; contact_imports.row_count counts the contacts of one import (those of its own user), so that the
-- list subtracts the imports still pending (decision 0025), whose contacts it does not show yet. Marking
-- an import complete, or deleting it, changes nothing here: the list stops subtracting it. Statement-level
-- triggers with transition tables keep both, whatever writes (imports, merges, other processes,
-- cascades), in the writing statement's own transaction, so that they are exact in every snapshot. The
-- triggers are created before the backfill: they lock the table against writes until this migration
-- commits.
CREATE TABLE "contact_stats" (
	"user_id" integer PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"total" integer DEFAULT 0 NOT NULL
);--> statement-breakpoint
ALTER TABLE "contact_imports" ADD COLUMN "row_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE FUNCTION contact_stats_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO contact_stats AS stats (user_id, total)
    SELECT user_id, count(*) FROM inserted GROUP BY user_id ORDER BY user_id
  ON CONFLICT (user_id) DO UPDATE SET total = stats.total + excluded.total;
  UPDATE contact_imports AS imports SET row_count = imports.row_count + added.rows
  FROM (SELECT import_id, user_id, count(*) AS rows FROM inserted WHERE import_id IS NOT NULL
        GROUP BY import_id, user_id) AS added
  WHERE imports.id = added.import_id AND imports.user_id = added.user_id;
  RETURN NULL;
END $$;--> statement-breakpoint
-- Deletes only update: a user being deleted loses the row through its own cascade, and an insert here
-- would then violate the foreign key.
CREATE FUNCTION contact_stats_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE contact_stats AS stats SET total = stats.total - gone.rows
  FROM (SELECT user_id, count(*) AS rows FROM deleted GROUP BY user_id) AS gone
  WHERE stats.user_id = gone.user_id;
  UPDATE contact_imports AS imports SET row_count = imports.row_count - gone.rows
  FROM (SELECT import_id, user_id, count(*) AS rows FROM deleted WHERE import_id IS NOT NULL
        GROUP BY import_id, user_id) AS gone
  WHERE imports.id = gone.import_id AND imports.user_id = gone.user_id;
  RETURN NULL;
END $$;--> statement-breakpoint
-- No write of the product moves a contact to another user or import; should one, the row counts as
-- deleted from where it was and inserted where it is. A row trigger whose WHEN is false costs nothing,
-- where a statement trigger would copy every updated row of every edit into transition tables.
CREATE FUNCTION contact_stats_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE contact_stats SET total = total - 1 WHERE user_id = OLD.user_id;
  INSERT INTO contact_stats AS stats (user_id, total) VALUES (NEW.user_id, 1)
  ON CONFLICT (user_id) DO UPDATE SET total = stats.total + 1;
  UPDATE contact_imports SET row_count = row_count - 1 WHERE id = OLD.import_id AND user_id = OLD.user_id;
  UPDATE contact_imports SET row_count = row_count + 1 WHERE id = NEW.import_id AND user_id = NEW.user_id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION contact_stats_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE contact_stats SET total = 0 WHERE total <> 0;
  UPDATE contact_imports SET row_count = 0 WHERE row_count <> 0;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER contact_stats_inserted AFTER INSERT ON "contacts" REFERENCING NEW TABLE AS inserted
  FOR EACH STATEMENT EXECUTE FUNCTION contact_stats_inserted();--> statement-breakpoint
CREATE TRIGGER contact_stats_deleted AFTER DELETE ON "contacts" REFERENCING OLD TABLE AS deleted
  FOR EACH STATEMENT EXECUTE FUNCTION contact_stats_deleted();--> statement-breakpoint
CREATE TRIGGER contact_stats_moved AFTER UPDATE OF user_id, import_id ON "contacts" FOR EACH ROW
  WHEN (OLD.user_id IS DISTINCT FROM NEW.user_id OR OLD.import_id IS DISTINCT FROM NEW.import_id)
  EXECUTE FUNCTION contact_stats_moved();--> statement-breakpoint
CREATE TRIGGER contact_stats_truncated AFTER TRUNCATE ON "contacts"
  FOR EACH STATEMENT EXECUTE FUNCTION contact_stats_truncated();--> statement-breakpoint
INSERT INTO contact_stats (user_id, total) SELECT user_id, count(*) FROM contacts GROUP BY user_id;--> statement-breakpoint
UPDATE contact_imports AS imports SET row_count = counted.rows
FROM (SELECT import_id, user_id, count(*) AS rows FROM contacts WHERE import_id IS NOT NULL
      GROUP BY import_id, user_id) AS counted
WHERE imports.id = counted.import_id AND imports.user_id = counted.user_id;
