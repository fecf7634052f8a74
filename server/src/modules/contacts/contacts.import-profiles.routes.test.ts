import fs from 'node:fs';
import path from 'node:path';
import type { Person } from '@relate/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart } from '../../../test/multipart';
import { createTestApp, createUser, type TestApp, type TestUser } from '../../../test/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await createUser(t.app);
});
afterAll(() => t.close());

const fixture = (name: string) =>
  fs.readFileSync(path.resolve(import.meta.dirname, '../../../test/fixtures/csv', name));

function upload(user: TestUser, url: string, file: Buffer | string, fields: Record<string, string> = {}) {
  const body = multipart(fields, { name: 'contacts.csv', content: file });
  return t.app.inject({
    method: 'POST',
    url,
    payload: body.payload,
    headers: { ...user.headers, ...body.headers },
  });
}

const json = (mapping: object, combine: object = {}) => ({
  mapping: JSON.stringify(mapping),
  combine: JSON.stringify(combine),
});

async function people(user: TestUser): Promise<Person[]> {
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/people?page_size=500&sort=id&order=asc',
    headers: user.headers,
  });
  return response.json().people;
}

/** get-columns, then the import with exactly the suggested mapping, as the dialog does with no changes. */
async function importAsSuggested(user: TestUser, file: Buffer | string) {
  const columns = (await upload(user, '/api/csv/get-columns', file)).json();
  const fields = json(columns.suggested_mapping, columns.combine);
  return { columns, fields, response: await upload(user, '/api/csv/import-with-mapping', file, fields) };
}

describe('recognised exports through the API', () => {
  it('get-columns names the profile and a mapping that imports Google Contacts as Google means it', async () => {
    const user = await createUser(t.app);
    const { columns, response } = await importAsSuggested(user, fixture('google_contacts_current.csv'));
    expect(columns.profile).toEqual({ id: 'google', name: 'Google Contacts' });
    expect(columns.suggested_mapping['Name Prefix']).toBe('custom_Name Prefix');
    expect(response.json()).toMatchObject({ imported_count: 3, skipped_count: 0, total_rows: 3 });
    const [grace, ada] = await people(user);
    expect(grace).toMatchObject({
      full_name: 'Grace Hopper',
      first_name: 'Grace',
      last_name: 'Hopper',
      email: 'grace@navy.example',
      mobile: '+1 555 0199',
      organization: 'US Navy',
      job_title: 'Rear Admiral',
      custom_fields: { Nickname: 'Amazing Grace', 'Email 2': 'grace@example.com' },
    });
    expect(ada).toMatchObject({ first_name: 'Ada', phone: '+44 20 7946 0200', mobile: '+44 20 7946 0100' });
    const fields = await t.app.inject({ method: 'GET', url: '/api/custom-fields', headers: user.headers });
    expect(fields.json().custom_fields).toEqual([
      'Middle Name',
      'Name Prefix',
      'Nickname',
      'Department',
      'Email 2',
      'Pronouns',
    ]);
  });
});

describe("exports with ids, repeated headers and Outlook columns, through the dialog's calls", () => {
  it('HubSpot contacts with company columns: the contact gets its own phone, never its record id', async () => {
    const user = await createUser(t.app);
    const file = fixture('hubspot_contacts_with_companies.csv');
    const { columns, fields, response } = await importAsSuggested(user, file);
    expect(columns.profile).toEqual({ id: 'hubspot_companies', name: 'HubSpot contacts' });
    const preview = (await upload(user, '/api/csv/preview', file, fields)).json();
    expect(preview.column_checks).toEqual([]);
    expect(response.json()).toMatchObject({ imported_count: 3, skipped_count: 0 });
    const [maria, brian, ana] = await people(user);
    expect(maria).toMatchObject({
      first_name: 'Maria',
      phone: '+1 617-555-0101',
      mobile: '+1 617-555-0111',
      organization: 'HubSpot',
      address: '25 First Street\nCambridge\nMA\n02141\nUnited States',
      custom_fields: { 'Lifecycle Stage': 'lead' },
    });
    expect(brian).toMatchObject({ phone: '+1 617-555-0102', address: null });
    expect(ana).toMatchObject({ mobile: '+55 11 91234-5678', organization: null });
    for (const person of [maria, brian, ana]) expect(person.phone ?? '').not.toMatch(/^\d+$/);
  });

  it("Google's Outlook CSV: recognised, addresses joined in lines, nothing of them skipped", async () => {
    const user = await createUser(t.app);
    const { columns, response } = await importAsSuggested(user, fixture('google_contacts_outlook.csv'));
    expect(columns.profile).toEqual({ id: 'google_outlook', name: 'Google Contacts (Outlook CSV)' });
    for (const header of ['Home Street', 'Home City', 'Home Postal Code', 'Home Country'])
      expect(columns.suggested_mapping[header]).toBe('address');
    expect(response.json()).toMatchObject({ imported_count: 3, skipped_count: 0, warnings: [] });
    const [grace, ada] = await people(user);
    expect(grace).toMatchObject({
      address: '1 Main St\nApt 4\nArlington\nVA\n22201\nUnited States',
      website_url: 'https://www.navy.example/grace',
      tags: 'Navy, Friends',
      custom_fields: { 'Name Prefix': 'Dr.', 'Middle Name': 'Brewster' },
    });
    expect(ada).toMatchObject({
      address: "12 St James's Square\nLondon\nSW1Y 4JH\nUnited Kingdom",
      birthday: '0004-12-10',
    });
  });

  it('preview flags a column whose values do not look like its field: digits-only ids as phones', async () => {
    const user = await createUser(t.app);
    const file = fixture('hubspot_contacts_with_companies.csv');
    const response = await upload(
      user,
      '/api/csv/preview',
      file,
      json({ 'Record ID - Contact': 'phone', 'First Name': 'first_name', Email: 'website_url' }),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().column_checks).toEqual([
      {
        column: 'Record ID - Contact',
        field: 'phone',
        message: 'Digits only, such as "100000000001": these look like ids, not phone numbers',
      },
      {
        column: 'Email',
        field: 'website_url',
        message: 'Values such as "emailmaria@hubspot.com" are not web addresses: they will be left out',
      },
    ]);
  });
});

