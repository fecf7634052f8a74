import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart } from '../../test/multipart';
import { createTestApp, createUser, type TestApp, type TestUser } from '../../test/test-app';
import { ownedBy } from '../modules/contacts/contacts.repository';
import { contacts } from './schema';
import { searchTextContains } from './text-search';

const IMPORTED = 20_000;
const RARE = 'Zanzibar';

/** IMPORTED people; two of them work for the rare organization. */
function peopleCsv(): string {
  const lines = ['First Name,Last Name,E-mail,Company'];
  for (let index = 0; index < IMPORTED; index++) {
    const company = index % 10_000 === 7 ? `${RARE} Traders` : `Company ${index % 40}`;
    lines.push(`Person${index},Family${index % 97},person${index}@example.com,${company}`);
  }
  return `${lines.join('\n')}\n`;
}

const now = new Date('2026-11-23T12:00:00Z');
let t: TestApp;
let owner: TestUser;

const stats = async (table: string) => {
  const result = await t.database.db.execute(
    sql`select last_analyze, last_vacuum from pg_stat_user_tables where relname = ${table}`,
  );
  return (result as unknown as { rows: { last_analyze: unknown; last_vacuum: unknown }[] }).rows[0];
};

/** The plan of a deep page of the owner's contacts in the default order. */
async function deepPagePlan(): Promise<string> {
  const plan = await t.database.db.execute(sql`explain select ${contacts.id} from ${contacts}
    where ${ownedBy(owner.id)} order by ${contacts.createdAt} desc, ${contacts.id} desc
    limit 50 offset ${IMPORTED - 5_000}`);
  return (plan as unknown as { rows: { 'QUERY PLAN': string }[] }).rows
    .map((row) => row['QUERY PLAN'])
    .join('\n');
}

beforeAll(async () => {
  t = await createTestApp({ clock: () => now });
  owner = await createUser(t.app);
  await createUser(t.app);
  const body = multipart(
    {
      mapping: JSON.stringify({
        'First Name': 'first_name',
        'Last Name': 'last_name',
        'E-mail': 'email',
        Company: 'organization',
      }),
    },
    { name: 'people.csv', content: peopleCsv() },
  );
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/csv/import-with-mapping',
    payload: body.payload,
    headers: { ...owner.headers, ...body.headers },
  });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json().imported_count).toBe(IMPORTED);
}, 240_000);
afterAll(() => t.close());

describe('planner statistics after a bulk write', () => {
  it('analyzes the contacts table when an import commits, so search reads the trigram index', async () => {
    expect((await stats('contacts')).last_analyze).not.toBeNull();
    const plan = await t.database.db.execute(sql`explain select ${contacts.id} from ${contacts}
      where ${contacts.userId} = ${owner.id} and ${searchTextContains(contacts.searchText, RARE)}`);
    const text = (plan as unknown as { rows: { 'QUERY PLAN': string }[] }).rows
      .map((row) => row['QUERY PLAN'])
      .join('\n');
    expect(text).toContain('contacts_search_text_trgm_idx');

    const found = await t.app.inject({ method: 'GET', url: `/api/people?q=${RARE}`, headers: owner.headers });
    expect(found.json()).toMatchObject({ total: 2, total_capped: false });
  });

  it("merges the trigram indexes' pending entries when an import commits", async () => {
    // A GIN index keeps new entries in a pending list that every search scans; the import merged it,
    // so there is nothing left to clean (an ANALYZE alone leaves it).
    const cleaned = await t.database.db.execute(
      sql`select gin_clean_pending_list('contacts_search_text_trgm_idx') as pages`,
    );
    expect(Number((cleaned as unknown as { rows: { pages: number }[] }).rows[0].pages)).toBe(0);
  });

  it("estimates the user's visible contacts as nearly all of them, so a deep page reads an index", async () => {
    // The pending-import condition once read `not in (subquery)`, which the planner takes to keep half
    // the rows: a page past that half then sorted every row of the user instead of reading the index.
    const text = await deepPagePlan();
    expect(text).toContain('contacts_user_created_at_idx');
    expect(text).not.toContain('Sort');
  });
});
