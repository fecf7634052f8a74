import fs from 'node:fs';
import path from 'node:path';
import type { Company, CompanyCsvBody } from '@relate/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestApp, type TestUser } from '../../../test/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const fixture = (name: string) =>
  fs.readFileSync(path.resolve(import.meta.dirname, '../../../test/fixtures/csv', name), 'utf8');

const importCsv = (user: TestUser, body: CompanyCsvBody) =>
  t.app.inject({ method: 'POST', url: '/api/company-csv-processor', headers: user.headers, payload: body });

const inspect = (user: TestUser, csvData: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/company-csv-processor/headers',
    headers: user.headers,
    payload: { csvData },
  });

async function companiesOf(user: TestUser): Promise<Company[]> {
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/companies?sort=id&order=asc&page_size=500',
    headers: user.headers,
  });
  return response.json().companies;
}

const byRecord = (companies: Company[], record: string) =>
  companies.find((company) => company.record === record);

describe('POST /api/company-csv-processor', () => {
  it('imports every field from the recognised headers, ignoring record id and created at', async () => {
    const user = await createUser(t.app);
    const csv = [
      'Record ID,Record,Tags,Categories,LinkedIn,Last interaction,Connection strength,Twitter follower count,Twitter,Domains,Description,Created at,notion_id',
      '77,Acme,"customer, priority",SaaS,https://www.linkedin.com/company/acme,2024-05-01 10:00,Strong,"12,345",@acme,"acme.com, acme.io",Robots,2001-01-01,n-1',
      '78,Globex,,,,,,,,,,,',
    ].join('\n');
    const response = await importCsv(user, { csvData: csv });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ imported: 2, skipped: 0, errors: [] });

    const [acme, globex] = await companiesOf(user);
    expect(acme).toMatchObject({
      record: 'Acme',
      tags: ['customer', 'priority'],
      categories: 'SaaS',
      linkedin_profile: 'https://www.linkedin.com/company/acme',
      last_interaction: '2024-05-01T10:00:00.000Z',
      connection_strength: 'strong',
      twitter_follower_count: 12345,
      twitter: '@acme',
      domains: ['acme.com', 'acme.io'],
      description: 'Robots',
      notion_id: 'n-1',
    });
    expect(acme.id).not.toBe(77);
    expect(acme.created_at.startsWith('2001')).toBe(false);
    expect(globex).toMatchObject({
      tags: [],
      domains: [],
      twitter_follower_count: 0,
      last_interaction: null,
    });
  });

  it('skips bad rows, reporting them by spreadsheet row number, and imports the good ones', async () => {
    const user = await createUser(t.app);
    const csv = [
      'Name,Last interaction,Connection strength,Twitter follower count,LinkedIn',
      'Good One,,,lots,', // row 2: a non-numeric follower count is 0
      ',2024-01-01,weak,,', // row 3: no name
      'Bad Date,next tuesday,,,', // row 4
      'Bad Strength,,very,,', // row 5
      'Good Two,01.02.2024,MEDIUM,5,linkedin.com/company/two', // row 6
      'Bad Link,,,,not a link', // row 7
    ].join('\r\n');
    const response = await importCsv(user, { csvData: csv });
    expect(response.json()).toEqual({
      imported: 2,
      skipped: 4,
      errors: [
        { row: 3, error: 'Company name is required' },
        { row: 4, error: "Last interaction 'next tuesday' is not a date" },
        { row: 5, error: "Connection strength 'very' must be weak, medium or strong" },
        { row: 7, error: 'LinkedIn profile must be a URL' },
      ],
    });
    const companies = await companiesOf(user);
    expect(companies.map((company) => company.record)).toEqual(['Good One', 'Good Two']);
    expect(companies[0].twitter_follower_count).toBe(0);
    expect(companies[1]).toMatchObject({
      last_interaction: '2024-02-01T00:00:00.000Z',
      connection_strength: 'medium',
      linkedin_profile: 'https://linkedin.com/company/two',
    });
  });

  it('follows a custom mapping, header names matched case-insensitively', async () => {
    const user = await createUser(t.app);
    const csv =
      'Firma,Branche,Webseiten,Follower,Name\nMüller GmbH,Handel,"mueller.de,mueller.com",1.2K,ignored\n';
    const response = await importCsv(user, {
      csvData: csv,
      customMapping: {
        firma: 'record',
        BRANCHE: 'categories',
        Webseiten: 'domains',
        Follower: 'twitter_follower_count',
        Name: 'ignore',
      },
    });
    expect(response.json()).toEqual({ imported: 1, skipped: 0, errors: [] });
    expect(await companiesOf(user)).toMatchObject([
      {
        record: 'Müller GmbH',
        categories: 'Handel',
        domains: ['mueller.de', 'mueller.com'],
        twitter_follower_count: 1200,
      },
    ]);
  });

  it('imports the HubSpot export as HubSpot means it, or as the person maps it', async () => {
    const csv = fixture('hubspot_companies.csv');
    const plain = await createUser(t.app);
    const response = await importCsv(plain, { csvData: csv });
    expect(response.json()).toEqual({
      imported: 4,
      skipped: 1,
      errors: [{ row: 4, error: 'Company name is required' }],
    });
    const companies = await companiesOf(plain);
    expect(companies.map((company) => company.record)).toEqual([
      'Example Publishing',
      'ExampleOrg',
      'HubSpot',
      'HubSpot',
    ]);
    // Recognised as HubSpot's export: Industry is the category, Last Activity Date the last interaction.
    expect(companies[0]).toMatchObject({
      categories: 'Publishing',
      last_interaction: '2020-01-05T10:00:00.000Z',
    });

    const mapped = await createUser(t.app);
    await importCsv(mapped, {
      csvData: csv,
      customMapping: { Industry: 'description', 'Last Activity Date': 'ignore' },
    });
    const publishing = byRecord(await companiesOf(mapped), 'Example Publishing');
    expect(publishing).toMatchObject({ categories: null, description: 'Publishing', last_interaction: null });
  });

  it('imports an Attio export, its five-level connection strength read as ours', async () => {
    const user = await createUser(t.app);
    const response = await importCsv(user, { csvData: fixture('attio_companies.csv') });
    expect(response.json()).toEqual({ imported: 3, skipped: 0, errors: [] });
    const companies = await companiesOf(user);
    expect(byRecord(companies, 'Globex Corporation')).toMatchObject({
      tags: ['enterprise', 'priority'],
      categories: 'Manufacturing',
      linkedin_profile: 'https://www.linkedin.com/company/globex',
      last_interaction: '2024-03-18T14:05:00.000Z',
      connection_strength: 'strong',
      twitter_follower_count: 15230,
      twitter: 'globexcorp',
      domains: ['globex.com', 'globex.io'],
      description: 'Makes everything, "quietly".',
      notion_id: 'a1b2c3d4',
    });
    expect(byRecord(companies, 'Initech')).toMatchObject({ connection_strength: 'weak', tags: [] });
    expect(byRecord(companies, 'Umbrella Corp')).toMatchObject({ connection_strength: 'medium' });
  });

  it('imports a German Excel file: UTF-8 BOM, semicolons, CRLF, a quoted line break, a comma in a cell', async () => {
    const user = await createUser(t.app);
    const response = await importCsv(user, {
      csvData: fixture('excel_de_semicolon_utf8bom_companies.csv'),
      customMapping: { Kategorien: 'categories' },
    });
    expect(response.json()).toEqual({ imported: 2, skipped: 0, errors: [] });
    const companies = await companiesOf(user);
    expect(byRecord(companies, 'Müller GmbH')).toMatchObject({
      categories: 'Handel',
      domains: ['mueller.de'],
      description: 'Zeile 1\r\nZeile 2',
    });
    expect(byRecord(companies, 'Café Ænima')).toMatchObject({ description: 'Preis: 5,50 €' });
  });

  it('imports a Pipedrive organisations export once its columns are mapped', async () => {
    const user = await createUser(t.app);
    const csvData = fixture('pipedrive_organizations.csv');
    expect((await inspect(user, csvData)).json()).toMatchObject({ needs_mapping: true, total_rows: 2 });
    const response = await importCsv(user, {
      csvData,
      customMapping: {
        'Organization - Name': 'record',
        'Organization - Website': 'domains',
        'Organization - Label': 'tags',
        'Organization - Address': 'description',
        'Organization - People': 'ignore',
        'Organization - Owner': 'ignore',
      },
    });
    expect(response.json()).toEqual({ imported: 2, skipped: 0, errors: [] });
    expect(byRecord(await companiesOf(user), 'Stark Industries')).toMatchObject({
      domains: ['https://stark.example'],
      tags: ['Hot lead'],
      description: '10880 Malibu Point, Malibu',
    });
  });

  it.each([
    [
      'a UTF-8 BOM, semicolons, CRLF and a quoted line break',
      '\uFEFFName;Tags;Description\r\nMüller GmbH;"a, b";"Zeile 1\r\nZeile 2"\r\nCafé Ænima;;\r\n',
      { record: 'Müller GmbH', tags: ['a', 'b'], description: 'Zeile 1\r\nZeile 2' },
      2,
    ],
    [
      "Excel's sep= line",
      'sep=;\nName;Domains\nAcme;acme.com, acme.io\n',
      { domains: ['acme.com', 'acme.io'] },
      1,
    ],
    [
      'a preamble before the header',
      'Exported from Relate on 2024-05-01\n\nName,Categories\nAcme,SaaS\n',
      { record: 'Acme', categories: 'SaaS' },
      1,
    ],
    [
      'short rows',
      'Name,Categories,Twitter\nAcme\nBeta,SaaS\n',
      { record: 'Acme', categories: null, twitter: null },
      2,
    ],
    ['tab delimiters and blank lines', 'Name\tTwitter\n\nAcme\t@acme\n\n', { twitter: '@acme' }, 1],
  ])('reads a file with %s', async (_, csvData, expected, imported) => {
    const user = await createUser(t.app);
    const response = await importCsv(user, { csvData });
    expect(response.json()).toEqual({ imported, skipped: 0, errors: [] });
    expect((await companiesOf(user))[0]).toMatchObject(expected);
  });

  it('refuses duplicate headers on one field until the person chooses to join them or keep the first', async () => {
    const user = await createUser(t.app);
    const csvData = 'Name,Tags,Tags,Name\nAcme,a,b,Other\n';
    const refused = await importCsv(user, { csvData });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details[0]).toEqual({
      field: 'combine.record',
      message:
        '"Name" and "Name (2)" both go to record: choose one column, or join them or keep the first value',
    });
    expect(await companiesOf(user)).toEqual([]);
    const chosen = await importCsv(user, { csvData, combine: { record: 'first', tags: 'join' } });
    expect(chosen.json()).toEqual({ imported: 1, skipped: 0, errors: [] });
    expect((await companiesOf(user))[0]).toMatchObject({ record: 'Acme', tags: ['a', 'b'] });
  });

  it('numbers rows from the real header row when a preamble precedes it', async () => {
    const user = await createUser(t.app);
    const csv = 'Exported from Relate\nName,Connection strength\nAcme,strong\nBad,huge\n';
    expect((await importCsv(user, { csvData: csv })).json().errors).toEqual([
      { row: 4, error: "Connection strength 'huge' must be weak, medium or strong" },
    ]);
  });

  it('writes nothing when the file cannot be read to the end, even after several batches', async () => {
    const user = await createUser(t.app);
    const rows = Array.from({ length: 2500 }, (_, index) => `Company ${index},tag`);
    const csv = ['Name,Tags', ...rows, 'Broken,"never closed'].join('\n');
    const response = await importCsv(user, { csvData: csv });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('INVALID_FILE');
    expect(await companiesOf(user)).toEqual([]);
  });

  it('refuses a file without a name column, naming the columns it found', async () => {
    const user = await createUser(t.app);
    const response = await importCsv(user, { csvData: 'Industry,City\nPublishing,Berlin\n' });
    expect(response.statusCode).toBe(400);
    expect(response.json().details[0].field).toBe('customMapping');
    expect(response.json().error).toContain('Industry, City');
  });

  it('refuses empty input and a mapping to an unknown field', async () => {
    const user = await createUser(t.app);
    const empty = await importCsv(user, { csvData: ' \n' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().code).toBe('INVALID_FILE');
    const badMapping = await t.app.inject({
      method: 'POST',
      url: '/api/company-csv-processor',
      headers: user.headers,
      payload: { csvData: 'Name\nAcme\n', customMapping: { Name: 'password' } },
    });
    expect(badMapping.statusCode).toBe(400);
    expect(badMapping.json().details[0].field).toBe('customMapping.Name');
  });

  it('answers 413 naming the 20 MB limit for a larger CSV', async () => {
    const user = await createUser(t.app);
    const line = `${'x'.repeat(1023)}\n`;
    const csvData = `Name\n${line.repeat(20 * 1024 + 1)}`;
    const response = await importCsv(user, { csvData });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      error: 'The file is larger than 20 MB',
    });
    expect(await companiesOf(user)).toEqual([]);
  });

  it('refuses more than 50,000 companies with 413 naming how many it holds, on every step, writing nothing', async () => {
    const user = await createUser(t.app);
    const csvData = `Name\n${Array.from({ length: 50_002 }, (_, index) => `C${index}`).join('\n')}\n`;
    const message = 'The file holds 50,002 companies; import at most 50,000 at a time';
    for (const response of [
      await inspect(user, csvData),
      await t.as(user).post('/api/company-csv-processor/preview', { csvData }),
      await importCsv(user, { csvData }),
    ]) {
      expect(response.statusCode).toBe(413);
      expect(response.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', error: message });
    }
    expect(await companiesOf(user)).toEqual([]);
  });
});

