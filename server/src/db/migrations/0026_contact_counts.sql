-- Each user's number of contacts, kept by the database as it changes (decision 0032): every statement
-- that adds or removes contacts adds one row per user and import with the difference. Rows are only ever
-- inserted, so writers never wait for each other on a counter; the maintenance job folds them together.
CREATE TABLE "contact_counts" (
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"import_id" integer,
	"delta" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "contact_counts_user_idx" ON "contact_counts" ("user_id");
--> statement-breakpoint
INSERT INTO "contact_counts" ("user_id", "import_id", "delta")
	SELECT "user_id", "import_id", count(*) FROM "contacts" GROUP BY "user_id", "import_id";
--> statement-breakpoint
-- Rows removed together with their user (ON DELETE CASCADE) are not counted: the user's counts go too.
CREATE FUNCTION "contact_counts_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		INSERT INTO "contact_counts" ("user_id", "import_id", "delta")
			SELECT "user_id", "import_id", count(*) FROM "added" GROUP BY "user_id", "import_id";
	ELSIF TG_OP = 'DELETE' THEN
		INSERT INTO "contact_counts" ("user_id", "import_id", "delta")
			SELECT "user_id", "import_id", "delta" FROM (
				SELECT "user_id", "import_id", -count(*) AS "delta" FROM "removed" GROUP BY "user_id", "import_id"
			) AS "gone"
			WHERE EXISTS (SELECT 1 FROM "users" u WHERE u."id" = "gone"."user_id");
	ELSE
		INSERT INTO "contact_counts" ("user_id", "import_id", "delta")
			SELECT "user_id", "import_id", sum("delta") FROM (
				SELECT "user_id", "import_id", 1 AS "delta" FROM "added"
				UNION ALL
				SELECT "user_id", "import_id", -1 FROM "removed"
			) AS "moved"
			GROUP BY "user_id", "import_id" HAVING sum("delta") <> 0;
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "contacts_counted_insert" AFTER INSERT ON "contacts"
	REFERENCING NEW TABLE AS "added" FOR EACH STATEMENT EXECUTE FUNCTION "contact_counts_changed"();
--> statement-breakpoint
CREATE TRIGGER "contacts_counted_delete" AFTER DELETE ON "contacts"
	REFERENCING OLD TABLE AS "removed" FOR EACH STATEMENT EXECUTE FUNCTION "contact_counts_changed"();
--> statement-breakpoint
CREATE TRIGGER "contacts_counted_update" AFTER UPDATE ON "contacts"
	REFERENCING OLD TABLE AS "removed" NEW TABLE AS "added" FOR EACH STATEMENT EXECUTE FUNCTION "contact_counts_changed"();
