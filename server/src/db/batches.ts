import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/**
 * Rows per multi-row statement. A statement binds one parameter per value, and PostgreSQL refuses more
 * than 65,535 (10,000 Google contacts' links in one INSERT bound 70,000: `bind message has 4464
 * parameter formats`); 1,000 rows keep every table of ours far below it.
 */
export const ROWS_PER_STATEMENT = 1000;

/** Runs `write` on consecutive slices of at most `size` rows, one after another. */
export async function inBatches<T>(
  rows: readonly T[],
  write: (batch: T[]) => Promise<unknown>,
  size = ROWS_PER_STATEMENT,
): Promise<void> {
  for (let start = 0; start < rows.length; start += size) await write(rows.slice(start, start + size));
}

/** `column = any($1::type[])`: one parameter for a list of any length, where `inArray` binds one per value. */
export function anyOf(column: PgColumn, values: readonly (string | number)[]): SQL {
  return sql`${column} = any(${sql.param(values)}::${sql.raw(column.getSQLType())}[])`;
}