describe("the company CSV routes' JSON bodies", () => {
  const post = (user: TestUser, payload: string, url = '/api/company-csv-processor') =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { ...user.headers, 'content-type': 'application/json' },
      payload,
    });

  it('refuses a body over 41 MB (twice the largest CSV, escaped, plus the mapping) with 413 naming the CSV limit', async () => {
    const user = await createUser(t.app);
    const payload = `{"csvData":"${'a'.repeat(41 * 1024 * 1024)}"}`;
    for (const url of [
      '/api/company-csv-processor',
      '/api/company-csv-processor/preview',
      '/api/company-csv-processor/headers',
    ]) {
      const response = await post(user, payload, url);
      expect(response.statusCode).toBe(413);
      expect(response.json()).toMatchObject({
        code: 'PAYLOAD_TOO_LARGE',
        error: 'The file is larger than 20 MB',
      });
    }
  });

  it('reads a large body on a worker thread as it reads a small one, escapes and all', async () => {
    const user = await createUser(t.app);
    // Over a megabyte: parsed on a worker thread.
    const rows = Array.from({ length: 30_000 }, (_, index) => `"Company ""${index}""","a\\b, c"`);
    const csvData = `Name,Tags\n${rows.join('\n')}\n`;
    const payload = JSON.stringify({ csvData });
    expect(payload.length).toBeGreaterThan(1024 * 1024);
    expect((await post(user, payload)).json()).toEqual({ imported: 30_000, skipped: 0, errors: [] });
    const [first] = await companiesOf(user);
    expect(first).toMatchObject({ record: 'Company "0"', tags: ['a\\b', 'c'] });
  }, 90_000); // 30,000 rows: 20–30 s on PGlite on CI's two loaded cores

  it('answers 400 for a body that is not JSON, or carries a __proto__ key, large or small', async () => {
    const user = await createUser(t.app);
    const padding = 'x'.repeat(2 * 1024 * 1024);
    for (const payload of [
      '{"csvData": "Name\\nAcme\\n"',
      `{"csvData": "Name\\n${padding}`,
      '{"csvData": "Name\\nAcme\\n", "__proto__": {"polluted": true}}',
      `{"csvData": "Name\\n${padding}", "__proto__": {"polluted": true}}`,
    ]) {
      const response = await post(user, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'INVALID_JSON',
        error: 'The request body is not valid JSON',
      });
    }
    expect(await companiesOf(user)).toEqual([]);
  });
});

