import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import { type CopiedTable, columnList, type Query, quoteName } from './table-checksums';

/** Heap pages read from PGlite per COPY: 4 MB of rows (plus their TOASTed values) in memory at a time. */
const BATCH_PAGES = 512;

/**
 * The table's rows as COPY text, a range of heap pages at a time (a TID range scan reads only those
 * pages). PGlite has no stdout: each COPY answers one in-memory blob, so the batches bound the memory.
 */
async function* copyOut(source: PGlite, table: CopiedTable): AsyncGenerator<Buffer> {
  const [{ pages }] = (
    await source.query<{ pages: number }>(
      'select (pg_relation_size($1::regclass) / current_setting($2)::int)::int as pages',
      [quoteName(table.name), 'block_size'],
    )
  ).rows;
  for (let first = 0; first === 0 || first < pages; first += BATCH_PAGES) {
    const last = first + BATCH_PAGES;
    // The last range is open: it also holds any page added since the size was read.
    const range = `ctid >= '(${first},0)'::tid${last < pages ? ` and ctid < '(${last},0)'::tid` : ''}`;
    const result = await source.query(
      `COPY (select ${columnList(table)} from ${quoteName(table.name)} where ${range}) TO '/dev/blob'`,
    );
    if (result.blob && result.blob.size > 0) yield Buffer.from(await result.blob.arrayBuffer());
  }
}

/** Streams the table's rows from PGlite into the same table on `target` (in its caller's transaction). */
export async function copyTable(source: PGlite, target: pg.ClientBase, table: CopiedTable): Promise<void> {
  const { from: copyFrom } = await import('pg-copy-streams');
  const into = target.query(copyFrom(`COPY ${quoteName(table.name)} (${columnList(table)}) FROM STDIN`));
  await pipeline(Readable.from(copyOut(source, table)), into);
}

interface SequenceState {
  last_value: string;
  is_called: boolean;
}

/**
 * Gives every sequence of the `public` schema (identity and serial columns') the state it has in PGlite:
 * the next id is the one PGlite would have given, never one of a row deleted there.
 */
export async function copySequences(source: Query, target: pg.ClientBase): Promise<number> {
  const names = await source<{ name: string }>(`
    select c.relname::text as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind = 'S' order by c.relname`);
  for (const { name } of names) {
    const [state] = await source<SequenceState>(`select last_value::text, is_called from ${quoteName(name)}`);
    await target.query('select setval($1::regclass, $2::bigint, $3)', [
      quoteName(name),
      state.last_value,
      state.is_called,
    ]);
  }
  return names.length;
}
