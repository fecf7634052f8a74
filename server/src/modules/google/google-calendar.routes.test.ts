import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type RunningFakeGoogle, startFakeGoogle } from '../../../test/fakes/google/server';
import { connectGoogle } from '../../../test/google';
import { multipart } from '../../../test/multipart';
import { createTestApp, createUser, type TestApp, type TestUser } from '../../../test/test-app';

let google: RunningFakeGoogle;
let t: TestApp;
// The injected clock starts at the real time and moves only relative to it: the database stamps rows
// with its own now() (created_at, updated_at, sync claims), which these tests' rules compare with the
// app's clock. Nothing depends on the day it is: the events sit next year, inside the sync window.
let now = new Date();
let accounts = 0;
/** Next year: inside the sync window (one year back, two ahead) whenever the tests run. */
const year = new Date().getUTCFullYear() + 1;

beforeAll(async () => {
  google = await startFakeGoogle();
  t = await createTestApp({
    env: { ...google.env, PUBLIC_URL: 'http://relate.test' },
    clock: () => now,
    google: { retryBaseDelayMs: 1, calendarPageSize: 2 },
  });
});
afterAll(async () => {
  await t.close();
  await google.close();
});
beforeEach(() => {
  now = new Date();
});

const fake = () => google.fake;
const calendar = () => google.fake.calendar;
const rowsOf = async (query: SQL) =>
  ((await t.database.db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;
const call = (who: TestUser, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: who.headers, payload });

async function connectedUser(): Promise<{ user: TestUser; sub: string }> {
  const sub = `2139436412712076${String(++accounts).padStart(5, '0')}`;
  fake().addAccount({ sub, email: `cal-${accounts}@gmail.example`, name: 'Calendar Person' });
  const user = await createUser(t.app);
  await connectGoogle(t.app, fake(), user, sub);
  return { user, sub };
}

const preview = async (who: TestUser) => {
  const response = await call(who, 'GET', '/api/auth/google/calendar?preview=true');
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};
const sync = async (who: TestUser) => {
  const response = await call(who, 'GET', '/api/auth/google/calendar');
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};
const apply = (who: TestUser, body: object) => call(who, 'POST', '/api/auth/google/calendar/apply', body);
const applyAll = async (who: TestUser) => {
  const items = (await call(who, 'GET', '/api/auth/google/calendar/review')).json().items as { id: string }[];
  const response = await apply(who, { item_ids: items.map((item) => item.id) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};
const eventsOf = async (
  who: TestUser,
  from = `${year - 1}-01-01T00:00:00Z`,
  to = `${year - 1}-12-31T00:00:00Z`,
) => {
  const all: Record<string, unknown>[] = [];
  // The API answers at most 400 days at a time.
  for (const [start, end] of [
    [from, to],
    [`${year}-01-01T00:00:00Z`, `${year}-12-31T00:00:00Z`],
  ]) {
    const response = await call(who, 'GET', `/api/events?start_date=${start}&end_date=${end}`);
    expect(response.statusCode, response.body).toBe(200);
    all.push(...response.json().events);
  }
  return all;
};
const ownRows = (who: TestUser) =>
  rowsOf(sql`select id, title, series_id, original_start, to_json(excluded_starts) as excluded_starts, repeat_pattern
             from events where owner_id = ${who.id} order by id`);

/** The first date on or after `date` (YYYY-MM-DD) that falls on `weekday` (0 = Sunday). */
const onWeekday = (date: string, weekday: number) => {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + ((weekday - day.getUTCDay() + 7) % 7));
  return day.toISOString().slice(0, 10);
};
const plusDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

const timed = (dateTime: string, timeZone: string, minutes = 60) => ({
  start: { dateTime, timeZone },
  end: { dateTime: new Date(Date.parse(dateTime) + minutes * 60_000).toISOString(), timeZone },
});

describe('Google Calendar first sync', () => {
  it('previews new events and likely duplicates, then imports them with their times, dates and repeats', async () => {
    const { user, sub } = await connectedUser();
    calendar().addEvent(sub, {
      summary: 'New York call',
      ...timed(`${year}-03-10T09:30:00-04:00`, 'America/New_York'),
    });
    calendar().addEvent(sub, {
      summary: 'Tokyo call',
      ...timed(`${year}-03-10T09:30:00+09:00`, 'Asia/Tokyo'),
    });
    calendar().addEvent(sub, { summary: 'UTC call', ...timed(`${year}-03-10T09:30:00Z`, 'UTC') });
    calendar().addEvent(sub, {
      summary: 'Trade fair',
      start: { date: `${year}-06-20` },
      end: { date: `${year}-06-22` },
    });
    const monday = onWeekday(`${year}-03-01`, 1);
    const lastFriday = onWeekday(`${year}-01-25`, 5);
    calendar().addEvent(sub, {
      summary: 'Weekly pipeline',
      ...timed(`${monday}T09:00:00+01:00`, 'Europe/Berlin', 30),
      recurrence: ['RRULE:FREQ=WEEKLY;BYDAY=MO,WE'],
    });
    calendar().addEvent(sub, {
      summary: 'Monthly invoices',
      ...timed(`${year}-01-15T10:00:00+09:00`, 'Asia/Tokyo'),
      recurrence: ['RRULE:FREQ=MONTHLY;INTERVAL=2'],
    });
    calendar().addEvent(sub, {
      summary: 'Last Friday review',
      ...timed(`${lastFriday}T16:00:00Z`, 'UTC'),
      recurrence: ['RRULE:FREQ=MONTHLY;BYDAY=FR;BYSETPOS=-1'],
    });
    calendar().addEvent(sub, { summary: 'Too old', ...timed(`${year - 3}-01-01T10:00:00Z`, 'UTC') });
    const local = (
      await call(user, 'POST', '/api/events', {
        title: 'UTC call',
        start_datetime: `${year}-03-10T09:30:00Z`,
        end_datetime: `${year}-03-10T10:00:00Z`,
        google_sync: false,
      })
    ).json().event;

    const first = await preview(user);
    expect(first).toMatchObject({ preview: true, created: 0, pushed: 0 });
    const byTitle = Object.fromEntries(first.items.map((item: { title: string }) => [item.title, item]));
    expect(Object.keys(byTitle).sort()).toEqual([
      'Last Friday review',
      'Monthly invoices',
      'New York call',
      'Tokyo call',
      'Trade fair',
      'UTC call',
      'Weekly pipeline',
    ]);
    expect(byTitle['UTC call']).toMatchObject({
      kind: 'likely_duplicate',
      is_duplicate: true,
      event: { id: local.id },
    });
    expect(byTitle['New York call']).toMatchObject({
      kind: 'new',
      start_datetime: `${year}-03-10T13:30:00.000Z`,
      timezone: 'America/New_York',
    });
    expect(byTitle['Weekly pipeline'].recurrence).toMatch(/^Every week on Monday, Wednesday/);
    expect(byTitle['Last Friday review'].read_only_reason).toMatch(/BYSETPOS/);
    // Nothing was imported by the preview.
    expect((await ownRows(user)).map((row) => row.title)).toEqual(['UTC call']);
    const status = (await call(user, 'GET', '/api/auth/google/status')).json();
    expect(status).toMatchObject({
      calendar_pending_review: 7,
      calendar_last_error: null,
      calendar_sync_running: false,
    });
    expect(status.calendar_synced_at).not.toBeNull();

    const applied = await applyAll(user);
    expect(applied).toMatchObject({ created: 6, linked: 1, skipped: 0 });
    const events = await eventsOf(user, `${year - 1}-12-01T00:00:00Z`, `${year - 1}-12-31T00:00:00Z`);
    const first_ = (title: string) => events.find((event) => event.title === title)!;
    expect(first_('New York call')).toMatchObject({
      start_datetime: `${year}-03-10T13:30:00.000Z`,
      timezone: 'America/New_York',
      google_linked: true,
    });
    expect(first_('Tokyo call')).toMatchObject({
      start_datetime: `${year}-03-10T00:30:00.000Z`,
      timezone: 'Asia/Tokyo',
    });
    expect(first_('UTC call')).toMatchObject({
      id: local.id,
      start_datetime: `${year}-03-10T09:30:00.000Z`,
      google_linked: true,
    });
    expect(first_('Trade fair')).toMatchObject({
      all_day: true,
      start_datetime: `${year}-06-20T00:00:00.000Z`,
      end_datetime: `${year}-06-21T23:59:59.000Z`,
    });
    expect(first_('Weekly pipeline')).toMatchObject({
      repeat_pattern: 'weekly',
      repeat_days: [1, 3],
      timezone: 'Europe/Berlin',
    });
    expect(first_('Monthly invoices')).toMatchObject({ repeat_pattern: 'monthly', repeat_interval: 2 });
    // Weekly on Monday and Wednesday at 09:00 Berlin; every second month on the 15th at 10:00 Tokyo.
    const starts = (title: string) =>
      events.filter((event) => event.title === title).map((event) => event.start_datetime as string);
    expect(starts('Weekly pipeline').slice(0, 3)).toEqual([
      `${monday}T08:00:00.000Z`,
      `${plusDays(monday, 2)}T08:00:00.000Z`,
      `${plusDays(monday, 7)}T08:00:00.000Z`,
    ]);
    expect(starts('Monthly invoices').slice(0, 3)).toEqual([
      `${year}-01-15T01:00:00.000Z`,
      `${year}-03-15T01:00:00.000Z`,
      `${year}-05-15T01:00:00.000Z`,
    ]);
    // Read-only series: its first occurrence and one read-only row per later occurrence in the window.
    const expectedFridays = Array.from({ length: 12 }, (_, month) => {
      const last = new Date(Date.UTC(year, month + 1, 0, 16));
      last.setUTCDate(last.getUTCDate() - ((last.getUTCDay() + 2) % 7));
      return last.toISOString();
    }).filter((start) => start < `${year}-12-31T00:00:00Z`);
    expect(starts('Last Friday review')).toEqual(expectedFridays);
    const fridayRows = (await ownRows(user)).filter((row) => row.title === 'Last Friday review');
    // The window reaches two years ahead: every last Friday after the first is a row of its own.
    expect(fridayRows.filter((row) => row.series_id === fridayRows[0].id).length).toBeGreaterThanOrEqual(
      expectedFridays.length - 1,
    );
    // Outside the window (more than a year back): not read.
    expect(events.some((event) => event.title === 'Too old')).toBe(false);

    // A second sync finds nothing new and sends nothing back (the linked duplicate had sync off).
    const again = await sync(user);
    expect(again).toMatchObject({ created: 0, updated: 0, deleted: 0, pushed: 0, items: [] });
    expect(calendar().listEvents(sub)).toHaveLength(8);
  });
});

describe('Linking a likely duplicate', () => {
  it("fills Relate's empty fields from Google and overwrites neither side", async () => {
    const { user, sub } = await connectedUser();
    const id = calendar().addEvent(sub, {
      summary: 'Team lunch',
      location: 'Cafe Central',
      description: 'Booked for 6',
      ...timed(`${year}-03-20T12:00:00Z`, 'UTC', 90),
    });
    const local = (
      await call(user, 'POST', '/api/events', {
        title: 'Team lunch',
        start_datetime: `${year}-03-20T12:00:00Z`,
        end_datetime: `${year}-03-20T13:00:00Z`,
        description: 'Bring the roadmap',
      })
    ).json().event;
    const { items } = await preview(user);
    expect(items).toMatchObject([{ kind: 'likely_duplicate', event: { id: local.id } }]);
    expect((await applyAll(user)).linked).toBe(1);
    const linked = (await call(user, 'GET', `/api/events/${local.id}`)).json().event;
    expect(linked).toMatchObject({
      location: 'Cafe Central',
      description: 'Bring the roadmap',
      end_datetime: `${year}-03-20T13:00:00.000Z`,
      google_linked: true,
    });
    expect((await sync(user)).pushed).toBe(0);
    expect(calendar().event(sub, id)).toMatchObject({ description: 'Booked for 6' });
    expect(calendar().listEvents(sub)).toHaveLength(1);
  });
});

describe('Google Calendar incremental sync', () => {
  it('applies an added and a changed event and asks before deleting a cancelled one', async () => {
    const { user, sub } = await connectedUser();
    const changing = calendar().addEvent(sub, {
      summary: 'Kick-off',
      ...timed(`${year}-02-01T10:00:00Z`, 'UTC'),
    });
    const cancelled = calendar().addEvent(sub, {
      summary: 'Lunch',
      ...timed(`${year}-02-02T12:00:00Z`, 'UTC'),
    });
    expect((await sync(user)).created).toBe(2);

    calendar().addEvent(sub, { summary: 'Added later', ...timed(`${year}-02-03T08:00:00Z`, 'UTC') });
    calendar().editEvent(sub, changing, {
      summary: 'Kick-off (moved)',
      ...timed(`${year}-02-01T15:00:00Z`, 'UTC'),
    });
    calendar().deleteEvent(sub, cancelled);
    const result = await sync(user);
    expect(result).toMatchObject({ created: 1, updated: 1 });
    expect(result.items).toMatchObject([{ kind: 'deleted_upstream', title: 'Lunch' }]);
    // The incremental call sent the token and no window.
    const last = fake()
      .requests.filter((request) => request.path.endsWith('/events') && request.method === 'GET')
      .at(-1)!;
    expect(last.query.get('syncToken')).toBeTruthy();
    expect(last.query.has('timeMin')).toBe(false);

    await applyAll(user);
    expect((await ownRows(user)).map((row) => row.title).sort()).toEqual(['Added later', 'Kick-off (moved)']);
    const moved = (await eventsOf(user)).find((event) => event.title === 'Kick-off (moved)');
    expect(moved?.start_datetime).toBe(`${year}-02-01T15:00:00.000Z`);
  });

  it('applies a repeat changed at Google to the second Tuesday (repeat_week) and back to the day of the month', async () => {
    const { user, sub } = await connectedUser();
    const start = onWeekday(`${year}-03-08`, 2); // the second Tuesday of March
    const board = calendar().addEvent(sub, {
      summary: 'Board',
      ...timed(`${start}T10:00:00Z`, 'UTC'),
      recurrence: ['RRULE:FREQ=MONTHLY'],
    });
    expect((await sync(user)).created).toBe(1);
    const repeatOf = async () => {
      const [row] = await rowsOf(
        sql`select repeat_pattern, repeat_week from events where owner_id = ${user.id}`,
      );
      return row;
    };
    expect(await repeatOf()).toEqual({ repeat_pattern: 'monthly', repeat_week: null });

    calendar().editEvent(sub, board, { recurrence: ['RRULE:FREQ=MONTHLY;BYDAY=2TU'] });
    expect(await sync(user)).toMatchObject({ updated: 1 });
    expect(await repeatOf()).toEqual({ repeat_pattern: 'monthly', repeat_week: 2 });

    calendar().editEvent(sub, board, { recurrence: ['RRULE:FREQ=MONTHLY'] });
    expect(await sync(user)).toMatchObject({ updated: 1 });
    expect(await repeatOf()).toEqual({ repeat_pattern: 'monthly', repeat_week: null });
  });

  it('keeps a moved occurrence as its own row of the series and a cancelled one as an excluded start', async () => {
    const { user, sub } = await connectedUser();
    const tuesday = onWeekday(`${year}-04-06`, 2);
    const second = plusDays(tuesday, 7);
    const third = plusDays(tuesday, 14);
    const series = calendar().addEvent(sub, {
      summary: 'Stand-up',
      ...timed(`${tuesday}T09:00:00-04:00`, 'America/New_York', 15),
      recurrence: ['RRULE:FREQ=WEEKLY;BYDAY=TU'],
    });
    // Already moved before the first sync: it comes with its series.
    calendar().changeOccurrence(
      sub,
      series,
      { dateTime: `${second}T13:00:00Z`, timeZone: 'America/New_York' },
      {
        summary: 'Stand-up (moved)',
        ...timed(`${second}T15:00:00Z`, 'America/New_York', 15),
      },
    );
    const first = await preview(user);
    expect(first.items).toHaveLength(1); // the occurrence waits with its series
    await applyAll(user);
    let rows = await ownRows(user);
    const master = rows.find((row) => row.series_id === null)!;
    expect(rows).toHaveLength(2);
    expect(rows.find((row) => row.series_id !== null)).toMatchObject({
      title: 'Stand-up (moved)',
      series_id: master.id,
    });
    expect(new Date(rows[1].original_start as string).toISOString()).toBe(`${second}T13:00:00.000Z`);

    // Later, at Google: another occurrence cancelled, the moved one moved again.
    calendar().cancelOccurrence(sub, series, {
      dateTime: `${third}T13:00:00Z`,
      timeZone: 'America/New_York',
    });
    calendar().changeOccurrence(
      sub,
      series,
      { dateTime: `${second}T13:00:00Z` },
      timed(`${second}T16:00:00Z`, 'America/New_York', 15),
    );
    const result = await sync(user);
    expect(result).toMatchObject({ deleted: 1, updated: 1 });
    rows = await ownRows(user);
    expect(
      (rows[0].excluded_starts as unknown[]).map((start) => new Date(start as string).toISOString()),
    ).toEqual([`${third}T13:00:00.000Z`]);
    const occurrence = (await eventsOf(user)).find((event) => event.title === 'Stand-up (moved)');
    expect(occurrence).toMatchObject({
      start_datetime: `${second}T16:00:00.000Z`,
      series_id: master.id,
      google_linked: true,
    });
    // Nothing was sent back: the cancelled occurrence is Google's own change.
    expect(result.pushed).toBe(0);
  });

  it('previews an occurrence moved at Google in a linked series and applies it as its own row', async () => {
    const { user, sub } = await connectedUser();
    const thursday = onWeekday(`${year}-05-01`, 4);
    const series = calendar().addEvent(sub, {
      summary: 'Tokyo sync',
      ...timed(`${thursday}T10:00:00+09:00`, 'Asia/Tokyo', 30),
      recurrence: ['RRULE:FREQ=WEEKLY;BYDAY=TH'],
    });
    await sync(user);
    calendar().changeOccurrence(
      sub,
      series,
      { dateTime: `${plusDays(thursday, 7)}T01:00:00Z`, timeZone: 'Asia/Tokyo' },
      {
        ...timed(`${plusDays(thursday, 8)}T01:00:00Z`, 'Asia/Tokyo', 30),
      },
    );
    const { items } = await preview(user);
    const [master] = await ownRows(user);
    expect(items).toMatchObject([
      {
        kind: 'changed',
        title: 'Tokyo sync',
        start_datetime: `${plusDays(thursday, 8)}T01:00:00.000Z`,
        event: { id: master.id },
      },
    ]);
    await applyAll(user);
    const rows = await ownRows(user);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatchObject({ series_id: master.id });
    expect(new Date(rows[1].original_start as string).toISOString()).toBe(
      `${plusDays(thursday, 7)}T01:00:00.000Z`,
    );
  });

  it.each([
    ['fullSyncRequired', 'calendar_error_410_full_sync_required.json'],
    ['updatedMinTooLongAgo', 'calendar_error_410_updated_min_too_long_ago.json'],
  ])(
    'recovers from 410 %s with a full sync that matches by Google id: no duplicates',
    async (_reason, body) => {
      const { user, sub } = await connectedUser();
      calendar().addEvent(sub, { summary: 'Board meeting', ...timed(`${year}-05-01T09:00:00Z`, 'UTC') });
      await sync(user);
      calendar().addEvent(sub, {
        summary: 'After the token died',
        ...timed(`${year}-05-02T09:00:00Z`, 'UTC'),
      });
      if (body.includes('full_sync')) calendar().expireSyncTokens(sub);
      else
        fake().failNext({
          method: 'GET',
          path: /\/calendar\/v3\/calendars\/primary\/events$/,
          status: 410,
          reference: body,
        });
      const result = await sync(user);
      expect(result).toMatchObject({ created: 1, items: [] });
      expect((await ownRows(user)).map((row) => row.title).sort()).toEqual([
        'After the token died',
        'Board meeting',
      ]);
      const lists = fake().requests.filter(
        (request) => request.path.endsWith('/events') && request.method === 'GET',
      );
      expect(lists.at(-1)!.query.has('syncToken')).toBe(false);
      expect(lists.at(-1)!.query.get('timeMin')).toBeTruthy();
    },
  );

  it('backs off and retries when Google answers 403 rate limit', async () => {
    const { user, sub } = await connectedUser();
    calendar().addEvent(sub, { summary: 'Busy day', ...timed(`${year}-05-03T09:00:00Z`, 'UTC') });
    fake().failNext({
      method: 'GET',
      path: /\/calendar\/v3\/calendars\/primary\/events$/,
      status: 403,
      reference: 'calendar_error_403_rate_limit.json',
      times: 2,
    });
    expect((await sync(user)).created).toBe(1);
  });
});

describe('Pushing Relate events to Google Calendar', () => {
  it('inserts an event once even when the first answer is lost and the insert is retried', async () => {
    const { user, sub } = await connectedUser();
    const event = (
      await call(user, 'POST', '/api/events', {
        title: 'Demo call with Bob',
        start_datetime: `${year}-07-01T08:00:00Z`,
        end_datetime: `${year}-07-01T08:30:00Z`,
        timezone: 'Europe/Berlin',
        alert_minutes: 10,
      })
    ).json().event;
    fake().failNext({
      method: 'POST',
      path: /\/calendar\/v3\/calendars\/primary\/events$/,
      status: 503,
      loseResponse: true,
    });
    const failed = await call(user, 'GET', '/api/auth/google/calendar');
    expect(failed.statusCode).toBe(502);
    expect((await call(user, 'GET', '/api/auth/google/status')).json().calendar_last_error).toBeTruthy();
    const retried = await sync(user);
    expect(retried.pushed).toBe(1);
    const copies = calendar()
      .listEvents(sub)
      .filter((entry) => entry.summary === 'Demo call with Bob');
    expect(copies).toHaveLength(1);
    expect(copies[0]).toMatchObject({
      start: { dateTime: `${year}-07-01T08:00:00.000Z`, timeZone: 'Europe/Berlin' },
      reminders: { useDefault: false, overrides: [{ method: 'popup', minutes: 10 }] },
    });
    const inserts = fake().requests.filter(
      (request) => request.method === 'POST' && request.path.endsWith('/events'),
    );
    expect(new Set(inserts.slice(-2).map((request) => JSON.parse(request.body).id)).size).toBe(1);
    expect((await call(user, 'GET', `/api/events/${event.id}`)).json().event.google_linked).toBe(true);
    expect((await call(user, 'GET', '/api/auth/google/status')).json().calendar_last_error).toBeNull();
    // Pulled back on the next sync: the same event, not a copy.
    await sync(user);
    expect((await ownRows(user)).map((row) => row.title)).toEqual(['Demo call with Bob']);
  });

  it('patches an edit with its etag, and a 412 becomes a conflict settled either way', async () => {
    const { user, sub } = await connectedUser();
    const id = calendar().addEvent(sub, {
      summary: 'Pricing talk',
      ...timed(`${year}-08-01T09:00:00Z`, 'UTC'),
    });
    await sync(user);
    const [row] = await ownRows(user);
    await call(user, 'PUT', `/api/events/${row.id}`, { title: 'Pricing talk (45 min)' });
    const etag = calendar().event(sub, id)!.etag;
    expect((await sync(user)).pushed).toBe(1);
    const patch = fake()
      .requests.filter((request) => request.method === 'PATCH')
      .at(-1)!;
    expect(patch.headers['if-match']).toBe(etag);
    expect(JSON.parse(patch.body)).toEqual({ summary: 'Pricing talk (45 min)' });
    expect(calendar().event(sub, id)!.summary).toBe('Pricing talk (45 min)');

    // Google's event changed between our read and our write: the patch is refused.
    await call(user, 'PUT', `/api/events/${row.id}`, { title: 'Pricing talk (Relate)' });
    calendar().editEvent(sub, id, { location: 'Room 4' });
    fake().failNext({
      method: 'PATCH',
      path: /\/events\//,
      status: 412,
      reference: 'calendar_error_412_precondition.json',
    });
    // The pull runs first and sees Google's location change (no clash), then the push meets the 412.
    const result = await sync(user);
    const conflict = result.items.find((item: { kind: string }) => item.kind === 'conflict');
    expect(conflict).toMatchObject({ event: { id: row.id }, title: 'Pricing talk (45 min)' });
    expect(conflict.changes).toContainEqual({
      field: 'title',
      relate: 'Pricing talk (Relate)',
      google: 'Pricing talk (45 min)',
      clash: true,
    });
    // Not sent again while it waits.
    expect((await sync(user)).pushed).toBe(0);

    const settled = await apply(user, { item_ids: [conflict.id], keep_relate: [conflict.id] });
    expect(settled.json()).toMatchObject({ pushed: 1 });
    expect(calendar().event(sub, id)).toMatchObject({ summary: 'Pricing talk (Relate)', location: 'Room 4' });
  });

  it('sends a Relate series with its rule in its zone, and never sends a read-only series', async () => {
    const { user, sub } = await connectedUser();
    const monday = onWeekday(`${year}-02-01`, 1);
    await call(user, 'POST', '/api/events', {
      title: 'Relate stand-up',
      start_datetime: `${monday}T14:00:00Z`,
      end_datetime: `${monday}T14:15:00Z`,
      timezone: 'America/New_York',
      repeat_pattern: 'weekly',
      repeat_days: [1, 3],
    });
    const odd = calendar().addEvent(sub, {
      summary: 'Second Tuesday',
      ...timed(`${year}-02-09T10:00:00Z`, 'UTC'),
      recurrence: ['RRULE:FREQ=MONTHLY;BYDAY=TU;BYSETPOS=2'],
    });
    await sync(user);
    const pushed = calendar()
      .listEvents(sub)
      .find((event) => event.summary === 'Relate stand-up')!;
    expect(pushed).toMatchObject({
      start: { dateTime: `${monday}T14:00:00.000Z`, timeZone: 'America/New_York' },
      recurrence: ['RRULE:FREQ=WEEKLY;INTERVAL=1;BYDAY=MO,WE'],
    });
    const readOnly = (await ownRows(user)).find((row) => row.title === 'Second Tuesday')!;
    // Relate says why it cannot change it, and refuses to, rather than keeping an edit Google never sees.
    const shown = await call(user, 'GET', `/api/events/${readOnly.id}`);
    expect(shown.json().event).toMatchObject({ google_linked: true, read_only_reason: expect.any(String) });
    const renamed = await call(user, 'PUT', `/api/events/${readOnly.id}`, { title: 'Renamed in Relate' });
    expect(renamed.statusCode).toBe(409);
    expect(renamed.json()).toMatchObject({
      code: 'EVENT_READ_ONLY',
      error: expect.stringMatching(/^This event can only be changed in Google Calendar: /),
    });
    expect((await call(user, 'DELETE', `/api/events/${readOnly.id}`)).statusCode).toBe(409);
    expect((await sync(user)).pushed).toBe(0);
    expect(calendar().event(sub, odd)).toMatchObject({
      summary: 'Second Tuesday',
      recurrence: ['RRULE:FREQ=MONTHLY;BYDAY=TU;BYSETPOS=2'],
    });
    // A change at Google refreshes the series and every one of its read-only occurrences.
    calendar().editEvent(sub, odd, { summary: 'Second Tuesday (new room)' });
    await sync(user);
    const series = (await ownRows(user)).filter(
      (row) => row.id === readOnly.id || row.series_id === readOnly.id,
    );
    expect(series.length).toBeGreaterThan(12);
    expect(new Set(series.map((row) => row.title))).toEqual(new Set(['Second Tuesday (new room)']));
  });

  it('sends an occurrence changed or deleted in Relate as a changed instance and an EXDATE', async () => {
    const { user, sub } = await connectedUser();
    const wednesday = onWeekday(`${year}-06-01`, 3);
    const series = calendar().addEvent(sub, {
      summary: 'Design review',
      ...timed(`${wednesday}T15:00:00+02:00`, 'Europe/Berlin'),
      recurrence: ['RRULE:FREQ=WEEKLY;BYDAY=WE'],
    });
    await sync(user);
    const [master] = await ownRows(user);
    // "This event": the second Wednesday moved a day later, the third one deleted.
    const moved = await call(user, 'PUT', `/api/events/${master.id}`, {
      scope: 'this',
      occurrence_start: `${plusDays(wednesday, 7)}T13:00:00.000Z`,
      title: 'Design review (moved)',
      start_datetime: `${plusDays(wednesday, 8)}T13:00:00.000Z`,
      end_datetime: `${plusDays(wednesday, 8)}T14:00:00.000Z`,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const deleted = await call(
      user,
      'DELETE',
      `/api/events/${master.id}?scope=this&occurrence_start=${plusDays(wednesday, 14)}T13:00:00.000Z`,
    );
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await sync(user)).pushed).toBe(2);
    const instance = `${series}_${plusDays(wednesday, 7).replace(/-/g, '')}T130000Z`;
    expect(calendar().event(sub, instance)).toMatchObject({
      summary: 'Design review (moved)',
      recurringEventId: series,
      start: { dateTime: `${plusDays(wednesday, 8)}T13:00:00.000Z` },
    });
    expect(calendar().event(sub, series)!.recurrence).toEqual([
      'RRULE:FREQ=WEEKLY;INTERVAL=1;BYDAY=WE',
      `EXDATE;TZID=Europe/Berlin:${plusDays(wednesday, 14).replace(/-/g, '')}T150000`,
    ]);
    // Both are linked now: the next sync reads its own writes back without changes or copies.
    const again = await sync(user);
    expect(again).toMatchObject({ created: 0, pushed: 0, items: [] });
    expect(await ownRows(user)).toHaveLength(2);
  });

  it('sends a new and an edited event to Google from a background job, without waiting for the next sync', async () => {
    const { user, sub } = await connectedUser();
    const created = await call(user, 'POST', '/api/events', {
      title: 'Board meeting',
      start_datetime: `${year}-10-05T14:00:00Z`,
      end_datetime: `${year}-10-05T15:00:00Z`,
      google_sync: true,
    });
    expect(created.statusCode).toBe(201);
    while ((await t.app.services.jobs.runDue(50)) > 0);
    const [inserted] = calendar().listEvents(sub);
    expect(inserted).toMatchObject({ summary: 'Board meeting' });

    const edited = await call(user, 'PUT', `/api/events/${created.json().event.id}`, {
      title: 'Board meeting (moved online)',
    });
    expect(edited.statusCode).toBe(200);
    while ((await t.app.services.jobs.runDue(50)) > 0);
    expect(calendar().event(sub, inserted.id)!.summary).toBe('Board meeting (moved online)');
    expect(calendar().listEvents(sub)).toHaveLength(1);
  });

  it('sends the events of an imported .ics file to Google from a background job', async () => {
    const { user, sub } = await connectedUser();
    const ics = [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//Test//EN',
      'BEGIN:VEVENT',
      'UID:imported-1@example.com',
      `DTSTART:${year}0312T090000Z`,
      `DTEND:${year}0312T100000Z`,
      'SUMMARY:Imported review',
      'END:VEVENT',
      'END:VCALENDAR',
      '',
    ].join('\r\n');
    const body = multipart({}, { name: 'calendar.ics', content: ics, type: 'text/calendar' });
    const imported = await t.app.inject({
      method: 'POST',
      url: '/api/events/import',
      payload: body.payload,
      headers: { ...user.headers, ...body.headers },
    });
    expect(imported.statusCode, imported.body).toBe(200);
    while ((await t.app.services.jobs.runDue(50)) > 0);
    expect(calendar().listEvents(sub)).toEqual([expect.objectContaining({ summary: 'Imported review' })]);
  });

  it('deletes the Google event when its linked Relate event is deleted', async () => {
    const { user, sub } = await connectedUser();
    const id = calendar().addEvent(sub, { summary: 'Goodbye', ...timed(`${year}-09-01T09:00:00Z`, 'UTC') });
    await sync(user);
    const [row] = await ownRows(user);
    expect((await call(user, 'DELETE', `/api/events/${row.id}`)).statusCode).toBe(200);
    while ((await t.app.services.jobs.runDue(50)) > 0);
    expect(calendar().event(sub, id)).toBeUndefined();
    expect(calendar().listEvents(sub)).toHaveLength(0);
    // And it does not come back on the next sync.
    const result = await sync(user);
    expect(result).toMatchObject({ created: 0, items: [] });
  });
});

describe('Guests and participants', () => {
  it('makes guests who are Relate users of the group participants and keeps the other guests at Google', async () => {
    const { user, sub } = await connectedUser();
    const member = await createUser(t.app);
    const stranger = await createUser(t.app);
    const invitation = (await t.as(user).post('/api/user-group', { email: member.email, name: 'M' })).json()
      .data.id;
    await t
      .as(member)
      .post('/api/user-group/approve-invitation', { invitation_id: invitation, display_name: 'U' });
    const id = calendar().addEvent(sub, {
      summary: 'Planning',
      ...timed(`${year}-06-01T09:00:00Z`, 'UTC'),
      attendees: [
        { email: member.email.toUpperCase(), displayName: 'Member' },
        { email: stranger.email },
        { email: 'client@partner.example', displayName: 'Client' },
        { email: 'room-1@resource.calendar.google.com', resource: true },
      ],
    });
    await sync(user);
    const [row] = await ownRows(user);
    const event = (await call(user, 'GET', `/api/events/${row.id}`)).json().event;
    expect(event.participants).toEqual([{ name: 'Member', email: member.email }]);
    // The member sees it in their calendar; the stranger (another group) does not.
    expect((await call(member, 'GET', `/api/events/${row.id}`)).statusCode).toBe(200);
    expect((await call(stranger, 'GET', `/api/events/${row.id}`)).statusCode).toBe(404);

    // Removing the member in Relate removes only them at Google.
    await call(user, 'PUT', `/api/events/${row.id}`, { participants: [] });
    await sync(user);
    expect(
      calendar()
        .event(sub, id)!
        .attendees!.map((attendee) => attendee.email),
    ).toEqual([stranger.email, 'client@partner.example', 'room-1@resource.calendar.google.com']);
  });
});

describe('Google Calendar isolation and background sync', () => {
  it("never shows or applies another user's calendar", async () => {
    const ada = await connectedUser();
    const bob = await connectedUser();
    calendar().addEvent(ada.sub, { summary: 'Ada private', ...timed(`${year}-10-01T09:00:00Z`, 'UTC') });
    calendar().addEvent(bob.sub, { summary: 'Bob private', ...timed(`${year}-10-01T09:00:00Z`, 'UTC') });
    const adaItems = (await preview(ada.user)).items;
    const bobItems = (await preview(bob.user)).items;
    expect(adaItems.map((item: { title: string }) => item.title)).toEqual(['Ada private']);
    expect(bobItems.map((item: { title: string }) => item.title)).toEqual(['Bob private']);
    const stolen = await apply(bob.user, { item_ids: [adaItems[0].id] });
    expect(stolen.json()).toMatchObject({ created: 0, skipped: 1 });
    expect(await ownRows(bob.user)).toHaveLength(0);
    expect((await call(bob.user, 'GET', '/api/auth/google/calendar/review')).json().items).toHaveLength(1);
    expect((await call(ada.user, 'GET', '/api/auth/google/status')).json().calendar_pending_review).toBe(1);
  });

  it('syncs connected calendars every 15 minutes', async () => {
    const { user, sub } = await connectedUser();
    calendar().addEvent(sub, { summary: 'From the job', ...timed(`${year}-11-01T09:00:00Z`, 'UTC') });
    now = new Date(Date.now() + 16 * 60_000);
    while ((await t.app.services.jobs.runDue(50)) > 0);
    now = new Date();
    expect((await ownRows(user)).map((row) => row.title)).toContain('From the job');
  });

  it('refuses an empty choice and a malformed id, naming the field', async () => {
    const { user } = await connectedUser();
    const empty = await apply(user, { item_ids: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().field ?? empty.body).toMatch(/item_ids/);
    expect((await apply(user, { item_ids: ['nope'] })).statusCode).toBe(400);
  });
});
