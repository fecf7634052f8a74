import fs from 'node:fs';
import path from 'node:path';
import type { CalendarEvent } from '@relate/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart } from '../../../test/multipart';
import { createTestApp, createUser, type TestApp, type TestUser } from '../../../test/test-app';

let t: TestApp;
const now = new Date('2026-11-23T12:00:00Z');

beforeAll(async () => {
  t = await createTestApp({ clock: () => now });
  await createUser(t.app);
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (who: TestUser, method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url, headers: who.headers, payload });

async function create(who: TestUser, body: object): Promise<CalendarEvent> {
  const response = await call(who, 'POST', '/api/events', body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().event;
}

const range = async (who: TestUser, from: string, to: string): Promise<CalendarEvent[]> => {
  const response = await call(who, 'GET', `/api/events?start_date=${from}&end_date=${to}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().events;
};

const fixture = (name: string) =>
  fs.readFileSync(path.resolve(import.meta.dirname, '../../../test/fixtures/ics', name));

function importIcs(who: TestUser, content: Buffer | string) {
  const body = multipart({}, { name: 'calendar.ics', content, type: 'text/calendar' });
  return t.app.inject({
    method: 'POST',
    url: '/api/events/import',
    payload: body.payload,
    headers: { ...who.headers, ...body.headers },
  });
}

describe('events', () => {
  it('creates with the defaults, reads, updates and deletes', async () => {
    const ann = await createUser(t.app);
    const event = await create(ann, {
      title: 'Kick-off',
      start_datetime: '2026-12-01T09:00:00Z',
      end_datetime: '2026-12-01T10:00:00Z',
      alert_minutes: 'soon',
    });
    expect(event).toMatchObject({
      alert_minutes: 15,
      repeat_pattern: 'none',
      repeat_interval: 1,
      google_sync: true,
      event_type: 'meeting',
      all_day: false,
      is_owner: true,
      owner_email: ann.email,
    });
    const updated = await call(ann, 'PUT', `/api/events/${event.id}`, {
      location: 'Room 1',
      alert_minutes: 0,
    });
    expect(updated.json().event).toMatchObject({ location: 'Room 1', alert_minutes: 15, title: 'Kick-off' });
    expect((await call(ann, 'DELETE', `/api/events/${event.id}`)).statusCode).toBe(200);
    expect((await call(ann, 'GET', `/api/events/${event.id}`)).statusCode).toBe(404);
  });

  it('refuses an end before the start, a repeat end before the start and weekdays outside 0-6', async () => {
    const ann = await createUser(t.app);
    const base = { title: 'X', start_datetime: '2026-12-01T09:00:00Z', end_datetime: '2026-12-01T10:00:00Z' };
    const fields = async (body: object) =>
      (await call(ann, 'POST', '/api/events', { ...base, ...body }))
        .json()
        .details?.map((d: { field: string }) => d.field);
    expect(await fields({ end_datetime: '2026-12-01T08:00:00Z' })).toContain('end_datetime');
    expect(await fields({ repeat_pattern: 'daily', repeat_end_date: '2026-11-01' })).toContain(
      'repeat_end_date',
    );
    expect(await fields({ repeat_pattern: 'weekly', repeat_days: [7] })).toEqual(['repeat_days.0']);
    expect(await fields({ timezone: 'Mars/Olympus' })).toContain('timezone');
    expect((await call(ann, 'GET', '/api/events?start_date=2026-01-01&end_date=2027-06-01')).statusCode).toBe(
      400,
    );
  });

  it('expands a weekly Mon/Wed/Fri series over a month, keeping 09:00 local across the DST change', async () => {
    const ann = await createUser(t.app);
    await create(ann, {
      title: 'Stand-up',
      start_datetime: '2026-03-02T08:00:00Z',
      end_datetime: '2026-03-02T08:15:00Z',
      timezone: 'Europe/Berlin',
      repeat_pattern: 'weekly',
      repeat_days: [1, 3, 5],
      repeat_end_date: '2026-04-10',
    });
    const march = await range(ann, '2026-03-23T00:00:00Z', '2026-04-20T00:00:00Z');
    expect(march.map((event) => event.start_datetime)).toEqual([
      '2026-03-23T08:00:00.000Z',
      '2026-03-25T08:00:00.000Z',
      '2026-03-27T08:00:00.000Z',
      '2026-03-30T07:00:00.000Z',
      '2026-04-01T07:00:00.000Z',
      '2026-04-03T07:00:00.000Z',
      '2026-04-06T07:00:00.000Z',
      '2026-04-08T07:00:00.000Z',
      '2026-04-10T07:00:00.000Z',
    ]);
    expect(new Set(march.map((event) => event.id)).size).toBe(1);
    expect(march[0].series_start).toBe('2026-03-02T08:00:00.000Z');
  });

  it('lets a participant see the event read-only (403 on change) and an outsider nothing (404); notifies participants', async () => {
    const owner = await createUser(t.app);
    const guest = await createUser(t.app);
    const outsider = await createUser(t.app);
    const event = await create(owner, {
      title: 'Board meeting',
      start_datetime: '2026-11-24T09:00:00Z',
      end_datetime: '2026-11-24T10:00:00Z',
      participants: [
        { name: 'Guest', email: guest.email.toUpperCase() },
        { name: 'Not a user', email: 'nobody@example.org' },
      ],
    });
    const seen = await range(guest, '2026-11-24T00:00:00Z', '2026-11-25T00:00:00Z');
    expect(seen.map((item) => [item.id, item.is_owner])).toEqual([[event.id, false]]);
    expect((await call(guest, 'PUT', `/api/events/${event.id}`, { title: 'Mine' })).statusCode).toBe(403);
    expect((await call(guest, 'DELETE', `/api/events/${event.id}`)).statusCode).toBe(403);
    for (const [method, payload] of [['GET'], ['PUT', { title: 'x' }], ['DELETE']] as const)
      expect((await call(outsider, method, `/api/events/${event.id}`, payload)).statusCode).toBe(404);
    expect(await range(outsider, '2026-11-24T00:00:00Z', '2026-11-25T00:00:00Z')).toEqual([]);
    const notes = (await call(guest, 'GET', '/api/notifications')).json().notifications;
    expect(notes[0]).toMatchObject({
      notification_type: 'event_assigned',
      subject_type: 'event',
      subject_id: event.id,
    });
    const upcoming = (await call(guest, 'GET', '/api/events/upcoming')).json();
    expect(upcoming.count).toBe(1);
  });

  it('exports to ICS and imports it back into a fresh account with the same events', async () => {
    const ann = await createUser(t.app);
    const ben = await createUser(t.app);
    await create(ann, {
      title: 'Stand-up',
      start_datetime: '2026-03-02T08:00:00Z',
      end_datetime: '2026-03-02T08:15:00Z',
      timezone: 'Europe/Berlin',
      repeat_pattern: 'weekly',
      repeat_days: [1, 3, 5],
      repeat_end_date: '2026-04-10',
    });
    await create(ann, {
      title: 'Holiday',
      start_datetime: '2026-12-24T00:00:00Z',
      end_datetime: '2026-12-24T23:59:59Z',
      all_day: true,
      location: 'Home',
    });
    const exported = await call(ann, 'GET', '/api/events/export.ics');
    expect(exported.headers['content-type']).toContain('text/calendar');
    expect(exported.body).toContain('RRULE:FREQ=WEEKLY;INTERVAL=1;BYDAY=MO,WE,FR;UNTIL=');
    const imported = await importIcs(ben, exported.body);
    expect(imported.json()).toMatchObject({ imported: 2, skipped: 0 });
    const from = '2026-03-01T00:00:00Z';
    const to = '2027-01-01T00:00:00Z';
    const strip = (list: CalendarEvent[]) =>
      list.map((e) => [e.title, e.start_datetime, e.end_datetime, e.all_day, e.timezone]);
    expect(strip(await range(ben, from, to))).toEqual(strip(await range(ann, from, to)));
  });

  it('imports real Google Calendar and Outlook exports, skipping and reporting a broken event', async () => {
    const ann = await createUser(t.app);
    const google = (await importIcs(ann, fixture('google-calendar.ics'))).json();
    expect(google).toMatchObject({ imported: 3, skipped: 1 });
    expect(google.errors[0]).toMatchObject({ uid: 'broken-without-start@google.com' });
    const march = await range(ann, '2026-03-30T00:00:00Z', '2026-04-04T00:00:00Z');
    expect(march.map((event) => event.start_datetime)).toEqual([
      '2026-03-30T07:00:00.000Z',
      '2026-04-01T07:00:00.000Z',
      '2026-04-03T07:00:00.000Z',
    ]);
    expect(march[0]).toMatchObject({
      title: 'Team stand-up',
      location: 'Room 4.12',
      repeat_pattern: 'weekly',
      timezone: 'Europe/Berlin',
    });
    const december = await range(ann, '2026-12-01T00:00:00Z', '2026-12-31T00:00:00Z');
    expect(december.map((event) => [event.title, event.all_day])).toEqual([
      ['Call with Acme, Inc.', false],
      ['Office closed', true],
    ]);
    expect(december[0].description).toBe('Agenda:\n1. Pricing\n2. Timeline');

    const outlook = (await importIcs(ann, fixture('outlook.ics'))).json();
    expect(outlook).toMatchObject({ imported: 2, skipped: 0 });
    const reviews = (await range(ann, '2026-11-01T00:00:00Z', '2027-06-01T00:00:00Z')).filter(
      (e) => e.title === 'Pipeline review',
    );
    expect(reviews).toHaveLength(6);
    expect(reviews[0].start_datetime).toBe('2026-11-10T09:00:00.000Z');
    expect((await importIcs(ann, 'not a calendar')).statusCode).toBe(400);
  });
});
