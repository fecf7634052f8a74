import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readCsvRows } from '../../lib/csv';
import { suggestContactMapping } from '../../lib/csv/profiles';
import { AppError } from '../../lib/errors';
import { parseContactRow, planImport } from './contacts.csv';

const fixture = (name: string) =>
  fs.readFileSync(path.resolve(import.meta.dirname, '../../../test/fixtures/csv', name));

/** A file read, recognised and mapped as the dialog suggests, with no manual change; rows as they would be stored. */
async function importAsSuggested(file: Buffer | string) {
  const table = await readCsvRows(file);
  const samples = table.headers.map((_, index) => table.rows.slice(0, 50).map((row) => row.values[index]));
  const filled = table.headers.map((_, index) => table.rows.some((row) => row.values[index].trim() !== ''));
  const suggestion = suggestContactMapping(table.headers, samples, filled);
  const plan = planImport(table.headers, suggestion.mapping, suggestion.combine);
  const people = table.rows.map((row) => parseContactRow(plan, row.values));
  return { suggestion, people, headers: table.headers };
}

const stored = (row: ReturnType<typeof parseContactRow>) => {
  if (!row || 'error' in row) throw new Error(`not imported: ${JSON.stringify(row)}`);
  return row.person;
};

const identity = (row: ReturnType<typeof parseContactRow>) => {
  const person = stored(row);
  return {
    first_name: person.first_name ?? null,
    last_name: person.last_name ?? null,
    email: person.email ?? null,
    phone: person.phone ?? null,
    mobile: person.mobile ?? null,
    organization: person.organization ?? null,
    job_title: person.job_title ?? null,
  };
};

function clashError(run: () => unknown): { field: string; message: string } {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).status).toBe(400);
    return ((error as AppError).details as { field: string; message: string }[])[0];
  }
  throw new Error('expected a 400');
}

describe('Google Contacts', () => {
  it.each(['google_contacts_current.csv', 'google_contacts_current_utf8bom.csv'])(
    '%s: recognised and mapped as Google means it',
    async (name) => {
      const { suggestion, people } = await importAsSuggested(fixture(name));
      expect(suggestion.profile).toEqual({ id: 'google', name: 'Google Contacts' });
      expect(suggestion.mapping).toMatchObject({
        'First Name': 'first_name',
        'Middle Name': 'custom_Middle Name',
        'Phonetic First Name': 'skip',
        'Name Prefix': 'custom_Name Prefix',
        // Empty in every row: no custom field for it.
        'Name Suffix': 'skip',
        // Named by the label beside it.
        'Custom Field 1 - Value': 'custom_Pronouns',
        Nickname: 'custom_Nickname',
        'Organization Title': 'job_title',
        'E-mail 1 - Value': 'email',
        'E-mail 2 - Value': 'custom_Email 2',
        'Phone 1 - Value': 'phone_by_label',
      });
      expect(suggestion.reasons['Phonetic First Name']).toMatch(/phonetic/i);
      expect(suggestion.reasons['Name Suffix']).toBe('Empty in every row');

      const [grace, ada, acme] = people;
      expect(identity(grace)).toEqual({
        first_name: 'Grace',
        last_name: 'Hopper',
        email: 'grace@navy.example',
        phone: null,
        mobile: '+1 555 0199',
        organization: 'US Navy',
        job_title: 'Rear Admiral',
      });
      expect(stored(grace)).toMatchObject({
        birthday: '1906-12-09',
        address: '1 Main St\nSuite 4\nArlington, VA 22201\nUSA',
        website_url: 'https://example.com/grace',
        tags: 'Navy',
        // The middle name is kept in a custom field rather than dropped.
        custom_fields: {
          Nickname: 'Amazing Grace',
          'Middle Name': 'Brewster',
          'Email 2': 'grace@example.com',
        },
      });
      expect(identity(ada)).toEqual({
        first_name: 'Ada',
        last_name: 'Lovelace',
        email: 'ada@home.example',
        phone: '+44 20 7946 0200',
        mobile: '+44 20 7946 0100',
        organization: 'Analytical Engines',
        job_title: 'Engineer',
      });
      // The second work number shares a cell with the first (' ::: '); it is kept in the notes.
      expect(stored(ada).notes).toBe('Poet of numbers, said "hi"\nWork: +44 20 7946 0201');
      // Google writes a birthday without a year as --12-10: kept as month and day (decision 41).
      expect(stored(ada).birthday).toBe('0004-12-10');
      expect(stored(ada).custom_fields).toEqual({
        'Name Prefix': 'Dr.',
        Nickname: 'Addie',
        Department: 'Research',
        'Email 2': 'ada@work.example',
        Pronouns: 'she/her',
      });
      expect(ada && 'warnings' in ada && ada.warnings).toEqual([]);
      expect(identity(acme)).toMatchObject({
        first_name: null,
        email: 'info@acme.example',
        organization: 'Acme GmbH',
      });
    },
  );

  it('google_contacts_legacy.csv: names from Given and Family Name, phones by their type', async () => {
    const { suggestion, people } = await importAsSuggested(fixture('google_contacts_legacy.csv'));
    expect(suggestion.profile?.id).toBe('google_legacy');
    expect(suggestion.mapping).toMatchObject({
      Name: 'skip',
      'Given Name': 'first_name',
      'Family Name': 'last_name',
    });
    expect(identity(people[0])).toEqual({
      first_name: 'Имя',
      last_name: 'Фамилия',
      email: null,
      phone: '+0 000 000-00-00',
      mobile: '+1 111 111-11-11',
      organization: null,
      job_title: null,
    });
    expect(stored(people[1])).toMatchObject({
      first_name: 'Name',
      last_name: 'Surname',
      email: 'email1@example.com',
      phone: '+2 222 222-22-22',
      mobile: '+3 333 333-33-33',
      tags: 'Group name 1, Group name 2',
      custom_fields: { 'Email 2': 'email2@example.com' },
    });
  });
});

