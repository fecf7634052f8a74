-- Index expressions must be IMMUTABLE, but array_to_string and concat_ws are only STABLE (in general an
-- element's text form may depend on settings). For text and text[] it cannot, so these wrappers are
-- declared IMMUTABLE; the companies trigram indexes and the queries that use them call them identically.
CREATE OR REPLACE FUNCTION text_array_join(items text[]) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT array_to_string(items, E'\n') $$;
--> statement-breakpoint
-- Everything the companies search box looks through, one line per field or list item.
CREATE OR REPLACE FUNCTION company_search_text(
  record text, categories text, description text, twitter text, tags text[], domains text[]
) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT concat_ws(E'\n', record, categories, description, twitter,
                         array_to_string(tags, E'\n'), array_to_string(domains, E'\n')) $$;
