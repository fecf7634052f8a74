import fs from 'node:fs';
import path from 'node:path';
import type { Person } from '@relate/contracts';
import iconv from 'iconv-lite';
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

const importWith = (user: TestUser, file: Buffer | string, mapping: Record<string, string>) =>
  upload(user, '/api/csv/import-with-mapping', file, { mapping: JSON.stringify(mapping) });

async function people(user: TestUser): Promise<Person[]> {
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/people?page_size=500&sort=id&order=asc',
    headers: user.headers,
  });
  return response.json().people;
}

describe('reading the columns of a CSV', () => {
  it('returns the headers, the contact fields with required ones marked, and the row count', async () => {
    const user = await createUser(t.app);
    const response = await upload(user, '/api/csv/get-columns', fixture('outlook_de_semicolon_utf8bom.csv'));
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.success).toBe(true);
    expect(body.csv_columns.slice(0, 5)).toEqual([
      'Anrede',
      'Vorname',
      'Weitere Vornamen',
      'Nachname',
      'Firma',
    ]);
    expect(body.total_rows).toBe(2);
    expect(body.preview).toHaveLength(2);
    expect(body.preview[0]).toMatchObject({
      Vorname: 'Jürgen',
      Nachname: 'Müller',
      Position: 'Geschäftsführer',
    });
    expect(body.preview[1].Notizen).toBe('Preis: 12,50 €');
    expect(body.contact_fields).toContainEqual({ key: 'first_name', label: 'First Name', required: true });
    expect(body.contact_fields).toContainEqual({ key: 'email', label: 'Email', required: false });
  });

  it('previews only the first five rows, each keyed by its column', async () => {
    const user = await createUser(t.app);
    const rows = Array.from({ length: 8 }, (_, index) => `Person ${index + 1},p${index + 1}@example.com`);
    const response = await upload(user, '/api/csv/get-columns', `Name,Email\n${rows.join('\n')}\n`);
    const body = response.json();
    expect(body.total_rows).toBe(8);
    expect(body.preview.map((row: Record<string, string>) => row.Name)).toEqual([
      'Person 1',
      'Person 2',
      'Person 3',
      'Person 4',
      'Person 5',
    ]);
    expect(body.preview[4]).toEqual({ Name: 'Person 5', Email: 'p5@example.com' });
  });

  it("answers 'Invalid file' for something that is not a CSV, and 400 without a file", async () => {
    const user = await createUser(t.app);
    const png = Buffer.concat([
      Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'),
      Buffer.alloc(64),
      Buffer.from('IHDR'),
    ]);
    const binary = await upload(user, '/api/csv/get-columns', png);
    expect(binary.statusCode, binary.body).toBe(400);
    expect(binary.json().error).toBe('Invalid file');
    const fieldsOnly = multipart({ note: 'x' });
    const none = await t.app.inject({
      method: 'POST',
      url: '/api/csv/get-columns',
      headers: { ...user.headers, ...fieldsOnly.headers },
      payload: fieldsOnly.payload,
    });
    expect(none.statusCode, none.body).toBe(400);
    expect(none.json().details[0].field).toBe('file');
    const cut = multipart({}, { name: 'a.csv', content: 'a,b\n1,2\n' });
    const truncated = await t.app.inject({
      method: 'POST',
      url: '/api/csv/get-columns',
      headers: { ...user.headers, ...cut.headers },
      payload: cut.payload.subarray(0, cut.payload.length - 20),
    });
    expect(truncated.statusCode).toBe(400);
  });
});

