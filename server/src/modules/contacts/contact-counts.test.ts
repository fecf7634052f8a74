/**
 * The list's total without a search is kept by the database (contact_counts, migration 0026): it must
 * follow every way contacts come and go, for each account on its own.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart } from '../../../test/multipart';
import { createTestApp, createUser, type TestApp, type TestUser } from '../../../test/test-app';
import { DatabaseMaintenance } from '../../db/maintenance';

let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t.app); // the first account is the administrator
});
afterAll(() => t.close());

const listedTotal = async (user: TestUser) => {
  const page = (await t.as(user).get('/api/people')).json();
  expect(page.total_capped).toBe(false);
  return page.total as number;
};

const storedCount = async (user: TestUser) => {
  const { rows } = (await t.database.db.execute(
    sql`select count(*)::int as n from contacts where user_id = ${user.id}`,
  )) as unknown as { rows: { n: number }[] };
  return rows[0].n;
};

const countRows = async () => {
  const { rows } = (await t.database.db.execute(
    sql`select count(*)::int as n from contact_counts`,
  )) as unknown as { rows: { n: number }[] };
  return rows[0].n;
};

async function importCsv(user: TestUser, content: string) {
  const body = multipart(
    { mapping: JSON.stringify({ 'First Name': 'first_name', Email: 'email' }) },
    { name: 'contacts.csv', content },
  );
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/csv/import-with-mapping',
    payload: body.payload,
    headers: { ...user.headers, ...body.headers },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { imported_count: number; import_id: number };
}

describe('the total of the list without a search', () => {
  it('follows creating, importing, merging, undoing an import, deleting one and deleting all', async () => {
    const owner = await createUser(t.app);
    const neighbour = await createUser(t.app);
    await t.as(neighbour).post('/api/people', { first_name: 'Not', last_name: 'Yours' });
    const expectTotal = async (expected: number) => {
      expect(await storedCount(owner)).toBe(expected);
      expect(await listedTotal(owner)).toBe(expected);
      expect(await listedTotal(neighbour)).toBe(1);
    };

    await expectTotal(0);
    const ada = (await t.as(owner).post('/api/people', { first_name: 'Ada', last_name: 'Lovelace' })).json();
    await t.as(owner).post('/api/people', { first_name: 'Ada', last_name: 'Lovelace' });
    await expectTotal(2);

    const rows = Array.from({ length: 40 }, (_, i) => `Person ${i},p${i}@example.com`).join('\n');
    const imported = await importCsv(owner, `First Name,Email\n${rows}\n`);
    expect(imported.imported_count).toBe(40);
    await expectTotal(42);

    const merged = await t.as(owner).post('/api/people/duplicates/auto-merge');
    expect(merged.statusCode, merged.body).toBe(200);
    await expectTotal(41);

    const undone = await t.as(owner).delete(`/api/csv/imports/${imported.import_id}`);
    expect(undone.statusCode, undone.body).toBe(200);
    await expectTotal(1);

    const edited = await t.as(owner).put(`/api/people/${ada.id}`, { first_name: 'Augusta Ada' });
    expect([200, 404]).toContain(edited.statusCode);
    await expectTotal(1);

    const remaining = (await t.as(owner).get('/api/people')).json().people[0];
    expect((await t.as(owner).delete(`/api/people/${remaining.id}`)).statusCode).toBe(200);
    await expectTotal(0);

    await importCsv(owner, `First Name,Email\n${rows}\n`);
    await t.as(owner).post('/api/people', { first_name: 'Grace' });
    await expectTotal(41);
    const deleted = await t.as(owner).delete('/api/people', { confirm: true });
    expect(deleted.json()).toMatchObject({ deleted: 41 });
    await expectTotal(0);
  });

  it("is not moved by another account's deletion, which takes that account's counts with it", async () => {
    const owner = await createUser(t.app);
    const leaving = await createUser(t.app);
    await t.as(owner).post('/api/people', { first_name: 'Stays' });
    await t.as(leaving).post('/api/people', { first_name: 'Goes' });
    const removed = await t.as(admin).delete(`/api/admin/users/${leaving.id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await listedTotal(owner)).toBe(1);
    const { rows } = (await t.database.db.execute(
      sql`select count(*)::int as n from contact_counts where user_id = ${leaving.id}`,
    )) as unknown as { rows: { n: number }[] };
    expect(rows[0].n).toBe(0);
  });

  it('is the same after the maintenance job folds its rows together, one per account and import', async () => {
    const owner = await createUser(t.app);
    for (let i = 0; i < 5; i++) await t.as(owner).post('/api/people', { first_name: `One ${i}` });
    await importCsv(owner, 'First Name,Email\nA,a@example.com\nB,b@example.com\n');
    const person = (await t.as(owner).get('/api/people')).json().people[0];
    await t.as(owner).delete(`/api/people/${person.id}`);
    const before = await listedTotal(owner);
    expect(before).toBe(6);

    await new DatabaseMaintenance(t.database.db).foldContactCounts();
    expect(await listedTotal(owner)).toBe(before);
    const { rows } = (await t.database.db.execute(
      sql`select count(*)::int as n from contact_counts where user_id = ${owner.id}`,
    )) as unknown as { rows: { n: number }[] };
    expect(rows[0].n).toBeLessThanOrEqual(2); // contacts added one by one, and the import's
    const everyone = await countRows();
    await new DatabaseMaintenance(t.database.db).foldContactCounts();
    expect(await countRows()).toBe(everyone);
  });
});
