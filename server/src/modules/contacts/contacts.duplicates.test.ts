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
    expect(merged).toMatchObject({ merged_groups: 1, deleted: 1 });
  });
});

describe('a large name group', () => {
  it('is scanned with its first 10 people and its count; the group route gives all of them, to its owner only', async () => {
    const owner = await createUser(t.app);
    const stranger = await createUser(t.app);
    const add = async (body: object) => {
      const response = await t.as(owner).post('/api/people', body);
      expect(response.statusCode, response.body).toBe(201);
      return response.json().id as number;
    };
    const pats: number[] = [];
    for (let n = 1; n <= 25; n += 1)
      pats.push(await add({ first_name: 'Pat', last_name: 'Kim', email: `pat${n}@example.com` }));
    // A name with characters a URL must escape, in an identical group.
    const odd = [];
    for (let n = 0; n < 3; n += 1)
      odd.push(await add({ first_name: "O'Brien", last_name: '/ Ann & Co? 50%' }));
    await add({ first_name: 'Solo' });

    const scan = await t.as(owner).get('/api/people/duplicates');
    expect(scan.statusCode).toBe(200);
    const found = scan.json();
    expect(
      found.groups.map((group: { key: string; count: number; identical: boolean; people: unknown[] }) => [
        group.key,
        group.count,
        group.identical,
        group.people.length,
      ]),
    ).toEqual([
      ["o'brien / ann & co? 50%", 3, true, 3],
      ['pat kim', 25, false, 10],
    ]);
    expect(found.groups[1].people.map((person: { id: number }) => person.id)).toEqual(pats.slice(0, 10));
    expect(found.groups[1].full_name).toBe('Pat Kim');
    // The totals count every record, not only the ones sent.
    expect(found).toMatchObject({ total_duplicates: 24 + 2, auto_mergeable: 2, manual_review: 1 });

    const group = await t.as(owner).get('/api/people/duplicates/group?key=pat%20kim');
    expect(group.statusCode, group.body).toBe(200);
    expect(group.json()).toMatchObject({ key: 'pat kim', full_name: 'Pat Kim', identical: false, count: 25 });
    expect(group.json().people.map((person: { id: number }) => person.id)).toEqual(pats);
    expect(group.json().people[24].email).toBe('pat25@example.com');
    // The scan's people (written by the database) are the group's first ten as the group route writes them.
    expect(found.groups[1].people).toEqual(group.json().people.slice(0, 10));

    const oddGroup = await t
      .as(owner)
      // As the web app's client writes it (URLSearchParams: spaces as '+').
      .get(`/api/people/duplicates/group?${new URLSearchParams({ key: "o'brien / ann & co? 50%" })}`);
    expect(oddGroup.statusCode, oddGroup.body).toBe(200);
    expect(oddGroup.json().people.map((person: { id: number }) => person.id)).toEqual(odd);

    // Not a group: one contact of that name, or none.
    expect((await t.as(owner).get('/api/people/duplicates/group?key=solo')).statusCode).toBe(404);
    expect((await t.as(owner).get('/api/people/duplicates/group?key=nobody')).statusCode).toBe(404);

    // Another user sees nothing of the owner's.
    const foreign = await t.as(stranger).get('/api/people/duplicates/group?key=pat%20kim');
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).not.toContain('pat1@example.com');
    expect((await t.as(stranger).get('/api/people/duplicates')).json().groups).toEqual([]);
  });
});

describe('identical groups', () => {
  it('differ in no compared field, empty or not, of any type; the scan and auto-merge agree', async () => {
    const owner = await createUser(t.app);
    const add = async (body: object) => {
      const response = await t.as(owner).post('/api/people', body);
      expect(response.statusCode, response.body).toBe(201);
    };
    const full = {
      birthday: '1990-05-01',
      last_contact_date: '2026-11-20T09:30:00Z',
      priority: 'high',
      custom_fields: { Team: 'Blue' },
    };
    for (const [last, one, other] of [
      ['Same', full, full],
      ['Birthday', full, { ...full, birthday: null }],
      ['Contacted', full, { ...full, last_contact_date: '2026-11-21T09:30:00Z' }],
      ['Custom', full, { ...full, custom_fields: { Team: 'Red' } }],
      ['NoCustom', full, { ...full, custom_fields: {} }],
      ['Empty', {}, { email: null }],
    ] as const) {
      await add({ first_name: 'Kim', last_name: last, ...one });
      await add({ first_name: 'Kim', last_name: last, ...other });
    }
    const found = (await t.as(owner).get('/api/people/duplicates')).json();
    expect(
      found.groups.map((group: { key: string; identical: boolean }) => [group.key, group.identical]),
    ).toEqual([
      ['kim birthday', false],
      ['kim contacted', false],
      ['kim custom', false],
      ['kim empty', true],
      ['kim nocustom', false],
      ['kim same', true],
    ]);
    const group = (await t.as(owner).get('/api/people/duplicates/group?key=kim+same')).json();
    expect(group.identical).toBe(true);
    expect((await t.as(owner).get('/api/people/duplicates/group?key=kim+custom')).json().identical).toBe(
      false,
    );
    const merged = (await t.as(owner).post('/api/people/duplicates/auto-merge')).json();
    expect(merged).toMatchObject({ merged_groups: 2, deleted: 2 });
  });
});
