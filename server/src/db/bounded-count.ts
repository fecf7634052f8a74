import { count, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Database } from './client';

/** A list counts at most this many rows past the start of the page it shows (decisions 0019, 0028). */
export const COUNT_PAST_PAGE_START = 1_000;

export interface BoundedCount {
  /** Exact when `capped` is false; otherwise the bound, and more rows match. */
  total: number;
  capped: boolean;
}

/** How many rows a list's count reads for a page starting at `offset` (one more than it counts tells "more"). */
export const countLimit = (offset: number) => offset + COUNT_PAST_PAGE_START + 1;

/** The first `limit` matching rows, in no order. */
const matching = (db: Database, table: PgTable, condition: SQL | undefined, limit: number | Placeholder) =>
  db.select({ one: sql`1` }).from(table).where(condition).limit(limit);

/**
 * How many rows of `table` match `condition`, counting no further than `offset + COUNT_PAST_PAGE_START`,
 * as a scalar subquery to select next to a page's rows (one statement, one round trip): a list's count
 * costs at most that many rows however many match, and stays exact near the end of a result, so a
 * client can page to the last row. Turn its value into a total with `boundedTotal`.
 */
export function boundedCountOf(db: Database, table: PgTable, condition: SQL | undefined, offset: number) {
  return boundedCountUpTo(db, table, condition, countLimit(offset));
}

/** `boundedCountOf` with its limit given (`countLimit`'s), or a placeholder for it. */
export function boundedCountUpTo(
  db: Database,
  table: PgTable,
  condition: SQL | undefined,
  limit: number | Placeholder,
) {
  return sql<number>`(select count(*) from (${matching(db, table, condition, limit)}) as matching)`.mapWith(
    Number,
  );
}

/** The total of a list whose `boundedCountOf` counted `rows`. */
export function boundedTotal(rows: number, offset: number): BoundedCount {
  const bound = offset + COUNT_PAST_PAGE_START;
  return rows > bound ? { total: bound, capped: true } : { total: rows, capped: false };
}

/** `boundedCountOf` on its own: for a page that came back empty, whose rows could not carry the count. */
export async function boundedCount(
  db: Database,
  table: PgTable,
  condition: SQL | undefined,
  offset: number,
): Promise<BoundedCount> {
  const [{ rows }] = await db
    .select({ rows: count() })
    .from(matching(db, table, condition, countLimit(offset)).as('matching'));
  return boundedTotal(rows, offset);
}
