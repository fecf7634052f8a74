import type { Company, CompanySort, CreateCompanyBody } from '@relate/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestApp, type TestUser } from '../../../test/test-app';

let t: TestApp;
let owner: TestUser;
let stranger: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t.app);
  stranger = await createUser(t.app);
});
afterAll(() => t.close());

async function create(user: TestUser, body: CreateCompanyBody): Promise<Company> {
  const response = await t.as(user).post('/api/companies', body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

async function list(user: TestUser, query = ''): Promise<{ companies: Company[]; total: number } & object> {
  const response = await t.as(user).get(`/api/companies?page_size=500&${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const names = (companies: Company[]) => companies.map((company) => company.record);

describe('creating and reading a company', () => {
  it('stores every field, normalised, and reads it back', async () => {
    const created = await create(owner, {
      record: '  Acme Robotics ',
      tags: ' customer, priority,, customer ',
      categories: ' Manufacturing ',
      linkedin_profile: 'linkedin.com/company/acme',
      last_interaction: '2024-05-01T10:30:00+02:00',
      connection_strength: 'Strong',
      twitter_follower_count: 1200,
      twitter: '@acme',
      domains: [' acme.com ', '', 'acme.io'],
      description: 'Builds robots.\nAnd more robots.',
      notion_id: 'abc-123',
    });
    expect(created).toEqual({
      id: expect.any(Number),
      record: 'Acme Robotics',
      tags: ['customer', 'priority'],
      categories: 'Manufacturing',
      linkedin_profile: 'https://linkedin.com/company/acme',
      last_interaction: '2024-05-01T08:30:00.000Z',
      connection_strength: 'strong',
      twitter_follower_count: 1200,
      twitter: '@acme',
      domains: ['acme.com', 'acme.io'],
      description: 'Builds robots.\nAnd more robots.',
      notion_id: 'abc-123',
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    const read = await t.as(owner).get(`/api/companies/${created.id}`);
    expect(read.json()).toEqual(created);
  });

  it('fills in defaults for a company with only a name, and ignores id and timestamps sent by the client', async () => {
    const created = await create(owner, {
      record: 'Bare',
      id: 999_999,
      created_at: '2000-01-01T00:00:00Z',
    } as CreateCompanyBody);
    expect(created).toMatchObject({
      record: 'Bare',
      tags: [],
      domains: [],
      twitter_follower_count: 0,
      categories: null,
      linkedin_profile: null,
      last_interaction: null,
      connection_strength: null,
      twitter: null,
      description: null,
      notion_id: null,
    });
    expect(created.id).not.toBe(999_999);
    expect(created.created_at.startsWith('2000')).toBe(false);
  });

  it('treats empty values as null and a date without offset as UTC', async () => {
    const created = await create(owner, {
      record: 'Empties',
      linkedin_profile: '',
      last_interaction: '2024-05-01T10:30',
      connection_strength: '',
      twitter_follower_count: null as unknown as number,
      categories: '  ',
      tags: null as unknown as string[],
    });
    expect(created).toMatchObject({
      linkedin_profile: null,
      last_interaction: '2024-05-01T10:30:00.000Z',
      connection_strength: null,
      twitter_follower_count: 0,
      categories: null,
      tags: [],
    });
  });

  it.each([
    ['record', { record: undefined }],
    ['record', { record: '   ' }],
    ['record', { record: 'x'.repeat(301) }],
    ['tags', { tags: 5 }],
    ['tags', { tags: ['x'.repeat(201)] }],
    ['tags', { tags: Array.from({ length: 101 }, (_, index) => `tag${index}`) }],
    ['categories', { categories: 42 }],
    ['categories', { categories: 'x'.repeat(501) }],
    ['linkedin_profile', { linkedin_profile: 'not a url' }],
    ['linkedin_profile', { linkedin_profile: 'ftp://linkedin.com/x' }],
    ['last_interaction', { last_interaction: 'yesterday' }],
    ['last_interaction', { last_interaction: '2024-13-01' }],
    ['connection_strength', { connection_strength: 'very strong' }],
    ['twitter_follower_count', { twitter_follower_count: -1 }],
    ['twitter_follower_count', { twitter_follower_count: 1.5 }],
    ['twitter_follower_count', { twitter_follower_count: 'many' }],
    ['twitter_follower_count', { twitter_follower_count: 3_000_000_000 }],
    ['twitter', { twitter: 'x'.repeat(301) }],
    ['domains', { domains: [1, 2] }],
    ['description', { description: 'x'.repeat(20_001) }],
    ['notion_id', { notion_id: 'x'.repeat(201) }],
  ])('rejects a bad %s with 400 naming the field (%j)', async (field, change) => {
    const response = await t.as(owner).post('/api/companies', { record: 'Valid', ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    // An item of a list is named with its index: tags.0.
    const fields = response.json().details.map((detail: { field: string }) => detail.field.split('.')[0]);
    expect(fields).toEqual([field]);
  });

  it('answers 401 without a token and 404 for an unknown id', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/companies' })).statusCode).toBe(401);
    expect((await t.as(owner).get('/api/companies/99999999')).statusCode).toBe(404);
    expect((await t.as(owner).get('/api/companies/abc')).json().details[0].field).toBe('id');
  });
});

describe('updating and deleting a company', () => {
  it('changes only the fields sent', async () => {
    const company = await create(owner, {
      record: 'Before',
      tags: ['a'],
      twitter: '@before',
      categories: 'Old',
    });
    const response = await t.as(owner).put(`/api/companies/${company.id}`, {
      record: ' After ',
      tags: 'b, c',
      categories: null,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: company.id,
      record: 'After',
      tags: ['b', 'c'],
      categories: null,
      twitter: '@before',
    });
    expect(Date.parse(response.json().updated_at)).toBeGreaterThanOrEqual(Date.parse(company.updated_at));
    expect((await t.as(owner).put(`/api/companies/${company.id}`, {})).json().record).toBe('After');
  });

  it('validates the fields of an update like those of a new company', async () => {
    const company = await create(owner, { record: 'Keep me' });
    for (const [field, value] of [
      ['record', ''],
      ['record', null],
      ['connection_strength', 'huge'],
      ['twitter_follower_count', -5],
    ] as const) {
      const response = await t.as(owner).put(`/api/companies/${company.id}`, { [field]: value });
      expect(response.statusCode, `${field}=${value}`).toBe(400);
      expect(response.json().details[0].field).toBe(field);
    }
    expect((await t.as(owner).get(`/api/companies/${company.id}`)).json().record).toBe('Keep me');
  });

  it('deletes one company, and answers 404 once it is gone', async () => {
    const company = await create(owner, { record: 'Short-lived' });
    const deleted = await t.as(owner).delete(`/api/companies/${company.id}`);
    expect(deleted.json()).toMatchObject({ message: 'Company deleted successfully' });
    expect((await t.as(owner).get(`/api/companies/${company.id}`)).statusCode).toBe(404);
    expect((await t.as(owner).delete(`/api/companies/${company.id}`)).statusCode).toBe(404);
    expect((await t.as(owner).put(`/api/companies/${company.id}`, { record: 'x' })).statusCode).toBe(404);
  });
});

describe("another user's companies", () => {
  it('can be neither read, changed nor deleted, nor found through list, search, stats or duplicates', async () => {
    const secret = await create(owner, { record: 'Zanzibar Secret Holdings', connection_strength: 'strong' });
    await create(owner, { record: 'Zanzibar Secret Holdings', connection_strength: 'strong' });

    expect((await t.as(stranger).get(`/api/companies/${secret.id}`)).statusCode).toBe(404);
    expect((await t.as(stranger).put(`/api/companies/${secret.id}`, { record: 'Mine' })).statusCode).toBe(
      404,
    );
    expect((await t.as(stranger).delete(`/api/companies/${secret.id}`)).statusCode).toBe(404);

    const seen = await t.as(stranger).get('/api/companies?q=zanzibar&name=zanzibar');
    expect(seen.json()).toMatchObject({ companies: [], total: 0, stats: { total: 0, active: 0 } });
    await create(stranger, { record: 'Zanzibar Secret Holdings' });
    const duplicates = await t.as(stranger).get('/api/companies/duplicates');
    expect(duplicates.json()).toMatchObject({ groups: [], total_duplicates: 0 });
    const resolve = await t.as(stranger).post('/api/companies/duplicates/resolve', {
      keep_id: null,
      delete_ids: [secret.id],
    });
    expect(resolve.statusCode).toBe(404);
    await t.as(stranger).post('/api/companies/duplicates/auto-merge');
    expect((await t.as(stranger).delete('/api/companies', { confirm: true })).json()).toMatchObject({
      deleted: 1,
    });

    expect((await t.as(owner).get(`/api/companies/${secret.id}`)).json()).toEqual(secret);
    expect((await list(owner, 'name=zanzibar')).total).toBe(2);
  });
});

describe('listing', () => {
  let user: TestUser;
  let byName: Record<string, Company>;

  beforeAll(async () => {
    user = await createUser(t.app);
    const rows: CreateCompanyBody[] = [
      {
        record: 'Charlie',
        categories: 'Retail',
        last_interaction: '2024-03-01T00:00:00Z',
        connection_strength: 'medium',
        twitter_follower_count: 300,
        domains: ['charlie.com', 'charlie.io'],
      },
      {
        record: 'alpha',
        categories: 'fintech',
        connection_strength: 'strong',
        twitter_follower_count: 100,
        domains: ['alpha.com'],
      },
      {
        record: 'Echo',
        last_interaction: '2023-01-01T00:00:00Z',
        twitter_follower_count: 300,
        tags: ['zebra'],
        description: 'Makes unicorn widgets',
        twitter: '@echo_co',
      },
      {
        record: 'delta',
        categories: 'Media',
        last_interaction: '2025-06-01T00:00:00Z',
        connection_strength: 'weak',
        domains: ['delta.org'],
      },
      {
        record: 'Bravo',
        categories: 'fintech',
        last_interaction: '2024-03-01T00:00:00Z',
        connection_strength: 'strong',
        twitter_follower_count: 50,
      },
    ];
    byName = {};
    for (const row of rows) byName[row.record] = await create(user, row);
  });

  const RANK = { weak: 1, medium: 2, strong: 3 } as const;
  const sortValue: Record<CompanySort, (company: Company) => string | number | null> = {
    id: (company) => company.id,
    record: (company) => company.record.toLowerCase(),
    categories: (company) => company.categories?.toLowerCase() ?? null,
    last_interaction: (company) => company.last_interaction,
    connection_strength: (company) =>
      company.connection_strength ? RANK[company.connection_strength] : null,
    twitter_follower_count: (company) => company.twitter_follower_count,
    created_at: (company) => company.created_at,
  };

  /** Nulls last in both directions, ties broken by id in the same direction. */
  function expectedOrder(sort: CompanySort, order: 'asc' | 'desc'): string[] {
    const sign = order === 'asc' ? 1 : -1;
    return Object.values(byName)
      .sort((a, b) => {
        const [x, y] = [sortValue[sort](a), sortValue[sort](b)];
        if (x === null || y === null) {
          if (x !== y) return x === null ? 1 : -1;
        } else if (x !== y) return (x < y ? -1 : 1) * sign;
        return (a.id - b.id) * sign;
      })
      .map((company) => company.record);
  }

  it.each(
    (Object.keys(sortValue) as CompanySort[]).flatMap((sort) =>
      (['asc', 'desc'] as const).map((order) => [sort, order] as const),
    ),
  )('sorts by %s %s', async (sort, order) => {
    const page = await list(user, `sort=${sort}&order=${order}`);
    expect(names(page.companies)).toEqual(expectedOrder(sort, order));
  });

  it('sorts connection strength weak < medium < strong, not alphabetically', async () => {
    expect(names((await list(user, 'sort=connection_strength&order=asc')).companies)).toEqual([
      'delta',
      'Charlie',
      'alpha',
      'Bravo',
      'Echo',
    ]);
  });

  it('rejects an unknown sort or order with 400', async () => {
    const badSort = await t.as(user).get('/api/companies?sort=password');
    expect(badSort.statusCode).toBe(400);
    expect(badSort.json().details[0].field).toBe('sort');
    expect((await t.as(user).get('/api/companies?order=sideways')).json().details[0].field).toBe('order');
    expect((await t.as(user).get('/api/companies?page_size=501')).json().details[0].field).toBe('page_size');
  });

  it.each([
    ['name=ALP', ['alpha']],
    ['categories=FinTech', ['alpha', 'Bravo']],
    ['domains=.IO', ['Charlie']],
    ['domains=org', ['delta']],
    ['connection_strength=strong', ['alpha', 'Bravo']],
    ['connection_strength=Weak', ['delta']],
    ['q=brav', ['Bravo']],
    ['q=retail', ['Charlie']],
    ['q=UNICORN', ['Echo']],
    ['q=zebra', ['Echo']],
    ['q=echo_co', ['Echo']],
    ['q=delta.org', ['delta']],
    ['categories=fintech&connection_strength=strong&name=a', ['alpha', 'Bravo']],
    // A filter matches its own column only, not the others the search box looks through.
    ['name=fintech', []],
    ['categories=alp', []],
    ['domains=brav', []],
    ['name=_', []],
    ['name=%25', []],
    ['q=', ['alpha', 'Bravo', 'Charlie', 'delta', 'Echo']],
  ])('filters with %s', async (query, expected) => {
    const page = await list(user, `sort=record&order=asc&${query}`);
    expect(names(page.companies)).toEqual(expected);
    expect(page.total).toBe(expected.length);
  });

  it('reports stats over all of the caller companies, whatever the filters', async () => {
    const page = await list(user, 'name=delta');
    expect(page).toMatchObject({ total: 1, stats: { total: 5, active: 2 } });
  });

  it('pages 10 at a time by default', async () => {
    const pager = await createUser(t.app);
    for (let index = 1; index <= 12; index++) await create(pager, { record: `Company ${index}` });
    const first = (await t.as(pager).get('/api/companies?sort=id&order=asc')).json();
    expect(first).toMatchObject({ total: 12, page: 1, page_size: 10, stats: { total: 12, active: 0 } });
    expect(first.companies).toHaveLength(10);
    const second = (await t.as(pager).get('/api/companies?sort=id&order=asc&page=2')).json();
    expect(names(second.companies)).toEqual(['Company 11', 'Company 12']);
    const beyond = (await t.as(pager).get('/api/companies?page=3')).json();
    expect(beyond).toMatchObject({ companies: [], total: 12, page: 3 });
  });
});

describe('delete all', () => {
  it('needs confirm: true, then deletes every company of the caller in one call', async () => {
    const user = await createUser(t.app);
    for (const record of ['One', 'Two', 'Three']) await create(user, { record });
    const ownersBefore = (await list(owner)).total;

    const unconfirmed = await t.as(user).delete('/api/companies', {});
    expect(unconfirmed.statusCode).toBe(400);
    expect(unconfirmed.json().details[0].field).toBe('confirm');
    expect((await list(user)).total).toBe(3);

    expect((await t.as(user).delete('/api/companies', { confirm: true })).json()).toMatchObject({
      deleted: 3,
    });
    expect((await list(user)).total).toBe(0);
    expect((await list(owner)).total).toBe(ownersBefore);
  });
});

describe('the stored search text', () => {
  it('follows every edit, and matches letters beyond ASCII whatever their case', async () => {
    const user = await createUser(t.app);
    const company = await create(user, {
      record: 'Société Générale',
      tags: ['BANQUE'],
      domains: ['societe.example'],
    });
    expect(names((await list(user, 'q=SOCI%C3%89T%C3%89')).companies)).toEqual(['Société Générale']);
    expect(names((await list(user, 'q=banque')).companies)).toEqual(['Société Générale']);

    const changed = await t.as(user).put(`/api/companies/${company.id}`, {
      tags: ['assurance'],
      description: 'Compagnie ÉTABLIE',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await list(user, 'q=banque')).total).toBe(0);
    expect(names((await list(user, 'q=%C3%A9tablie')).companies)).toEqual(['Société Générale']);
    expect(names((await list(user, 'q=ASSURANCE')).companies)).toEqual(['Société Générale']);
    expect(Object.keys((await list(user, 'q=assurance')).companies[0])).not.toContain('search_text');
  });
});