describe('Outlook', () => {
  it('German export: Nachname is the last name, Firma the organization, the address in lines', async () => {
    const { suggestion, people } = await importAsSuggested(fixture('outlook_de_semicolon_utf8bom.csv'));
    expect(suggestion.profile).toEqual({ id: 'outlook_de', name: 'Outlook (Deutsch)' });
    expect(suggestion.mapping).toMatchObject({
      Anrede: 'custom_Name Prefix',
      Vorname: 'first_name',
      'Weitere Vornamen': 'skip',
      Nachname: 'last_name',
      Firma: 'organization',
      Position: 'job_title',
    });
    expect(suggestion.combine).toEqual({ address: 'lines' });
    const [jurgen, zoe] = people;
    expect(identity(jurgen)).toEqual({
      first_name: 'Jürgen',
      last_name: 'Müller',
      email: 'juergen@mueller.example',
      phone: '+49 89 123456',
      mobile: '+49 171 2345678',
      organization: 'Bäckerei Müller & Söhne',
      job_title: 'Geschäftsführer',
    });
    expect(stored(jurgen)).toMatchObject({
      birthday: '1970-12-31',
      address: 'Königstraße 5\nMünchen\n80331\nDeutschland',
      tags: 'Kunden, Lieferanten',
      notes: 'Zahlungsziel 30 Tage; Rabatt 5 %',
      custom_fields: { Department: 'Vertrieb', 'Name Prefix': 'Herr' },
    });
    expect(identity(zoe)).toMatchObject({
      first_name: 'Zoë',
      last_name: 'Dupont',
      organization: 'Café Crème SARL',
      job_title: 'Gérante',
    });
  });

  it('English desktop export: the Exchange address is no e-mail, phones and address combined', async () => {
    const { suggestion, people } = await importAsSuggested(fixture('outlook_desktop.csv'));
    expect(suggestion.profile?.id).toBe('outlook');
    expect(suggestion.mapping).toMatchObject({
      Title: 'skip',
      'Middle Name': 'skip',
      'Job Title': 'job_title',
    });
    expect(suggestion.combine).toEqual({ address: 'lines', phone: 'first' });
    const [anna, bob] = people;
    expect(identity(anna)).toEqual({
      first_name: 'Anna',
      last_name: 'Schmidt',
      email: 'anna@example.de',
      phone: '+49 30 1234567',
      mobile: '+49 170 1234567',
      organization: 'Example GmbH',
      job_title: 'CTO',
    });
    expect(stored(anna)).toMatchObject({
      address: 'Hauptstr. 1\n2. OG\nBerlin\n10115\nGermany',
      tags: 'Kunden, VIP',
    });
    expect(stored(anna).birthday).toBeUndefined(); // Outlook writes 0/0/00 for "none"
    expect(identity(bob)).toMatchObject({ first_name: 'Bob', last_name: 'Jones', email: null });
    expect(stored(bob).birthday).toBe('1980-04-15');
    expect(bob && 'warnings' in bob && bob.warnings[0]).toMatch(/is not an e-mail address/);
  });
});