describe('POST /api/csv/preview', () => {
  it('counts per field the rows that get a value and shows the first rows as stored, writing nothing', async () => {
    const user = await createUser(t.app);
    const columns = (
      await upload(user, '/api/csv/get-columns', fixture('outlook_de_semicolon_utf8bom.csv'))
    ).json();
    const response = await upload(
      user,
      '/api/csv/preview',
      fixture('outlook_de_semicolon_utf8bom.csv'),
      json(columns.suggested_mapping, columns.combine),
    );
    expect(response.statusCode, response.body).toBe(200);
    const preview = response.json();
    expect(preview).toMatchObject({
      total_rows: 2,
      importable_rows: 2,
      skipped_rows: 0,
      errors: [],
      warnings: [],
    });
    expect(preview.filled).toMatchObject({
      first_name: 2,
      last_name: 2,
      organization: 2,
      job_title: 2,
      email: 2,
      phone: 1,
      mobile: 1,
      birthday: 1,
      custom_Department: 1,
    });
    expect(preview.rows[0]).toEqual({
      row: 2,
      values: expect.objectContaining({
        full_name: 'Jürgen Müller',
        first_name: 'Jürgen',
        last_name: 'Müller',
        organization: 'Bäckerei Müller & Söhne',
        address: 'Königstraße 5\nMünchen\n80331\nDeutschland',
      }),
    });
    expect(await people(user)).toEqual([]);
  });

  it('answers 400 naming the field when two columns go to it without a choice', async () => {
    const user = await createUser(t.app);
    const csv = 'First Name,Middle Name,Last Name\nGrace,Brewster,Hopper\n';
    const mapping = { 'First Name': 'first_name', 'Middle Name': 'first_name', 'Last Name': 'last_name' };
    for (const url of ['/api/csv/preview', '/api/csv/import-with-mapping']) {
      const refused = await upload(user, url, csv, json(mapping));
      expect(refused.statusCode, url).toBe(400);
      expect(refused.json().details).toEqual([
        {
          field: 'combine.first_name',
          message:
            '"First Name" and "Middle Name" all go to First Name: choose one column for First Name, or join them or keep the first value',
        },
      ]);
    }
    expect(await people(user)).toEqual([]);
    const joined = await upload(
      user,
      '/api/csv/import-with-mapping',
      csv,
      json(mapping, { first_name: 'join' }),
    );
    expect(joined.json().imported_count).toBe(1);
    expect((await people(user))[0]).toMatchObject({ first_name: 'Grace Brewster', last_name: 'Hopper' });
    const badCombine = await upload(user, '/api/csv/preview', csv, {
      mapping: JSON.stringify(mapping),
      combine: '[',
    });
    expect(badCombine.json().details[0].field).toBe('combine');
  });
});

