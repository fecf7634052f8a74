import { type AnyColumn, type SQL, sql } from 'drizzle-orm';

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
