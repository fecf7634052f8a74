-- A contact import on PGlite writes its rows in short transactions under its import id; they stay out
-- of every list and search until the import is marked complete (pending = false). Decision 0025.
ALTER TABLE "contact_imports" ADD COLUMN "pending" boolean DEFAULT false NOT NULL;
