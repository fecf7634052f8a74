import type { CalendarEvent } from '@relate/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart } from '../../../test/multipart';
import { createTestApp, createUser, type TestApp, type TestUser } from '../../../test/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ clock: () => new Date('2026-11-23T12:00:00Z') });
  await createUser(t.app);
});
afterAll(() => t.close());

/** Weekly on Mondays at 09:00 UTC from Monday 7 December 2026. */
async function weekly(who: TestUser, body: object = {}): Promise<CalendarEvent> {
  const response = await t.as(who).post('/api/events', {
    title: 'Stand-up',
    start_datetime: '2026-12-07T09:00:00Z',
    end_datetime: '2026-12-07T09:30:00Z',
    timezone: 'UTC',
    repeat_pattern: 'weekly',
    repeat_days: [1],
    ...body,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().event;
}

async function list(who: TestUser, from = '2026-12-01T00:00:00Z', to = '2027-01-12T00:00:00Z') {
  const response = await t.as(who).get(`/api/events?start_date=${from}&end_date=${to}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().events as CalendarEvent[];
}

/** "start title" of every listed occurrence, in order. */
const days = async (who: TestUser) =>
  (await list(who)).map((event) => `${event.start_datetime.slice(0, 16)} ${event.title}`);

const put = (who: TestUser, id: number, body: object) => t.as(who).put(`/api/events/${id}`, body);
const del = (who: TestUser, id: number, query = '') => t.as(who).delete(`/api/events/${id}${query}`);

describe('editing one occurrence of a series', () => {
  it('"This event" moves only that occurrence; editing it again changes the same override', async () => {
    const ann = await createUser(t.app);
    const series = await weekly(ann);
    const moved = await put(ann, series.id, {
      scope: 'this',
      occurrence_start: '2026-12-14T09:00:00Z',
      title: 'Stand-up (moved)',
      start_datetime: '2026-12-15T10:00:00Z',
      end_datetime: '2026-12-15T10:30:00Z',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().event).toMatchObject({
      series_id: series.id,
      original_start: '2026-12-14T09:00:00.000Z',
      repeat_pattern: 'none',
      title: 'Stand-up (moved)',
    });
    expect(await days(ann)).toEqual([
      '2026-12-07T09:00 Stand-up',
      '2026-12-15T10:00 Stand-up (moved)',
      '2026-12-21T09:00 Stand-up',
      '2026-12-28T09:00 Stand-up',
      '2027-01-04T09:00 Stand-up',
      '2027-01-11T09:00 Stand-up',
    ]);

    // The same occurrence again, through the series: the override changes, no second copy.
    const again = await put(ann, series.id, {
      scope: 'this',
      occurrence_start: '2026-12-14T09:00:00Z',
      location: 'Room 2',
    });
    expect(again.json().event.id).toBe(moved.json().event.id);
    // The override row itself, without a scope: just that row.
    await put(ann, moved.json().event.id, {
      start_datetime: '2026-12-16T10:00:00Z',
      end_datetime: '2026-12-16T10:30:00Z',
    });
    const listed = await list(ann);
    expect(listed).toHaveLength(6);
    expect(listed[1]).toMatchObject({ start_datetime: '2026-12-16T10:00:00.000Z', location: 'Room 2' });
    expect((await t.as(ann).get(`/api/events/${series.id}`)).json().event).toMatchObject({
      title: 'Stand-up',
      location: null,
      start_datetime: '2026-12-07T09:00:00.000Z',
    });
  });

  it('"This and following events" splits the series; later overrides and exclusions go with the new one', async () => {
    const ann = await createUser(t.app);
    const series = await weekly(ann);
    await put(ann, series.id, {
      scope: 'this',
      occurrence_start: '2026-12-28T09:00:00Z',
      start_datetime: '2026-12-29T09:00:00Z',
      end_datetime: '2026-12-29T09:30:00Z',
    });
    expect((await del(ann, series.id, '?scope=this&occurrence_start=2027-01-04T09:00:00Z')).statusCode).toBe(
      200,
    );

    const split = await put(ann, series.id, {
      scope: 'following',
      occurrence_start: '2026-12-21T09:00:00Z',
      title: 'Team sync',
      start_datetime: '2026-12-21T11:00:00Z',
      end_datetime: '2026-12-21T11:30:00Z',
    });
    expect(split.statusCode, split.body).toBe(200);
    expect(split.json().event).toMatchObject({ repeat_pattern: 'weekly', title: 'Team sync' });
    expect(split.json().event.id).not.toBe(series.id);
    expect(await days(ann)).toEqual([
      '2026-12-07T09:00 Stand-up',
      '2026-12-14T09:00 Stand-up',
      '2026-12-21T11:00 Team sync',
      '2026-12-29T09:00 Stand-up', // the moved occurrence keeps its own time and title
      '2027-01-11T11:00 Team sync', // 4 January stays deleted
    ]);
    const moved = (await list(ann))[3];
    expect(moved).toMatchObject({
      series_id: split.json().event.id,
      original_start: '2026-12-28T11:00:00.000Z',
    });
    const old = (await t.as(ann).get(`/api/events/${series.id}`)).json().event;
    expect(old.repeat_end_date.slice(0, 10)).toBe('2026-12-20');
  });

  it('"All events" from an occurrence moves the series by as much and keeps its exceptions', async () => {
    const ann = await createUser(t.app);
    const series = await weekly(ann);
    const override = (
      await put(ann, series.id, {
        scope: 'this',
        occurrence_start: '2026-12-21T09:00:00Z',
        title: 'Stand-up (Tuesday)',
        start_datetime: '2026-12-22T09:00:00Z',
        end_datetime: '2026-12-22T09:30:00Z',
      })
    ).json().event;
    await del(ann, series.id, '?scope=this&occurrence_start=2026-12-28T09:00:00Z');

    const all = await put(ann, series.id, {
      scope: 'all',
      occurrence_start: '2026-12-14T09:00:00Z',
      start_datetime: '2026-12-14T10:00:00Z',
      end_datetime: '2026-12-14T11:00:00Z',
      location: 'Room 7',
    });
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json().event).toMatchObject({
      id: series.id,
      start_datetime: '2026-12-07T10:00:00.000Z',
      end_datetime: '2026-12-07T11:00:00.000Z',
    });
    expect(await days(ann)).toEqual([
      '2026-12-07T10:00 Stand-up',
      '2026-12-14T10:00 Stand-up',
      '2026-12-22T09:00 Stand-up (Tuesday)',
      '2027-01-04T10:00 Stand-up',
      '2027-01-11T10:00 Stand-up',
    ]);
    const listed = await list(ann);
    expect(listed.every((event) => event.location === 'Room 7')).toBe(true);
    expect(listed[2]).toMatchObject({ id: override.id, original_start: '2026-12-21T10:00:00.000Z' });
  });
  it('from a changed occurrence, "All events" changes the series without moving it to that occurrence\'s time', async () => {
    const ann = await createUser(t.app);
    const series = await weekly(ann);
    const override = (
      await put(ann, series.id, {
        scope: 'this',
        occurrence_start: '2026-12-14T09:00:00Z',
        start_datetime: '2026-12-15T11:00:00Z',
        end_datetime: '2026-12-15T11:30:00Z',
      })
    ).json().event;
    // The form sends the override's own times with the new title.
    const renamed = await put(ann, override.id, {
      scope: 'all',
      occurrence_start: '2026-12-14T09:00:00Z',
      title: 'Daily scrum',
      start_datetime: '2026-12-15T11:00:00Z',
      end_datetime: '2026-12-15T11:30:00Z',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().event).toMatchObject({ id: series.id, start_datetime: '2026-12-07T09:00:00.000Z' });
    expect((await days(ann)).slice(0, 3)).toEqual([
      '2026-12-07T09:00 Daily scrum',
      '2026-12-15T11:00 Daily scrum',
      '2026-12-21T09:00 Daily scrum',
    ]);
  });

  it('moves a weekly series to the weekday its occurrence was moved to, for all or the following ones', async () => {
    const ann = await createUser(t.app);
    const series = await weekly(ann);
    // The form sends the repeat as it was (every Monday): the weekday follows the moved occurrence.
    const repeat = { repeat_pattern: 'weekly', repeat_days: [1] };
    await put(ann, series.id, {
      ...repeat,
      scope: 'all',
      occurrence_start: '2026-12-14T09:00:00Z',
      start_datetime: '2026-12-15T09:00:00Z',
      end_datetime: '2026-12-15T09:30:00Z',
    });
    await put(ann, series.id, {
      ...repeat,
      repeat_days: [2],
      scope: 'following',
      occurrence_start: '2026-12-29T09:00:00Z',
      start_datetime: '2026-12-30T09:00:00Z',
      end_datetime: '2026-12-30T09:30:00Z',
    });
    expect(await days(ann)).toEqual([
      '2026-12-08T09:00 Stand-up',
      '2026-12-15T09:00 Stand-up',
      '2026-12-22T09:00 Stand-up',
      '2026-12-30T09:00 Stand-up',
      '2027-01-06T09:00 Stand-up',
    ]);
  });
});

describe('deleting occurrences of a series', () => {
  it('"This event" removes one occurrence, also one that was changed, and the rest stay', async () => {
    const ann = await createUser(t.app);
    const series = await weekly(ann);
    expect((await del(ann, series.id, '?scope=this&occurrence_start=2026-12-14T09:00:00Z')).statusCode).toBe(
      200,
    );
    const override = (
      await put(ann, series.id, { scope: 'this', occurrence_start: '2026-12-21T09:00:00Z', title: 'Changed' })
    ).json().event;
    // Deleting the changed occurrence by its own id: it does not come back as the series' occurrence.
    expect((await del(ann, override.id)).statusCode).toBe(200);
    expect(await days(ann)).toEqual([
      '2026-12-07T09:00 Stand-up',
      '2026-12-28T09:00 Stand-up',
      '2027-01-04T09:00 Stand-up',
      '2027-01-11T09:00 Stand-up',
    ]);
    // Deleting the same occurrence twice: it is gone.
    expect((await del(ann, series.id, '?scope=this&occurrence_start=2026-12-14T09:00:00Z')).statusCode).toBe(
      404,
    );
  });

  it('"This and following events" ends the series before the occurrence, with its later overrides', async () => {
    const ann = await createUser(t.app);
    const series = await weekly(ann);
    const later = (
      await put(ann, series.id, { scope: 'this', occurrence_start: '2027-01-04T09:00:00Z', title: 'Later' })
    ).json().event;
    expect(
      (await del(ann, series.id, '?scope=following&occurrence_start=2026-12-21T09:00:00Z')).statusCode,
    ).toBe(200);
    expect(await days(ann)).toEqual(['2026-12-07T09:00 Stand-up', '2026-12-14T09:00 Stand-up']);
    expect((await t.as(ann).get(`/api/events/${later.id}`)).statusCode).toBe(404);
  });

  it('"All events" deletes the series with its overrides', async () => {
    const ann = await createUser(t.app);
    const series = await weekly(ann);
    const override = (
      await put(ann, series.id, { scope: 'this', occurrence_start: '2026-12-14T09:00:00Z', title: 'Changed' })
    ).json().event;
    expect((await del(ann, override.id, '?scope=all')).statusCode).toBe(200);
    expect(await list(ann)).toEqual([]);
    expect((await t.as(ann).get(`/api/events/${series.id}`)).statusCode).toBe(404);
  });
});

describe('occurrence rules', () => {
  it('another user cannot edit or delete occurrences of the series; a participant gets 403', async () => {
    const ann = await createUser(t.app);
    const bob = await createUser(t.app);
    const invitation = (await t.as(ann).post('/api/user-group', { email: bob.email, name: 'B' })).json().data
      .id;
    await t
      .as(bob)
      .post('/api/user-group/approve-invitation', { invitation_id: invitation, display_name: 'A' });
    const series = await weekly(ann, { participants: [{ email: bob.email, name: 'Bob' }] });
    const eve = await createUser(t.app);
    const occurrence = { scope: 'this', occurrence_start: '2026-12-14T09:00:00Z', title: 'Mine' };
    expect((await put(eve, series.id, occurrence)).statusCode).toBe(404);
    expect((await del(eve, series.id, '?scope=this&occurrence_start=2026-12-14T09:00:00Z')).statusCode).toBe(
      404,
    );
    expect((await put(bob, series.id, { ...occurrence, scope: 'following' })).statusCode).toBe(403);
    expect(
      (await del(bob, series.id, '?scope=following&occurrence_start=2026-12-14T09:00:00Z')).statusCode,
    ).toBe(403);
    const override = (await put(ann, series.id, occurrence)).json().event;
    expect((await put(eve, override.id, { title: 'Eve' })).statusCode).toBe(404);
    expect((await del(eve, override.id)).statusCode).toBe(404);
    expect((await days(ann)).slice(0, 3)).toEqual([
      '2026-12-07T09:00 Stand-up',
      '2026-12-14T09:00 Mine',
      '2026-12-21T09:00 Stand-up',
    ]);
    // The participant sees the changed occurrence once, in place of the series' one.
    expect((await days(bob)).slice(0, 3)).toEqual((await days(ann)).slice(0, 3));
  });

  it('refuses a bad scope, a missing occurrence_start and a start that is not an occurrence', async () => {
    const ann = await createUser(t.app);
    const series = await weekly(ann);
    const fields = (response: { json: () => { details?: { field: string; message: string }[] } }) =>
      response.json().details?.map((detail) => detail.field);

    const badScope = await put(ann, series.id, { scope: 'some', occurrence_start: '2026-12-14T09:00:00Z' });
    expect(badScope.statusCode).toBe(400);
    expect(fields(badScope)).toEqual(['scope']);
    const missing = await put(ann, series.id, { scope: 'this', title: 'X' });
    expect(missing.statusCode).toBe(400);
    expect(fields(missing)).toEqual(['occurrence_start']);
    const garbled = await del(ann, series.id, '?scope=this&occurrence_start=monday');
    expect(garbled.statusCode).toBe(400);
    expect(fields(garbled)).toEqual(['occurrence_start']);
    expect(fields(await del(ann, series.id, '?scope=following'))).toEqual(['occurrence_start']);
    expect(fields(await del(ann, series.id, '?scope=everything'))).toEqual(['scope']);

    // A Tuesday, and a Monday at the wrong time: not occurrences of the series.
    for (const start of ['2026-12-15T09:00:00Z', '2026-12-14T10:00:00Z', '2026-11-30T09:00:00Z']) {
      const response = await put(ann, series.id, { scope: 'this', occurrence_start: start, title: 'X' });
      expect(response.statusCode).toBe(400);
      expect(response.json().details).toEqual([
        {
          field: 'occurrence_start',
          message: expect.stringContaining('"Stand-up" has no occurrence starting at'),
        },
      ]);
      expect((await del(ann, series.id, `?scope=following&occurrence_start=${start}`)).statusCode).toBe(400);
    }
    expect(await list(ann)).toHaveLength(6);
  });
});

describe('occurrences in .ics files', () => {
  function importIcs(who: TestUser, content: string) {
    const body = multipart({}, { name: 'calendar.ics', content, type: 'text/calendar' });
    return t.app.inject({
      method: 'POST',
      url: '/api/events/import',
      payload: body.payload,
      headers: { ...who.headers, ...body.headers },
    });
  }

  it('exports deleted occurrences as EXDATE and changed ones with RECURRENCE-ID, and imports them back', async () => {
    const ann = await createUser(t.app);
    // 09:00 New York (14:00 UTC in winter), and an all-day weekly series.
    const timed = await weekly(ann, {
      start_datetime: '2026-12-07T14:00:00Z',
      end_datetime: '2026-12-07T14:30:00Z',
      timezone: 'America/New_York',
    });
    const allDay = await weekly(ann, {
      title: 'Gym',
      all_day: true,
      start_datetime: '2026-12-08T00:00:00Z',
      end_datetime: '2026-12-08T23:59:59Z',
      repeat_days: [2],
    });
    await del(ann, timed.id, '?scope=this&occurrence_start=2026-12-14T14:00:00Z');
    await put(ann, timed.id, {
      scope: 'this',
      occurrence_start: '2026-12-21T14:00:00Z',
      title: 'Stand-up (late)',
      start_datetime: '2026-12-21T16:00:00Z',
      end_datetime: '2026-12-21T16:30:00Z',
    });
    await del(ann, allDay.id, '?scope=this&occurrence_start=2026-12-15T00:00:00Z');
    await put(ann, allDay.id, {
      scope: 'this',
      occurrence_start: '2026-12-22T00:00:00Z',
      start_datetime: '2026-12-23T00:00:00Z',
      end_datetime: '2026-12-23T23:59:59Z',
    });

    const exported = (await t.as(ann).get('/api/events/export.ics')).body;
    expect(exported).toContain('EXDATE;TZID=America/New_York:20261214T090000');
    expect(exported).toContain('RECURRENCE-ID;TZID=America/New_York:20261221T090000');
    expect(exported).toContain('EXDATE;VALUE=DATE:20261215');
    expect(exported).toMatch(/RECURRENCE-ID;VALUE=DATE:20261222/);

    const ben = await createUser(t.app);
    const imported = (await importIcs(ben, exported)).json();
    expect(imported).toMatchObject({ imported: 2, skipped: 0, errors: [], warnings: [] });
    const expected = [
      '2026-12-07T14:00 Stand-up',
      '2026-12-08T00:00 Gym',
      '2026-12-21T16:00 Stand-up (late)',
      '2026-12-23T00:00 Gym',
      '2026-12-28T14:00 Stand-up',
      '2026-12-29T00:00 Gym',
      '2027-01-04T14:00 Stand-up',
      '2027-01-05T00:00 Gym',
      '2027-01-11T14:00 Stand-up',
    ];
    expect(await days(ann)).toEqual(expected);
    expect(await days(ben)).toEqual(expected);
  });
});
