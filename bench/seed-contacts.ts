import type { Database } from '../server/src/db/client';
import { ContactsRepository, type ContactValues } from '../server/src/modules/contacts/contacts.repository';

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

/** Inserts `count` contacts for `userId` in multi-row batches through the contacts repository. */
export async function seedContacts(
  db: Database,
  userId: number,
  count: number,
  { seed = 42, batchSize = 2000 } = {},
) {
  const repository = new ContactsRepository(db);
  const next = random(seed);
  for (let start = 0; start < count; start += batchSize) {
    const rows = Array.from({ length: Math.min(batchSize, count - start) }, (_, offset) => ({
      ...fakeContact(start + offset, next),
      userId,
    }));
    await repository.insertMany(rows);
  }
}

/** The same people as CSV text, for the import benchmark. */
export function contactsCsv(count: number, seed = 99): string {
  const next = random(seed);
  const lines = ['First Name,Last Name,E-mail,Phone,Company,Job Title,Notes'];
  const quote = (value: string | null | undefined) => (value ? `"${value.replaceAll('"', '""')}"` : '');
  for (let index = 0; index < count; index++) {
    const c = fakeContact(index, next);
    lines.push(
      [c.firstName, c.lastName, c.email, c.phone, c.organization, c.jobTitle, c.notes].map(quote).join(','),
    );
  }
  return `${lines.join('\n')}\n`;
}
