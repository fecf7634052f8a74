import type { Person, PersonBody } from '@relate/contracts';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart } from '../../../test/multipart';
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

async function create(user: TestUser, body: PersonBody): Promise<Person> {
  const response = await t.as(user).post('/api/people', body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

async function list(user: TestUser, query = ''): Promise<{ people: Person[]; total: number }> {
  const response = await t.as(user).get(`/api/people?page_size=500&${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const lastNames = (people: Person[]) => people.map((person) => person.last_name);

describe('contacts CRUD', () => {
  it('stores every field, keeps full_name in step with the names, and reads it back', async () => {
    const created = await create(owner, {
      first_name: ' Ada ',
      last_name: 'Lovelace',
      gender: 'Female',
      birthday: '1815-12-10',
      email: 'ada@example.com',
      status: 'client',
      priority: 'high',
      group: 'VIP',
      last_contact_date: '2026-11-20T09:30:00Z',
      custom_fields: { Team: 'Analytics', Empty: '' },
    });
    expect(created).toMatchObject({
      full_name: 'Ada Lovelace',
      first_name: 'Ada',
      gender: 'female',
      birthday: '1815-12-10',
      group: 'VIP',
      last_contact_date: '2026-11-20T09:30:00.000Z',
      custom_fields: { Team: 'Analytics' },
      shared_by: null,
    });
    const read = await t.as(owner).get(`/api/people/${created.id}`);
    expect(read.json()).toEqual(created);
  });

  it('changes only the fields sent; null clears; ids and timestamps in the body are ignored', async () => {
    const person = await create(owner, {
      first_name: 'Grace',
      last_name: 'Hopper',
      phone: '123',
      organization: 'Navy',
    });
    const response = await t.as(owner).put(`/api/people/${person.id}`, {
      last_name: 'Murray',
      phone: null,
      id: 999_999,
      created_at: '2000-01-01T00:00:00Z',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      id: person.id,
      full_name: 'Grace Murray',
      phone: null,
      organization: 'Navy',
      created_at: person.created_at,
    });
  });

  it('merges custom fields on update, a null removing one', async () => {
    const person = await create(owner, { first_name: 'Custom', custom_fields: { A: '1', B: '2' } });
    const response = await t.as(owner).put(`/api/people/${person.id}`, {
      custom_fields: { B: null, C: '3' },
    });
    expect(response.json().custom_fields).toEqual({ A: '1', C: '3' });
  });

  it('answers 400 naming the field for bad input, and writes nothing', async () => {
    const before = (await list(owner)).total;
    const response = await t.as(owner).post('/api/people', {
      first_name: 'Bad',
      status: 'unknown',
      birthday: 'soon',
    });
    expect(response.statusCode).toBe(400);
    const fields = response.json().details.map((detail: { field: string }) => detail.field);
    expect(fields).toEqual(expect.arrayContaining(['status', 'birthday']));
    expect((await list(owner)).total).toBe(before);
  });

  it.each([
    ['email', 'bad@@example', 'Email must be an e-mail address such as name@example.com'],
    ['email', 'not an email at all', 'Email must be an e-mail address such as name@example.com'],
    ['website_url', 'not a link', 'Website URL must be a web address such as example.com/page'],
    ['linkedin_url', 'javascript:alert(1)', 'LinkedIn URL must be a web address such as example.com/page'],
    ['birthday', '2999-01-01', 'Birthday cannot be in the future'],
    ['birthday', '--02-30', 'Birthday must be a real date'],
  ])('refuses %s %j with a 400 naming the field, on create and on update', async (field, value, message) => {
    const created = await t.as(owner).post('/api/people', { first_name: 'Checked', [field]: value });
    expect(created.statusCode, created.body).toBe(400);
    expect(created.json().details).toEqual([{ field, message }]);
    const person = await create(owner, { first_name: 'Checked' });
    const updated = await t.as(owner).put(`/api/people/${person.id}`, { [field]: value });
    expect(updated.statusCode, updated.body).toBe(400);
    expect(updated.json().details).toEqual([{ field, message }]);
  });

  it('stores links with https:// when typed without a scheme, tags with one separator, birthdays without a year', async () => {
    const person = await create(owner, {
      first_name: 'Grace',
      linkedin_url: 'linkedin.com/in/grace',
      website_url: 'http://example.com',
      tags: 'navy;cobol ,  compilers',
      birthday: '--12-09',
    });
    expect(person).toMatchObject({
      linkedin_url: 'https://linkedin.com/in/grace',
      website_url: 'http://example.com',
      tags: 'navy, cobol, compilers',
      birthday: '0004-12-09',
    });
    const read = await t.as(owner).get(`/api/people/${person.id}`);
    expect(read.json()).toMatchObject({
      linkedin_url: 'https://linkedin.com/in/grace',
      birthday: '0004-12-09',
    });
  });

  it('keeps contacts private: another user gets 404 and never sees them', async () => {
    const secret = await create(owner, {
      first_name: 'Secret',
      last_name: 'Agent',
      email: 'secret@example.com',
    });
    for (const [method, payload] of [['GET'], ['PUT', { first_name: 'Hacked' }], ['DELETE']] as const) {
      const response = await t.as(stranger).request(method, `/api/people/${secret.id}`, payload);
      expect(response.statusCode, `${method}`).toBe(404);
    }
    expect((await list(stranger, 'q=secret')).total).toBe(0);
    expect((await list(stranger, 'email=secret')).total).toBe(0);
    const dupes = await t.as(stranger).get('/api/people/duplicates');
    expect(dupes.json().groups).toEqual([]);
    const exported = await t.as(stranger).get('/api/people/export');
    expect(exported.body).not.toContain('secret@example.com');
    expect((await t.as(owner).get(`/api/people/${secret.id}`)).json().first_name).toBe('Secret');
  });
});

describe('listing contacts', () => {
  let user: TestUser;
  beforeAll(async () => {
    user = await createUser(t.app);
    await create(user, {
      first_name: 'Alan',
      last_name: 'Turing',
      email: 'alan@acme.example',
      organization: 'Bletchley',
      phone: '+44 20 7946 0018',
      job_title: 'Cryptanalyst',
      custom_fields: { Team: 'Codebreakers' },
    });
    await create(user, {
      first_name: 'Barbara',
      last_name: 'Liskov',
      email: 'barbara@mit.example',
      organization: 'MIT',
      mobile: '+1 617 555 0142',
      job_title: 'Institute Professor',
      notes: 'Substitution principle',
    });
    await create(user, {
      first_name: 'Claude',
      last_name: 'Shannon',
      email: 'claude@bell.example',
      organization: 'Bell Labs',
      tags: 'information, acme',
    });
  });

  it('searches names, e-mail, phone, mobile, organization, job title, tags and notes case-insensitively', async () => {
    expect(lastNames((await list(user, 'q=TURING')).people)).toEqual(['Turing']);
    expect(lastNames((await list(user, 'q=claude%40bell')).people)).toEqual(['Shannon']);
    expect(lastNames((await list(user, 'q=7946')).people)).toEqual(['Turing']);
    expect(lastNames((await list(user, 'q=617%20555')).people)).toEqual(['Liskov']);
    expect(lastNames((await list(user, 'q=cryptANALYST')).people)).toEqual(['Turing']);
    expect(lastNames((await list(user, 'q=professor')).people)).toEqual(['Liskov']);
    expect(lastNames((await list(user, 'q=bletchley')).people)).toEqual(['Turing']);
    expect(lastNames((await list(user, 'q=substitution')).people)).toEqual(['Liskov']);
    expect(lastNames((await list(user, 'q=acme&sort=last_name&order=asc')).people)).toEqual([
      'Shannon',
      'Turing',
    ]);
  });

  it('filters any column, custom fields included, as a substring; % is taken literally', async () => {
    expect(lastNames((await list(user, 'organization=bell')).people)).toEqual(['Shannon']);
    expect(lastNames((await list(user, 'custom_Team=breaker')).people)).toEqual(['Turing']);
    expect((await list(user, 'email=%25')).total).toBe(0);
    expect(lastNames((await list(user, 'email=example&organization=mit')).people)).toEqual(['Liskov']);
  });

  it('sorts and pages', async () => {
    expect(lastNames((await list(user, 'sort=last_name&order=asc')).people)).toEqual([
      'Liskov',
      'Shannon',
      'Turing',
    ]);
    expect(lastNames((await list(user, 'sort=organization&order=desc')).people)).toEqual([
      'Liskov',
      'Turing',
      'Shannon',
    ]);
    const page = await t.as(user).get('/api/people?page=2&page_size=2&sort=last_name&order=asc');
    expect(page.json()).toMatchObject({ total: 3, page: 2, page_size: 2 });
    expect(lastNames(page.json().people)).toEqual(['Turing']);
    expect((await t.as(user).get('/api/people?sort=password')).statusCode).toBe(400);
  });
});

describe('delete all', () => {
  it('needs confirm and deletes only the caller’s contacts in one call', async () => {
    const user = await createUser(t.app);
    await create(user, { first_name: 'One' });
    await create(user, { first_name: 'Two' });
    expect((await t.as(user).delete('/api/people', {})).statusCode).toBe(400);
    const response = await t.as(user).delete('/api/people', { confirm: true });
    expect(response.json()).toMatchObject({ deleted: 2 });
    expect((await list(user)).total).toBe(0);
    expect((await list(owner)).total).toBeGreaterThan(0);
  });
});

describe('duplicates', () => {
  it('groups by trimmed, case-insensitive full name; auto-merges identical groups; resolves the rest', async () => {
    const user = await createUser(t.app);
    const a1 = await create(user, { first_name: 'Ann', last_name: 'Lee', email: 'ann@example.com' });
    await create(user, {
      first_name: 'ann',
      last_name: 'LEE',
      email: 'ann@example.com',
      full_name: ' ann lee ',
    });
    const b1 = await create(user, { first_name: 'Bo', last_name: 'Chen', email: 'bo@one.example' });
    const b2 = await create(user, { first_name: 'Bo', last_name: 'Chen', email: 'bo@two.example' });
    await create(user, { first_name: 'Solo' });

    const found = (await t.as(user).get('/api/people/duplicates')).json();
    expect(found.total_duplicates).toBe(2);
    expect(found.manual_review).toBe(2);
    expect(found.groups.map((group: { key: string }) => group.key)).toEqual(['ann lee', 'bo chen']);
    // 'Ann Lee' and 'ann LEE' differ in first/last name: manual review too.
    expect(found.auto_mergeable).toBe(0);

    const resolve = await t.as(user).post('/api/people/duplicates/resolve', {
      keep_id: b1.id,
      delete_ids: [b2.id],
    });
    expect(resolve.json()).toMatchObject({ deleted: 1 });
    const foreign = await t.as(stranger).post('/api/people/duplicates/resolve', {
      keep_id: null,
      delete_ids: [a1.id],
    });
    expect(foreign.statusCode).toBe(404);

    await create(user, { first_name: 'Ann', last_name: 'Lee', email: 'ann@example.com' });
    const merged = await t.as(user).post('/api/people/duplicates/auto-merge');
    expect(merged.json()).toEqual({ merged_groups: 0, deleted: 0, trash_batch: null });
    const twin = await create(user, { first_name: 'Solo' });
    const mergedTwins = await t.as(user).post('/api/people/duplicates/auto-merge');
    expect(mergedTwins.json()).toMatchObject({ merged_groups: 1, deleted: 1 });
    expect((await t.as(user).get(`/api/people/${twin.id}`)).statusCode).toBe(404);
  });
});

describe('export', () => {
  it('writes every contact as CSV, quoting and defusing formulas', async () => {
    const user = await createUser(t.app);
    await t.app.inject({
      method: 'POST',
      url: '/api/custom-fields',
      headers: user.headers,
      payload: { name: 'Team' },
    });
    await create(user, {
      first_name: 'Eve',
      last_name: 'Quote "Me"',
      notes: 'line1\nline2, with comma',
      custom_fields: { Team: '=HYPERLINK("x")' },
    });
    const response = await t.as(user).get('/api/people/export');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    const body = response.body;
    expect(body.startsWith('\uFEFFfull_name,first_name,last_name')).toBe(true);
    expect(body).toContain('"Quote ""Me"""');
    expect(body).toContain('"line1\nline2, with comma"');
    expect(body).toContain(`"'=HYPERLINK(""x"")"`);
  });

  it('streams more contacts than one page: each once, in the order they were added', async () => {
    const user = await createUser(t.app);
    const count = 1_201;
    const csv = `First Name,Notes\n${Array.from({ length: count }, (_, index) => `P${index},"a, ""b""\nc"`).join('\n')}\n`;
    const { payload, headers } = multipart(
      { mapping: JSON.stringify({ 'First Name': 'first_name', Notes: 'notes' }) },
      { name: 'people.csv', content: csv },
    );
    const imported = await t.app.inject({
      method: 'POST',
      url: '/api/csv/import-with-mapping',
      payload,
      headers: { ...headers, ...user.headers },
    });
    expect(imported.json()).toMatchObject({ imported_count: count });
    const body = (await t.as(user).get('/api/people/export')).body;
    expect(body.match(/^\uFEFF/g)).toHaveLength(1);
    const rows = parse(body.replace(/^\uFEFF/, ''), { columns: true }) as Record<string, string>[];
    expect(rows.map((row) => row.first_name)).toEqual(
      Array.from({ length: count }, (_, index) => `P${index}`),
    );
    expect(new Set(rows.map((row) => row.notes))).toEqual(new Set(['a, "b"\nc']));
  });

  it('defuses every cell a spreadsheet would run, headers too, and leaves phone numbers alone', async () => {
    const user = await createUser(t.app);
    await t.as(user).post('/api/custom-fields', { name: 'Score' });
    await t.as(user).post('/api/custom-fields', { name: '=HYPERLINK("x")' });
    await create(user, {
      first_name: 'Mallory',
      organization: '=1+1',
      job_title: '+SUM(A1:A9)',
      tags: "-2+3+cmd|' /C calc'!A0",
      source: '@evil.example',
      notes: 'safe = text + in - the @ middle',
      phone: '+1 555 0199',
      mobile: '-(0) 170 123',
      custom_fields: { Score: '@SUM(1)', '=HYPERLINK("x")': 'x' },
    });
    const rows = parse((await t.as(user).get('/api/people/export')).body.replace(/^\uFEFF/, ''), {
      columns: true,
    }) as Record<string, string>[];
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      first_name: 'Mallory',
      organization: "'=1+1",
      job_title: "'+SUM(A1:A9)",
      tags: "'-2+3+cmd|' /C calc'!A0",
      source: "'@evil.example",
      notes: 'safe = text + in - the @ middle',
      phone: '+1 555 0199',
      mobile: '-(0) 170 123',
      Score: "'@SUM(1)",
      '\'=HYPERLINK("x")': 'x',
    });
  });
});

describe('the stored search text', () => {
  it('follows every edit, and matches letters beyond ASCII whatever their case', async () => {
    const user = await createUser(t.app);
    const person = await create(user, {
      first_name: 'Émile',
      last_name: 'Durkheim',
      organization: 'ÉCOLE NORMALE',
      notes: 'Sociologie',
    });
    expect(lastNames((await list(user, 'q=%C3%A9mile')).people)).toEqual(['Durkheim']);
    expect(lastNames((await list(user, 'q=%C3%A9cole%20normale')).people)).toEqual(['Durkheim']);
    expect(lastNames((await list(user, 'organization=%C3%A9cole')).people)).toEqual(['Durkheim']);

    const changed = await t.as(user).put(`/api/people/${person.id}`, {
      organization: 'Sorbonne',
      notes: null,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await list(user, 'q=normale')).total).toBe(0);
    expect((await list(user, 'q=sociologie')).total).toBe(0);
    expect(lastNames((await list(user, 'q=SORBONNE')).people)).toEqual(['Durkheim']);
    expect(lastNames((await list(user, 'organization=sorb')).people)).toEqual(['Durkheim']);
    // Only the contact's own fields come back, not the search text.
    expect(Object.keys((await list(user, 'q=sorbonne')).people[0])).not.toContain('search_text');
  });
});