describe('importing contacts with a mapping', () => {
  it('imports the German Outlook export (semicolons, BOM, umlauts) with custom fields', async () => {
    const user = await createUser(t.app);
    const response = await importWith(user, fixture('outlook_de_semicolon_utf8bom.csv'), {
      Vorname: 'first_name',
      Nachname: 'last_name',
      Firma: 'organization',
      Position: 'job_title',
      'E-Mail-Adresse': 'email',
      Mobiltelefon: 'mobile',
      Notizen: 'notes',
      Kategorien: 'custom_Kategorien',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      success: true,
      imported_count: 2,
      skipped_count: 0,
      total_rows: 2,
      errors: [],
    });
    const [jurgen, zoe] = await people(user);
    expect(jurgen).toMatchObject({
      full_name: 'Jürgen Müller',
      organization: 'Bäckerei Müller & Söhne',
      job_title: 'Geschäftsführer',
      email: 'juergen@mueller.example',
      custom_fields: { Kategorien: 'Kunden;Lieferanten' },
    });
    expect(zoe.notes).toBe('Preis: 12,50 €');
    const fields = await t.app.inject({ method: 'GET', url: '/api/custom-fields', headers: user.headers });
    expect(fields.json().custom_fields).toEqual(['Kategorien']);
  });

  it('reads quoted line breaks (Outlook desktop) and Full Name split into first and last', async () => {
    const user = await createUser(t.app);
    const outlook = await importWith(user, fixture('outlook_desktop.csv'), {
      'First Name': 'first_name',
      'Last Name': 'last_name',
      'Business Street': 'address',
      'E-mail Address': 'email',
    });
    expect(outlook.json().imported_count).toBeGreaterThan(0);
    expect((await people(user))[0].address).toBe('Hauptstr. 1\n2. OG');

    const csv = 'Name,Email\nAda King Lovelace,ada@example.com\n';
    const split = await importWith(user, csv, { Name: 'full_name', Email: 'email' });
    expect(split.json().imported_count).toBe(1);
    const ada = (await people(user)).find((person) => person.email === 'ada@example.com');
    expect(ada).toMatchObject({
      full_name: 'Ada King Lovelace',
      first_name: 'Ada',
      last_name: 'King Lovelace',
    });
  });

  it('reads Windows-1252 and UTF-16 files', async () => {
    const user = await createUser(t.app);
    const text = 'First Name,Last Name\nFrançois,Gérard\n';
    for (const encoded of [iconv.encode(text, 'win1252'), iconv.encode(`\uFEFF${text}`, 'utf16le')]) {
      const response = await importWith(user, encoded, {
        'First Name': 'first_name',
        'Last Name': 'last_name',
      });
      expect(response.json().imported_count, response.body).toBe(1);
    }
    expect((await people(user)).map((person) => person.full_name)).toEqual([
      'François Gérard',
      'François Gérard',
    ]);
  });

  it('imports the Google, Thunderbird and HubSpot exports in the fixtures, field by field', async () => {
    const pick = ({ full_name, first_name, last_name, email, organization, job_title }: Person) => ({
      full_name,
      first_name,
      last_name,
      email,
      organization,
      job_title,
    });
    const googleMapping = {
      'First Name': 'first_name',
      'Last Name': 'last_name',
      'E-mail 1 - Value': 'email',
      'Organization Name': 'organization',
      'Organization Title': 'job_title',
    };
    const google = [
      {
        full_name: 'Grace Hopper',
        first_name: 'Grace',
        last_name: 'Hopper',
        email: 'grace@navy.example',
        organization: 'US Navy',
        job_title: 'Rear Admiral',
      },
      {
        full_name: 'Ada Lovelace',
        first_name: 'Ada',
        last_name: 'Lovelace',
        email: 'ada@home.example',
        organization: 'Analytical Engines',
        job_title: 'Engineer',
      },
      // A company-only card still imports: names are not enforced (spec section 5).
      {
        full_name: null,
        first_name: null,
        last_name: null,
        email: 'info@acme.example',
        organization: 'Acme GmbH',
        job_title: null,
      },
    ];
    const cases: [string, Record<string, string>, ReturnType<typeof pick>[]][] = [
      ['google_contacts_current.csv', googleMapping, google],
      ['google_contacts_current_utf8bom.csv', googleMapping, google],
      [
        'google_contacts_legacy.csv',
        { Name: 'full_name', 'E-mail 1 - Value': 'email' },
        [
          {
            full_name: 'Имя Фамилия',
            first_name: 'Имя',
            last_name: 'Фамилия',
            email: null,
            organization: null,
            job_title: null,
          },
          {
            full_name: 'Name Surname',
            first_name: 'Name',
            last_name: 'Surname',
            email: 'email1@example.com',
            organization: null,
            job_title: null,
          },
        ],
      ],
      [
        'thunderbird_export.csv',
        {
          'First Name': 'first_name',
          'Last Name': 'last_name',
          'Primary Email': 'email',
          'Job Title': 'job_title',
        },
        [
          {
            full_name: 'contact one',
            first_name: 'contact',
            last_name: 'one',
            email: 'contact1@invalid',
            organization: null,
            job_title: null,
          },
          {
            full_name: 'contact two',
            first_name: 'contact',
            last_name: 'two',
            email: 'contact2@invalid',
            organization: null,
            job_title: '"worker"',
          },
        ],
      ],
      [
        'hubspot_contacts.csv',
        {
          'First Name': 'first_name',
          'Last Name': 'last_name',
          Email: 'email',
          'Associated Company': 'organization',
        },
        [
          {
            full_name: 'Maria Johnson (Sample Contact)',
            first_name: 'Maria',
            last_name: 'Johnson (Sample Contact)',
            email: 'emailmaria@hubspot.com',
            organization: 'HubSpot',
            job_title: null,
          },
          {
            full_name: 'Brian Halligan (Sample Contact)',
            first_name: 'Brian',
            last_name: 'Halligan (Sample Contact)',
            email: 'bh@hubspot.com',
            organization: 'HubSpot',
            job_title: null,
          },
          {
            full_name: null,
            first_name: null,
            last_name: null,
            email: 'no-name@example.com',
            organization: null,
            job_title: null,
          },
        ],
      ],
    ];
    for (const [file, mapping, expected] of cases) {
      const user = await createUser(t.app);
      const response = await importWith(user, fixture(file), mapping);
      expect(response.statusCode, `${file}: ${response.body}`).toBe(200);
      expect(response.json(), file).toMatchObject({
        imported_count: expected.length,
        skipped_count: 0,
        total_rows: expected.length,
      });
      expect((await people(user)).map(pick), file).toEqual(expected);
    }
  });

  it('reads a LinkedIn Connections.csv past its "Notes:" preamble', async () => {
    const user = await createUser(t.app);
    const columns = (await upload(user, '/api/csv/get-columns', fixture('linkedin_connections.csv'))).json();
    expect(columns.csv_columns).toEqual([
      'First Name',
      'Last Name',
      'URL',
      'Email Address',
      'Company',
      'Position',
      'Connected On',
    ]);
    expect(columns.total_rows).toBe(3);
    expect(columns.preview[0]).toMatchObject({ 'First Name': 'Priya', Position: 'Head of Sales, EMEA' });

    const response = await importWith(user, fixture('linkedin_connections.csv'), {
      'First Name': 'first_name',
      'Last Name': 'last_name',
      URL: 'linkedin_url',
      'Email Address': 'email',
      Company: 'organization',
      Position: 'job_title',
      'Connected On': 'custom_Connected On',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ imported_count: 3, skipped_count: 0, total_rows: 3, errors: [] });
    const [priya, soren, chidi] = await people(user);
    expect(priya).toMatchObject({
      full_name: 'Priya Raman',
      linkedin_url: 'https://www.linkedin.com/in/priya-raman-4b1a2c',
      email: 'priya.raman@example.com',
      organization: 'Northwind Traders',
      job_title: 'Head of Sales, EMEA',
      custom_fields: { 'Connected On': '14 Mar 2024' },
    });
    expect(soren).toMatchObject({
      full_name: 'Søren Kierkegaard-Lund',
      email: null,
      organization: 'Fjord Analytics ApS',
    });
    expect(chidi).toMatchObject({
      full_name: 'Chidi Okafor',
      organization: null,
      job_title: 'Founder & CEO',
    });

    // 'Connected On' is no ISO date: every row is refused, each by its row number below the header.
    const dated = await importWith(user, fixture('linkedin_connections.csv'), {
      'First Name': 'first_name',
      'Connected On': 'last_contact_date',
    });
    expect(dated.json().errors.map((error: { row: number }) => error.row)).toEqual([5, 6, 7]);
  });

  it('skips a bad row, reporting its spreadsheet row number, and imports the rest', async () => {
    const user = await createUser(t.app);
    // The blank line is no row at all: CSV readers drop it. A birthday that is no date is left out
    // with a warning; the row itself is kept.
    const csv =
      'First,Status,Birthday\nGood,active,1990-01-01\nBad,royalty,\nAlso fine,,31/31/1990\n,,\nFine,client,\n';
    const response = await importWith(user, csv, {
      First: 'first_name',
      Status: 'status',
      Birthday: 'birthday',
    });
    const body = response.json();
    expect(body, response.body).toMatchObject({ imported_count: 3, skipped_count: 1, total_rows: 4 });
    expect(body.errors).toEqual([
      { row: 3, error: 'Status must be one of active, inactive, prospect, client, partner' },
    ]);
    expect(body.warnings).toEqual([{ row: 4, error: 'Birthday "31/31/1990" is not a date; left out' }]);
  });

  it('writes nothing when the file cannot be read to the end, and refuses an unknown field', async () => {
    const user = await createUser(t.app);
    const broken = `First\n${'Row\n'.repeat(2500)}"unterminated\n`;
    const response = await importWith(user, broken, { First: 'first_name' });
    expect(response.statusCode).toBe(400);
    expect(await people(user)).toEqual([]);
    const unknown = await importWith(user, 'First\nA\n', { First: 'password' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().details[0].field).toBe('mapping.First');
  });

  it('answers 413 for a file over 50 MB', async () => {
    const user = await createUser(t.app);
    const big = Buffer.alloc(51 * 1024 * 1024, 'a,b\n');
    const response = await importWith(user, big, { a: 'first_name' });
    expect(response.statusCode).toBe(413);
  });

  it('imports into the caller’s list only', async () => {
    const user = await createUser(t.app);
    await importWith(user, 'First\nPrivate Person\n', { First: 'first_name' });
    expect((await people(stranger)).some((person) => person.first_name === 'Private Person')).toBe(false);
  });
});

describe('columns named like properties of every JavaScript object', () => {
  it('a column left out of the mapping is skipped, and one mapped to a reserved name is refused naming it', async () => {
    const user = await createUser(t.app);
    const file = 'Name,constructor,__proto__,toString\nAda Lovelace,x,y,z\n';
    const imported = await importWith(user, file, { Name: 'full_name' });
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json().imported_count).toBe(1);
    expect((await people(user))[0].custom_fields).toEqual({});

    for (const [column, target] of [
      ['constructor', 'custom_constructor'],
      ['__proto__', 'custom___proto__'],
      ['toString', 'toString'],
    ]) {
      const refused = await importWith(user, file, { Name: 'full_name', [column]: target });
      expect(refused.statusCode, target).toBe(400);
      expect(refused.json().details[0].field).toBe(`mapping.${column}`);
    }
    expect(await people(user)).toHaveLength(1);
  });
});