describe('POST /api/company-csv-processor/headers', () => {
  it('tells which headers the import recognises and whether the mapping dialog is needed', async () => {
    const user = await createUser(t.app);
    const response = await inspect(user, fixture('hubspot_companies.csv'));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      headers: [
        'Record ID',
        'Company name',
        'Company owner',
        'Create Date',
        'Phone Number',
        'Last Activity Date',
        'City',
        'Country/Region',
        'Industry',
      ],
      recognised: {
        'Record ID': 'ignore',
        'Company name': 'record',
        'Company owner': 'ignore',
        'Create Date': 'ignore',
        'Phone Number': 'ignore',
        'Last Activity Date': 'last_interaction',
        City: 'ignore',
        'Country/Region': 'ignore',
        Industry: 'categories',
      },
      // The dialog opens to show what HubSpot's columns became and why some are left out.
      needs_mapping: true,
      total_rows: 5,
      profile: { id: 'hubspot_companies', name: 'HubSpot companies' },
      reasons: {
        'Record ID': "HubSpot's own id: Relate numbers its companies itself",
        'Company owner': 'The HubSpot user who owns the company, not part of the company',
        'Create Date': 'When the company was added to HubSpot: Relate records its own date',
        'Phone Number': 'Companies in Relate have no phone number',
        City: 'Companies in Relate have no address',
        'Country/Region': 'Companies in Relate have no address',
      },
      clashes: [],
    });
  });

  it('needs no mapping when every header is recognised, and reads headers as the import does', async () => {
    const user = await createUser(t.app);
    const response = await inspect(user, '\uFEFFsep=;\nName;Tags;Created at\nAcme;a;2024-01-01\n');
    expect(response.json()).toEqual({
      headers: ['Name', 'Tags', 'Created at'],
      recognised: { Name: 'record', Tags: 'tags', 'Created at': 'ignore' },
      needs_mapping: false,
      total_rows: 1,
      profile: null,
      reasons: {},
      clashes: [],
    });
    const twice = await inspect(user, 'Name,Tags,Tags\nAcme,a,b\n');
    expect(twice.json()).toMatchObject({
      needs_mapping: true,
      clashes: [{ field: 'tags', headers: ['Tags', 'Tags (2)'] }],
    });
  });
});

