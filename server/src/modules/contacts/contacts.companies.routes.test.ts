import type { Company, Person, PersonBody } from '@relate/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart } from '../../../test/multipart';
import { createTestApp, createUser, type TestApp, type TestUser } from '../../../test/test-app';

/** People belong to companies (issue 35): linking, suggestions, the filter, names that follow, access. */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await createUser(t.app);
});
afterAll(() => t.close());

async function company(user: TestUser, record: string, extra: object = {}): Promise<Company> {
  const response = await t.as(user).post('/api/companies', { record, ...extra });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

async function person(user: TestUser, body: PersonBody): Promise<Person> {
  const response = await t.as(user).post('/api/people', body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

async function read(user: TestUser, id: number): Promise<Person> {
  const response = await t.as(user).get(`/api/people/${id}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function peopleOf(user: TestUser, query = ''): Promise<Person[]> {
  const response = await t.as(user).get(`/api/people?page_size=500&sort=id&order=asc${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().people;
}

const linkOf = (people: Person[]) =>
  people.map((each) => [each.first_name, each.organization, each.company_id]);

function upload(user: TestUser, name: string, content: string, fields: Record<string, string> = {}) {
  const body = multipart(fields, { name, content });
  return t.app.inject({
    method: 'POST',
    url: '/api/csv/import-with-mapping',
    payload: body.payload,
    headers: { ...user.headers, ...body.headers },
  });
}

describe('linking a contact to a company', () => {
  it('links by company_id and takes the company’s name as the organization', async () => {
    const user = await createUser(t.app);
    const acme = await company(user, 'Acme Robotics Ltd');
    const ada = await person(user, { first_name: 'Ada', organization: 'whatever', company_id: acme.id });
    expect(ada).toMatchObject({ company_id: acme.id, organization: 'Acme Robotics Ltd' });
    expect(await read(user, ada.id)).toMatchObject({
      company_id: acme.id,
      organization: 'Acme Robotics Ltd',
    });
  });

  it('links an organization typed without a company to the company of that name, legal form and case aside', async () => {
    const user = await createUser(t.app);
    const acme = await company(user, 'Acme GmbH');
    const ada = await person(user, { first_name: 'Ada', organization: 'ACME, Inc.' });
    expect(ada).toMatchObject({ company_id: acme.id, organization: 'Acme GmbH' });
    const bob = await person(user, { first_name: 'Bob', organization: 'Acmeco' });
    expect(bob).toMatchObject({ company_id: null, organization: 'Acmeco' });
  });

  it('adds the company with create_company when none has the name, and links the next one to it', async () => {
    const user = await createUser(t.app);
    const ada = await person(user, { first_name: 'Ada', organization: 'Globex Ltd', create_company: true });
    expect(ada.company_id).toEqual(expect.any(Number));
    const created = (await t.as(user).get(`/api/companies/${ada.company_id}`)).json();
    expect(created.record).toBe('Globex Ltd');
    const bob = await person(user, { first_name: 'Bob', organization: 'globex', create_company: true });
    expect(bob).toMatchObject({ company_id: ada.company_id, organization: 'Globex Ltd' });
    expect((await t.as(user).get('/api/companies')).json().total).toBe(1);
  });

  it('moves, unlinks on another organization, and unlinks with company_id null keeping the text', async () => {
    const user = await createUser(t.app);
    const acme = await company(user, 'Acme');
    const globex = await company(user, 'Globex');
    const ada = await person(user, { first_name: 'Ada', company_id: acme.id });

    let changed = (await t.as(user).put(`/api/people/${ada.id}`, { organization: 'Globex Corp.' })).json();
    expect(changed).toMatchObject({ company_id: globex.id, organization: 'Globex' });
    changed = (await t.as(user).put(`/api/people/${ada.id}`, { organization: 'Initech' })).json();
    expect(changed).toMatchObject({ company_id: null, organization: 'Initech' });
    changed = (await t.as(user).put(`/api/people/${ada.id}`, { company_id: acme.id })).json();
    expect(changed).toMatchObject({ company_id: acme.id, organization: 'Acme' });
    changed = (await t.as(user).put(`/api/people/${ada.id}`, { job_title: 'CTO' })).json();
    expect(changed).toMatchObject({ company_id: acme.id, organization: 'Acme', job_title: 'CTO' });
    changed = (await t.as(user).put(`/api/people/${ada.id}`, { company_id: null })).json();
    expect(changed).toMatchObject({ company_id: null, organization: 'Acme' });
    changed = (await t.as(user).put(`/api/people/${ada.id}`, { organization: null })).json();
    expect(changed).toMatchObject({ company_id: null, organization: null });
  });

  it('answers 400 naming company_id for an id that is not a company of the caller’s', async () => {
    const user = await createUser(t.app);
    for (const company_id of [2_000_000_000, 0, 'acme', 1.5]) {
      const response = await t.as(user).post('/api/people', { first_name: 'Ada', company_id });
      expect(response.statusCode, String(company_id)).toBe(400);
      expect(response.json().details.map((detail: { field: string }) => detail.field)).toContain(
        'company_id',
      );
    }
  });

  it('deleting the company unlinks its people and leaves their organization', async () => {
    const user = await createUser(t.app);
    const acme = await company(user, 'Acme');
    const ada = await person(user, { first_name: 'Ada', company_id: acme.id });
    expect((await t.as(user).delete(`/api/companies/${acme.id}`)).statusCode).toBe(200);
    expect(await read(user, ada.id)).toMatchObject({ company_id: null, organization: 'Acme' });
  });
});

describe('suggestions for a typed organization', () => {
  it('puts the company the text names first, then names that hold the text', async () => {
    const user = await createUser(t.app);
    const acmeLtd = await company(user, 'Acme Ltd');
    const robotics = await company(user, 'Acme Robotics');
    await company(user, 'Globex');

    let body = (await t.as(user).get('/api/companies/suggestions?q=acm')).json();
    expect(body.match_id).toBeNull();
    expect(body.companies.map((each: Company) => each.record).sort()).toEqual(['Acme Ltd', 'Acme Robotics']);

    body = (await t.as(user).get(`/api/companies/suggestions?q=${encodeURIComponent('ACME GmbH')}`)).json();
    expect(body.match_id).toBe(acmeLtd.id);
    expect(body.companies[0]).toEqual({ id: acmeLtd.id, record: 'Acme Ltd' });

    body = (await t.as(user).get('/api/companies/suggestions?q=robotics')).json();
    expect(body.companies).toEqual([{ id: robotics.id, record: 'Acme Robotics' }]);
  });

  it('answers 400 naming q without text', async () => {
    const user = await createUser(t.app);
    for (const url of ['/api/companies/suggestions', '/api/companies/suggestions?q=%20']) {
      const response = await t.as(user).get(url);
      expect(response.statusCode).toBe(400);
      expect(response.json().details[0].field).toBe('q');
    }
  });
});

describe("a company's people", () => {
  it('filters the list by company_id, with search and column filters too', async () => {
    const user = await createUser(t.app);
    const acme = await company(user, 'Acme');
    const globex = await company(user, 'Globex');
    await person(user, { first_name: 'Ada', job_title: 'CTO', company_id: acme.id });
    await person(user, { first_name: 'Bob', job_title: 'Sales', organization: 'Acme Inc' });
    await person(user, { first_name: 'Cy', company_id: globex.id });
    await person(user, { first_name: 'Di', organization: 'Acme Robotics' });

    expect(linkOf(await peopleOf(user, `&company_id=${acme.id}`))).toEqual([
      ['Ada', 'Acme', acme.id],
      ['Bob', 'Acme', acme.id],
    ]);
    const response = await t.as(user).get(`/api/people?company_id=${acme.id}&q=sales`);
    expect(response.json()).toMatchObject({ total: 1, people: [{ first_name: 'Bob' }] });
    expect((await peopleOf(user, `&company_id=${acme.id}&job_title=ct`)).map((p) => p.first_name)).toEqual([
      'Ada',
    ]);
    expect((await peopleOf(user)).length).toBe(4);
  });

  it('answers 400 naming company_id for a filter that is no id', async () => {
    const user = await createUser(t.app);
    for (const value of ['acme', '-1', '0', '1.5', '99999999999']) {
      const response = await t.as(user).get(`/api/people?company_id=${value}`);
      expect(response.statusCode, value).toBe(400);
      expect(response.json().details[0].field).toBe('company_id');
    }
  });

  it("renaming a company renames its people's organization, and no one else's", async () => {
    const user = await createUser(t.app);
    const acme = await company(user, 'Acme');
    const ada = await person(user, { first_name: 'Ada', company_id: acme.id });
    const bob = await person(user, { first_name: 'Bob', organization: 'Acme', company_id: null });
    const renamed = await t.as(user).put(`/api/companies/${acme.id}`, { record: 'Acme Robotics' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await read(user, ada.id)).toMatchObject({ organization: 'Acme Robotics', company_id: acme.id });
    expect(await read(user, bob.id)).toMatchObject({ organization: 'Acme', company_id: null });
    // Another change leaves the people as they are.
    await t.as(user).put(`/api/companies/${acme.id}`, { categories: 'Robots' });
    expect((await read(user, ada.id)).organization).toBe('Acme Robotics');
  });

  it('a merge of duplicate companies moves their people to the company kept', async () => {
    const user = await createUser(t.app);
    const first = await company(user, 'Acme');
    const second = await company(user, 'ACME');
    const ada = await person(user, { first_name: 'Ada', company_id: second.id });
    const merged = await t.as(user).post('/api/companies/duplicates/auto-merge');
    expect(merged.statusCode, merged.body).toBe(200);
    expect(await read(user, ada.id)).toMatchObject({ company_id: first.id, organization: 'Acme' });

    const third = await company(user, 'Acme');
    const bob = await person(user, { first_name: 'Bob', company_id: first.id });
    const resolved = await t
      .as(user)
      .post('/api/companies/duplicates/resolve', { keep_id: third.id, delete_ids: [first.id] });
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(linkOf([await read(user, ada.id), await read(user, bob.id)])).toEqual([
      ['Ada', 'Acme', third.id],
      ['Bob', 'Acme', third.id],
    ]);
  });
});

describe('imports link by organization name', () => {
  it('a CSV import links its rows as it writes them (no statement per row), and stays undoable', async () => {
    const user = await createUser(t.app);
    const acme = await company(user, 'Acme Ltd');
    const globex = await company(user, 'Globex');
    const csv = 'First,Company\nAda,ACME\nBob,Globex Inc.\nCy,Initech\nDi,\n';
    const response = await upload(user, 'contacts.csv', csv, {
      mapping: JSON.stringify({ First: 'first_name', Company: 'organization' }),
    });
    expect(response.statusCode, response.body).toBe(200);
    const imported = response.json();
    expect(imported.imported_count).toBe(4);
    expect(linkOf(await peopleOf(user))).toEqual([
      ['Ada', 'Acme Ltd', acme.id],
      ['Bob', 'Globex', globex.id],
      ['Cy', 'Initech', null],
      ['Di', null, null],
    ]);
    const undone = await t.as(user).delete(`/api/csv/imports/${imported.import_id}`);
    expect(undone.statusCode, undone.body).toBe(200);
    expect(await peopleOf(user)).toEqual([]);
  });

  it('a vCard import links its cards', async () => {
    const user = await createUser(t.app);
    const acme = await company(user, 'Acme');
    const card =
      'BEGIN:VCARD\r\nVERSION:3.0\r\nN:Lovelace;Ada;;;\r\nFN:Ada Lovelace\r\nORG:Acme S.A.\r\nEND:VCARD\r\n';
    const response = await upload(user, 'contacts.vcf', card);
    expect(response.statusCode, response.body).toBe(200);
    expect(linkOf(await peopleOf(user))).toEqual([['Ada', 'Acme', acme.id]]);
  });

  it('contacts created in bulk (the Google sync) link by name', async () => {
    const user = await createUser(t.app);
    const acme = await company(user, 'Acme');
    const [id] = await t.app.services.contacts.createMany(user.id, [
      { first_name: 'Ada', organization: 'acme llc' },
    ]);
    expect(await read(user, id)).toMatchObject({ company_id: acme.id, organization: 'Acme' });
  });

  it('lists the organizations no company matches, one per name, most contacts first', async () => {
    const user = await createUser(t.app);
    await company(user, 'Acme');
    await person(user, { first_name: 'Ada', organization: 'Acme' });
    await person(user, { first_name: 'Bob', organization: 'Initech' });
    await person(user, { first_name: 'Cy', organization: 'INITECH Inc.' });
    await person(user, { first_name: 'Di', organization: 'Initech' });
    await person(user, { first_name: 'Ed', organization: 'Hooli' });
    const response = await t.as(user).get('/api/companies/unlinked-organizations');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      organizations: [
        { organization: 'Initech', contacts: 3 },
        { organization: 'Hooli', contacts: 1 },
      ],
      total: 2,
      contacts: 4,
    });
  });
});

describe('another user', () => {
  it('cannot link to, suggest, filter by, read, change or delete the first user’s company', async () => {
    const owner = await createUser(t.app);
    const stranger = await createUser(t.app);
    const acme = await company(owner, 'Acme');
    await person(owner, { first_name: 'Ada', company_id: acme.id });

    const linked = await t.as(stranger).post('/api/people', { first_name: 'Eve', company_id: acme.id });
    expect(linked.statusCode).toBe(400);
    expect(linked.json().details[0].field).toBe('company_id');
    const own = await person(stranger, { first_name: 'Eve', organization: 'Acme' });
    expect(own.company_id).toBeNull();
    const moved = await t.as(stranger).put(`/api/people/${own.id}`, { company_id: acme.id });
    expect(moved.statusCode).toBe(400);
    expect((await read(stranger, own.id)).company_id).toBeNull();

    expect((await t.as(stranger).get('/api/companies/suggestions?q=acme')).json()).toEqual({
      companies: [],
      match_id: null,
    });
    expect(await peopleOf(stranger, `&company_id=${acme.id}`)).toEqual([]);
    expect((await t.as(stranger).get(`/api/companies/${acme.id}`)).statusCode).toBe(404);
    expect((await t.as(stranger).put(`/api/companies/${acme.id}`, { record: 'Mine' })).statusCode).toBe(404);
    expect((await t.as(stranger).delete(`/api/companies/${acme.id}`)).statusCode).toBe(404);
    expect((await t.as(owner).get(`/api/companies/${acme.id}`)).json().record).toBe('Acme');
    expect((await t.as(stranger).get('/api/companies/unlinked-organizations')).json().organizations).toEqual([
      { organization: 'Acme', contacts: 1 },
    ]);
  });

  it('a shared copy links to the recipient’s own company of that name, never the sender’s', async () => {
    const ann = await createUser(t.app);
    const ben = await createUser(t.app);
    const invitation = (await t.as(ann).post('/api/user-group', { email: ben.email, name: 'B' })).json().data
      .id;
    await t
      .as(ben)
      .post('/api/user-group/approve-invitation', { invitation_id: invitation, display_name: 'A' });
    const annAcme = await company(ann, 'Acme');
    const benAcme = await company(ben, 'ACME Inc.');
    const ada = await person(ann, { first_name: 'Ada', company_id: annAcme.id });
    const bob = await person(ann, { first_name: 'Bob', organization: 'Globex', create_company: true });
    const shared = await t
      .as(ann)
      .post('/api/people/share', { user_ids: [ben.id], contact_ids: [ada.id, bob.id] });
    expect(shared.statusCode, shared.body).toBe(200);
    expect(linkOf(await peopleOf(ben))).toEqual([
      ['Ada', 'ACME Inc.', benAcme.id],
      ['Bob', 'Globex', null],
    ]);
  });
});
