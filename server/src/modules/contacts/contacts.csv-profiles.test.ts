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
  const suggestion = suggestContactMapping(table.headers, samples);
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
        'Middle Name': 'skip',
        'Phonetic First Name': 'skip',
        'Name Prefix': 'skip',
        Nickname: 'custom_Nickname',
        'Organization Title': 'job_title',
        'E-mail 1 - Value': 'email',
        'E-mail 2 - Value': 'custom_Email 2',
        'Phone 1 - Value': 'phone_by_label',
      });
      expect(suggestion.reasons['Phonetic First Name']).toMatch(/phonetic/i);

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
        custom_fields: { Nickname: 'Amazing Grace', 'Email 2': 'grace@example.com' },
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
      Anrede: 'skip',
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
      custom_fields: { Department: 'Vertrieb' },
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
