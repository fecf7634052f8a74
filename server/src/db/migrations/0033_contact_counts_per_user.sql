-- Imports are one transaction (decision 43): nothing reads a contact count per import any more, and
-- keeping the import in each difference row meant a user's rows never folded below one per import.
-- The triggers now write per user only; what is there is folded to one row per user. The list's first
-- page no longer reads import_id from its index either.
CREATE OR REPLACE FUNCTION "contact_counts_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		INSERT INTO "contact_counts" ("user_id", "delta")
			SELECT "user_id", count(*) FROM "added" GROUP BY "user_id";
	ELSIF TG_OP = 'DELETE' THEN
		INSERT INTO "contact_counts" ("user_id", "delta")
			SELECT "user_id", "delta" FROM (
				SELECT "user_id", -count(*) AS "delta" FROM "removed" GROUP BY "user_id"
			) AS "gone"
			WHERE EXISTS (SELECT 1 FROM "users" u WHERE u."id" = "gone"."user_id");
	ELSE
		INSERT INTO "contact_counts" ("user_id", "delta")
			SELECT "user_id", sum("delta") FROM (
				SELECT "user_id", 1 AS "delta" FROM "added"
				UNION ALL
				SELECT "user_id", -1 FROM "removed"
			) AS "moved"
			GROUP BY "user_id" HAVING sum("delta") <> 0;
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
WITH "folded" AS (DELETE FROM "contact_counts" RETURNING "user_id", "delta")
INSERT INTO "contact_counts" ("user_id", "import_id", "delta")
	SELECT "user_id", NULL, sum("delta") FROM "folded" GROUP BY "user_id" HAVING sum("delta") <> 0;
--> statement-breakpoint
ALTER TABLE "contact_counts" DROP COLUMN "import_id";
--> statement-breakpoint
DROP INDEX "contacts_user_created_at_idx";--> statement-breakpoint
CREATE INDEX "contacts_user_created_at_idx" ON "contacts" USING btree ("user_id","created_at","id");
