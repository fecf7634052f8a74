import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, createUser, type TestApp, type TestUser } from '../../../test/test-app';

let t: TestApp;
let user: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  user = await createUser(t.app);
});
afterAll(() => t.close());

const create = async (body: object) => {
  const response = await t.as(user).post('/api/people', body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
};

/** The statements the database runs while `work` does (drizzle's session prepares one per statement). */
async function statementsDuring(work: () => Promise<unknown>): Promise<number> {
  const session = (t.database.db as unknown as { session: { prepareQuery: (...args: unknown[]) => unknown } })
    .session;
  const prepare = vi.spyOn(session, 'prepareQuery');
  try {
    await work();
    return prepare.mock.calls.length;
  } finally {
    prepare.mockRestore();
  }
}

describe('the contacts duplicates scan', () => {
  it('reads every group with its records in one statement, identical as auto-merge counts it', async () => {
    await create({ first_name: 'Ann', last_name: 'Lee', email: 'ann@example.com' });
    await create({ first_name: 'Ann', last_name: 'Lee', email: 'ann@example.com' });
    // A note one has and the other has not: not identical.
    await create({ first_name: 'Bo', last_name: 'Chen', notes: 'met at the fair' });
    await create({ first_name: 'Bo', last_name: 'Chen' });
    await create({ first_name: 'Solo' });

    // The scan itself (through the service: a request also reads the signed-in account).
    let found: Awaited<ReturnType<typeof t.app.services.contacts.duplicates>> | undefined;
    const statements = await statementsDuring(async () => {
      found = await t.app.services.contacts.duplicates(user.id);
    });
    expect(statements).toBe(1);
    expect(found?.groups.map((group) => [group.key, group.identical, group.people.length])).toEqual([
      ['ann lee', true, 2],
      ['bo chen', false, 2],
    ]);
    const merged = (await t.as(user).post('/api/people/duplicates/auto-merge')).json();
    expect(merged).toEqual({ merged_groups: 1, deleted: 1 });
  });
});
