import { type AnyColumn, type Placeholder, type SQL, sql } from 'drizzle-orm';

/** LIKE/ILIKE pattern matching `text` anywhere, with its own % and _ taken literally. */
export const containing = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;

/**
 * A stored, lower-cased search text (contacts.search_text, companies.search_text) contains `text`
 * anywhere, case-insensitively. This is what `ILIKE` does (it lower-cases both sides), without
 * lower-casing every row's text again; the trigram index on the column serves it (decision 0028).
 */
export const searchTextContains = (column: AnyColumn, text: string): SQL =>
  searchTextLike(column, containing(text));

/** `searchTextContains` with the pattern given (`containing`'s), or a placeholder for it. */
export const searchTextLike = (column: AnyColumn, pattern: string | Placeholder): SQL =>
  sql`${column} like lower(${pattern})`;
