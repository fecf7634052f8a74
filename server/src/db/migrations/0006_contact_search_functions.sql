-- Everything the contacts search box looks through, one line per field (IMMUTABLE so that a trigram
-- index can be built on it; concat_ws over text cannot depend on settings).
CREATE OR REPLACE FUNCTION contact_search_text(
  full_name text, email text, phone text, mobile text, organization text, job_title text, tags text, notes text
) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT concat_ws(E'\n', full_name, email, phone, mobile, organization, job_title, tags, notes) $$;
