import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseBefore } from '../../test/migrations-before';

/**
 * Migration 0032 on what PGlite's staged imports left after a crash (decision 43): the contacts of an
 * import still pending, and the companies and events an undo job recorded, are deleted with it; the
 * rest stays.
 */
const TAG = '0032_one_transaction_imports';

describe('migration 0032 on what interrupted staged imports left', () => {
  let database: Awaited<ReturnType<typeof databaseBefore>>;
  let client: pg.Client;

  beforeAll(async () => {
    database = await databaseBefore(TAG);
    client = database.client;
  });
  afterAll(() => database?.close());

  it('deletes the rows of interrupted imports and their undo jobs, and drops the pending flag', async () => {
    await client.query(`
      insert into users (id, email, status) overriding system value values (1, 'a@example.com', 'approved'),
        (2, 'b@example.com', 'approved');
      insert into contact_imports (id, user_id, pending) overriding system value
        values (1, 1, false), (2, 1, true);
      insert into contacts (user_id, full_name, import_id) values
        (1, 'Kept import', 1), (1, 'Pending import', 2), (1, 'Typed in', null);
      insert into companies (id, user_id, record) overriding system value values
        (10, 1, 'Before'), (11, 1, 'Run one'), (12, 1, 'Run one too'), (13, 2, 'Other user'), (20, 1, 'Run two'),
        (21, 1, 'After');
      insert into events (id, owner_id, title, start_at, end_at) overriding system value values
        (5, 1, 'Imported', now(), now()), (6, 1, 'Typed in', now(), now());
      insert into jobs (kind, key, payload) values
        ('companies.import.undo', 'a', '{"userId": 1, "runs": [[11, 13], [20, 20]]}'),
        ('events.import.undo', 'b', '{"userId": 1, "runs": [[5, 5]]}'),
        ('contact-counts', null, '{}');`);

    await database.migrate();

    const column = async (query: string) =>
      (await client.query(query)).rows.map((row) => Object.values(row)[0]);
    expect(await column('select full_name from contacts order by full_name')).toEqual([
      'Kept import',
      'Typed in',
    ]);
    expect(await column('select id from contact_imports')).toEqual([1]);
    expect(await column('select record from companies order by id')).toEqual([
      'Before',
      'Other user',
      'After',
    ]);
    expect(await column('select title from events')).toEqual(['Typed in']);
    expect(await column('select kind from jobs')).toEqual(['contact-counts']);
    expect(
      await column(`select column_name from information_schema.columns where table_name = 'contact_imports'`),
    ).not.toContain('pending');
  });
});
