import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestApp, type TestUser } from '../../test/test-app';
import { COUNT_PAST_PAGE_START } from './bounded-count';

const BOUND = COUNT_PAST_PAGE_START;
const ROWS = 11 * BOUND;
/** Every 500th row belongs to the rare organization / company: 22 of 11,000. */
const RARE_EVERY = ROWS / 22;

let t: TestApp;
let owner: TestUser;
let stranger: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t.app);
  stranger = await createUser(t.app);
  // Seeded in SQL: the bound needs more rows than a test should import one by one.
  await t.database.db.execute(sql`
    insert into contacts (user_id, first_name, last_name, full_name, organization)
    select ${owner.id}, 'Person', 'No ' || n, 'Person No ' || n,
      case when n % ${RARE_EVERY} = 0 then 'Zanzibar Traders' else 'Acme' end
    from generate_series(1, ${ROWS}) n`);
  await t.database.db.execute(sql`
    insert into companies (user_id, record, connection_strength)
    select ${owner.id}, case when n % ${RARE_EVERY} = 0 then 'Zanzibar Traders ' else 'Acme ' end || n,
      case when n % 4 = 0 then 'strong' end
    from generate_series(1, ${ROWS}) n`);
});
afterAll(() => t.close());

const get = async (user: TestUser, url: string) => {
  const response = await t.app.inject({ method: 'GET', url, headers: user.headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

describe('bounded list counts', () => {
  it('people: a search stops counting 1,000 rows past the page start and says so', async () => {
    expect(BOUND).toBe(1_000);
    expect(await get(owner, '/api/people?q=acme')).toMatchObject({ total: BOUND, total_capped: true });
    const page = await get(owner, '/api/people?q=acme&page=2&page_size=100');
    expect(page).toMatchObject({ total: BOUND + 100, total_capped: true });
    expect(page.people).toHaveLength(100);
  });

  it('people: the list without a search or filter has its exact total, kept rather than counted', async () => {
    expect(await get(owner, '/api/people')).toMatchObject({ total: ROWS, total_capped: false });
    expect(await get(owner, '/api/people?page=2&page_size=100')).toMatchObject({
      total: ROWS,
      total_capped: false,
    });
    // A filter key that names no column filters nothing.
    expect(await get(owner, '/api/people?no_such_column=x')).toMatchObject({
      total: ROWS,
      total_capped: false,
    });
  });

  it('people: exact below the bound, and exact again once the page is near the end', async () => {
    expect(await get(owner, '/api/people?q=zanzibar')).toMatchObject({ total: 22, total_capped: false });
    expect(await get(owner, '/api/people?organization=zanzibar&page=2&page_size=20')).toMatchObject({
      total: 22,
      total_capped: false,
    });
    const last = await get(owner, '/api/people?page=111&page_size=100');
    expect(last).toMatchObject({ total: ROWS, total_capped: false });
    expect(last.people).toHaveLength(0);
    const nearEnd = await get(owner, '/api/people?page=110&page_size=100');
    expect(nearEnd).toMatchObject({ total: ROWS, total_capped: false });
    expect(nearEnd.people).toHaveLength(100);
  });

  it('people: pages read straight off the index and deep pages found by their ids follow on from each other', async () => {
    const ids = (page: { people: { id: number }[] }) => page.people.map((person) => person.id);
    for (const order of ['', '&sort=last_name&order=asc']) {
      // Offsets 400 and 500 sit either side of where a page starts finding its ids first.
      const both = ids(await get(owner, `/api/people?page=3&page_size=200${order}`));
      const before = ids(await get(owner, `/api/people?page=5&page_size=100${order}`));
      const after = ids(await get(owner, `/api/people?page=6&page_size=100${order}`));
      expect(both).toHaveLength(200);
      expect([...before, ...after]).toEqual(both);
      expect(new Set(both).size).toBe(200);
    }
  });

  it('people: another account counts only its own', async () => {
    expect(await get(stranger, '/api/people')).toMatchObject({ total: 0, total_capped: false, people: [] });
  });

  it('companies: filtered totals are bounded; the unfiltered total is the exact stats total', async () => {
    expect(await get(owner, '/api/companies?q=acme')).toMatchObject({ total: BOUND, total_capped: true });
    expect(await get(owner, '/api/companies?name=zanzibar')).toMatchObject({
      total: 22,
      total_capped: false,
    });
    expect(await get(owner, '/api/companies')).toMatchObject({
      total: ROWS,
      total_capped: false,
      stats: { total: ROWS, active: ROWS / 4 },
    });
    expect(await get(stranger, '/api/companies?q=acme')).toMatchObject({ total: 0, total_capped: false });
  });
});
