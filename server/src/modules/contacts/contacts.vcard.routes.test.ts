/**
 * vCard files through the contacts import (get-columns, preview, import, undo) and the vCard export,
 * over HTTP: no mapping needed, another user sees nothing, and an export imports back field by field.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Person } from '@relate/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart } from '../../../test/multipart';
import { createTestApp, createUser, type TestApp, type TestUser } from '../../../test/test-app';

let t: TestApp;
let stranger: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  await createUser(t.app);
  stranger = await createUser(t.app);
});
afterAll(() => t.close());

const fixture = (name: string) =>
  fs.readFileSync(path.resolve(import.meta.dirname, '../../../test/fixtures/vcard', name));

function upload(user: TestUser, url: string, file: Buffer | string, name = 'contacts.vcf') {
  const body = multipart({}, { name, content: file, type: 'text/vcard' });
  return t.app.inject({
    method: 'POST',
    url,
    payload: body.payload,
    headers: { ...user.headers, ...body.headers },
  });
}

async function people(user: TestUser): Promise<Person[]> {
  const response = await t.as(user).get('/api/people?page_size=500&sort=id&order=asc');
  return response.json().people;
}

/** The fields an import stores: the DTO without id, times and sharing. */
const fields = ({ id: _i, created_at: _c, updated_at: _u, shared_by: _s, ...rest }: Person) => rest;

describe('importing a vCard file', () => {
  it('is recognised by get-columns: no columns, its cards counted, its versions named', async () => {
    const user = await createUser(t.app);
    const response = await upload(user, '/api/csv/get-columns', fixture('apple-contacts.vcf'));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      success: true,
      format: 'vcard',
      csv_columns: [],
      total_rows: 3,
      profile: { id: 'vcard', name: 'vCard 3.0' },
      suggested_mapping: {},
    });
    const mixed = await upload(
      user,
      '/api/csv/get-columns',
      Buffer.concat([fixture('outlook-2.1.vcf'), fixture('rfc6350-4.0.vcf')]),
    );
    expect(mixed.json().profile.name).toBe('vCard 2.1 and 4.0');
    const csv = await upload(
      user,
      '/api/csv/get-columns',
      'Name,Email\nAda,ada@example.com\n',
      'contacts.csv',
    );
    expect(csv.json()).toMatchObject({ format: 'csv', csv_columns: ['Name', 'Email'] });
  });

  it('refuses a .vcf file that holds no vCard, naming the file', async () => {
    const user = await createUser(t.app);
    const response = await upload(user, '/api/csv/get-columns', 'Name,Email\nAda,ada@example.com\n');
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().details).toEqual([
      { field: 'file', message: 'This .vcf file holds no vCard: it must start with BEGIN:VCARD' },
    ]);
  });

  it('previews without a mapping: counts per field, the first cards as stored, warnings by card', async () => {
    const user = await createUser(t.app);
    const file = Buffer.concat([
      fixture('google-contacts.vcf'),
      Buffer.from(
        'BEGIN:VCARD\r\nVERSION:3.0\r\nNOTE:nothing else\r\nEND:VCARD\r\nBEGIN:VCARD\r\nVERSION:3.0\r\nFN:Bad Day\r\nBDAY:1985-13-40\r\nEND:VCARD\r\n',
      ),
    ]);
    const response = await upload(user, '/api/csv/preview', file);
    expect(response.statusCode, response.body).toBe(200);
    const preview = response.json();
    expect(preview).toMatchObject({ total_rows: 5, importable_rows: 4, skipped_rows: 1, column_checks: [] });
    expect(preview.filled).toMatchObject({ email: 3, mobile: 2, tags: 3, birthday: 2, full_name: 3 });
    expect(preview.rows[1]).toEqual({
      row: 2,
      values: {
        full_name: 'Dorothy Vaughan',
        first_name: 'Dorothy',
        last_name: 'Vaughan',
        birthday: '0004-09-20',
        email: 'dorothy@example.com',
        mobile: '+1 757-555-0143',
        notes: 'Date (Anniversary): 1932-11-21',
        tags: 'myContacts',
      },
    });
    expect(preview.errors).toEqual([
      { row: 4, error: 'A contact needs a name, an e-mail address, a phone number or an organization' },
    ]);
    expect(preview.warnings).toEqual([
      { row: 5, error: 'Birthday "1985-13-40": must be a real date; left out' },
    ]);
    expect(await people(user)).toEqual([]);
  });

  it('imports every card without a mapping, and the import can be undone; another user sees nothing', async () => {
    const user = await createUser(t.app);
    const response = await upload(user, '/api/csv/import-with-mapping', fixture('apple-contacts.vcf'));
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json();
    expect(result).toMatchObject({
      success: true,
      imported_count: 3,
      skipped_count: 0,
      total_rows: 3,
      errors: [],
    });
    const [ada, babbage, grace] = await people(user);
    expect(ada).toMatchObject({
      full_name: 'Ada Lovelace',
      birthday: '0004-12-10',
      email: 'ada@engines.example',
      mobile: '+44 20 7946 0101',
      twitter_url: 'http://twitter.com/adalovelace',
      linkedin_url: 'https://www.linkedin.com/in/ada-lovelace',
    });
    expect(babbage).toMatchObject({ full_name: null, organization: 'Babbage & Co.' });
    expect(grace.mobile).toBe('(202) 555-0147');

    expect(await people(stranger)).toEqual([]);
    expect((await t.as(stranger).delete(`/api/csv/imports/${result.import_id}`)).statusCode).toBe(404);
    expect(await people(user)).toHaveLength(3);

    const undo = await t.as(user).delete(`/api/csv/imports/${result.import_id}`);
    expect(undo.statusCode, undo.body).toBe(200);
    expect(undo.json()).toEqual({ deleted: 3 });
    expect(await people(user)).toEqual([]);
  });

  it('reads 10,000 cards on a worker thread: the event loop stays free while the preview runs', async () => {
    const user = await createUser(t.app);
    const cards = Array.from(
      { length: 10_000 },
      (_, i) =>
        `BEGIN:VCARD\r\nVERSION:3.0\r\nN:Person${i};Test;;;\r\nFN:Test Person${i}\r\nEMAIL;TYPE=INTERNET:p${i}@example.com\r\nTEL;TYPE=CELL:+1 555 ${String(i).padStart(4, '0')}\r\nEND:VCARD\r\n`,
    ).join('');
    let worst = 0;
    let expected = performance.now() + 10;
    const timer = setInterval(() => {
      worst = Math.max(worst, performance.now() - expected);
      expected = performance.now() + 10;
    }, 10);
    const preview = await upload(user, '/api/csv/preview', cards);
    clearInterval(timer);
    expect(preview.json()).toMatchObject({ total_rows: 10_000, importable_rows: 10_000 });
    expect(worst).toBeLessThan(250);

    const imported = await upload(user, '/api/csv/import-with-mapping', cards);
    expect(imported.json()).toMatchObject({ imported_count: 10_000, skipped_count: 0 });
    const page = (await t.as(user).get('/api/people?page_size=1&sort=id&order=desc')).json();
    expect(page.total).toBe(10_000);
    expect(page.people[0]).toMatchObject({ full_name: 'Test Person9999', mobile: '+1 555 9999' });
  });
});

