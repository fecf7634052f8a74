import { type AnyColumn, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

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

/** `text` as a LIKE pattern for values that start with it, its own % and _ taken literally. */
const startingWith = (text: string) => `${text.replace(/[\\%_]/g, '\\$&')}%`;

/** The least text after every text that starts with `text` (in code point order): a range's end. */
const pastPrefix = (text: string) =>
  text.slice(0, -1) + String.fromCharCode(text.charCodeAt(text.length - 1) + 1);

/** A POSIX regular expression finding `text` at the start of a word (after a non-alphanumeric). */
const atWordStart = (text: string) => `(^|[^[:alnum:]])${text.replace(/[\\^$.|?*+()[\]{}-]/g, '\\$&')}`;

/** Below this length a text has no trigram: its search can't narrow through a trigram index. */
const TRIGRAM_LENGTH = 3;

/** What the quick search (Cmd+K) looks through in one table, every expression lower-cased. */
export interface QuickSearchTarget {
  table: PgTable;
  id: AnyColumn;
  /** The rows the user may see. */
  visible: SQL;
  /**
   * Name columns, as their btree indexes spell them (after the user's id) on a large table: rank 1 when
   * one starts with the text. Found as a range of the index, then tested exactly.
   */
  names: SQL[];
  /**
   * Everything searched, joined by non-alphanumerics: rank 2 when a word of it starts with the text, 3
   * when it holds it. On a large table, a stored search text with a trigram index (`indexed`).
   */
  fields: { indexed: AnyColumn } | { text: SQL };
  /** Ranks 0 when equal to the text (a contact's e-mail address); only asked when given. */
  exact?: SQL;
}

/**
 * The ids of matching rows with their best rank (0 exact, 1 a name starts with the text, 2 a word does,
 * 3 the text is inside), at most `limit` of each rank: one LIMITed statement per rank, so that a common
 * text stops at the first rows it finds instead of ranking every match. A rank that has more rows than
 * `limit` fills the answer before any worse rank, so the best `limit` of the union are the best overall.
 *
 * On a large table the other ranks read the rows that hold the text, found once through the trigram
 * index (a CTE, read only as far as the ranks ask); a text shorter than a trigram, which that index
 * cannot find, finds only names that start with it there.
 */
export function quickSearchRanks(target: QuickSearchTarget, text: string, limit: number): SQL {
  const lower = text.toLowerCase();
  const starts = target.names.map(
    (name) =>
      sql`(${name} >= ${lower} and ${name} < ${pastPrefix(lower)} and ${name} like ${startingWith(lower)})`,
  );
  const named = sql`(select ${target.id} as id, 1 as rank from ${target.table}
    where ${target.visible} and (${sql.join(starts, sql` or `)}) limit ${limit})`;
  const ranked = (tiers: SQL[]) =>
    sql`select id, min(rank) as rank from (${sql.join(tiers, sql` union all `)}) as tiers group by id`;
  if (!('indexed' in target.fields)) {
    const { text: fields } = target.fields;
    const tier = (rank: number, test: SQL) =>
      sql`(select ${target.id} as id, ${rank} as rank from ${target.table} where ${target.visible} and ${test} limit ${limit})`;
    const tiers = [named, tier(2, sql`${fields} ~ ${atWordStart(lower)}`)];
    if (target.exact) tiers.push(tier(0, sql`${target.exact} = ${lower}`));
    if (lower.length >= TRIGRAM_LENGTH) tiers.push(tier(3, sql`${fields} like ${containing(lower)}`));
    return ranked(tiers);
  }
  if (lower.length < TRIGRAM_LENGTH) return ranked([named]);
  const indexed = target.fields.indexed;
  const tier = (rank: number, test: SQL) =>
    sql`(select id, ${rank} as rank from holding where ${test} limit ${limit})`;
  const tiers = [named, tier(2, sql`text ~ ${atWordStart(lower)}`), tier(3, sql`true`)];
  if (target.exact) tiers.push(tier(0, sql`exact = ${lower}`));
  return sql`with holding as materialized (select ${target.id} as id, ${indexed} as text, ${target.exact ?? sql`null`} as exact
      from ${target.table} where ${target.visible} and ${searchTextLike(indexed, containing(lower))})
    ${ranked(tiers)}`;
}
