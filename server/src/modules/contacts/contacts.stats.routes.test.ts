import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart } from '../../../test/multipart';
import { createTestApp, createUser, type TestApp, type TestUser } from '../../../test/test-app';

/**
 * The unfiltered contacts list reports an exact total from contact_stats and contact_imports.row_count,
 * which triggers keep (decision 0031). After every kind of write it must equal the number of contacts
 * the list shows: all of the user's, but those of their imports still pending.
 */
let t: TestApp;
let admin: TestUser;
let owner: TestUser;
let other: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t.app);
  owner = await createUser(t.app);
  other = await createUser(t.app);
});
afterAll(() => t.close());

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** What the list must say: the user's contacts counted, less those of the user's pending imports. */
async function counted(user: TestUser) {
  const [row] = rowsOf<{ shown: number }>(
    await t.database.db.execute(sql`select count(*)::int as shown from contacts
      where user_id = ${user.id} and coalesce(import_id, 0) not in
        (select id from contact_imports where user_id = ${user.id} and pending)`),
  );
  return row.shown;
}

/** The list's total, checked against the rows it shows (every one fits on a page of 500). */
async function listed(user: TestUser, page = 1) {
  const response = await t.as(user).get(`/api/people?page_size=500&page=${page}`);
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json();
  expect(body.total_capped).toBe(false);
  if (page === 1) expect(body.people).toHaveLength(body.total);
  return body.total as number;
}

/** Both users' totals equal their counts; answers the owner's. */
async function expectExact() {
  for (const user of [owner, other]) expect(await listed(user)).toBe(await counted(user));
  return listed(owner);
}

