import { count, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Database } from './client';

/** A list counts at most this many rows past the start of the page it shows (decision 0019). */
export const COUNT_PAST_PAGE_START = 10_000;

export interface BoundedCount {
  /** Exact when `capped` is false; otherwise the bound, and more rows match. */
  total: number;
  capped: boolean;
}

/**
 * How many rows of `table` match `condition`, counting no further than `offset + COUNT_PAST_PAGE_START`:
 * a list's count costs at most that many rows however many match, and stays exact near the end of a
 * result, so a client can page to the last row.
 */
export async function boundedCount(
  db: Database,
  table: PgTable,
  condition: SQL | undefined,
  offset: number,
): Promise<BoundedCount> {
  const bound = offset + COUNT_PAST_PAGE_START;
  const matching = db
    .select({ one: sql`1` })
    .from(table)
    .where(condition)
    .limit(bound + 1)
    .as('matching');
  const [{ rows }] = await db.select({ rows: count() }).from(matching);
  return rows > bound ? { total: bound, capped: true } : { total: rows, capped: false };
}