describe('other sources', () => {
  it('Thunderbird: display name left out, quoted tabs and line breaks kept', async () => {
    const { suggestion, people } = await importAsSuggested(fixture('thunderbird_export.csv'));
    expect(suggestion.profile?.id).toBe('thunderbird');
    expect(suggestion.mapping['Display Name']).toBe('skip');
    expect(identity(people[0])).toMatchObject({
      first_name: 'contact',
      last_name: 'one',
      email: 'contact1@invalid',
    });
    expect(identity(people[1])).toMatchObject({
      first_name: 'contact',
      last_name: 'two',
      job_title: '"worker"',
    });
    expect(stored(people[1]).notes).toBe("here's some unicode text…");
  });

  it('HubSpot contacts: ids, owner and dates left out with a reason or mapped', async () => {
    const { suggestion, people } = await importAsSuggested(fixture('hubspot_contacts.csv'));
    expect(suggestion.profile?.id).toBe('hubspot');
    expect(suggestion.mapping).toMatchObject({
      'Record ID': 'skip',
      'Create Date': 'skip',
      'Last Activity Date': 'last_contact_date',
      'Associated Company': 'organization',
    });
    expect(suggestion.reasons['Record ID']).toMatch(/HubSpot's own id/);
    expect(identity(people[0])).toEqual({
      first_name: 'Maria',
      last_name: 'Johnson (Sample Contact)',
      email: 'emailmaria@hubspot.com',
      phone: null,
      mobile: null,
      organization: 'HubSpot',
      job_title: null,
    });
    expect(stored(people[0]).last_contact_date).toBe('2020-01-13T10:00:00.000Z');
    expect(identity(people[1])).toMatchObject({ first_name: 'Brian', phone: '+1 555-0100' });
    expect(identity(people[2])).toMatchObject({ first_name: null, email: 'no-name@example.com' });
  });

  it("HubSpot contacts with company columns: the contact's own phone and address, the company's left out", async () => {
    const { suggestion, people } = await importAsSuggested(fixture('hubspot_contacts_with_companies.csv'));
    expect(suggestion.profile).toEqual({ id: 'hubspot_companies', name: 'HubSpot contacts' });
    expect(suggestion.mapping).toMatchObject({
      'Record ID - Contact': 'skip',
      'Phone Number': 'phone',
      'Mobile Phone Number': 'mobile',
      'Street Address': 'address',
      City: 'address',
      'Country/Region': 'address',
      'Associated Company IDs': 'skip',
      'Record ID - Company': 'skip',
      'Company name': 'organization',
      'Company Domain Name': 'skip',
      // The repeated headers after Record ID - Company are the company's.
      'Phone Number (2)': 'skip',
      'City (2)': 'skip',
      'Country/Region (2)': 'skip',
      'Company owner': 'skip',
    });
    expect(suggestion.reasons['Record ID - Contact']).toMatch(/HubSpot's own id/);
    expect(suggestion.reasons['Phone Number (2)']).toBe(
      "A property of the contact's company, not of the contact",
    );
    expect(suggestion.combine).toEqual({ address: 'lines' });
    const [maria, brian, ana] = people;
    expect(identity(maria)).toEqual({
      first_name: 'Maria',
      last_name: 'Johnson',
      email: 'emailmaria@hubspot.com',
      phone: '+1 617-555-0101',
      mobile: '+1 617-555-0111',
      organization: 'HubSpot',
      job_title: 'Marketing Manager',
    });
    expect(stored(maria)).toMatchObject({
      address: '25 First Street\nCambridge\nMA\n02141\nUnited States',
      last_contact_date: '2024-03-13T10:00:00.000Z',
      custom_fields: { 'Lifecycle Stage': 'lead' },
    });
    // Brian has no address of his own: the company's City and Country stay the company's.
    expect(identity(brian)).toMatchObject({
      phone: '+1 617-555-0102',
      mobile: null,
      organization: 'HubSpot',
    });
    expect(stored(brian).address).toBeUndefined();
    expect(identity(ana)).toMatchObject({ phone: null, mobile: '+55 11 91234-5678', organization: null });
    expect(stored(ana).address).toBe('Av. Paulista 1000\nSão Paulo\nSP\n01310-100\nBrazil');
  });

  it("Google Contacts' Outlook CSV: recognised, the home address in lines, name parts and user fields kept", async () => {
    const { suggestion, people } = await importAsSuggested(fixture('google_contacts_outlook.csv'));
    expect(suggestion.profile).toEqual({ id: 'google_outlook', name: 'Google Contacts (Outlook CSV)' });
    expect(suggestion.mapping).toMatchObject({
      Title: 'custom_Name Prefix',
      'Middle Name': 'custom_Middle Name',
      Suffix: 'custom_Name Suffix',
      'Home Street': 'address',
      'Home Street 2': 'address',
      'Home City': 'address',
      'Home State': 'address',
      'Home Postal Code': 'address',
      'Home Country': 'address',
      'Home Address': 'skip',
      'Business Street': 'custom_Business Address',
      'Business Country': 'custom_Business Address',
      'User 1': 'custom_User 1',
      'User 2': 'skip',
    });
    expect(suggestion.combine).toEqual({
      address: 'lines',
      phone: 'first',
      'custom_business address': 'lines',
    });
    const [grace, ada, acme] = people;
    expect(identity(grace)).toEqual({
      first_name: 'Grace',
      last_name: 'Hopper',
      email: 'grace@navy.example',
      phone: '+1 555 0100',
      mobile: '+1 555 0199',
      organization: 'US Navy',
      job_title: 'Rear Admiral',
    });
    expect(stored(grace)).toMatchObject({
      address: '1 Main St\nApt 4\nArlington\nVA\n22201\nUnited States',
      website_url: 'https://www.navy.example/grace',
      gender: 'female',
      birthday: '1906-12-09',
      notes: 'Wrote the first compiler',
      tags: 'Navy, Friends',
      custom_fields: {
        'Name Prefix': 'Dr.',
        'Middle Name': 'Brewster',
        'Email 2': 'grace@example.com',
        'User 1': 'COBOL',
      },
    });
    expect(identity(ada)).toMatchObject({ phone: '+44 20 7946 0200', mobile: '+44 20 7946 0100' });
    expect(stored(ada)).toMatchObject({
      address: "12 St James's Square\nLondon\nSW1Y 4JH\nUnited Kingdom",
      birthday: '0004-12-10',
      custom_fields: {
        'Name Suffix': 'Countess of Lovelace',
        'Business Address': '10 Downing St\nLondon\nSW1A 2AA\nUnited Kingdom',
      },
    });
    expect(identity(acme)).toMatchObject({
      first_name: null,
      organization: 'Acme GmbH',
      phone: '+49 30 1234567',
    });
  });

  it('Thunderbird: Custom 1 to 4 become custom fields of those names', async () => {
    const { suggestion, people } = await importAsSuggested(fixture('thunderbird_export.csv'));
    expect(suggestion.mapping).toMatchObject({
      'Custom 1': 'custom_Custom 1',
      'Custom 4': 'custom_Custom 4',
    });
    expect(stored(people[1]).custom_fields).toEqual({
      'Custom 1': 'custom, 1',
      'Custom 2': 'custom\t2',
      'Custom 3': 'custom3',
      'Custom 4': 'custom\n4',
    });
  });

  it('LinkedIn Connections: past the Notes preamble, Position is the job title', async () => {
    const { suggestion, people } = await importAsSuggested(fixture('linkedin_connections.csv'));
    expect(suggestion.profile?.id).toBe('linkedin');
    expect(identity(people[0])).toEqual({
      first_name: 'Priya',
      last_name: 'Raman',
      email: 'priya.raman@example.com',
      phone: null,
      mobile: null,
      organization: 'Northwind Traders',
      job_title: 'Head of Sales, EMEA',
    });
    expect(stored(people[0])).toMatchObject({
      linkedin_url: 'https://www.linkedin.com/in/priya-raman-4b1a2c',
      custom_fields: { 'Connected On': '14 Mar 2024' },
    });
  });

  it.each([
    ['attio_companies.csv'],
    ['excel_de_semicolon_utf8bom_companies.csv'],
    ['excel_windows1252_companies.csv'],
    ['hubspot_companies.csv'],
    ['pipedrive_organizations.csv'],
  ])('%s (a company file): never two columns on one contact field', async (name) => {
    const { suggestion, headers } = await importAsSuggested(fixture(name));
    const targets = headers.map((header) => suggestion.mapping[header]).filter((target) => target !== 'skip');
    expect(new Set(targets).size).toBe(targets.length);
  });
});

describe('guessing the columns of an unknown file', () => {
  it('reads synonyms in four languages, never substrings, and values that look like e-mails or phones', async () => {
    const csv = [
      'Vorname;Apellidos;Job Title;Société;Phonetic First Name;Kontakt;Rufnummer;Favourite colour',
      'Ada;Lovelace;Engineer;Analytical Engines;ay-da;ada@example.com;+44 20 7946 0100;blue',
    ].join('\n');
    const { suggestion, people } = await importAsSuggested(csv);
    expect(suggestion.profile).toBeNull();
    expect(suggestion.mapping).toEqual({
      Vorname: 'first_name',
      Apellidos: 'last_name',
      'Job Title': 'job_title',
      Société: 'organization',
      'Phonetic First Name': 'skip',
      Kontakt: 'email',
      Rufnummer: 'phone',
      'Favourite colour': 'skip',
    });
    expect(identity(people[0])).toEqual({
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'ada@example.com',
      phone: '+44 20 7946 0100',
      mobile: null,
      organization: 'Analytical Engines',
      job_title: 'Engineer',
    });
  });

  it('never proposes an id column for a field, however much its digits look like a phone number', async () => {
    const csv = [
      'Record ID - Contact,Name,Phone Number,Owner ID,Contact UUID,Phone Number',
      '100000000001,Maria Johnson,+1 617-555-0101,52312,4f1c2e9a,+1 888-482-7768',
      '100000000002,Brian Halligan,+1 617-555-0102,52312,7a0d33bc,+1 888-482-7768',
    ].join('\n');
    const { suggestion, people } = await importAsSuggested(csv);
    expect(suggestion.profile).toBeNull();
    expect(suggestion.mapping).toEqual({
      'Record ID - Contact': 'skip',
      Name: 'full_name',
      'Phone Number': 'phone',
      'Owner ID': 'skip',
      'Contact UUID': 'skip',
      'Phone Number (2)': 'skip',
    });
    expect(suggestion.reasons['Record ID - Contact']).toBe(
      'An id of the system the file comes from: Relate numbers its contacts itself',
    );
    expect(identity(people[0])).toMatchObject({ first_name: 'Maria', phone: '+1 617-555-0101' });
  });

  it('starts a second column that looks like a filled field as Skip, saying which column fills it', async () => {
    const { suggestion } = await importAsSuggested('Email,Work Email,Name\na@x.example,b@x.example,A B\n');
    expect(suggestion.mapping).toEqual({ Email: 'email', 'Work Email': 'skip', Name: 'full_name' });
    expect(suggestion.reasons['Work Email']).toBe('Looks like Email too, which Email already fills');
  });
});

describe('the clash rule', () => {
  it('refuses two columns on one field without a choice, naming the field and the columns', () => {
    const headers = ['First Name', 'Middle Name', 'Name Prefix'];
    const mapping = { 'First Name': 'first_name', 'Middle Name': 'first_name', 'Name Prefix': 'first_name' };
    const detail = clashError(() => planImport(headers, mapping));
    expect(detail.field).toBe('combine.first_name');
    expect(detail.message).toBe(
      '"First Name", "Middle Name" and "Name Prefix" all go to First Name: choose one column for First Name, or join them or keep the first value',
    );
  });

  it('joins with a space or keeps the first value once the person chose', () => {
    const headers = ['First Name', 'Middle Name', 'Last Name'];
    const mapping = { 'First Name': 'first_name', 'Middle Name': 'first_name', 'Last Name': 'last_name' };
    const joined = parseContactRow(planImport(headers, mapping, { first_name: 'join' }), [
      'Grace',
      'Brewster',
      'Hopper',
    ]);
    expect(stored(joined)).toMatchObject({ first_name: 'Grace Brewster', last_name: 'Hopper' });
    const first = parseContactRow(planImport(headers, mapping, { first_name: 'first' }), [
      '',
      'Brewster',
      'Hopper',
    ]);
    expect(stored(first).first_name).toBe('Brewster');
  });

  it('lets the labelled phone columns share phone and mobile, but not with a plain phone column', () => {
    const headers = ['Phone 1 - Label', 'Phone 1 - Value', 'Phone 2 - Label', 'Phone 2 - Value', 'Tel'];
    const labelled = { 'Phone 1 - Value': 'phone_by_label', 'Phone 2 - Value': 'phone_by_label' };
    expect(() => planImport(headers, labelled)).not.toThrow();
    const detail = clashError(() => planImport(headers, { ...labelled, Tel: 'mobile' }, { mobile: 'join' }));
    expect(detail.field).toBe('combine.mobile');
  });

  it('applies to custom fields too, case-insensitively', () => {
    const detail = clashError(() => planImport(['A', 'B'], { A: 'custom_Email 2', B: 'custom_email 2' }));
    expect(detail.field).toBe('combine.custom_email 2');
  });
});
