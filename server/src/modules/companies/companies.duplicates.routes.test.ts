import type { Company, CompanyDuplicatesResponse, CreateCompanyBody } from '@relate/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestApp, type TestUser } from '../../../test/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function create(user: TestUser, body: CreateCompanyBody): Promise<Company> {
  const response = await t.as(user).post('/api/companies', body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

async function duplicates(user: TestUser): Promise<CompanyDuplicatesResponse> {
  const response = await t.as(user).get('/api/companies/duplicates');
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function remainingIds(user: TestUser): Promise<number[]> {
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/companies?sort=id&order=asc&page_size=500',
    headers: user.headers,
  });
  return response.json().companies.map((company: Company) => company.id);
}

const full: Omit<CreateCompanyBody, 'record'> = {
  categories: 'SaaS',
  linkedin_profile: 'https://linkedin.com/company/acme',
  connection_strength: 'strong',
  twitter: '@acme',
  description: 'Robots',
  notion_id: 'n-1',
  tags: ['a', 'b'],
  domains: ['acme.com'],
};

describe('GET /api/companies/duplicates', () => {
  it('groups by trimmed, case-insensitive name and tells identical groups from those needing review', async () => {
    const user = await createUser(t.app);
    const acme = [
      await create(user, { record: 'Acme', ...full, twitter_follower_count: 5 }),
      await create(user, { record: ' ACME ', ...full, last_interaction: '2024-01-01' }),
      await create(user, { record: 'acme', ...full }),
    ];
    const globex = [
      await create(user, { record: 'Globex' }),
      await create(user, { record: 'globex', tags: ['x'] }),
    ];
    await create(user, { record: 'Unique' });

    const result = await duplicates(user);
    expect(result).toMatchObject({ total_duplicates: 2, auto_mergeable: 1, manual_review: 1 });
    expect(result.groups.map(({ key, record, identical }) => ({ key, record, identical }))).toEqual([
      { key: 'acme', record: 'Acme', identical: true },
      { key: 'globex', record: 'Globex', identical: false },
    ]);
    expect(result.groups[0].companies).toEqual(acme);
    expect(result.groups[1].companies.map((company) => company.id)).toEqual(
      globex.map((company) => company.id),
    );
  });

  it.each(Object.entries(full))('sends a group to manual review when only %s differs', async (field) => {
    const user = await createUser(t.app);
    await create(user, { record: 'Twin', ...full });
    await create(user, { record: 'twin', ...full, [field]: null });
    expect((await duplicates(user)).groups[0].identical).toBe(false);
  });

  it('treats missing values as equal to each other', async () => {
    const user = await createUser(t.app);
    await create(user, { record: 'Empty' });
    await create(user, { record: 'empty', categories: '', tags: [] });
    expect((await duplicates(user)).groups[0].identical).toBe(true);
  });
});

describe('POST /api/companies/duplicates/auto-merge', () => {
  it('keeps the first company of every identical group and deletes the rest, leaving review groups alone', async () => {
    const user = await createUser(t.app);
    const acme = [
      await create(user, { record: 'Acme', ...full }),
      await create(user, { record: 'ACME', ...full }),
      await create(user, { record: 'acme', ...full }),
    ];
    const initech = [await create(user, { record: 'Initech' }), await create(user, { record: 'Initech' })];
    const globex = [
      await create(user, { record: 'Globex' }),
      await create(user, { record: 'Globex', tags: 'x' }),
    ];

    const response = await t.as(user).post('/api/companies/duplicates/auto-merge');
    expect(response.json()).toMatchObject({ merged_groups: 2, deleted: 3 });
    expect(await remainingIds(user)).toEqual([acme[0].id, initech[0].id, globex[0].id, globex[1].id]);
    expect(await duplicates(user)).toMatchObject({
      total_duplicates: 1,
      auto_mergeable: 0,
      manual_review: 1,
    });
    expect((await t.as(user).post('/api/companies/duplicates/auto-merge')).json()).toEqual({
      merged_groups: 0,
      deleted: 0,
      trash_batch: null,
    });
  });
});

describe('POST /api/companies/duplicates/resolve', () => {
  it('keeps the chosen company and deletes the others', async () => {
    const user = await createUser(t.app);
    const [first, second, third] = [
      await create(user, { record: 'Hooli', tags: ['1'] }),
      await create(user, { record: 'Hooli', tags: ['2'] }),
      await create(user, { record: 'Hooli', tags: ['3'] }),
    ];
    const response = await t.as(user).post('/api/companies/duplicates/resolve', {
      keep_id: second.id,
      delete_ids: [first.id, third.id],
    });
    expect(response.json()).toMatchObject({ deleted: 2 });
    expect(await remainingIds(user)).toEqual([second.id]);
  });

  it('deletes every record of a group when keep_id is null', async () => {
    const user = await createUser(t.app);
    const ids = [(await create(user, { record: 'Gone' })).id, (await create(user, { record: 'gone' })).id];
    const response = await t.as(user).post('/api/companies/duplicates/resolve', {
      keep_id: null,
      delete_ids: ids,
    });
    expect(response.json()).toMatchObject({ deleted: 2 });
    expect(await remainingIds(user)).toEqual([]);
  });

  it("answers 404 and deletes nothing when any id is not one of the caller's companies", async () => {
    const user = await createUser(t.app);
    const other = await createUser(t.app);
    const mine = await create(user, { record: 'Mine' });
    const theirs = await create(other, { record: 'Mine' });
    for (const body of [
      { keep_id: mine.id, delete_ids: [theirs.id] },
      { keep_id: theirs.id, delete_ids: [mine.id] },
      { keep_id: null, delete_ids: [mine.id, 99_999_999] },
    ]) {
      const response = await t.as(user).post('/api/companies/duplicates/resolve', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(404);
    }
    expect(await remainingIds(user)).toEqual([mine.id]);
    expect(await remainingIds(other)).toEqual([theirs.id]);
  });

  it('refuses to keep and delete the same company, or to delete nothing', async () => {
    const user = await createUser(t.app);
    const company = await create(user, { record: 'Both' });
    const same = await t.as(user).post('/api/companies/duplicates/resolve', {
      keep_id: company.id,
      delete_ids: [company.id],
    });
    expect(same.statusCode).toBe(400);
    expect(same.json().details[0].field).toBe('delete_ids');
    const none = await t.as(user).post('/api/companies/duplicates/resolve', {
      keep_id: company.id,
      delete_ids: [],
    });
    expect(none.json().details[0].field).toBe('delete_ids');
    expect(await remainingIds(user)).toEqual([company.id]);
  });
});
