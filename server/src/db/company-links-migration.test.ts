import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseBefore } from '../../test/migrations-before';

/**
 * Migration 0038 on an existing database: every contact whose organization names one of its owner's
 * companies (as companyNameKey matches) is linked to it and takes its name, without counting as edited;
 * another user's company of that name is never linked; what matches nothing stays as it was. Then the
 * triggers that stand for a foreign key (decision 48): a contact's company is its owner's, and deleting a
 * company unlinks its people.
 */
const TAG = '0038_contacts_at_companies';

describe('migration 0038 links existing contacts to their companies', () => {
  let database: Awaited<ReturnType<typeof databaseBefore>>;
  let client: pg.Client;

  beforeAll(async () => {
    database = await databaseBefore(TAG);
    client = database.client;
  });
  afterAll(() => database?.close());

  it('links by name key within each user, the lowest id of namesakes, and leaves the rest', async () => {
    await client.query(`
      insert into users (id, email, status) overriding system value values (1, 'a@example.com', 'approved'),
        (2, 'b@example.com', 'approved');
      insert into companies (id, user_id, record) overriding system value values
        (10, 1, 'Acme Ltd'), (11, 1, 'ACME'), (12, 1, 'Société Générale'), (20, 2, 'Globex');
      insert into contacts (user_id, first_name, organization, updated_at) values
        (1, 'Ada', 'acme', '2020-01-01'), (1, 'Bob', 'Acme, Inc.', '2020-01-01'),
        (1, 'Cy', 'Societe Generale S.A.', '2020-01-01'), (1, 'Di', 'Globex', '2020-01-01'),
        (1, 'Ed', null, '2020-01-01'), (2, 'Fay', 'globex gmbh', '2020-01-01'), (2, 'Gus', 'Acme', '2020-01-01');`);

    await database.migrate();

    const { rows } = await client.query(
      `select first_name, organization, company_id, updated_at = '2020-01-01' as untouched
       from contacts order by first_name`,
    );
    expect(rows.map((row) => [row.first_name, row.organization, row.company_id, row.untouched])).toEqual([
      ['Ada', 'Acme Ltd', 10, true],
      ['Bob', 'Acme Ltd', 10, true],
      ['Cy', 'Société Générale', 12, true],
      ['Di', 'Globex', null, true],
      ['Ed', null, null, true],
      ['Fay', 'Globex', 20, true],
      ['Gus', 'Acme', null, true],
    ]);
    // A contact cannot point at another user's company, nor at none, written one by one or many at once
    // (23503, as a foreign key answers); its own user's is fine.
    const refused = async (statement: string) => {
      const error = await client.query(statement).then(
        () => undefined,
        (failure: { code: string; constraint: string }) => failure,
      );
      expect(error, statement).toMatchObject({ code: '23503', constraint: 'contacts_company_fk' });
    };
    await refused(`update contacts set company_id = 20 where first_name = 'Ada'`);
    await refused(`insert into contacts (user_id, first_name, company_id) values (1, 'Hal', 99)`);
    await refused(
      `insert into contacts (user_id, first_name, company_id) values (2, 'Ivy', 20), (1, 'Jo', 20)`,
    );
    await client.query(`update contacts set company_id = 11 where first_name = 'Di'`);
    await client.query(`insert into contacts (user_id, first_name, company_id) values (2, 'Ivy', 20)`);
    // Deleting a company clears its people's link alone.
    await client.query('delete from companies where id = 10');
    const { rows: after } = await client.query(
      `select first_name, user_id, organization, company_id from contacts
       where first_name in ('Ada', 'Bob', 'Di') order by first_name`,
    );
    expect(after).toEqual([
      { first_name: 'Ada', user_id: 1, organization: 'Acme Ltd', company_id: null },
      { first_name: 'Bob', user_id: 1, organization: 'Acme Ltd', company_id: null },
      { first_name: 'Di', user_id: 1, organization: 'Globex', company_id: 11 },
    ]);
  });
});
