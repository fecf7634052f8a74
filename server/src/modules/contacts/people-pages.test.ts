/**
 * The list's statement is written once per shape and reused with each request's parameters
 * (decision 0032): requests of one shape from different accounts must each get their own rows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestApp, type TestUser } from '../../../test/test-app';

let t: TestApp;
let ann: TestUser;
let ben: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  ann = await createUser(t.app);
  ben = await createUser(t.app);
  for (const field of ['Rank']) {
    await t.as(ann).post('/api/custom-fields', { name: field });
    await t.as(ben).post('/api/custom-fields', { name: field });
  }
  await t.as(ann).post('/api/people', {
    first_name: 'Ada',
    last_name: 'Lovelace',
    organization: 'Analytical Engines',
    custom_fields: { Rank: 'Countess' },
  });
  await t.as(ann).post('/api/people', { first_name: 'Charles', last_name: 'Babbage', organization: 'Byron' });
  await t.as(ben).post('/api/people', {
    first_name: 'Ada',
    last_name: 'Byron',
    organization: 'Byron Estate',
    custom_fields: { Rank: 'Admiral' },
  });
});
afterAll(() => t.close());

const lastNames = async (user: TestUser, url: string) => {
  const response = await t.as(user).get(url);
  expect(response.statusCode, response.body).toBe(200);
  const page = response.json();
  expect(page.total).toBe(page.people.length);
  return page.people.map((person: { last_name: string }) => person.last_name).sort();
};

describe('lists of one shape from different accounts', () => {
  it('each show their own rows for the same search, filters and sort, in turn', async () => {
    const cases: [string, string[], string[]][] = [
      ['/api/people?q=ada', ['Lovelace'], ['Byron']],
      ['/api/people?q=estate', [], ['Byron']],
      ['/api/people?organization=byron', ['Babbage'], ['Byron']],
      ['/api/people?organization=analyt&q=lovelace', ['Lovelace'], []],
      ['/api/people?custom_Rank=count', ['Lovelace'], []],
      ['/api/people?custom_Rank=adm&sort=custom_Rank&order=asc', [], ['Byron']],
      ['/api/people?sort=last_name&order=asc', ['Babbage', 'Lovelace'], ['Byron']],
    ];
    for (let round = 0; round < 2; round++) {
      for (const [url, annSees, benSees] of cases) {
        expect(await lastNames(ann, url), `${url} for Ann`).toEqual(annSees);
        expect(await lastNames(ben, url), `${url} for Ben`).toEqual(benSees);
      }
    }
  });
});
