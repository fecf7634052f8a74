import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type RunningFakeGoogle, startFakeGoogle } from '../../../test/fakes/google/server';
import { connectGoogle } from '../../../test/google';
import { createTestApp, createUser, type TestApp, type TestUser } from '../../../test/test-app';
import { STALE_SYNC_RUN_MS } from './sync-runs';

let google: RunningFakeGoogle;
let t: TestApp;
// The injected clock starts at the real time and moves only relative to it: the database stamps rows
// with its own now() (created_at, updated_at, sync claims), which these tests' rules compare with the
// app's clock. Nothing depends on the day it is: the events sit next year, inside the sync window.
let now = new Date();
let accounts = 0;
const HEARTBEAT_MS = 25;
const options = () => ({
  env: { ...google.env, PUBLIC_URL: 'http://relate.test' },
  clock: () => now,
  google: { retryBaseDelayMs: 1, pageSize: 10, calendarPageSize: 10, syncHeartbeatMs: HEARTBEAT_MS },
});

beforeAll(async () => {
  google = await startFakeGoogle();
  t = await createTestApp(options());
});
afterAll(async () => {
  await t.close();
  await google.close();
});
beforeEach(() => {
  now = new Date();
  google.fake.apiLatencyMs = 0;
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const call = (app: TestApp, who: TestUser, url: string) =>
  app.app.inject({ method: 'GET', url, headers: who.headers });
const claims = async (userId: number) =>
  (
    (await t.database.db.execute(sql`
      select contacts_sync_started_at as contacts, calendar_sync_started_at as calendar
      from google_accounts where user_id = ${userId}`)) as unknown as {
      rows: { contacts: string | Date | null; calendar: string | Date | null }[];
    }
  ).rows[0];

/** A Relate user connected to a Google account holding `contacts` contacts and `events` events. */
async function connectedUser(contacts = 3, events = 3) {
  const sub = `3139436412712076${String(++accounts).padStart(5, '0')}`;
  google.fake.addAccount({ sub, email: `claims-${accounts}@gmail.example`, name: 'Claims Person' });
  for (let index = 0; index < contacts; index++)
    google.fake.addContact(sub, {
      names: [{ givenName: `Claim${index}`, familyName: `Person ${accounts}` }],
      emailAddresses: [{ value: `claim${index}.${accounts}@google.example` }],
    });
  const start = Date.parse(`${new Date().getUTCFullYear() + 1}-03-02T09:00:00Z`);
  for (let index = 0; index < events; index++)
    google.fake.calendar.addEvent(sub, {
      summary: `Claimed event ${index}`,
      start: { dateTime: new Date(start + index * 86_400_000).toISOString(), timeZone: 'UTC' },
      end: { dateTime: new Date(start + index * 86_400_000 + 3_600_000).toISOString(), timeZone: 'UTC' },
    });
  const user = await createUser(t.app);
  await connectGoogle(t.app, google.fake, user, sub);
  return user;
}

describe('Google sync claims after a crash', () => {
  it('a sync cut off by a crash does not refuse the next one after the restart', async () => {
    const user = await connectedUser();
    // What a process killed in the middle of both syncs leaves behind: both claimed a moment ago.
    await t.database.db.execute(sql`
      update google_accounts set contacts_sync_started_at = ${now.toISOString()},
        calendar_sync_started_at = ${now.toISOString()}
      where user_id = ${user.id}`);
    for (const kind of ['contacts', 'calendar']) {
      const refused = await call(t, user, `/api/auth/google/${kind}`);
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json().code).toBe('GOOGLE_SYNC_RUNNING');
    }

    // The restart: a new process on the same database.
    const restarted = await createTestApp({ ...options(), database: t.database });
    try {
      // Another process could hold the claims: they go stale once no longer renewed.
      expect((await call(restarted, user, '/api/auth/google/contacts')).statusCode).toBe(409);
      now = new Date(now.getTime() + STALE_SYNC_RUN_MS + 1000);
      const contacts = await call(restarted, user, '/api/auth/google/contacts');
      expect(contacts.statusCode, contacts.body).toBe(200);
      expect(contacts.json()).toMatchObject({ created: 3, items: [] });
      const calendar = await call(restarted, user, '/api/auth/google/calendar');
      expect(calendar.statusCode, calendar.body).toBe(200);
      expect(calendar.json()).toMatchObject({ created: 3, items: [] });
      expect(await claims(user.id)).toEqual({ contacts: null, calendar: null });
    } finally {
      await restarted.app.close();
    }
  });

  it("on the embedded PostgreSQL, which one process owns, a restart releases the dead process's claims at once", async () => {
    const user = await connectedUser();
    await t.database.db.execute(sql`
      update google_accounts set contacts_sync_started_at = ${now.toISOString()},
        calendar_sync_started_at = ${now.toISOString()}
      where user_id = ${user.id}`);
    // DATA_DIR's lock lets no other Relate run on an embedded server: the claims can only be a dead one's.
    const embedded = { ...t.database, embedded: { directory: '/data/postgres' } };
    const restarted = await createTestApp({ ...options(), database: embedded });
    try {
      expect(await claims(user.id)).toEqual({ contacts: null, calendar: null });
      const contacts = await call(restarted, user, '/api/auth/google/contacts');
      expect(contacts.statusCode, contacts.body).toBe(200);
      expect(contacts.json()).toMatchObject({ created: 3, items: [] });
    } finally {
      await restarted.app.close();
    }
  });

  it('a running sync renews its claim, refuses a second run, and leaves no claim when it ends', async () => {
    const user = await connectedUser(40, 40);
    google.fake.apiLatencyMs = 60; // 4 pages of each: a sync of about a quarter of a second
    const requests = google.fake.requests.length;
    const running = Promise.all([
      call(t, user, '/api/auth/google/contacts'),
      call(t, user, '/api/auth/google/calendar'),
    ]);
    // Both are reading Google (so both hold their claims).
    const reading = (path: RegExp) =>
      google.fake.requests.slice(requests).some((request) => path.test(request.path));
    while (!reading(/\/connections$/) || !reading(/\/events$/)) await sleep(5);
    for (const kind of ['contacts', 'calendar']) {
      const second = await call(t, user, `/api/auth/google/${kind}`);
      expect(second.statusCode, second.body).toBe(409);
      expect(second.json().code).toBe('GOOGLE_SYNC_RUNNING');
    }
    // Far later by the clock: a claim that was not renewed would look like a dead process's.
    now = new Date(now.getTime() + 10 * STALE_SYNC_RUN_MS);
    await sleep(4 * HEARTBEAT_MS);
    const renewed = await claims(user.id);
    expect(new Date(renewed.contacts!).getTime()).toBe(now.getTime());
    expect(new Date(renewed.calendar!).getTime()).toBe(now.getTime());
    expect((await call(t, user, '/api/auth/google/status')).json()).toMatchObject({
      contacts_sync_running: true,
      calendar_sync_running: true,
    });

    const [contacts, calendar] = await running;
    expect(contacts.statusCode, contacts.body).toBe(200);
    expect(contacts.json().created).toBe(40);
    expect(calendar.statusCode, calendar.body).toBe(200);
    expect(calendar.json().created).toBe(40);
    await sleep(4 * HEARTBEAT_MS);
    expect(await claims(user.id)).toEqual({ contacts: null, calendar: null });
    expect((await call(t, user, '/api/auth/google/contacts')).json()).toMatchObject({
      created: 0,
      items: [],
    });
  });
});
