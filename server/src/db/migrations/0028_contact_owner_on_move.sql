-- Decision 0034, amended: migration 0027 checked the owners of every updated contact, and so locked
-- the user's row on every edit of a contact; the foreign key it replaced checked only a changed owner.
-- Only contacts moved to another user are checked now, found by joining the old and new rows on id.
-- Both checks share contacts_require_owners.
CREATE FUNCTION "contacts_require_owners"("owners" integer[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
	"missing" integer;
BEGIN
	IF cardinality("owners") = 0 THEN
		RETURN;
	END IF;
	-- Locking first: a user deleted by a transaction still running is waited for, then seen as gone.
	PERFORM 1 FROM "users" WHERE "id" = ANY ("owners") FOR KEY SHARE;
	SELECT "o"."id" INTO "missing" FROM unnest("owners") AS "o"("id")
		WHERE NOT EXISTS (SELECT 1 FROM "users" "u" WHERE "u"."id" = "o"."id") LIMIT 1;
	IF FOUND THEN
		RAISE foreign_key_violation USING
			MESSAGE = format('insert or update on table "contacts" violates its owner check: user %s does not exist', "missing"),
			TABLE = 'contacts', CONSTRAINT = 'contacts_user_id_users_id_fk';
	END IF;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "contacts_check_owners"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM "contacts_require_owners"(ARRAY(SELECT DISTINCT "user_id" FROM "written"));
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "contacts_check_moved_owners"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM "contacts_require_owners"(ARRAY(
		SELECT DISTINCT "n"."user_id" FROM "written" "n" JOIN "previous" "o" ON "o"."id" = "n"."id"
		WHERE "n"."user_id" <> "o"."user_id"));
	RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER "contacts_owners_update" ON "contacts";
--> statement-breakpoint
CREATE TRIGGER "contacts_owners_update" AFTER UPDATE ON "contacts"
	REFERENCING OLD TABLE AS "previous" NEW TABLE AS "written" FOR EACH STATEMENT EXECUTE FUNCTION "contacts_check_moved_owners"();
