/**
 * Contacts have no foreign key to users (migration 0027, decision 0034): triggers check the owner once per
 * statement and delete a deleted user's contacts. They must guarantee what the key did, including against
 * a user deleted while contacts are being written for them.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestApp, type TestUser } from '../../../test/test-app';
import { copyColumns, copyInto } from '../../db/bulk-insert';
import { copyLines } from '../../db/copy-format';
import { contacts } from '../../db/schema';

let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t.app); // the first account is the administrator
});
afterAll(() => t.close());

const contactsOf = async (userId: number) => {
  const { rows } = (await t.database.db.execute(
    sql`select count(*)::int as n from contacts where user_id = ${userId}`,
  )) as unknown as { rows: { n: number }[] };
  return rows[0].n;
};

const orphans = async () => {
  const { rows } = (await t.database.db.execute(
    sql`select count(*)::int as n from contacts c where not exists (select 1 from users u where u.id = c.user_id)`,
  )) as unknown as { rows: { n: number }[] };
  return rows[0].n;
};

const insertFor = (userId: number, db = t.database.db) =>
  db.execute(sql`insert into contacts (user_id, first_name) values (${userId}, 'Ghost')`);

/** The SQLSTATE of a rejected query: drizzle wraps the driver's error in `cause`. */
const sqlState = (error: unknown) =>
  (error as { code?: string; cause?: { code?: string } }).cause?.code ?? (error as { code?: string }).code;

describe("a contact's owner", () => {
  it('must exist: a contact, or a COPY of many, for a user who does not exist writes nothing', async () => {
    const missing = 2_000_000_000;
    await expect(insertFor(missing)).rejects.toSatisfy((error) => sqlState(error) === '23503');
    const rows = Array.from({ length: 300 }, (_, index) => ({ userId: missing, firstName: `Row ${index}` }));
    const keys = ['userId', 'firstName'];
    const copy = t.database.db.transaction((tx) =>
      copyInto(tx, contacts, [{ keys, text: copyLines(copyColumns(contacts, keys), rows) }]),
    );
    await expect(copy).rejects.toSatisfy((error) => sqlState(error) === '23503');
    await expect(contactsOf(missing)).resolves.toBe(0);
  });

  it('cannot be changed to a user who does not exist', async () => {
    const owner = await createUser(t.app);
    const created = await t.as(owner).post('/api/people', { first_name: 'Kept' });
    const id = created.json().id as number;
    await expect(
      t.database.db.execute(sql`update contacts set user_id = 2000000000 where id = ${id}`),
    ).rejects.toSatisfy((error) => sqlState(error) === '23503');
    expect((await t.as(owner).get(`/api/people/${id}`)).json().first_name).toBe('Kept');
  });

  it("takes the contacts with them when their account is deleted, and leaves other accounts' alone", async () => {
    const leaving = await createUser(t.app);
    const staying = await createUser(t.app);
    for (const user of [leaving, staying])
      for (const name of ['Ada', 'Grace'])
        expect((await t.as(user).post('/api/people', { first_name: name })).statusCode).toBe(201);
    await t.app.services.users.delete(leaving.id, admin.id);
    await expect(contactsOf(leaving.id)).resolves.toBe(0);
    await expect(contactsOf(staying.id)).resolves.toBe(2);
    await expect(orphans()).resolves.toBe(0);
  });
});

/**
 * Runs `step` in a transaction left open until `commit()` is called; `ready` settles once `step` has run.
 */
function heldOpen(step: (tx: TestApp['database']['db']) => Promise<unknown>) {
  let commit!: () => void;
  let stepped!: () => void;
  const released = new Promise<void>((resolve) => (commit = resolve));
  const ready = new Promise<void>((resolve) => (stepped = resolve));
  const done = t.database.db.transaction(async (tx) => {
    await step(tx);
    stepped();
    await released;
  });
  return { ready, commit, done };
}

const aWhile = () => new Promise((resolve) => setTimeout(resolve, 300));

// PGlite runs one transaction at a time, so only PostgreSQL can race a deletion against a write.
describe('an owner deleted during a write', () => {
  it('waits for contacts being written, then deletes them too', async () => {
    const owner = await createUser(t.app);
    const writing = heldOpen((tx) => insertFor(owner.id, tx));
    await writing.ready;
    let deleted = false;
    const deleting = t.database.db.execute(sql`delete from users where id = ${owner.id}`).then(() => {
      deleted = true;
    });
    await aWhile();
    expect(deleted).toBe(false); // held by the writer's lock on its owner
    writing.commit();
    await writing.done;
    await deleting;
    await expect(contactsOf(owner.id)).resolves.toBe(0);
    await expect(orphans()).resolves.toBe(0);
  });

  it('refuses contacts written while their owner is being deleted, once the deletion commits', async () => {
    const owner = await createUser(t.app);
    const deleting = heldOpen((tx) => tx.execute(sql`delete from users where id = ${owner.id}`));
    await deleting.ready;
    const writing = insertFor(owner.id).then(
      () => 'written',
      (error) => sqlState(error),
    );
    await aWhile();
    deleting.commit();
    await deleting.done;
    await expect(writing).resolves.toBe('23503');
    await expect(orphans()).resolves.toBe(0);
  });
});

describe('an edit of a contact (migration 0028)', () => {
  it("leaves its owner's row unlocked: only a contact moved to another user checks the owner", async () => {
    const owner = await createUser(t.app);
    const id = (await t.as(owner).post('/api/people', { first_name: 'Edited' })).json().id as number;
    const editing = heldOpen((tx) =>
      tx.execute(sql`update contacts set first_name = 'Still edited' where id = ${id}`),
    );
    await editing.ready;
    // FOR UPDATE conflicts with the FOR KEY SHARE lock a check of the owner takes.
    const locked = t.database.db
      .execute(sql`select 1 from users where id = ${owner.id} for update nowait`)
      .then(
        () => 'free',
        (error) => sqlState(error),
      );
    await expect(locked).resolves.toBe('free');
    editing.commit();
    await editing.done;
  });
});
