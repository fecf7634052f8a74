/**
 * A contact's company has no foreign key (migration 0038, decision 0048): triggers check once per
 * statement that it is a company of the contact's owner, and unlink a deleted company's people. They
 * must hold what the key would, also against a company deleted while contacts are being linked to it.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestApp, type TestUser } from '../../../test/test-app';
import { copyColumns, copyInto } from '../../db/bulk-insert';
import { copyLines } from '../../db/copy-format';
import { contacts } from '../../db/schema';

let t: TestApp;
let owner: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t.app);
});
afterAll(() => t.close());

const companyOf = async (user: TestUser, record: string) =>
  (await t.as(user).post('/api/companies', { record })).json().id as number;

/** The SQLSTATE of a rejected query: drizzle wraps the driver's error in `cause`. */
const sqlState = (error: unknown) =>
  (error as { code?: string; cause?: { code?: string } }).cause?.code ?? (error as { code?: string }).code;

const linkedTo = async (companyId: number) => {
  const { rows } = (await t.database.db.execute(
    sql`select count(*)::int as n from contacts where company_id = ${companyId}`,
  )) as unknown as { rows: { n: number }[] };
  return rows[0].n;
};

const insertAt = (userId: number, companyId: number, db = t.database.db) =>
  db.execute(
    sql`insert into contacts (user_id, first_name, company_id) values (${userId}, 'Ada', ${companyId})`,
  );

describe("a contact's company", () => {
  it("must be its owner's: a COPY of many naming another user's company writes nothing", async () => {
    const stranger = await createUser(t.app);
    const theirs = await companyOf(stranger, 'Theirs');
    const mine = await companyOf(owner, 'Mine');
    const rows = Array.from({ length: 300 }, (_, index) => ({
      userId: owner.id,
      firstName: `Row ${index}`,
      companyId: index === 299 ? theirs : mine,
    }));
    const keys = ['userId', 'firstName', 'companyId'];
    const copy = t.database.db.transaction((tx) =>
      copyInto(tx, contacts, [{ keys, text: copyLines(copyColumns(contacts, keys), rows) }]),
    );
    await expect(copy).rejects.toSatisfy((error) => sqlState(error) === '23503');
    await expect(linkedTo(mine)).resolves.toBe(0);
  });
});

/** Runs `step` in a transaction left open until `commit()` is called; `ready` settles once `step` has run. */
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

describe('a company deleted during a link', () => {
  it('waits for people being linked to it, then unlinks them too', async () => {
    const acme = await companyOf(owner, 'Acme');
    const linking = heldOpen((tx) => insertAt(owner.id, acme, tx));
    await linking.ready;
    let deleted = false;
    const deleting = t.database.db.execute(sql`delete from companies where id = ${acme}`).then(() => {
      deleted = true;
    });
    await aWhile();
    expect(deleted).toBe(false); // held by the link's lock on the company
    linking.commit();
    await linking.done;
    await deleting;
    await expect(linkedTo(acme)).resolves.toBe(0);
  });

  it('refuses people linked to a company whose deletion commits meanwhile', async () => {
    const acme = await companyOf(owner, 'Acme');
    const deleting = heldOpen((tx) => tx.execute(sql`delete from companies where id = ${acme}`));
    await deleting.ready;
    const linking = insertAt(owner.id, acme).then(
      () => 'written',
      (error) => sqlState(error),
    );
    await aWhile();
    deleting.commit();
    await deleting.done;
    await expect(linking).resolves.toBe('23503');
    await expect(linkedTo(acme)).resolves.toBe(0);
  });
});
