/**
 * The vCard corpus: files as Apple Contacts, Google Contacts, Outlook and Android write them, and RFC
 * 6350's examples, each card checked field by field as the import stores it (decision 46). Then the
 * edge cases, and the writer: every field Relate stores comes back from its own export.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { Person, PersonInput } from '@relate/contracts';
import { describe, expect, it } from 'vitest';
import type { ParsedContactRow } from './contacts.csv';
import { vcardRecords } from './contacts.import-rows';
import { contactVCard } from './contacts.vcard';

const FIXTURES = path.resolve(import.meta.dirname, '../../../test/fixtures/vcard');

async function read(source: Buffer | string): Promise<ParsedContactRow[]> {
  const rows: ParsedContactRow[] = [];
  const chunks = Readable.from([Buffer.from(source)]);
  for await (const { parsed } of vcardRecords(chunks)) if (parsed) rows.push(parsed);
  return rows;
}
const fixture = (name: string) => read(fs.readFileSync(path.join(FIXTURES, name)));
const people = (rows: ParsedContactRow[]) => rows.map((row) => ('person' in row ? row.person : row));

describe('the vCard corpus, field by field', () => {
  it('reads Apple Contacts (3.0): itemN.X-ABLabel, X-SOCIALPROFILE, a folded base64 PHOTO, year-less BDAY', async () => {
    const rows = await fixture('apple-contacts.vcf');
    expect(people(rows)).toEqual([
      {
        full_name: 'Ada Lovelace',
        first_name: 'Ada',
        last_name: 'Lovelace',
        birthday: '0004-12-10',
        email: 'ada@engines.example',
        phone: '+44 20 7946 0102',
        mobile: '+44 20 7946 0101',
        address: "12 St James's Square\nLondon SW1Y 4JH\nUnited Kingdom",
        organization: 'Analytical Engines Ltd., Research, Poetry, Notes',
        job_title: 'Mathematician',
        linkedin_url: 'https://www.linkedin.com/in/ada-lovelace',
        github_url: 'https://github.com/ada',
        facebook_url: 'https://www.facebook.com/ada.lovelace',
        twitter_url: 'http://twitter.com/adalovelace',
        website_url: 'https://ada.example/home',
        notes: [
          'Wrote the first program.',
          'Likes poetry, music; and horses.',
          'E-mail (Home): ada@home.example',
          'Phone (Assistant): +44 20 7946 0103',
          'Phone (iPhone, Mobile): +44 7700 900123',
          'Fax (Work): +44 20 7946 0199',
          'Address (Work): Analytical Row 1, Suite 2, Cambridge, Cambridgeshire CB2 1TN, United Kingdom',
          'Date (Anniversary): 1835-07-08',
          'Related (Spouse): William King',
          'Nickname: Ada',
        ].join('\n'),
      },
      // X-ABShowAs:COMPANY: the FN is the company's name, not a person's.
      { email: 'hello@babbage.example', phone: '+44 20 7946 0000', organization: 'Babbage & Co.' },
      {
        full_name: 'Rear Admiral Grace Brewster Murray Hopper',
        first_name: 'Grace',
        last_name: 'Hopper',
        birthday: '1906-12-09',
        email: 'grace@navy.example',
        mobile: '(202) 555-0147',
        organization: 'US Navy',
      },
    ]);
    expect(rows.flatMap((row) => ('warnings' in row ? row.warnings : []))).toEqual([]);
  });

  it('reads Google Contacts (3.0): escaped URLs, labelled items, CATEGORIES as tags, --MMDD', async () => {
    expect(people(await fixture('google-contacts.vcf'))).toEqual([
      {
        full_name: 'Katherine Johnson',
        first_name: 'Katherine',
        last_name: 'Johnson',
        birthday: '1918-08-26',
        email: 'katherine@example.com',
        phone: '+1 757-555-0100',
        mobile: '+1 757-555-0142',
        address: '1 Langley Blvd\nHampton, VA 23681\nUS',
        organization: 'NASA',
        job_title: 'Research Mathematician',
        linkedin_url: 'https://www.linkedin.com/in/katherine-johnson',
        website_url: 'https://katherine.example',
        notes:
          'Computed trajectories for Freedom 7 and Apollo 11.\nE-mail (Work): kjohnson@nasa.example\nNickname: Katie',
        tags: 'myContacts, Space, Friends',
      },
      {
        full_name: 'Dorothy Vaughan',
        first_name: 'Dorothy',
        last_name: 'Vaughan',
        birthday: '0004-09-20',
        email: 'dorothy@example.com',
        mobile: '+1 757-555-0143',
        notes: 'Date (Anniversary): 1932-11-21',
        tags: 'myContacts',
      },
      { email: 'no-name@example.com', tags: 'myContacts' },
    ]);
  });

  it('reads Outlook (2.1): QUOTED-PRINTABLE with soft breaks, CHARSET=utf-8, bare types, a Windows-1252 card', async () => {
    expect(people(await fixture('outlook-2.1.vcf'))).toEqual([
      {
        full_name: 'Jürgen Müller',
        first_name: 'Jürgen',
        last_name: 'Müller',
        birthday: '1970-03-15',
        email: 'juergen.mueller@strassenbau.example',
        phone: '+49 221 555 0101',
        mobile: '+49 171 555 0103',
        address: 'Hauptstraße 5\nHinterhaus\nKöln, NRW 50667\nDeutschland',
        organization: 'Straßenbau GmbH, Vertrieb',
        job_title: 'Vertriebsleiter',
        website_url: 'http://www.strassenbau.example',
        notes: [
          'Erster Kontakt auf der Messe in Köln.',
          'Möchte ein Angebot bis März.',
          'E-mail: jm@privat.example',
          'Phone (Home): +49 221 555 0102',
          'Fax (Work): +49 221 555 0199',
        ].join('\n'),
      },
      {
        full_name: 'Amélie Dubois',
        first_name: 'Amélie',
        last_name: 'Dubois',
        email: 'amelie@cafe.example',
        mobile: '+33 6 55 55 01 01',
        organization: 'Café des Deux Moulins',
      },
    ]);
  });

  it('reads Android (2.1): multi-line QUOTED-PRINTABLE without indentation, a base64 photo ended by a blank line', async () => {
    expect(people(await fixture('android-2.1.vcf'))).toEqual([
      {
        full_name: 'Светлана Иванова',
        first_name: 'Светлана',
        last_name: 'Иванова',
        birthday: '1990-01-31',
        email: 'svetlana@example.ru',
        phone: '+7 495 555-01-02',
        mobile: '+7 912 555-01-01',
        organization: 'МГУ',
        notes: 'Первая строка\nВторая строка\nThird line\nPhone (Mobile): +7 912 555-01-03',
      },
      { full_name: 'Mom', first_name: 'Mom', phone: '1234', mobile: '+1 555 0100' },
    ]);
  });

  it("reads RFC 6350's vCard 4.0: PREF=n, tel: URIs, quoted TYPE lists, GENDER, data: photos left out", async () => {
    expect(people(await fixture('rfc6350-4.0.vcf'))).toEqual([
      {
        full_name: 'Simon Perreault',
        first_name: 'Simon',
        last_name: 'Perreault',
        gender: 'male',
        birthday: '0004-02-03',
        email: 'simon.perreault@viagenie.ca',
        phone: '+1-418-656-9254;ext=102',
        mobile: '+1-418-262-6501',
        address: 'Suite D2-630\n2875 Laurier\nQuebec, QC G1V 2M2\nCanada',
        organization: 'Viagenie',
        website_url: 'http://nomis80.org',
        notes: 'Anniversary: 20090808T1430-0500',
      },
      {
        full_name: 'Jane Doe',
        first_name: 'Jane',
        last_name: 'Doe',
        gender: 'female',
        email: 'jane.doe@work.example',
        mobile: '+1-555-555-0199',
        notes: 'Met at IETF 120, Vancouver.\nE-mail: jane@home.example\nChat: xmpp:jane@example.com',
        tags: 'TRAVEL AGENT, INTERNET, IETF, friends',
        avatar_url: 'https://photos.example/jane.png',
      },
    ]);
  });
});

const card = (...lines: string[]) => ['BEGIN:VCARD', 'VERSION:3.0', ...lines, 'END:VCARD', ''].join('\r\n');

describe('vCard edge cases', () => {
  it('an empty file, or one with no card, has no rows', async () => {
    expect(await read('')).toEqual([]);
    expect(await read('\r\n\r\n')).toEqual([]);
  });

  it('keeps a card without END:VCARD, with a warning', async () => {
    const [row] = await read('BEGIN:VCARD\nVERSION:3.0\nFN:Cut Off\nEMAIL:cut@example.com\n');
    expect(row).toEqual({
      person: { full_name: 'Cut Off', first_name: 'Cut', last_name: 'Off', email: 'cut@example.com' },
      warnings: ['The card has no END:VCARD (the file ends first); read as far as it goes'],
    });
  });

  it('ends a card at the next BEGIN:VCARD when its END:VCARD is missing', async () => {
    const rows = await read('BEGIN:VCARD\nFN:One\nBEGIN:VCARD\nFN:Two\nEND:VCARD\n');
    expect(people(rows)).toEqual([
      { full_name: 'One', first_name: 'One' },
      { full_name: 'Two', first_name: 'Two' },
    ]);
  });

  it('reads a card with only FN, splitting the name', async () => {
    expect(people(await read(card('FN:Grace Brewster Hopper')))).toEqual([
      { full_name: 'Grace Brewster Hopper', first_name: 'Grace', last_name: 'Brewster Hopper' },
    ]);
  });

  it('leaves a bad birthday out and says so, keeping the contact', async () => {
    const rows = await read(
      card('FN:Ada', 'BDAY:next tuesday') +
        card('FN:Bob', 'BDAY:2999-01-01') +
        card('FN:Cy', 'BDAY:1985-02-30'),
    );
    expect(rows.map((row) => ('person' in row ? [row.person.birthday, row.warnings] : row))).toEqual([
      [undefined, ['Birthday "next tuesday" is not a date; left out']],
      [undefined, ['Birthday "2999-01-01": cannot be in the future; left out']],
      [undefined, ['Birthday "1985-02-30": must be a real date; left out']],
    ]);
  });

  it('refuses a card with nothing to know the contact by', async () => {
    expect(await read(card('NOTE:only a note', 'PHOTO;VALUE=uri:https://example.com/p.jpg'))).toEqual([
      { error: 'A contact needs a name, an e-mail address, a phone number or an organization' },
    ]);
  });

  it('leaves out a bad value with a warning: an e-mail, a status of its own', async () => {
    const [row] = await read(card('FN:Ada', 'EMAIL:not-an-address', 'X-RELATE-STATUS:superstar'));
    expect(row).toEqual({
      person: { full_name: 'Ada', first_name: 'Ada' },
      warnings: [
        '"not-an-address" is not an e-mail address; left out',
        'Status must be one of active, inactive, prospect, client, partner; "superstar" left out',
      ],
    });
  });

  it("builds profile links from Apple's handles, and keeps a person's name when Apple shows the card as a company", async () => {
    const rows = await read(
      card(
        'N:Babbage;Charles;;;',
        'FN:Babbage & Co.',
        'ORG:Babbage & Co.',
        'X-ABShowAs:COMPANY',
        'X-SOCIALPROFILE;type=twitter:x-apple:@cbabbage',
        'X-SOCIALPROFILE;type=github;x-user=cbabbage:x-apple:cbabbage',
        'X-SOCIALPROFILE;type=mastodon:x-apple:@cb@example.social',
      ),
    );
    expect(people(rows)).toEqual([
      {
        first_name: 'Charles',
        last_name: 'Babbage',
        organization: 'Babbage & Co.',
        twitter_url: 'https://twitter.com/cbabbage',
        github_url: 'https://github.com/cbabbage',
        notes: 'Profile (Mastodon): x-apple:@cb@example.social',
      },
    ]);
  });

  it('skips a card nested in AGENT and reads the outer card on', async () => {
    const rows = await read(
      'BEGIN:VCARD\nVERSION:2.1\nFN:Boss\nAGENT:\nBEGIN:VCARD\nVERSION:2.1\nFN:Assistant\nEND:VCARD\nEMAIL:boss@example.com\nEND:VCARD\n',
    );
    expect(people(rows)).toEqual([{ full_name: 'Boss', first_name: 'Boss', email: 'boss@example.com' }]);
  });

  it('reads a UTF-16 file with a BOM, and lines ended by LF only', async () => {
    const text = '\uFEFFBEGIN:VCARD\nVERSION:3.0\nFN:Zoë Ångström\nEND:VCARD\n';
    expect(people(await read(Buffer.from(text, 'utf16le')))).toEqual([
      { full_name: 'Zoë Ångström', first_name: 'Zoë', last_name: 'Ångström' },
    ]);
  });

  it('reads 10,000 cards', async () => {
    const cards = Array.from({ length: 10_000 }, (_, i) =>
      card(`N:Person${i};Test;;;`, `FN:Test Person${i}`, `EMAIL;TYPE=INTERNET:p${i}@example.com`),
    ).join('');
    const rows = await read(cards);
    expect(rows).toHaveLength(10_000);
    expect(people(rows)[9_999]).toEqual({
      full_name: 'Test Person9999',
      first_name: 'Test',
      last_name: 'Person9999',
      email: 'p9999@example.com',
    });
  });
});

const stored: Person = {
  id: 1,
  full_name: 'Dr. Ada King, Countess of Lovelace',
  first_name: 'Ada',
  last_name: 'King; Lovelace',
  gender: 'female',
  birthday: '0004-12-10',
  email: 'ada@engines.example',
  phone: '+44 20 7946 0102',
  mobile: '+44 7700 900123',
  address: "12 St James's Square\nLondon SW1Y 4JH\nUnited Kingdom",
  organization: 'Analytical Engines, Ltd.',
  company_id: null,
  job_title: 'Mathematician \\ Poet',
  job_status: 'employed',
  linkedin_url: 'https://www.linkedin.com/in/ada',
  github_url: 'https://github.com/ada',
  facebook_url: 'https://example.com/not-facebook/ada',
  twitter_url: 'https://x.com/ada',
  website_url: 'https://ada.example',
  notes: `Line one\nLine two: with a colon; a semicolon, and a comma.\n${'Long line '.repeat(20).trim()}`,
  source: 'Conference',
  tags: 'vip, math',
  last_contact_date: '2024-03-01T10:00:00.000Z',
  next_follow_up_date: '2024-04-01T09:30:00.000Z',
  status: 'client',
  priority: 'high',
  group: 'Friends',
  avatar_url: 'https://photos.example/ada.jpg',
  custom_fields: { 'Met at': 'Royal Society', 'Shoe; size': '38' },
  shared_by: null,
  created_at: '2024-01-01T00:00:00.000Z',
  updated_at: '2024-01-02T00:00:00.000Z',
};

/** The fields a contact's body carries (what an import stores), without ids, times and sharing. */
function body(person: Person): PersonInput {
  const { id: _i, shared_by: _s, created_at: _c, updated_at: _u, ...fields } = person;
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== null)) as PersonInput;
}

