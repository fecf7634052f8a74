import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestApp, type TestUser } from '../../../test/test-app';

/**
 * The Total Companies and Active Companies cards come from company_stats, which triggers keep (decision
 * 0028). After every kind of write they must equal a count of the companies themselves.
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

/** What the cards must say: counted from the companies themselves. */
async function counted(user: TestUser) {
  const [row] = rowsOf<{ total: number; active: number }>(
    await t.database.db.execute(sql`select count(*)::int as total,
      count(*) filter (where connection_strength = 'strong')::int as active
      from companies where user_id = ${user.id}`),
  );
  return row;
}

async function cards(user: TestUser) {
  const response = await t.as(user).get('/api/companies?q=zzz-no-match');
  expect(response.statusCode, response.body).toBe(200);
  return response.json().stats as { total: number; active: number };
}

/** Both users' cards equal their counts; answers the owner's. */
async function expectExact() {
  for (const user of [owner, other]) expect(await cards(user)).toEqual(await counted(user));
  return cards(owner);
}

const create = async (user: TestUser, body: object) => {
  const response = await t.as(user).post('/api/companies', body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id as number;
};

describe('the company cards', () => {
  it('stay exact through creates, edits, deletes, imports, merges and writes of other processes', async () => {
    expect(await expectExact()).toEqual({ total: 0, active: 0 });

    const strong = await create(owner, { record: 'Acme', connection_strength: 'strong' });
    const plain = await create(owner, { record: 'Globex' });
    await create(other, { record: 'Initech', connection_strength: 'strong' });
    expect(await expectExact()).toEqual({ total: 2, active: 1 });

    // Edits: strength on and off, and a change that leaves the cards alone.
    await t.as(owner).put(`/api/companies/${plain}`, { connection_strength: 'strong' });
    expect(await expectExact()).toEqual({ total: 2, active: 2 });
    await t.as(owner).put(`/api/companies/${strong}`, { connection_strength: 'weak' });
    await t.as(owner).put(`/api/companies/${plain}`, { description: 'Still strong' });
    expect(await expectExact()).toEqual({ total: 2, active: 1 });

    expect((await t.as(owner).delete(`/api/companies/${strong}`)).statusCode).toBe(200);
    expect(await expectExact()).toEqual({ total: 1, active: 1 });

    // A CSV import, with duplicates to merge.
    const csvData = [
      'Company Name,Connection Strength',
      'Hooli,Strong',
      'Hooli,Strong',
      'Hooli,Weak',
      'Vandelay,',
      'Vandelay,',
      'Stark,Strong',
    ].join('\n');
    const imported = await t.as(owner).post('/api/company-csv-processor', { csvData });
    expect(imported.statusCode, imported.body).toBe(200);
    expect(await expectExact()).toEqual({ total: 7, active: 4 });

    const merged = await t.as(owner).post('/api/companies/duplicates/auto-merge');
    expect(merged.statusCode, merged.body).toBe(200);
    expect(await expectExact()).toEqual({ total: 6, active: 4 });
    const groups = (await t.as(owner).get('/api/companies/duplicates')).json().groups as {
      companies: { id: number }[];
    }[];
    const [keep, ...rest] = groups[0].companies.map((company) => company.id);
    const resolved = await t.as(owner).post('/api/companies/duplicates/resolve', {
      keep_id: keep,
      delete_ids: rest,
    });
    expect(resolved.statusCode, resolved.body).toBe(200);
    const afterMerges = await expectExact();
    expect(afterMerges.total).toBeLessThan(6);

    // Another process writing the table directly, in one statement for two users.
    await t.database.db.execute(sql`insert into companies (user_id, record, connection_strength)
      values (${owner.id}, 'Wonka', 'strong'), (${other.id}, 'Oscorp', null), (${owner.id}, 'Tyrell', 'weak')`);
    expect(await expectExact()).toEqual({ total: afterMerges.total + 2, active: afterMerges.active + 1 });
    await t.database.db.execute(
      sql`update companies set connection_strength = 'strong' where user_id in (${owner.id}, ${other.id})`,
    );
    await t.database.db.execute(sql`delete from companies where record in ('Wonka', 'Oscorp')`);
    await expectExact();

    // A rolled-back write leaves the cards as they were.
    const before = await cards(owner);
    await expect(
      t.database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into companies (user_id, record) values (${owner.id}, 'Ghost')`);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await cards(owner)).toEqual(before);

    const deleted = await t.as(owner).delete('/api/companies', { confirm: true });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await expectExact()).toEqual({ total: 0, active: 0 });
    expect(await cards(other)).toEqual({ total: 1, active: 1 });
  });

  it("go with the user: deleting an account removes its companies' cards row", async () => {
    const leaving = await createUser(t.app);
    await create(leaving, { record: 'Soylent', connection_strength: 'strong' });
    const removed = await t.as(admin).delete(`/api/admin/users/${leaving.id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    const rows = rowsOf(
      await t.database.db.execute(sql`select 1 from company_stats where user_id = ${leaving.id}`),
    );
    expect(rows).toEqual([]);
    expect(await cards(other)).toEqual(await counted(other));
  });
});
