import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { DatabaseHandle } from '../server/src/db/client';
import { COPY_COLUMNS, contactsCsvForCopy } from './seed-contacts';

/**
 * The raw limit an import is measured against: `COPY` of the same rows (as the import stores them) into
 * a copy of the contacts table with the same indexes, the search trigram index included (no triggers:
 * `like ... including all` copies neither those nor foreign keys). Milliseconds.
 */
export async function rawCopyMs(handle: DatabaseHandle, rows: number, userId: number): Promise<number> {
  const csv = contactsCsvForCopy(rows, userId);
  const client = (handle.db as unknown as { $client: pg.Pool }).$client;
  const statement = `copy contacts_raw_copy (${COPY_COLUMNS.join(', ')}) from stdin with (format csv)`;
  const create = 'create table contacts_raw_copy (like contacts including all)';
  const drop = 'drop table contacts_raw_copy';
  const connection = await client.connect();
  try {
    await connection.query(create);
    const started = performance.now();
    await pipeline(Readable.from([csv]), connection.query(copyFrom(statement)));
    const elapsed = performance.now() - started;
    await connection.query(drop);
    return elapsed;
  } finally {
    connection.release();
  }
}
