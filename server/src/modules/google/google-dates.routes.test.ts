import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningFakeGoogle, startFakeGoogle } from '../../../test/fakes/google/server';
import { connectGoogle } from '../../../test/google';
import { createTestApp, createUser, type TestApp, type TestUser } from '../../../test/test-app';

/**
 * Issue 30 (low): every path applies one date rule. A Google event with a date outside the years
 * 1000-9999 is skipped and reported with the reason, a Google contact's implausible birthday is left
 * out with the CSV importer's warning; no year is ever moved (0099 stored as 1999).
 */
let google: RunningFakeGoogle;
let t: TestApp;
let accounts = 0;
const year = new Date().getUTCFullYear() + 1;
const YEARS_0099 = 'is in the year 0099, outside the years 1000-9999';

beforeAll(async () => {
  google = await startFakeGoogle();
  t = await createTestApp({
    env: { ...google.env, PUBLIC_URL: 'http://relate.test' },
    google: { retryBaseDelayMs: 1 },
  });
});
afterAll(async () => {
  await t.close();
  await google.close();
});

const rowsOf = async (query: SQL) =>
  ((await t.database.db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;
const get = async (who: TestUser, url: string) => {
  const response = await t.app.inject({ method: 'GET', url, headers: who.headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

async function connectedUser(): Promise<{ user: TestUser; sub: string }> {
  const sub = `3139436412712076${String(++accounts).padStart(5, '0')}`;
  google.fake.addAccount({ sub, email: `dates-${accounts}@gmail.example`, name: 'Dates Person' });
  const user = await createUser(t.app);
  await connectGoogle(t.app, google.fake, user, sub);
  return { user, sub };
}
const at = (dateTime: string) => ({ dateTime, timeZone: 'UTC' });

describe('Google Calendar events with dates outside the stored years', () => {
  const addEvents = (sub: string) => {
    google.fake.calendar.addEvent(sub, {
      summary: 'Planning',
      start: at(`${year}-03-10T09:00:00Z`),
      end: at(`${year}-03-10T10:00:00Z`),
    });
    // A weekly series begun in the year 0099 reaches into the sync window: Google lists it.
    return google.fake.calendar.addEvent(sub, {
      summary: 'Ancient series',
      start: at('0099-05-04T10:00:00Z'),
      end: at('0099-05-04T11:00:00Z'),
      recurrence: ['RRULE:FREQ=WEEKLY'],
    });
  };
  const skipped = (id: string) => ({
    skipped: 1,
    errors: [{ google_event_id: id, title: 'Ancient series', error: `The event's start ${YEARS_0099}` }],
  });
  const titlesOf = async (user: TestUser) =>
    (await rowsOf(sql`select title from events where owner_id = ${user.id}`)).map((row) => row.title);

  it('skips them in a preview with the reason; only the others wait for review', async () => {
    const { user, sub } = await connectedUser();
    const ancient = addEvents(sub);
    const preview = await get(user, '/api/auth/google/calendar?preview=true');
    expect(preview).toMatchObject(skipped(ancient));
    expect(preview.items.map((item: { title: string }) => item.title)).toEqual(['Planning']);
    const applied = await t.app.inject({
      method: 'POST',
      url: '/api/auth/google/calendar/apply',
      headers: user.headers,
      payload: { item_ids: preview.items.map((item: { id: string }) => item.id) },
    });
    expect(applied.statusCode, applied.body).toBe(200);
    expect(await titlesOf(user)).toEqual(['Planning']);
  });

  it('skips them in a sync with the reason and imports the others', async () => {
    const { user, sub } = await connectedUser();
    const ancient = addEvents(sub);
    expect(await get(user, '/api/auth/google/calendar')).toMatchObject({
      created: 1,
      ...skipped(ancient),
      items: [],
    });
    expect(await titlesOf(user)).toEqual(['Planning']);
  });

  it('keeps a linked event as it was when Google moves it out of the range, and says why', async () => {
    const { user, sub } = await connectedUser();
    const id = google.fake.calendar.addEvent(sub, {
      summary: 'Review',
      start: at(`${year}-04-01T09:00:00Z`),
      end: at(`${year}-04-01T10:00:00Z`),
    });
    expect(await get(user, '/api/auth/google/calendar')).toMatchObject({
      created: 1,
      skipped: 0,
      errors: [],
    });
    google.fake.calendar.editEvent(sub, id, {
      start: at(`${year}-04-01T09:00:00Z`),
      end: at('+010000-01-01T00:00:00Z'),
    });
    expect(await get(user, '/api/auth/google/calendar')).toMatchObject({
      updated: 0,
      skipped: 1,
      errors: [
        {
          google_event_id: id,
          title: 'Review',
          error: "The event's end is in the year 10000, outside the years 1000-9999",
        },
      ],
    });
    const [row] = await rowsOf(sql`select end_at from events where owner_id = ${user.id}`);
    expect(new Date(row.end_at as string).toISOString()).toBe(`${year}-04-01T10:00:00.000Z`);

    // A full listing (the sync token expired) still lists it: skipped again, not taken for deleted.
    google.fake.calendar.expireSyncTokens(sub);
    expect(await get(user, '/api/auth/google/calendar')).toMatchObject({ deleted: 0, skipped: 1, items: [] });
    expect(await rowsOf(sql`select id from events where owner_id = ${user.id}`)).toHaveLength(1);
  });

  it('drops a waiting decision whose event Google has since moved out of the range', async () => {
    const { user, sub } = await connectedUser();
    const id = google.fake.calendar.addEvent(sub, {
      summary: 'Offsite',
      start: at(`${year}-05-01T09:00:00Z`),
      end: at(`${year}-05-01T10:00:00Z`),
    });
    const [waiting] = (await get(user, '/api/auth/google/calendar?preview=true')).items;
    expect(waiting).toMatchObject({ google_event_id: id, kind: 'new' });
    google.fake.calendar.editEvent(sub, id, {
      start: at('0000-05-01T09:00:00Z'),
      end: at('0000-05-01T10:00:00Z'),
    });
    expect(await get(user, '/api/auth/google/calendar?preview=true')).toMatchObject({
      items: [],
      skipped: 1,
    });
    const applied = await t.app.inject({
      method: 'POST',
      url: '/api/auth/google/calendar/apply',
      headers: user.headers,
      payload: { item_ids: [waiting.id] },
    });
    expect(applied.json()).toMatchObject({ created: 0, skipped: 1 });
    expect(await rowsOf(sql`select id from events where owner_id = ${user.id}`)).toHaveLength(0);
  });
});

describe('Google contacts with an implausible birthday', () => {
  const birthdayOf = async (user: TestUser) =>
    (await get(user, '/api/people?page_size=10')).people.map((person: Record<string, unknown>) => ({
      name: person.full_name,
      email: person.email,
      birthday: person.birthday,
    }));

  it('imports the contact without the birthday, with the importer’s warning (a preview warns too)', async () => {
    const { user, sub } = await connectedUser();
    const resourceName = google.fake.addContact(sub, {
      names: [{ givenName: 'Ada', familyName: 'Lovelace', displayName: 'Ada Lovelace' }],
      emailAddresses: [{ value: 'ada@example.com' }],
      birthdays: [{ date: { year: 99, month: 5, day: 1 } }],
    });
    const warnings = [
      {
        resource_name: resourceName,
        name: 'Ada Lovelace',
        warning: 'Birthday "0099-05-01": must be between the years 1000 and 9999; left out',
      },
    ];
    const preview = await get(user, '/api/auth/google/contacts?preview=true');
    expect(preview).toMatchObject({ warnings, items: [{ name: 'Ada Lovelace', kind: 'new' }] });
    const applied = await t.app.inject({
      method: 'POST',
      url: '/api/auth/google/contacts/apply',
      headers: user.headers,
      payload: { item_ids: [preview.items[0].id] },
    });
    expect(applied.statusCode, applied.body).toBe(200);
    expect(await birthdayOf(user)).toEqual([
      { name: 'Ada Lovelace', email: 'ada@example.com', birthday: null },
    ]);

    // A sync without preview says the same.
    const other = await connectedUser();
    const again = google.fake.addContact(other.sub, {
      names: [{ givenName: 'Ada', familyName: 'Lovelace', displayName: 'Ada Lovelace' }],
      emailAddresses: [{ value: 'ada@example.com' }],
      birthdays: [{ date: { year: 99, month: 5, day: 1 } }],
    });
    expect(await get(other.user, '/api/auth/google/contacts')).toMatchObject({
      created: 1,
      warnings: [{ ...warnings[0], resource_name: again }],
    });
    expect(await birthdayOf(other.user)).toEqual([
      { name: 'Ada Lovelace', email: 'ada@example.com', birthday: null },
    ]);
  });

  it('keeps the birthday Relate has when Google’s becomes implausible', async () => {
    const { user, sub } = await connectedUser();
    const resourceName = google.fake.addContact(sub, {
      names: [{ givenName: 'Grace', familyName: 'Hopper', displayName: 'Grace Hopper' }],
      birthdays: [{ date: { year: 1906, month: 12, day: 9 } }],
    });
    expect(await get(user, '/api/auth/google/contacts')).toMatchObject({ created: 1, warnings: [] });
    google.fake.editContact(sub, resourceName, {
      birthdays: [{ date: { year: 2999, month: 12, day: 9 } }],
      organizations: [{ name: 'US Navy' }],
    });
    expect(await get(user, '/api/auth/google/contacts')).toMatchObject({
      updated: 1,
      warnings: [
        {
          resource_name: resourceName,
          name: 'Grace Hopper',
          warning: 'Birthday "2999-12-09": cannot be in the future; left out',
        },
      ],
    });
    const [person] = (await get(user, '/api/people?page_size=10')).people;
    expect(person).toMatchObject({ birthday: '1906-12-09', organization: 'US Navy' });
  });
});