describe('writing vCard 3.0', () => {
  it('writes every field Relate stores, and reads each back as it was', async () => {
    const text = contactVCard(stored);
    expect(text).toMatch(/^BEGIN:VCARD\r\nVERSION:3\.0\r\n/);
    expect(text.split('\r\n').every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
    const [row] = await read(text);
    expect(row).toEqual({ person: body(stored), warnings: [] });
  });

  it('writes a year-less birthday as --MM-DD and a company without a name as Apple does', async () => {
    const company = { ...blank(), organization: 'Babbage & Co.', email: 'b@example.com' };
    const text = contactVCard(company);
    expect(text).toContain('\r\nN:;;;;\r\nFN:Babbage & Co.\r\nX-ABShowAs:COMPANY\r\n');
    expect(people(await read(text))).toEqual([{ organization: 'Babbage & Co.', email: 'b@example.com' }]);
    expect(contactVCard({ ...stored, birthday: '0004-02-29' })).toContain('\r\nBDAY:--02-29\r\n');
  });
});

/** A stored contact with no field filled. */
function blank(): Person {
  const empty = Object.fromEntries(Object.keys(stored).map((key) => [key, null]));
  return {
    ...empty,
    id: 2,
    custom_fields: {},
    created_at: stored.created_at,
    updated_at: stored.updated_at,
  } as Person;
}
