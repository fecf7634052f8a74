import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseBefore } from '../../test/migrations-before';

/**
 * Migration 0033: contact_counts keeps one difference per statement and user, no longer per import; the
 * rows written per import before it fold into one per user with the same totals.
 */
const TAG = '0033_contact_counts_per_user';

describe('migration 0033 on the counts of several imports', () => {
  let database: Awaited<ReturnType<typeof databaseBefore>>;
  let client: pg.Client;

  beforeAll(async () => {
    database = await databaseBefore(TAG);
    client = database.client;
  });
  afterAll(() => database?.close());

  const counts = async () =>
    (
      await client.query(
        'select user_id, count(*)::int as rows, sum(delta)::int as total from contact_counts group by 1 order by 1',
      )
    ).rows;

  it('folds the per-import rows into one per user, keeps every total, and counts per user after', async () => {
    await client.query(`
      insert into users (id, email, status) overriding system value values (1, 'a@example.com', 'approved'),
        (2, 'b@example.com', 'approved');
      insert into contact_imports (id, user_id) overriding system value values (1, 1), (2, 1), (3, 2);
      insert into contacts (user_id, full_name, import_id) values (1, 'One', 1), (1, 'Two', 1);
      insert into contacts (user_id, full_name, import_id) values (1, 'Three', 2);
      insert into contacts (user_id, full_name, import_id) values (2, 'Four', 3);
      insert into contacts (user_id, full_name) values (1, 'Typed in');
      delete from contacts where full_name = 'Two';`);
    expect(await counts()).toEqual([
      { user_id: 1, rows: 4, total: 3 },
      { user_id: 2, rows: 1, total: 1 },
    ]);

    await database.migrate();

    expect(await counts()).toEqual([
      { user_id: 1, rows: 1, total: 3 },
      { user_id: 2, rows: 1, total: 1 },
    ]);
    await client.query(`insert into contacts (user_id, full_name, import_id) values (1, 'Five', 2), (2, 'Six', 3);
      delete from contacts where full_name = 'One';
      update contacts set user_id = 2 where full_name = 'Three';`);
    expect(await counts()).toEqual([
      { user_id: 1, rows: 4, total: 2 },
      { user_id: 2, rows: 3, total: 3 },
    ]);
    expect(
      await client.query(
        `select column_name from information_schema.columns where table_name = 'contact_counts'`,
      ),
    ).toMatchObject({ rows: [{ column_name: 'user_id' }, { column_name: 'delta' }] });
    const index = await client.query(
      `select indexdef from pg_indexes where indexname = 'contacts_user_created_at_idx'`,
    );
    expect(index.rows[0].indexdef).not.toContain('import_id');
  });
});
