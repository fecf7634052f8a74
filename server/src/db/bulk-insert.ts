import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { type Column, getTableColumns, getTableName, is, SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import { inBatches } from './batches';
import type { Database } from './client';
import type { CopyColumn } from './copy-format';

const snakeCase = (key: string) => key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
/** The database name of a column (the client is set to snake_case: keys without a name are converted). */
const columnName = (key: string, column: Column) => (column.keyAsName ? snakeCase(key) : column.name);

/** The columns of `keys` as COPY text needs them (copy-format.ts). */
export function copyColumns<TTable extends PgTable>(table: TTable, keys: string[]): CopyColumn[] {
  const all = getTableColumns(table);
  return keys.map((key) => {
    const column = all[key];
    const plainDefault = column.hasDefault && !is(column.default, SQL);
    return {
      key,
      array: column.getSQLType().endsWith('[]'),
      absent: !column.notNull ? { value: null } : plainDefault ? { value: column.default } : undefined,
    };
  });
}

/** `COPY table (columns) FROM <source>` for the columns of `keys`. */
function copyStatement<TTable extends PgTable>(table: TTable, keys: string[], source: string): string {
  const columns = getTableColumns(table);
  const names = keys.map((key) => `"${columnName(key, columns[key])}"`).join(', ');
  return `COPY "${getTableName(table)}" (${names}) FROM ${source}`;
}

/** The column's value, or its default where a row leaves a defaulted NOT NULL column out. */
function selected(column: Column, name: string): SQL {
  const ref = sql.raw(`"${name}"`);
  if (!column.notNull || !column.hasDefault || column.default === undefined) return ref;
  const fallback = is(column.default, SQL)
    ? column.default
    : sql`cast(${typeof column.default === 'object' ? JSON.stringify(column.default) : column.default} as ${sql.raw(column.getSQLType())})`;
  return sql`coalesce(${ref}, ${fallback})`;
}

/** Rows of a table as the JSON text `insertJsonRows` writes. */
interface JsonRows {
  /** The table's column keys the rows carry. */
  keys: string[];
  /** A JSON array of objects keyed by the columns' database names. */
  json: string;
  count: number;
}

/**
 * `rows` as JSON for `insertJsonRows`: the columns are those named by the rows' keys; where a row leaves
 * one out (or undefined), it gets NULL, or the column's default if it has one and is NOT NULL. Date
 * becomes ISO text, objects go into json(b) columns, arrays into array columns.
 */
function rowsAsJson<TTable extends PgTable>(table: TTable, rows: Record<string, unknown>[]): JsonRows {
  const columns = getTableColumns(table);
  const keys = [...new Set(rows.flatMap((row) => Object.keys(row)))].filter((key) => key in columns);
  const names = keys.map((key) => columnName(key, columns[key]));
  const records = rows.map((row) =>
    Object.fromEntries(keys.map((key, index) => [names[index], row[key] ?? null])),
  );
  return { keys, json: JSON.stringify(records), count: rows.length };
}

/** `insert into table (columns) select … from json_populate_recordset(…)` for the rows' JSON. */
function jsonInsert<TTable extends PgTable>(table: TTable, { keys, json }: JsonRows): SQL {
  const columns = getTableColumns(table);
  const names = keys.map((key) => columnName(key, columns[key]));
  const list = sql.raw(names.map((name) => `"${name}"`).join(', '));
  const values = sql.join(
    keys.map((key, index) => selected(columns[key], names[index])),
    sql`, `,
  );
  const tableName = sql.raw(`"${getTableName(table)}"`);
  return sql`insert into ${tableName} (${list})
        select ${values} from json_populate_recordset(null::${tableName}, ${json}::json)`;
}

/**
 * Inserts many rows in one statement with a single JSON parameter
 * (`insert ... select ... from json_populate_recordset(...)`). A multi-row VALUES list of 1,000 rows
 * binds tens of thousands of parameters, which costs more to build and send than the insert itself;
 * this keeps CSV imports several times faster. Answers the new ids in row order.
 */
async function insertJsonRows<TTable extends PgTable>(
  db: Database,
  table: TTable,
  rows: JsonRows,
): Promise<number[]> {
  if (rows.count === 0) return [];
  const result = (await db.execute(sql`${jsonInsert(table, rows)} returning id`)) as unknown as {
    rows: { id: number }[];
  };
  return result.rows.map((row) => Number(row.id));
}

/** `rowsAsJson` and `insertJsonRows` at once. */
export function insertRowsAsJson<TTable extends PgTable>(
  db: Database,
  table: TTable,
  rows: Record<string, unknown>[],
): Promise<number[]> {
  return insertJsonRows(db, table, rowsAsJson(table, rows));
}

/**
 * Inserts `rows`, or where one meets an existing row on the unique `target` columns, updates that row's
 * `update` columns to the new values, all in statements of ROWS_PER_STATEMENT rows bound as one JSON
 * parameter each. Drizzle's multi-row VALUES took 50–100 ms of the event loop to build per 1,000 rows
 * (a first Google sync of 10,000 contacts held `/api/health` up to 330 ms); this takes a JSON.stringify.
 */
export async function upsertRowsAsJson<TTable extends PgTable>(
  db: Database,
  table: TTable,
  rows: Record<string, unknown>[],
  { target, update }: { target: string[]; update: string[] },
): Promise<void> {
  const columns = getTableColumns(table);
  const name = (key: string) => `"${columnName(key, columns[key])}"`;
  const conflict = sql.raw(
    `on conflict (${target.map(name).join(', ')}) do update set ${update.map((key) => `${name(key)} = excluded.${name(key)}`).join(', ')}`,
  );
  await inBatches(rows, (batch) =>
    db.execute(sql`${jsonInsert(table, rowsAsJson(table, batch))} ${conflict}`),
  );
}

/**
 * The node-postgres connection a Drizzle transaction runs on, or undefined outside one. Drizzle keeps it
 * as `session.client`; there is no public accessor.
 */
function postgresConnection(tx: Database): pg.PoolClient | undefined {
  const client = (tx as unknown as { session?: { client?: unknown } }).session?.client;
  const candidate = client as { query?: unknown; release?: unknown } | undefined;
  return typeof candidate?.query === 'function' && typeof candidate.release === 'function'
    ? (client as pg.PoolClient)
    : undefined;
}

/** Rows as COPY text (from `copyLines`), or its UTF-8 bytes, of the columns of `keys`. */
export interface CopyBatch {
  keys: string[];
  text: string | Uint8Array<ArrayBuffer>;
}

/**
 * Writes `batches` into `table` as they come. `db` must be a transaction, and
 * batches of the same columns stream into one COPY from stdin (the server works on one chunk while the
 * next arrives: 100 separate COPYs of 1,000 rows took 5 % longer). An error from `batches` or the
 * database rejects; the caller's transaction rolls back.
 */
export async function copyInto<TTable extends PgTable>(
  db: Database,
  table: TTable,
  batches: AsyncIterable<CopyBatch> | Iterable<CopyBatch>,
): Promise<void> {
  const connection = postgresConnection(db);
  if (!connection) throw new Error('A COPY runs in a transaction');
  const { from: copyFrom } = await import('pg-copy-streams');
  const iterator = (async function* () {
    yield* batches;
  })();
  try {
    let next = await iterator.next();
    while (!next.done) {
      const { keys } = next.value;
      const sameColumns = (batch: CopyBatch) => batch.keys.join() === keys.join();
      // The batches up to the first with other columns, as one COPY's stdin.
      const run = async function* () {
        while (!next.done && sameColumns(next.value)) {
          const { text } = next.value;
          yield typeof text === 'string' ? text : Buffer.from(text.buffer, text.byteOffset, text.byteLength);
          next = await iterator.next();
        }
      };
      await pipeline(Readable.from(run()), connection.query(copyFrom(copyStatement(table, keys, 'STDIN'))));
    }
  } finally {
    await iterator.return(undefined);
  }
}
