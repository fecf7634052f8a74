import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';

/**
 * A timestamp as `Date.prototype.toISOString()` writes it (`toIso`), in UTC with milliseconds: both cut
 * microseconds off rather than rounding them.
 */
export const isoTimestamp = (value: AnyColumn | SQL): SQL =>
  sql`to_char(${value} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** A JSON object written by the database, one key per field (keys are the code's own constants). */
export function jsonObject(fields: Record<string, SQL>): SQL {
  const pairs = Object.entries(fields).map(([key, value]) => {
    if (!/^[a-z_]+$/.test(key)) throw new Error(`jsonObject: unexpected key ${key}`);
    return sql`${sql.raw(`'${key}'`)}, ${value}`;
  });
  return sql`json_build_object(${sql.join(pairs, sql`, `)})`;
}

const dialect = new PgDialect({ casing: 'snake_case' });

/**
 * A fragment without parameters (a JSON object of columns), written to SQL text once: drizzle otherwise
 * writes every column of it again on every request, which cost about a tenth of a list request.
 */
export function writtenOnce(fragment: SQL): SQL {
  const { sql: text, params } = dialect.sqlToQuery(fragment);
  if (params.length > 0) throw new Error('writtenOnce: the fragment has parameters');
  return sql.raw(text);
}
