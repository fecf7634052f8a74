import type { App } from '../server/src/app';
import type { ContactValues } from '../server/src/modules/contacts/contacts.repository';
import { multipart } from '../server/test/multipart';
import type { TestUser } from '../server/test/test-app';

const FIRST =
  'Ada Alan Grace Linus Margaret Barbara Claude Edsger Donald Ken Dennis Frances Radia Hedy Katherine Tim Vint Bjarne Guido Anders'.split(
    ' ',
  );
const LAST =
  'Lovelace Turing Hopper Torvalds Hamilton Liskov Shannon Dijkstra Knuth Thompson Ritchie Allen Perlman Lamarr Johnson Berners-Lee Cerf Stroustrup Rossum Hejlsberg'.split(
    ' ',
  );
const ORGS =
  'Acme Globex Initech Umbrella Stark Wayne Hooli Vandelay Soylent Tyrell Cyberdyne Wonka Oscorp Aperture Monarch'.split(
    ' ',
  );
const TITLES = 'Engineer Designer Founder CTO CEO Analyst Consultant Manager Director Researcher'.split(' ');
const STATUSES = ['active', 'inactive', 'prospect', 'client', 'partner', null] as const;

/** A small deterministic PRNG (mulberry32), so every run seeds the same data. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function fakeContact(index: number, next: () => number): ContactValues {
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)];
  const first = pick(FIRST);
  const last = pick(LAST);
  const org = pick(ORGS);
  return {
    firstName: first,
    lastName: last,
    fullName: `${first} ${last}`,
    email: `${first}.${last}.${index}@${org.toLowerCase()}.example`.toLowerCase(),
    phone: `+1 555 ${String(index).padStart(7, '0')}`,
    organization: `${org} ${pick(['Labs', 'Systems', 'Group', 'Partners'])}`,
    jobTitle: pick(TITLES),
    status: pick(STATUSES),
    tags: next() < 0.3 ? pick(['vip', 'newsletter', 'conference', 'investor']) : null,
    notes: next() < 0.2 ? `Met at the ${pick(['summit', 'meetup', 'expo'])} in ${2015 + (index % 10)}` : null,
    customFields: next() < 0.1 ? { Team: pick(['Red', 'Blue', 'Green']) } : {},
  };
}

/** Words written into the notes of an exact share of the rows, for search terms of known selectivity. */
export const SEARCH_TERMS = [
  { word: 'zanzibar', share: '0.01 %', every: (index: number) => index % 10_000 === 5 },
  { word: 'quokka', share: '1 %', every: (index: number) => index % 100 === 3 },
  { word: 'meridian', share: '30 %', every: (index: number) => index % 10 < 3 },
] as const;

/** `count` people, the same for the same seed, with SEARCH_TERMS in their notes. */
export function* fakeContacts(count: number, seed = 99): Generator<ContactValues> {
  const next = random(seed);
  for (let index = 0; index < count; index++) {
    const contact = fakeContact(index, next);
    const words = SEARCH_TERMS.filter((term) => term.every(index)).map((term) => term.word);
    yield words.length > 0
      ? { ...contact, notes: [contact.notes, ...words].filter(Boolean).join(' ') }
      : contact;
  }
}

export const CONTACTS_CSV_MAPPING = {
  'First Name': 'first_name',
  'Last Name': 'last_name',
  'E-mail': 'email',
  Phone: 'phone',
  Company: 'organization',
  'Job Title': 'job_title',
  Notes: 'notes',
};

const quote = (value: string | null | undefined) => (value ? `"${value.replaceAll('"', '""')}"` : '');

/** The people of `fakeContacts` as a CSV file a user would import. */
export function contactsCsv(count: number, seed = 99): string {
  const lines = [Object.keys(CONTACTS_CSV_MAPPING).join(',')];
  for (const c of fakeContacts(count, seed))
    lines.push(
      [c.firstName, c.lastName, c.email, c.phone, c.organization, c.jobTitle, c.notes].map(quote).join(','),
    );
  return `${lines.join('\n')}\n`;
}

/** The columns `contactsCsvForCopy` writes, in the contacts table. */
export const COPY_COLUMNS = [
  'user_id',
  'first_name',
  'last_name',
  'full_name',
  'email',
  'phone',
  'organization',
  'job_title',
  'notes',
];

/** The same rows as the rows an import stores, for a raw COPY into a copy of the contacts table. */
export function contactsCsvForCopy(count: number, userId: number, seed = 99): string {
  const lines: string[] = [];
  for (const c of fakeContacts(count, seed))
    lines.push(
      [
        String(userId),
        c.firstName,
        c.lastName,
        c.fullName,
        c.email,
        c.phone,
        c.organization,
        c.jobTitle,
        c.notes,
      ]
        .map(quote)
        .join(','),
    );
  return `${lines.join('\n')}\n`;
}

/** Through the product's own endpoint, as a user imports a file. */
export async function importContacts(app: App, user: TestUser, rows: number, seed: number) {
  const body = multipart(
    { mapping: JSON.stringify(CONTACTS_CSV_MAPPING) },
    { name: 'contacts.csv', content: contactsCsv(rows, seed) },
  );
  const response = await app.inject({
    method: 'POST',
    url: '/api/csv/import-with-mapping',
    payload: body.payload,
    headers: { ...user.headers, ...body.headers },
  });
  if (response.json().imported_count !== rows) throw new Error(`import: ${response.body.slice(0, 300)}`);
}
