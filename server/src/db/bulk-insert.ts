import { type Column, getTableColumns, getTableName, is, SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Database } from './client';

const snakeCase = (key: string) => key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/** The column's value, or its default where a row leaves a defaulted NOT NULL column out. */
function selected(column: Column, name: string): SQL {
  const ref = sql.raw(`"${name}"`);
  if (!column.notNull || !column.hasDefault || column.default === undefined) return ref;
  const fallback = is(column.default, SQL)
    ? column.default
    : sql`cast(${typeof column.default === 'object' ? JSON.stringify(column.default) : column.default} as ${sql.raw(column.getSQLType())})`;
  return sql`coalesce(${ref}, ${fallback})`;
}

/**
 * Inserts many rows in one statement with a single JSON parameter
 * (`insert ... select ... from json_populate_recordset(...)`). A multi-row VALUES list of 1,000 rows
 * binds tens of thousands of parameters, which costs more to build and send than the insert itself;
 * this keeps CSV imports several times faster. Values are written as JSON: Date as ISO text, objects
 * into json(b) columns, arrays into array columns. Columns are those named by the rows' keys; where a row
 * leaves one out (or undefined), it gets NULL, or the column's default if it has one and is NOT NULL.
 * Answers the new ids in row order.
 */
export async function insertRowsAsJson<TTable extends PgTable>(
  db: Database,
  table: TTable,
  rows: Record<string, unknown>[],
): Promise<number[]> {
  if (rows.length === 0) return [];
  const columns = getTableColumns(table);
  const keys = [...new Set(rows.flatMap((row) => Object.keys(row)))].filter((key) => key in columns);
  const names = keys.map((key) => {
    const column = columns[key];
    return column.keyAsName ? snakeCase(key) : column.name;
  });
  const records = rows.map((row) =>
    Object.fromEntries(keys.map((key, index) => [names[index], row[key] ?? null])),
  );
  const list = sql.raw(names.map((name) => `"${name}"`).join(', '));
  const values = sql.join(
    keys.map((key, index) => selected(columns[key], names[index])),
    sql`, `,
  );
  const tableName = sql.raw(`"${getTableName(table)}"`);
  const result = (await db.execute(
    sql`insert into ${tableName} (${list})
        select ${values} from json_populate_recordset(null::${tableName}, ${JSON.stringify(records)}::json)
        returning id`,
  )) as unknown as { rows: { id: number }[] }; // node-postgres and PGlite both answer { rows }
  return result.rows.map((row) => Number(row.id));
}
