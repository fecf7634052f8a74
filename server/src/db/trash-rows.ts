import { getTableColumns, getTableName, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Database } from './client';
import { trashItems } from './schema';

type TrashKind = (typeof trashItems.$inferSelect)['kind'];

/** Which trash items: some by id, or one delete by its batch (decision 0050). */
export type TrashRowsSelection = { ids: number[] } | { batch: string };

const snakeCase = (key: string) => key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/** The database names of the table's columns, stored ones or generated ones (written by the database). */
function columnNames(table: PgTable, generated: boolean): string[] {
  return Object.entries(getTableColumns(table))
    .filter(([, column]) => Boolean(column.generated) === generated)
    .map(([key, column]) => (column.keyAsName ? snakeCase(key) : column.name));
}

const storedColumns = (table: PgTable): SQL =>
  sql.raw(
    columnNames(table, false)
      .map((name) => `"${name}"`)
      .join(', '),
  );

/**
 * Moves the user's rows of `table` whose id is in `ids` (and in `scope`) to the user's Trash in one statement: deleted there,
 * inserted into trash_items as `to_jsonb` of the row with `label` (an expression over the row's columns).
 * Answers the ids moved.
 */
export async function moveRowsToTrash(
  db: Database,
  table: PgTable,
  item: {
    /** Whose Trash. */
    userId: number;
    ids: number[];
    kind: TrashKind;
    label: SQL;
    batch: string;
    deletedAt: Date;
    /** Which rows the user may delete: their own (`user_id`) unless the kind says otherwise. */
    scope?: SQL;
  },
): Promise<number[]> {
  if (item.ids.length === 0) return [];
  const name = sql.identifier(getTableName(table));
  const generated = columnNames(table, true);
  const result = (await db.execute(sql`
    with moved as (
      delete from ${name} where ${item.scope ?? sql`user_id = ${item.userId}`} and id = any(${sql.param(item.ids)}::int[])
      returning *
    ), trashed as (
      insert into ${trashItems} (user_id, kind, item_id, label, batch, deleted_at, payload)
      select ${item.userId}::int, ${item.kind}::text, id, ${item.label}, ${item.batch}::uuid, ${item.deletedAt.toISOString()}::timestamptz, to_jsonb(moved) - ${sql.param(generated)}::text[]
      from moved
    )
    select id from moved`)) as unknown as { rows: { id: number }[] };
  return result.rows.map((row) => Number(row.id));
}

/**
 * Moves the user's trash items of `kind` back into `table` with their own ids, in one statement.
 * `payload` may mend a stored row first (a link to what is gone since). Answers the ids restored.
 */
export async function restoreRowsFromTrash(
  db: Database,
  table: PgTable,
  item: {
    userId: number;
    kind: TrashKind;
    selection: TrashRowsSelection;
    payload?: (stored: SQL) => SQL;
  },
): Promise<number[]> {
  const name = sql.identifier(getTableName(table));
  const columns = storedColumns(table);
  const which =
    'batch' in item.selection
      ? sql`batch = ${item.selection.batch}`
      : sql`id = any(${sql.param(item.selection.ids)}::int[])`;
  const result = (await db.execute(sql`
    with restored as (
      delete from ${trashItems} where user_id = ${item.userId} and kind = ${item.kind} and ${which}
      returning payload
    )
    insert into ${name} (${columns}) overriding system value
    select ${columns} from restored,
      jsonb_populate_record(null::${name}, ${item.payload?.(sql`restored.payload`) ?? sql`restored.payload`})
    returning id`)) as unknown as { rows: { id: number }[] };
  return result.rows.map((row) => Number(row.id));
}
