import { z } from 'zod';
import { TimestampSchema } from './common';

/** The longest text the search box sends (a pasted e-mail address or a name fits easily). */
export const SEARCH_MAX_LENGTH = 100;
/** Results of one type, at most, and of all types together. */
export const SEARCH_LIMIT_PER_TYPE = 5;
export const SEARCH_LIMIT = 20;

/** GET /api/search?q=: the text to find, trimmed. */
export const SearchQuerySchema = z.object({
  q: z
    .string({ error: 'Type something to search for' })
    .trim()
    .min(1, { error: 'Type something to search for' })
    .max(SEARCH_MAX_LENGTH, { error: `Search for at most ${SEARCH_MAX_LENGTH} characters` }),
});
export type SearchQuery = z.infer<typeof SearchQuerySchema>;

export const SearchResultTypeSchema = z.enum(['contact', 'company', 'task', 'event', 'project']);
export type SearchResultType = z.infer<typeof SearchResultTypeSchema>;

/**
 * How well a result matches, best first: 0 it is a contact whose e-mail address is the text, 1 its name
 * (a contact's first or last name) starts with it, 2 a word of what was searched starts with it, 3 the
 * text is somewhere inside.
 */
export const SearchRankSchema = z.number().int().min(0).max(3);

/** One thing found: enough to show it in the command palette and open it. */
export const SearchResultSchema = z.object({
  type: SearchResultTypeSchema,
  id: z.number().int(),
  title: z.string(),
  /** A second line: a contact's e-mail and organization, a task's project, a company's domain. */
  detail: z.string().nullable(),
  /** An event's start, a task's due date. */
  date: TimestampSchema.nullable(),
  rank: SearchRankSchema,
});
export type SearchResult = z.infer<typeof SearchResultSchema>;

/** Best match first; at most SEARCH_LIMIT_PER_TYPE of a type and SEARCH_LIMIT in all. */
export const SearchResponseSchema = z.object({ results: z.array(SearchResultSchema) });
export type SearchResponse = z.infer<typeof SearchResponseSchema>;