describe('exporting vCard', () => {
  const full = {
    full_name: 'Dr. Ada King, Countess of Lovelace',
    first_name: 'Ada',
    last_name: 'King',
    gender: 'female',
    birthday: '--12-10',
    email: 'ada@engines.example',
    phone: '+44 20 7946 0102',
    mobile: '+44 7700 900123',
    address: "12 St James's Square\nLondon SW1Y 4JH",
    organization: 'Analytical Engines; Ltd.',
    job_title: 'Mathematician',
    job_status: 'employed',
    linkedin_url: 'linkedin.com/in/ada',
    github_url: 'https://github.com/ada',
    facebook_url: 'https://www.facebook.com/ada',
    twitter_url: 'https://x.com/ada',
    website_url: 'https://ada.example',
    notes: 'Line one\nLine two, with a comma; and a semicolon: and a colon \\ and a backslash',
    source: 'Conference',
    tags: 'vip, math',
    last_contact_date: '2024-03-01T10:00:00.000Z',
    next_follow_up_date: '2024-04-01T09:30:00.000Z',
    status: 'client',
    priority: 'high',
    group: 'Friends',
    avatar_url: 'https://photos.example/ada.jpg',
    custom_fields: { 'Met at': 'Royal Society', 'Shoe size': '38' },
  };

  it('exports every contact as one .vcf that imports into a new user field by field', async () => {
    const owner = await createUser(t.app);
    for (const name of ['Met at', 'Shoe size']) await t.as(owner).post('/api/custom-fields', { name });
    const created = [
      (await t.as(owner).post('/api/people', full)).json() as Person,
      (
        await t.as(owner).post('/api/people', { organization: 'Babbage & Co.', phone: '+44 20 7946 0000' })
      ).json() as Person,
      (
        await t
          .as(owner)
          .post('/api/people', { first_name: 'Grace', email: 'grace@navy.example', birthday: '1906-12-09' })
      ).json() as Person,
    ];
    const response = await t.as(owner).get('/api/people/export/vcard');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/vcard; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="contacts.vcf"');
    expect(response.body.match(/BEGIN:VCARD/g)).toHaveLength(3);

    const copy = await createUser(t.app);
    const imported = await upload(copy, '/api/csv/import-with-mapping', response.rawPayload);
    expect(imported.json()).toMatchObject({ imported_count: 3, warnings: [], errors: [] });
    expect((await people(copy)).map(fields)).toEqual(created.map(fields));
    expect((await t.as(copy).get('/api/custom-fields')).json().custom_fields).toEqual([
      'Met at',
      'Shoe size',
    ]);
  });

  it("exports a selection by ids, leaving out ids that are not the caller's", async () => {
    const owner = await createUser(t.app);
    const [a, b] = [
      (await t.as(owner).post('/api/people', { full_name: 'Chosen One' })).json() as Person,
      (await t.as(owner).post('/api/people', { full_name: 'Left Out' })).json() as Person,
    ];
    const theirs = (await t.as(stranger).post('/api/people', { full_name: 'Not Yours' })).json() as Person;
    const response = await t.as(owner).get(`/api/people/export/vcard?ids=${a.id},${theirs.id}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.body).toContain('FN:Chosen One');
    expect(response.body).not.toContain('Left Out');
    expect(response.body).not.toContain('Not Yours');
    expect(b.id).toBeGreaterThan(a.id);
    const bad = await t.as(owner).get('/api/people/export/vcard?ids=1,x');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].field).toBe('ids');
  });
});
