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

/** A invites B into A's group and B accepts. */
async function group(a: TestUser, b: TestUser) {
  const invitation = (await t.as(a).post('/api/user-group', { email: b.email, name: 'B' })).json().data.id;
  await t.as(b).post('/api/user-group/approve-invitation', { invitation_id: invitation, display_name: 'A' });
}

async function create(who: TestUser, body: object): Promise<CalendarEvent> {
  const response = await t.as(who).post('/api/events', body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().event;
}

const range = async (who: TestUser, from: string, to: string): Promise<CalendarEvent[]> => {
  const response = await t.as(who).get(`/api/events?start_date=${from}&end_date=${to}`);
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
    const updated = await t.as(ann).put(`/api/events/${event.id}`, {
      location: 'Room 1',
      alert_minutes: 0,
    });
    expect(updated.json().event).toMatchObject({ location: 'Room 1', alert_minutes: 15, title: 'Kick-off' });
    expect((await t.as(ann).delete(`/api/events/${event.id}`)).statusCode).toBe(200);
    expect((await t.as(ann).get(`/api/events/${event.id}`)).statusCode).toBe(404);
  });

  it('refuses an end before the start, a repeat end before the start and weekdays outside 0-6', async () => {
    const ann = await createUser(t.app);
    const base = { title: 'X', start_datetime: '2026-12-01T09:00:00Z', end_datetime: '2026-12-01T10:00:00Z' };
    const fields = async (body: object) =>
      (await t.as(ann).post('/api/events', { ...base, ...body }))
        .json()
        .details?.map((d: { field: string }) => d.field);
    expect(await fields({ end_datetime: '2026-12-01T08:00:00Z' })).toContain('end_datetime');
    expect(await fields({ repeat_pattern: 'daily', repeat_end_date: '2026-11-01' })).toContain(
      'repeat_end_date',
    );
    expect(await fields({ repeat_pattern: 'weekly', repeat_days: [7] })).toEqual(['repeat_days.0']);
    expect(await fields({ timezone: 'Mars/Olympus' })).toContain('timezone');
    expect((await t.as(ann).get('/api/events?start_date=2026-01-01&end_date=2027-06-01')).statusCode).toBe(
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
    await group(owner, guest);
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
    expect((await t.as(guest).put(`/api/events/${event.id}`, { title: 'Mine' })).statusCode).toBe(403);
    expect((await t.as(guest).delete(`/api/events/${event.id}`)).statusCode).toBe(403);
    for (const [method, payload] of [['GET'], ['PUT', { title: 'x' }], ['DELETE']] as const)
      expect((await t.as(outsider).request(method, `/api/events/${event.id}`, payload)).statusCode).toBe(404);
    expect(await range(outsider, '2026-11-24T00:00:00Z', '2026-11-25T00:00:00Z')).toEqual([]);
    const notes = (await t.as(guest).get('/api/notifications')).json().notifications;
    expect(notes[0]).toMatchObject({
      notification_type: 'event_assigned',
      subject_type: 'event',
      subject_id: event.id,
    });
    const upcoming = (await t.as(guest).get('/api/events/upcoming')).json();
    expect(upcoming.count).toBe(1);
  });

  it('exports to ICS and imports it back into a fresh account with the same events', async () => {
    const ann = await createUser(t.app);
    const ben = await createUser(t.app);
    await create(ann, {
      title: 'Stand-up',
      description: 'Daily sync; bring blockers',
      start_datetime: '2026-03-02T08:00:00Z',
      end_datetime: '2026-03-02T08:15:00Z',
      timezone: 'Europe/Berlin',
      location: 'Room 4.12, 4th floor',
      participants: [
        { name: 'Cara Díaz', email: 'cara@example.org' },
        { name: '', email: 'dev@example.org' },
      ],
      alert_minutes: 45,
      repeat_pattern: 'weekly',
      repeat_interval: 2,
      repeat_days: [1, 3, 5],
      repeat_end_date: '2026-04-10',
      project: 'Website',
      notes: 'Line one\nLine two',
      event_type: 'event',
    });
    await create(ann, {
      title: 'Holiday',
      start_datetime: '2026-12-24T00:00:00Z',
      end_datetime: '2026-12-24T23:59:59Z',
      all_day: true,
      timezone: 'America/Los_Angeles',
      location: 'Home',
      repeat_pattern: 'yearly',
    });
    const exported = await t.as(ann).get('/api/events/export.ics');
    expect(exported.headers['content-type']).toContain('text/calendar');
    expect(exported.body).toContain('RRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,WE,FR;UNTIL=');
    expect(exported.body).toMatch(/ATTENDEE;[^\r]*CN="?Cara Díaz"?[^\r]*:MAILTO:cara@example.org/i);
    expect(exported.body).toContain('TRIGGER:-PT45M');
    expect(exported.body).toContain('DTSTART;VALUE=DATE:20261224');
    expect(exported.body).toContain('DTEND;VALUE=DATE:20261225');
    const imported = await importIcs(ben, exported.body);
    expect(imported.json()).toMatchObject({ imported: 2, skipped: 0, warnings: [] });
    const from = '2026-03-01T00:00:00Z';
    const to = '2027-01-01T00:00:00Z';
    const strip = (list: CalendarEvent[]) =>
      list.map((e) => ({
        title: e.title,
        start: e.start_datetime,
        end: e.end_datetime,
        all_day: e.all_day,
        timezone: e.timezone,
        location: e.location,
        description: e.description,
        participants: e.participants,
        alert_minutes: e.alert_minutes,
        repeat: [e.repeat_pattern, e.repeat_interval, e.repeat_days, e.repeat_end_date?.slice(0, 10)],
        project: e.project,
        notes: e.notes,
        event_type: e.event_type,
      }));
    const original = strip(await range(ann, from, to));
    expect(original).toHaveLength(10); // 9 stand-ups (every other week) and the holiday
    expect(strip(await range(ben, from, to))).toEqual(original);
  });

  it('stores an all-day event by its calendar date in UTC, whatever the zone, and keeps the date through ICS', async () => {
    const ann = await createUser(t.app);
    // ICS style: a date and the (exclusive) day after.
    const holiday = await create(ann, {
      title: 'Christmas Eve',
      start_datetime: '2026-12-24',
      end_datetime: '2026-12-25',
      all_day: true,
      timezone: 'Europe/Berlin',
    });
    expect([holiday.start_datetime, holiday.end_datetime]).toEqual([
      '2026-12-24T00:00:00.000Z',
      '2026-12-24T23:59:59.000Z',
    ]);
    // A weekly all-day series in Berlin stays on its dates across the DST change.
    await create(ann, {
      title: 'Gym day',
      start_datetime: '2026-03-23T00:00:00Z',
      end_datetime: '2026-03-23T23:59:59Z',
      all_day: true,
      timezone: 'Europe/Berlin',
      repeat_pattern: 'weekly',
      repeat_days: [1],
      repeat_end_date: '2026-04-06T23:59:59Z',
    });
    const gym = (await range(ann, '2026-03-20T00:00:00Z', '2026-04-30T00:00:00Z')).map(
      (e) => e.start_datetime,
    );
    expect(gym).toEqual(['2026-03-23T00:00:00.000Z', '2026-03-30T00:00:00.000Z', '2026-04-06T00:00:00.000Z']);

    const exported = (await t.as(ann).get('/api/events/export.ics')).body;
    expect(exported).toContain('DTSTART;VALUE=DATE:20261224');
    expect(exported).toContain('DTEND;VALUE=DATE:20261225');
    expect(exported).toContain('RRULE:FREQ=WEEKLY;INTERVAL=1;BYDAY=MO;UNTIL=20260406');
    // Imported on a server far from UTC, the DATE still means that calendar date.
    const zone = process.env.TZ;
    process.env.TZ = 'Pacific/Auckland';
    const ben = await createUser(t.app);
    try {
      expect((await importIcs(ben, exported)).json()).toMatchObject({ imported: 2, skipped: 0 });
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
    const december = await range(ben, '2026-12-20T00:00:00Z', '2026-12-31T00:00:00Z');
    expect(december.map((e) => [e.title, e.start_datetime, e.end_datetime, e.all_day])).toEqual([
      ['Christmas Eve', '2026-12-24T00:00:00.000Z', '2026-12-24T23:59:59.000Z', true],
    ]);
    expect(
      (await range(ben, '2026-03-20T00:00:00Z', '2026-04-30T00:00:00Z')).map((e) => e.start_datetime),
    ).toEqual(gym);
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
    // DTSTART;VALUE=DATE:20261224 / DTEND;VALUE=DATE:20261227: Dec 24 to 26.
    expect([december[1].start_datetime, december[1].end_datetime]).toEqual([
      '2026-12-24T00:00:00.000Z',
      '2026-12-26T23:59:59.000Z',
    ]);

    const outlook = (await importIcs(ann, fixture('outlook.ics'))).json();
    expect(outlook).toMatchObject({ imported: 2, skipped: 0 });
    const reviews = (await range(ann, '2026-11-01T00:00:00Z', '2027-06-01T00:00:00Z')).filter(
      (e) => e.title === 'Pipeline review',
    );
    expect(reviews).toHaveLength(6);
    // 10:00 in Outlook's "W. Europe Standard Time" (Europe/Berlin), before and after the DST change.
    expect(reviews[0].start_datetime).toBe('2026-11-10T09:00:00.000Z');
    expect(reviews[5].start_datetime).toBe('2027-04-10T08:00:00.000Z');
    expect(reviews[0]).toMatchObject({ timezone: 'Europe/Berlin', alert_minutes: 15 });
    expect((await importIcs(ann, 'not a calendar')).statusCode).toBe(400);
  });

  it('skips and reports repeat rules it cannot represent, imports the second Tuesday, and keeps EXDATE and RECURRENCE-ID as exceptions', async () => {
    const ann = await createUser(t.app);
    const report = (await importIcs(ann, fixture('unsupported-rules.ics'))).json();
    expect(report).toMatchObject({ imported: 4, skipped: 5 });
    const reasons = Object.fromEntries(
      report.errors.map((e: { uid: string; error: string }) => [e.uid, e.error]),
    );
    expect(reasons).toEqual({
      'last-workday@google.com': expect.stringContaining('BYSETPOS'),
      'fifteenth@google.com': expect.stringContaining('BYMONTHDAY'),
      'twice-a-year@google.com': expect.stringContaining('BYMONTH'),
      'twice-daily@google.com': expect.stringContaining('BYHOUR'),
      'lonely-exception@google.com': expect.stringContaining('RECURRENCE-ID'),
    });
    expect(report.warnings).toEqual([]);
    const december = await range(ann, '2026-12-01T00:00:00Z', '2027-01-01T00:00:00Z');
    const starts = (title: string) => december.filter((e) => e.title === title).map((e) => e.start_datetime);
    // "Every weekday" (DAILY;BYDAY=MO..FR) is a weekly Mon-Fri series: 8:30 New York time.
    expect(starts('Morning sync')).toEqual(
      ['01', '02', '03', '04', '07', '08', '09', '10', '11'].map((d) => `2026-12-${d}T13:30:00.000Z`),
    );
    expect(december.find((e) => e.title === 'Morning sync')).toMatchObject({
      repeat_pattern: 'weekly',
      repeat_days: [1, 2, 3, 4, 5],
      timezone: 'America/New_York',
    });
    // EXDATE 9 December and the 16th moved to the 17th at 15:00 (RECURRENCE-ID): kept as exceptions.
    expect(starts('Design critique')).toEqual(['2026-12-02T19:00:00.000Z', '2026-12-23T19:00:00.000Z']);
    expect(december.find((e) => e.title === 'Design critique (moved)')).toMatchObject({
      start_datetime: '2026-12-17T20:00:00.000Z',
      original_start: '2026-12-16T19:00:00.000Z',
    });
    // "The second Tuesday" (BYDAY=2TU;COUNT=4): monthly on the second Tuesday, 10:00 New York time.
    expect(
      (await range(ann, '2026-11-01T00:00:00Z', '2027-03-31T00:00:00Z'))
        .filter((e) => e.title === 'Board meeting (second Tuesday)')
        .map((e) => e.start_datetime),
    ).toEqual([
      '2026-11-10T15:00:00.000Z',
      '2026-12-08T15:00:00.000Z',
      '2027-01-12T15:00:00.000Z',
      '2027-02-09T15:00:00.000Z',
    ]);
    // BYMONTHDAY equal to the start date is just "monthly": Nov 10, Dec 10, Jan 10.
    expect(
      (await range(ann, '2026-11-01T00:00:00Z', '2027-03-01T00:00:00Z'))
        .filter((e) => e.title === 'Invoice run')
        .map((e) => e.start_datetime),
    ).toEqual(['2026-11-10T14:00:00.000Z', '2026-12-10T14:00:00.000Z', '2027-01-10T14:00:00.000Z']);
  });

  it("repeats monthly on the nth or last weekday (repeat_week), and refuses a week that is not monthly or not its start's", async () => {
    const ann = await createUser(t.app);
    // Tuesday 8 December 2026 is the second Tuesday of its month; Friday 27 November the last Friday.
    const board = await create(ann, {
      title: 'Board meeting',
      start_datetime: '2026-12-08T10:00:00Z',
      end_datetime: '2026-12-08T11:00:00Z',
      timezone: 'UTC',
      repeat_pattern: 'monthly',
      repeat_week: 2,
    });
    await create(ann, {
      title: 'Review',
      start_datetime: '2026-11-27T15:00:00Z',
      end_datetime: '2026-11-27T16:00:00Z',
      timezone: 'UTC',
      repeat_pattern: 'monthly',
      repeat_week: -1,
    });
    const starts = async (title: string) =>
      (await range(ann, '2026-11-01T00:00:00Z', '2027-03-01T00:00:00Z'))
        .filter((e) => e.title === title)
        .map((e) => e.start_datetime.slice(0, 10));
    expect(await starts('Board meeting')).toEqual(['2026-12-08', '2027-01-12', '2027-02-09']);
    expect(await starts('Review')).toEqual(['2026-11-27', '2026-12-25', '2027-01-29', '2027-02-26']);

    const base = {
      title: 'X',
      start_datetime: '2026-12-08T10:00:00Z',
      end_datetime: '2026-12-08T11:00:00Z',
      timezone: 'UTC',
    };
    const refused = async (response: {
      statusCode: number;
      json: () => { details?: { field: string }[] };
    }) => {
      expect(response.statusCode).toBe(400);
      return response.json().details?.map((d) => d.field);
    };
    const post = (body: object) => t.as(ann).post('/api/events', { ...base, ...body });
    expect(await refused(await post({ repeat_pattern: 'weekly', repeat_week: 2 }))).toEqual(['repeat_week']);
    expect(await refused(await post({ repeat_week: 2 }))).toEqual(['repeat_week']);
    expect(await refused(await post({ repeat_pattern: 'monthly', repeat_week: 6 }))).toEqual(['repeat_week']);
    expect(await refused(await post({ repeat_pattern: 'monthly', repeat_week: 0 }))).toEqual(['repeat_week']);
    // The 8th is the second Tuesday, not the third nor the last.
    expect(await refused(await post({ repeat_pattern: 'monthly', repeat_week: 3 }))).toEqual(['repeat_week']);
    expect(await refused(await post({ repeat_pattern: 'monthly', repeat_week: -1 }))).toEqual([
      'repeat_week',
    ]);

    const put = (body: object) => t.as(ann).put(`/api/events/${board.id}`, body);
    expect(await refused(await put({ repeat_pattern: 'weekly', repeat_week: 2 }))).toEqual(['repeat_week']);
    expect(await refused(await put({ repeat_week: 4 }))).toEqual(['repeat_week']);
    // The form's body without repeat_week keeps the rule.
    const kept = await put({
      ...base,
      title: 'Board meeting',
      repeat_pattern: 'monthly',
      repeat_interval: 1,
    });
    expect(kept.json().event).toMatchObject({ repeat_pattern: 'monthly', repeat_week: 2 });
    // Moved to Wednesday 16 December, the series follows its start: the third Wednesday.
    const moved = await put({ start_datetime: '2026-12-16T10:00:00Z', end_datetime: '2026-12-16T11:00:00Z' });
    expect(moved.json().event).toMatchObject({ repeat_week: 3 });
    expect(await starts('Board meeting')).toEqual(['2026-12-16', '2027-01-20', '2027-02-17']);
    const weekly = await put({ repeat_pattern: 'weekly' });
    expect(weekly.json().event).toMatchObject({ repeat_pattern: 'weekly', repeat_week: null });
    const weeklyWithout = await t.as(ann).put(`/api/events/${board.id}`, { repeat_week: 3 });
    expect(await refused(weeklyWithout)).toEqual(['repeat_week']);
  });

  it('moves a whole nth-weekday series to the week an occurrence was moved to ("All events")', async () => {
    const ann = await createUser(t.app);
    // Last Friday of the month from 27 November; its 29 January occurrence moves to the fourth Friday, the 22nd.
    const review = await create(ann, {
      title: 'Review',
      start_datetime: '2026-11-27T15:00:00Z',
      end_datetime: '2026-11-27T16:00:00Z',
      timezone: 'Europe/Berlin',
      repeat_pattern: 'monthly',
      repeat_week: -1,
    });
    const moved = await t.as(ann).put(`/api/events/${review.id}`, {
      scope: 'all',
      occurrence_start: '2027-01-29T15:00:00.000Z',
      start_datetime: '2027-01-22T16:00:00.000Z',
      end_datetime: '2027-01-22T17:00:00.000Z',
      repeat_pattern: 'monthly',
      repeat_week: 4,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().event).toMatchObject({ repeat_week: 4, start_datetime: '2026-11-27T16:00:00.000Z' });
    expect(
      (await range(ann, '2026-11-01T00:00:00Z', '2027-03-01T00:00:00Z'))
        .filter((e) => e.title === 'Review')
        .map((e) => e.start_datetime),
    ).toEqual([
      '2026-11-27T16:00:00.000Z',
      '2026-12-25T16:00:00.000Z',
      '2027-01-22T16:00:00.000Z',
      '2027-02-26T16:00:00.000Z',
    ]);
  });

  it('notifies a participant added by an update, once, and not those already invited', async () => {
    const owner = await createUser(t.app);
    const first = await createUser(t.app);
    const second = await createUser(t.app);
    await group(owner, first);
    await group(owner, second);
    const assigned = async (who: TestUser) =>
      (
        (await t.as(who).get('/api/notifications')).json().notifications as { notification_type: string }[]
      ).filter((n) => n.notification_type === 'event_assigned');
    const event = await create(owner, {
      title: 'Quarterly planning',
      start_datetime: '2026-11-25T09:00:00Z',
      end_datetime: '2026-11-25T10:00:00Z',
      participants: [{ name: 'First', email: first.email }],
    });
    expect(await assigned(first)).toHaveLength(1);
    expect(await assigned(second)).toHaveLength(0);
    const put = (participants: object[]) => t.as(owner).put(`/api/events/${event.id}`, { participants });
    expect(
      (
        await put([
          { name: 'First', email: first.email },
          { name: 'Second', email: second.email },
        ])
      ).statusCode,
    ).toBe(200);
    expect(await assigned(first)).toHaveLength(1);
    expect(await assigned(second)).toMatchObject([{ subject_id: event.id }]);
    // Saving again (e.g. a title change with the same list) notifies nobody.
    await t.as(owner).put(`/api/events/${event.id}`, {
      title: 'Q1 planning',
      participants: [
        { name: 'First', email: first.email },
        { name: 'Second', email: second.email },
      ],
    });
    expect(await assigned(first)).toHaveLength(1);
    expect(await assigned(second)).toHaveLength(1);
  });

  it('counts the occurrences of the coming 7 days as upcoming, and nothing after', async () => {
    const ann = await createUser(t.app);
    // now is Monday 2026-11-23 12:00 UTC.
    await create(ann, {
      title: 'Daily check-in',
      start_datetime: '2026-11-20T15:00:00Z',
      end_datetime: '2026-11-20T15:15:00Z',
      timezone: 'UTC',
      repeat_pattern: 'daily',
    });
    await create(ann, {
      title: 'Finished yesterday',
      start_datetime: '2026-11-22T09:00:00Z',
      end_datetime: '2026-11-22T10:00:00Z',
    });
    await create(ann, {
      title: 'In eight days',
      start_datetime: '2026-12-01T09:00:00Z',
      end_datetime: '2026-12-01T10:00:00Z',
    });
    const upcoming = (await t.as(ann).get('/api/events/upcoming')).json();
    expect(upcoming.events.map((e: CalendarEvent) => [e.title, e.start_datetime])).toEqual(
      ['23', '24', '25', '26', '27', '28', '29'].map((d) => ['Daily check-in', `2026-11-${d}T15:00:00.000Z`]),
    );
    expect(upcoming.count).toBe(7);
    const fortnight = (await t.as(ann).get('/api/events/upcoming?days=14')).json();
    expect(fortnight.count).toBe(15); // 14 check-ins and the event in eight days
  });

  it('exports a New York Monday 23:30 series in New York time with its VTIMEZONE, so other apps keep Monday', async () => {
    const ann = await createUser(t.app);
    await create(ann, {
      title: 'Late review',
      start_datetime: '2026-10-27T03:30:00Z', // Monday Oct 26, 23:30 EDT
      end_datetime: '2026-10-27T04:00:00Z',
      timezone: 'America/New_York',
      repeat_pattern: 'weekly',
      repeat_days: [1],
      repeat_end_date: '2026-11-16T23:59:59-05:00',
    });
    const ics = (await t.as(ann).get('/api/events/export.ics')).body as string;
    expect(ics).toContain('DTSTART;TZID=America/New_York:20261026T233000');
    expect(ics).toContain('DTEND;TZID=America/New_York:20261027T000000');
    expect(ics).toMatch(/RRULE:FREQ=WEEKLY;INTERVAL=1;BYDAY=MO;UNTIL=\d{8}T\d{6}Z/);
    const zone = ics.slice(ics.indexOf('BEGIN:VTIMEZONE'), ics.indexOf('END:VTIMEZONE'));
    expect(zone).toContain('TZID:America/New_York');
    expect(zone).toMatch(
      /BEGIN:DAYLIGHT\r\nTZOFFSETFROM:-0500\r\nTZOFFSETTO:-0400\r\nTZNAME:EDT\r\nDTSTART:19700308T020000\r\nRRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU/,
    );
    expect(zone).toMatch(
      /BEGIN:STANDARD\r\nTZOFFSETFROM:-0400\r\nTZOFFSETTO:-0500\r\nTZNAME:EST\r\nDTSTART:19701101T020000\r\nRRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU/,
    );
    // Read back by TZID alone (as from another app, without our X-RELATE-TZID): Mondays 23:30 in
    // New York, before and after the clocks change on Nov 1, up to the end date.
    const ben = await createUser(t.app);
    const foreign = ics.replace(/^X-RELATE-TZID:.*\r\n/m, '');
    expect(foreign).not.toContain('X-RELATE-TZID');
    expect((await importIcs(ben, foreign)).json()).toMatchObject({ imported: 1, skipped: 0 });
    const imported = await range(ben, '2026-10-01T00:00:00Z', '2026-12-31T00:00:00Z');
    expect(imported.map((e) => e.start_datetime)).toEqual([
      '2026-10-27T03:30:00.000Z',
      '2026-11-03T04:30:00.000Z',
      '2026-11-10T04:30:00.000Z',
      '2026-11-17T04:30:00.000Z',
    ]);
    expect(imported[0]).toMatchObject({ timezone: 'America/New_York', repeat_days: [1] });
  });

  it("refuses a participant who has an account outside the owner's group, on create and on update", async () => {
    const owner = await createUser(t.app);
    const member = await createUser(t.app);
    const stranger = await createUser(t.app);
    await group(owner, member);
    const body = {
      title: 'Pitch',
      start_datetime: '2026-12-01T09:00:00Z',
      end_datetime: '2026-12-01T10:00:00Z',
    };
    const refused = await t.as(owner).post('/api/events', {
      ...body,
      participants: [
        { name: 'Member', email: member.email },
        { name: 'Stranger', email: stranger.email.toUpperCase() },
      ],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details).toEqual([
      { field: 'participants', message: `${stranger.email} is not in your group` },
    ]);
    expect(await range(stranger, '2026-12-01T00:00:00Z', '2026-12-02T00:00:00Z')).toEqual([]);
    expect(await range(owner, '2026-12-01T00:00:00Z', '2026-12-02T00:00:00Z')).toEqual([]);

    const event = await create(owner, {
      ...body,
      participants: [
        { name: 'Member', email: member.email },
        { name: 'Guest without an account', email: 'guest@example.org' },
      ],
    });
    const update = await t.as(owner).put(`/api/events/${event.id}`, {
      participants: [{ name: 'Stranger', email: stranger.email }],
    });
    expect(update.statusCode).toBe(400);
    expect((await t.as(stranger).get(`/api/events/${event.id}`)).statusCode).toBe(404);
    const notes = (await t.as(stranger).get('/api/notifications')).json().notifications;
    expect(notes).toEqual([]);
  });
});
