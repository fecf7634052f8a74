-- Contacts are found through contact_search, a table of their search texts with the trigram index, instead
-- of a trigram index on contacts itself (decision 0037). Maintaining that index was about two-thirds of a
-- raw COPY into contacts (5.3 of 8.5 s for 100,000 rows on PGlite): an import now writes its contacts
-- without it, and their search texts are indexed in short statements right after it commits. Every other
-- write keeps contact_search current in the same statement, through the triggers below.
CREATE TABLE "contact_search" (
	"contact_id" integer PRIMARY KEY,
	"search_text" text NOT NULL
);
--> statement-breakpoint
INSERT INTO "contact_search" ("contact_id", "search_text") SELECT "id", "search_text" FROM "contacts";
--> statement-breakpoint
CREATE INDEX "contact_search_text_trgm_idx" ON "contact_search" USING gin ("search_text" gin_trgm_ops);
--> statement-breakpoint
DROP INDEX "contacts_search_text_trgm_idx";
--> statement-breakpoint
-- An import whose contacts are not in contact_search yet.
ALTER TABLE "contact_imports" ADD COLUMN "search_pending" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
CREATE INDEX "contact_imports_search_pending_idx" ON "contact_imports" ("id") WHERE "search_pending";
--> statement-breakpoint
CREATE FUNCTION "contact_search_written"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		INSERT INTO "contact_search" ("contact_id", "search_text")
			SELECT "id", "search_text" FROM "added"
			WHERE "import_id" IS NULL
				OR "import_id" NOT IN (SELECT "id" FROM "contact_imports" WHERE "search_pending");
	ELSIF TG_OP = 'UPDATE' THEN
		-- A contact of an import not indexed yet is indexed here when edited; the import's indexing then
		-- leaves it as it is.
		INSERT INTO "contact_search" ("contact_id", "search_text")
			SELECT "a"."id", "a"."search_text" FROM "added" "a" JOIN "removed" "r" ON "r"."id" = "a"."id"
			WHERE "a"."search_text" IS DISTINCT FROM "r"."search_text"
		ON CONFLICT ("contact_id") DO UPDATE SET "search_text" = excluded."search_text";
	ELSE
		DELETE FROM "contact_search" "s" USING "removed" "r" WHERE "s"."contact_id" = "r"."id";
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "contacts_searched_insert" AFTER INSERT ON "contacts"
	REFERENCING NEW TABLE AS "added" FOR EACH STATEMENT EXECUTE FUNCTION "contact_search_written"();
--> statement-breakpoint
CREATE TRIGGER "contacts_searched_update" AFTER UPDATE ON "contacts"
	REFERENCING OLD TABLE AS "removed" NEW TABLE AS "added" FOR EACH STATEMENT EXECUTE FUNCTION "contact_search_written"();
--> statement-breakpoint
CREATE TRIGGER "contacts_searched_delete" AFTER DELETE ON "contacts"
	REFERENCING OLD TABLE AS "removed" FOR EACH STATEMENT EXECUTE FUNCTION "contact_search_written"();
--> statement-breakpoint
-- Migration 0027 checked the owners of every updated contact, and so locked its user's row on every
-- edit; the foreign key it replaced checked only a changed owner. Only contacts moved to another user
-- are checked now.
CREATE FUNCTION "contacts_check_moved_owners"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	"missing" integer;
BEGIN
	PERFORM 1 FROM "users" WHERE "id" IN (
		SELECT "n"."user_id" FROM "written" "n" JOIN "previous" "o" ON "o"."id" = "n"."id" WHERE "n"."user_id" <> "o"."user_id"
	) FOR KEY SHARE;
	SELECT "n"."user_id" INTO "missing" FROM "written" "n" JOIN "previous" "o" ON "o"."id" = "n"."id"
		WHERE "n"."user_id" <> "o"."user_id"
			AND NOT EXISTS (SELECT 1 FROM "users" "u" WHERE "u"."id" = "n"."user_id") LIMIT 1;
	IF FOUND THEN
		RAISE foreign_key_violation USING
			MESSAGE = format('insert or update on table "contacts" violates its owner check: user %s does not exist', "missing"),
			TABLE = 'contacts', CONSTRAINT = 'contacts_user_id_users_id_fk';
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER "contacts_owners_update" ON "contacts";
--> statement-breakpoint
CREATE TRIGGER "contacts_owners_update" AFTER UPDATE ON "contacts"
	REFERENCING OLD TABLE AS "previous" NEW TABLE AS "written" FOR EACH STATEMENT EXECUTE FUNCTION "contacts_check_moved_owners"();