describe('undo an import (DELETE /api/csv/imports/{id})', () => {
  it('deletes exactly the contacts the import created', async () => {
    const user = await createUser(t.app);
    const before = await t.app.inject({
      method: 'POST',
      url: '/api/people',
      headers: user.headers,
      payload: { first_name: 'Kept', email: 'kept@example.com' },
    });
    expect(before.statusCode).toBe(201);
    const first = await importAsSuggested(user, fixture('hubspot_contacts.csv'));
    const second = await importAsSuggested(user, fixture('linkedin_connections.csv'));
    expect(await people(user)).toHaveLength(1 + 3 + 3);

    const undo = await t.app.inject({
      method: 'DELETE',
      url: `/api/csv/imports/${first.response.json().import_id}`,
      headers: user.headers,
    });
    expect(undo.statusCode, undo.body).toBe(200);
    expect(undo.json()).toEqual({ deleted: 3 });
    const left = await people(user);
    expect(left.map((person) => person.first_name)).toEqual(['Kept', 'Priya', 'Søren', 'Chidi']);

    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/csv/imports/${first.response.json().import_id}`,
      headers: user.headers,
    });
    expect(again.statusCode).toBe(404);
    expect(second.response.json().import_id).not.toBe(first.response.json().import_id);
  });

  it('refuses while one of its contacts was edited since, with a clear message, and deletes nothing', async () => {
    const user = await createUser(t.app);
    const { response } = await importAsSuggested(user, fixture('google_contacts_current.csv'));
    const [grace] = await people(user);
    const edit = await t.app.inject({
      method: 'PUT',
      url: `/api/people/${grace.id}`,
      headers: user.headers,
      payload: { job_title: 'Admiral' },
    });
    expect(edit.statusCode).toBe(200);
    const undo = await t.app.inject({
      method: 'DELETE',
      url: `/api/csv/imports/${response.json().import_id}`,
      headers: user.headers,
    });
    expect(undo.statusCode).toBe(409);
    expect(undo.json()).toMatchObject({
      code: 'IMPORT_EDITED',
      error:
        '1 contact from this import was edited since, so the import cannot be undone. Delete the contacts you no longer need one by one.',
    });
    expect(await people(user)).toHaveLength(3);
  });

  it("cannot undo another user's import", async () => {
    const owner = await createUser(t.app);
    const stranger = await createUser(t.app);
    const { response } = await importAsSuggested(owner, fixture('thunderbird_export.csv'));
    const undo = await t.app.inject({
      method: 'DELETE',
      url: `/api/csv/imports/${response.json().import_id}`,
      headers: stranger.headers,
    });
    expect(undo.statusCode).toBe(404);
    expect(await people(owner)).toHaveLength(2);
  });
});

describe('export, then import', () => {
  it('gives back the same contacts, phone numbers and custom fields included', async () => {
    const user = await createUser(t.app);
    await t.app.inject({
      method: 'POST',
      url: '/api/custom-fields',
      headers: user.headers,
      payload: { name: 'Score' },
    });
    const bodies = [
      {
        first_name: 'Grace',
        last_name: 'Hopper',
        email: 'grace@navy.example',
        phone: '+1 555 0199',
        mobile: '-5',
        organization: 'US Navy',
        job_title: 'Rear Admiral',
        birthday: '1906-12-09',
        address: '1 Main St\nSuite 4',
        notes: '=not a formula, "quoted"',
        tags: 'navy, cobol',
        status: 'client',
        priority: 'high',
        gender: 'female',
        last_contact_date: '2024-05-01T10:00:00.000Z',
        custom_fields: { Score: '+SUM(1)' },
      },
      { organization: 'Acme GmbH', email: 'info@acme.example' },
    ];
    for (const payload of bodies) {
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/people',
        headers: user.headers,
        payload,
      });
      expect(created.statusCode, created.body).toBe(201);
    }
    const exported = await t.app.inject({ method: 'GET', url: '/api/people/export', headers: user.headers });
    expect(exported.body).toContain(',+1 555 0199,');

    const copy = await createUser(t.app);
    const { columns, response } = await importAsSuggested(copy, exported.rawPayload);
    expect(columns.profile).toEqual({ id: 'relate', name: 'Relate export' });
    expect(response.json()).toMatchObject({ imported_count: 2, skipped_count: 0 });
    const comparable = ({ id: _i, created_at: _c, updated_at: _u, ...person }: Person) => person;
    expect((await people(copy)).map(comparable)).toEqual((await people(user)).map(comparable));
  });
});

describe('an empty contact', () => {
  it('is refused with 400 naming what it needs, on create and on update', async () => {
    const user = await createUser(t.app);
    const message = 'A contact needs a name, an e-mail address, a phone number or an organization';
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/people',
      headers: user.headers,
      payload: { first_name: '  ', notes: 'only a note', job_title: 'CEO' },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ error: message, code: 'VALIDATION_ERROR' });
    expect(empty.json().details.map((detail: { field: string }) => detail.field)).toEqual([
      'first_name',
      'last_name',
      'email',
      'phone',
      'organization',
    ]);
    expect(await people(user)).toEqual([]);

    const phoneOnly = await t.app.inject({
      method: 'POST',
      url: '/api/people',
      headers: user.headers,
      payload: { phone: '+1 555 0100' },
    });
    expect(phoneOnly.statusCode).toBe(201);
    const cleared = await t.app.inject({
      method: 'PUT',
      url: `/api/people/${phoneOnly.json().id}`,
      headers: user.headers,
      payload: { phone: null },
    });
    expect(cleared.statusCode).toBe(400);
    expect(cleared.json().error).toBe(message);
    expect((await people(user))[0].phone).toBe('+1 555 0100');
  });

  it('is a skipped row of an import, with the same reason', async () => {
    const user = await createUser(t.app);
    const csv = 'First Name,Notes\nAda,hello\n,only a note\n';
    const response = await upload(
      user,
      '/api/csv/import-with-mapping',
      csv,
      json({ 'First Name': 'first_name', Notes: 'notes' }),
    );
    expect(response.json()).toMatchObject({
      imported_count: 1,
      skipped_count: 1,
      errors: [
        { row: 3, error: 'A contact needs a name, an e-mail address, a phone number or an organization' },
      ],
    });
  });
});
