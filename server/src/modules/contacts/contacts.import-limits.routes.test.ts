/**
 * Issue 19 for contact imports: a mapping obeys the custom-field rules, and an import's rows stay out
 * of sight until it completes, so one left behind by a crash is never seen and a re-run adds no
 * duplicates (decision 0025).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart } from '../../../test/multipart';
import { createTestApp, createUser, type TestApp, type TestUser } from '../../../test/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await createUser(t.app);
});
afterAll(() => t.close());

function importWith(user: TestUser, file: string, mapping: Record<string, string>, app = t.app) {
  const body = multipart({ mapping: JSON.stringify(mapping) }, { name: 'contacts.csv', content: file });
  return app.inject({
    method: 'POST',
    url: '/api/csv/import-with-mapping',
    payload: body.payload,
    headers: { ...user.headers, ...body.headers },
  });
}

const customFields = async (user: TestUser) =>
  (await t.as(user).get('/api/custom-fields')).json().custom_fields as string[];
const total = async (user: TestUser, on = t) => (await on.as(user).get('/api/people')).json().total as number;

describe('a CSV mapping and the custom-field rules', () => {
  it('refuses 300 new custom fields (the limit is 200) with 400 naming the mapping; nothing is stored', async () => {
    const user = await createUser(t.app);
    const headers = Array.from({ length: 300 }, (_, index) => `Extra ${index}`);
    const file = `Name,${headers.join(',')}\nAda,${headers.map(() => 'x').join(',')}\n`;
    const mapping = Object.fromEntries([
      ['Name', 'first_name'],
      ...headers.map((header) => [header, `custom_${header}`]),
    ]);
    const response = await importWith(user, file, mapping);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().details).toEqual([
      { field: 'mapping', message: 'At most 200 custom fields: you have 0 and this would add 300' },
    ]);
    expect(await customFields(user)).toEqual([]);
    expect(await total(user)).toBe(0);
  });

  it('refuses a custom field name over 100 characters with 400 naming its column', async () => {
    const user = await createUser(t.app);
    const response = await importWith(user, 'Name,Long\nAda,x\n', {
      Name: 'first_name',
      Long: `custom_${'n'.repeat(5000)}`,
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().details).toEqual([
      { field: 'mapping.Long', message: 'Field name must be at most 100 characters' },
    ]);
    expect(await customFields(user)).toEqual([]);
    const fits = await importWith(user, 'Name,Long\nAda,x\n', {
      Name: 'first_name',
      Long: `custom_${'n'.repeat(100)}`,
    });
    expect(fits.statusCode, fits.body).toBe(200);
    expect(await customFields(user)).toEqual(['n'.repeat(100)]);
  });
});

describe('an import left pending by a crash', () => {
  it('is never listed, and re-running the file adds each row once', async () => {
    const user = await createUser(t.app);
    // What a server killed in the middle of a staged import leaves: a pending import and some rows.
    const db = t.database.db;
    const [{ id }] = (
      (await db.execute(
        sql`insert into contact_imports (user_id, pending) values (${user.id}, true) returning id`,
      )) as unknown as { rows: { id: number }[] }
    ).rows;
    await db.execute(sql`insert into contacts (user_id, first_name, full_name, email, import_id)
      values (${user.id}, 'Ada', 'Ada', 'ada@example.com', ${id}), (${user.id}, 'Bob', 'Bob', 'bob@example.com', ${id})`);
    // The server starting again on that database (the list learns of pending imports at its first use).
    const restarted = await createTestApp({ database: t.database });
    try {
      expect(await total(user, restarted)).toBe(0);
      const search = await restarted.as(user).get('/api/people?q=ada');
      expect(search.json().people).toEqual([]);
      expect((await restarted.as(user).get('/api/people/duplicates')).json().groups).toEqual([]);

      const file = 'First Name,Email\nAda,ada@example.com\nBob,bob@example.com\nCy,cy@example.com\n';
      const response = await importWith(
        user,
        file,
        { 'First Name': 'first_name', Email: 'email' },
        restarted.app,
      );
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().imported_count).toBe(3);
      const listed = (await restarted.as(user).get('/api/people?sort=first_name&order=asc')).json();
      expect(listed.total).toBe(3);
      expect(listed.people.map((person: { first_name: string }) => person.first_name)).toEqual([
        'Ada',
        'Bob',
        'Cy',
      ]);
    } finally {
      await restarted.close();
    }
  });
});
