import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningFakeGoogle, startFakeGoogle } from '../../../test/fakes/google/server';
import { connectGoogle } from '../../../test/google';
import { createTestApp, createUser, type TestApp } from '../../../test/test-app';

/**
 * Issue 30, item 7: a first sync of a large Google account wrote each table in one statement, and
 * 10,000 contacts bound more parameters than PostgreSQL's 65,535 (`bind message has 4464 parameter
 * formats`): every preview and sync answered 500.
 */
const CONTACTS = 10_000;
const EVENTS = 2_000;
const DAY = 86_400_000;

let google: RunningFakeGoogle;
let t: TestApp;

beforeAll(async () => {
  google = await startFakeGoogle();
  t = await createTestApp({
    env: { ...google.env, PUBLIC_URL: 'http://relate.test' },
    google: { retryBaseDelayMs: 1, pageSize: 1000 },
  });
});
afterAll(async () => {
  await t.close();
  await google.close();
});

const sub = '100000000000000077777';

describe('a first Google sync of a large account', () => {
  beforeAll(() => {
    google.fake.addAccount({ sub, email: 'big@gmail.example', name: 'Big Book' });
    for (let index = 0; index < CONTACTS; index++) {
      google.fake.addContact(sub, {
        names: [{ givenName: `G${index}`, familyName: 'Large' }],
        emailAddresses: [{ value: `g${index}@large.example`, type: 'work' }],
        phoneNumbers: [{ value: `+1 555 ${String(index).padStart(7, '0')}`, type: 'mobile' }],
        organizations: [{ name: `Co ${index % 50}`, title: 'Buyer' }],
      });
    }
    const today = Math.floor(Date.parse('2026-11-27T00:00:00Z') / DAY) * DAY;
    for (let index = 0; index < EVENTS; index++) {
      const start = new Date(today + (1 + (index % 60)) * DAY + (8 + (index % 9)) * 3_600_000);
      google.fake.calendar.addEvent(sub, {
        summary: `Event ${index}`,
        start: { dateTime: start.toISOString(), timeZone: 'UTC' },
        end: { dateTime: new Date(start.getTime() + 3_600_000).toISOString(), timeZone: 'UTC' },
      });
    }
  });

  it('previews 10,000 new contacts and 2,000 events for review', { timeout: 240_000 }, async () => {
    const user = await createUser(t.app);
    await connectGoogle(t.app, google.fake, user, sub);
    const contacts = await t.as(user).get('/api/auth/google/contacts?preview=true');
    expect(contacts.statusCode, contacts.body.slice(0, 300)).toBe(200);
    expect(contacts.json().items).toHaveLength(CONTACTS);
    const events = await t.as(user).get('/api/auth/google/calendar?preview=true');
    expect(events.statusCode, events.body.slice(0, 300)).toBe(200);
    expect(events.json().items).toHaveLength(EVENTS);
  });

  it('creates and links 10,000 contacts in a first sync', { timeout: 240_000 }, async () => {
    const user = await createUser(t.app);
    await connectGoogle(t.app, google.fake, user, sub);
    const synced = await t.as(user).get('/api/auth/google/contacts');
    expect(synced.statusCode, synced.body.slice(0, 300)).toBe(200);
    expect(synced.json()).toMatchObject({ created: CONTACTS, items: [] });
    expect((await t.as(user).get('/api/people?page_size=1')).json().total).toBe(CONTACTS);
    // Every contact is linked: a second sync finds nothing to do.
    expect((await t.as(user).get('/api/auth/google/contacts')).json()).toMatchObject({
      created: 0,
      items: [],
    });
  });
});