const create = async (user: TestUser, body: object) => {
  const response = await t.as(user).post('/api/people', body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id as number;
};

async function importCsv(user: TestUser, csv: string) {
  const body = multipart(
    { mapping: JSON.stringify({ Name: 'first_name', Email: 'email' }) },
    { name: 'people.csv', content: csv },
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

/** An import as a staged import leaves it while it is written: pending, and some of its rows. */
async function pendingImport(user: TestUser, names: string[]) {
  const [{ id }] = rowsOf<{ id: number }>(
    await t.database.db.execute(
      sql`insert into contact_imports (user_id, pending) values (${user.id}, true) returning id`,
    ),
  );
  for (const name of names)
    await t.database.db.execute(sql`insert into contacts (user_id, first_name, full_name, import_id)
      values (${user.id}, ${name}, ${name}, ${id})`);
  return id;
}

describe('the exact total of the contacts list', () => {
  it('stays exact through creates, deletes, imports, undo, merges and writes of other processes', async () => {
    expect(await expectExact()).toBe(0);

    const ada = await create(owner, { first_name: 'Ada' });
    await create(owner, { first_name: 'Grace' });
    await create(other, { first_name: 'Linus' });
    expect(await expectExact()).toBe(2);
    await t.as(owner).put(`/api/people/${ada}`, { last_name: 'Lovelace' });
    expect(await expectExact()).toBe(2);
    expect((await t.as(owner).delete(`/api/people/${ada}`)).statusCode).toBe(200);
    expect(await expectExact()).toBe(1);

    // An import (staged on PGlite: pending until complete), then its undo.
    const csv = 'Name,Email\nAlan,alan@example.com\nAlan,alan@example.com\nEdsger,e@example.com\n';
    const imported = await importCsv(owner, csv);
    expect(imported.imported_count).toBe(3);
    expect(await expectExact()).toBe(4);
    const undone = await t.as(owner).delete(`/api/csv/imports/${imported.import_id}`);
    expect(undone.statusCode, undone.body).toBe(200);
    expect(await expectExact()).toBe(1);

    // Duplicates merged and resolved.
    await importCsv(owner, csv);
    await importCsv(owner, 'Name,Email\nBarbara,b@example.com\nBarbara,b2@example.com\n');
    expect(await expectExact()).toBe(6);
    const merged = await t.as(owner).post('/api/people/duplicates/auto-merge');
    expect(merged.statusCode, merged.body).toBe(200);
    expect(await expectExact()).toBe(5);
    const groups = (await t.as(owner).get('/api/people/duplicates')).json().groups as {
      people: { id: number }[];
    }[];
    const [keep, ...rest] = groups[0].people.map((person) => person.id);
    const resolved = await t.as(owner).post('/api/people/duplicates/resolve', {
      keep_id: keep,
      delete_ids: rest,
    });
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(await expectExact()).toBe(4);

    // Another process writing the table directly, in one statement for two users.
    await t.database.db.execute(sql`insert into contacts (user_id, first_name, full_name)
      values (${owner.id}, 'Wonka', 'Wonka'), (${other.id}, 'Oscorp', 'Oscorp'), (${owner.id}, 'Tyrell', 'Tyrell')`);
    expect(await expectExact()).toBe(6);
    await t.database.db.execute(sql`delete from contacts where first_name in ('Wonka', 'Oscorp')`);
    expect(await expectExact()).toBe(5);

    // A rolled-back write leaves the total as it was.
    await expect(
      t.database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into contacts (user_id, first_name) values (${owner.id}, 'Ghost')`);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await expectExact()).toBe(5);
  });

  it("leaves out a pending import's contacts until it completes, and counts none twice", async () => {
    const before = await listed(owner);
    const pending = await pendingImport(owner, ['Staged', 'Staged too', 'Staged three']);
    expect(await expectExact()).toBe(before);
    // Its rows as a crashed import leaves them are purged a slice at a time: nothing changes.
    await t.database.db.execute(
      sql`delete from contacts where import_id = ${pending} and first_name = 'Staged'`,
    );
    expect(await expectExact()).toBe(before);
    // The import completes: its two remaining rows are shown and counted.
    await t.database.db.execute(sql`update contact_imports set pending = false where id = ${pending}`);
    expect(await expectExact()).toBe(before + 2);

    // A pending import whose row goes before its contacts: they are shown from then on.
    const abandoned = await pendingImport(owner, ['Orphan']);
    expect(await expectExact()).toBe(before + 2);
    await t.database.db.execute(sql`delete from contact_imports where id = ${abandoned}`);
    expect(await expectExact()).toBe(before + 3);

    // Another user's rows never count for the owner, even under the owner's pending import's id.
    const hidden = await pendingImport(owner, ['Hidden']);
    await t.database.db.execute(sql`insert into contacts (user_id, first_name, import_id)
      values (${other.id}, 'Not the owner''s', ${hidden})`);
    expect(await expectExact()).toBe(before + 3);
    await t.database.db.execute(sql`update contact_imports set pending = false where id = ${hidden}`);
    expect(await expectExact()).toBe(before + 4);
  });

  it('follows a contact moved to another user or into a pending import', async () => {
    const before = await listed(owner);
    const moving = await create(owner, { first_name: 'Mover' });
    await t.database.db.execute(sql`update contacts set user_id = ${other.id} where id = ${moving}`);
    expect(await expectExact()).toBe(before);
    await t.database.db.execute(sql`update contacts set user_id = ${owner.id} where id = ${moving}`);
    expect(await expectExact()).toBe(before + 1);
    const pending = await pendingImport(owner, []);
    await t.database.db.execute(sql`update contacts set import_id = ${pending} where id = ${moving}`);
    expect(await expectExact()).toBe(before);
    await t.database.db.execute(sql`update contacts set import_id = null where id = ${moving}`);
    expect(await expectExact()).toBe(before + 1);
  });

  it('counts a page past the end exactly too, and an empty list as 0', async () => {
    const total = await listed(owner);
    expect(await listed(owner, 3)).toBe(total);
    const deleted = await t.as(owner).delete('/api/people', { confirm: true });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await expectExact()).toBe(0);
    expect(await listed(owner, 2)).toBe(0);
    expect(await listed(other)).toBeGreaterThan(0);
  });

  it('go with the user, and with a truncate', async () => {
    const leaving = await createUser(t.app);
    await create(leaving, { first_name: 'Soylent' });
    const removed = await t.as(admin).delete(`/api/admin/users/${leaving.id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    const rows = rowsOf(
      await t.database.db.execute(sql`select 1 from contact_stats where user_id = ${leaving.id}`),
    );
    expect(rows).toEqual([]);
    expect(await listed(other)).toBe(await counted(other));

    await t.database.db.execute(sql`truncate contacts cascade`);
    expect(await expectExact()).toBe(0);
    await create(other, { first_name: 'After' });
    expect(await expectExact()).toBe(0);
    expect(await listed(other)).toBe(1);
  });
});
