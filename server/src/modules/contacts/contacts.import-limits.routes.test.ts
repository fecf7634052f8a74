/**
 * Issue 19 for contact imports: a mapping obeys the custom-field rules (what a crash leaves:
 * contacts.import-crash.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart } from '../../../test/multipart';
import { createTestApp, createUser, type TestApp, type TestUser } from '../../../test/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await createUser(t.app);
});
afterAll(() => t.close());

function importWith(user: TestUser, file: string, mapping: Record<string, string>) {
  const body = multipart({ mapping: JSON.stringify(mapping) }, { name: 'contacts.csv', content: file });
  return t.app.inject({
    method: 'POST',
    url: '/api/csv/import-with-mapping',
    payload: body.payload,
    headers: { ...user.headers, ...body.headers },
  });
}

const customFields = async (user: TestUser) =>
  (await t.as(user).get('/api/custom-fields')).json().custom_fields as string[];
const total = async (user: TestUser) => (await t.as(user).get('/api/people')).json().total as number;

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