describe('POST /api/company-csv-processor/preview', () => {
  it('shows per field how many rows get a value and the first companies as stored, writing nothing', async () => {
    const user = await createUser(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/company-csv-processor/preview',
      headers: user.headers,
      payload: { csvData: fixture('hubspot_companies.csv') },
    });
    expect(response.statusCode, response.body).toBe(200);
    const preview = response.json();
    expect(preview).toMatchObject({
      total_rows: 5,
      importable_rows: 4,
      skipped_rows: 1,
      filled: { record: 4, categories: 2, last_interaction: 3 },
      errors: [{ row: 4, error: 'Company name is required' }],
    });
    expect(preview.rows[0]).toEqual({
      row: 2,
      values: {
        record: 'Example Publishing',
        categories: 'Publishing',
        last_interaction: '2020-01-05T10:00:00.000Z',
      },
    });
    expect(await companiesOf(user)).toEqual([]);

    const clash = await t.app.inject({
      method: 'POST',
      url: '/api/company-csv-processor/preview',
      headers: user.headers,
      payload: { csvData: 'Name,Company name\nAcme,Acme Inc\n' },
    });
    expect(clash.statusCode).toBe(400);
    expect(clash.json().details[0].field).toBe('combine.record');
  });
});

describe('headers named like properties of every JavaScript object', () => {
  it('are unrecognised columns, left out of the import', async () => {
    const user = await createUser(t.app);
    const csv = 'Record,constructor,toString,connection strength\nAcme,x,y,constructor\n';
    const headers = await inspect(user, csv);
    expect(headers.statusCode, headers.body).toBe(200);
    expect(headers.json().recognised).toMatchObject({
      Record: 'record',
      constructor: null,
      toString: null,
      'connection strength': 'connection_strength',
    });
    const imported = await importCsv(user, { csvData: csv });
    expect(imported.json()).toMatchObject({ imported: 0, skipped: 1 });
    expect(imported.json().errors[0].error).toContain("Connection strength 'constructor'");
  });
});
