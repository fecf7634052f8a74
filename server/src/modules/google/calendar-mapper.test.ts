import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { occurrencesBetween } from '../../lib/recurrence';
import {
  fromGoogleEvent,
  instanceId,
  instantOf,
  recurrenceOf,
  syncedOf,
  toGoogleEvent,
} from './calendar-mapper';

const reference = (name: string) =>
  JSON.parse(readFileSync(new URL(`../../../test/fakes/google/reference/${name}`, import.meta.url), 'utf8'));
const page1 = reference('calendar_events_list_page1_response.json');
const lastPage = reference('calendar_events_list_lastpage_response.json');
const berlin = { timeZone: 'Europe/Berlin', defaultReminderMinutes: 10 };

describe('Google event → Relate event', () => {
  it('keeps a timed event at its instant with its zone, the calendar default reminder and guests', () => {
    const { values, attendees, readOnlyReason } = fromGoogleEvent(page1.items[0], berlin);
    expect(values).toMatchObject({
      title: 'Quarterly review with Acme',
      startAt: new Date('2024-06-12T13:00:00Z'),
      endAt: new Date('2024-06-12T14:00:00Z'),
      allDay: false,
      timezone: 'Europe/Berlin',
      location: 'Acme HQ, 1 Main St',
      description: 'Agenda:\n1. Pipeline\n2. Renewal',
      alertMinutes: 10,
      repeatPattern: 'none',
    });
    // The owner (self) and the room are not guests.
    expect(attendees.map((attendee) => attendee.email)).toEqual(['bob@acme.example', 'carol@acme.example']);
    expect(readOnlyReason).toBeNull();
  });

  it.each([
    ['America/New_York', '2025-03-10T09:30:00-04:00', '2025-03-10T13:30:00.000Z'],
    ['Asia/Tokyo', '2025-03-10T09:30:00+09:00', '2025-03-10T00:30:00.000Z'],
    ['UTC', '2025-03-10T09:30:00Z', '2025-03-10T09:30:00.000Z'],
  ])('reads a %s event at the right instant', (timeZone, dateTime, instant) => {
    const { values } = fromGoogleEvent(
      { summary: 'Call', start: { dateTime, timeZone }, end: { dateTime, timeZone } },
      berlin,
    );
    expect(values.startAt.toISOString()).toBe(instant);
    expect(values.timezone).toBe(timeZone);
  });

  it('dates an all-day event in UTC with an inclusive last day (Google end.date is exclusive)', () => {
    const { values } = fromGoogleEvent(page1.items[1], berlin);
    expect(values.allDay).toBe(true);
    expect(values.startAt.toISOString()).toBe('2024-06-20T00:00:00.000Z');
    expect(values.endAt.toISOString()).toBe('2024-06-21T23:59:59.000Z');
    // No reminders at all: Relate's default alert.
    expect(values.alertMinutes).toBe(15);
    // And back: the same dates, end exclusive again.
    const body = toGoogleEvent({ ...values, seriesId: null });
    expect(body.start).toMatchObject({ date: '2024-06-20' });
    expect(body.end).toMatchObject({ date: '2024-06-22' });
  });

  it('maps a weekly RRULE with UNTIL and EXDATE onto repeat fields and excluded starts', () => {
    const { values, recurrence, readOnlyReason } = fromGoogleEvent(lastPage.items[0], berlin);
    expect(readOnlyReason).toBeNull();
    expect(values).toMatchObject({ repeatPattern: 'weekly', repeatInterval: 1, repeatDays: [1] });
    expect(values.repeatEndDate?.toISOString()).toBe('2024-12-30T22:59:59.000Z');
    expect(values.excludedStarts.map((start) => start.toISOString())).toEqual(['2024-06-10T07:00:00.000Z']);
    expect(recurrence).toMatch(/^Every week on Monday/);
    // Mondays at 09:00 Berlin, before and after the clocks change.
    const starts = occurrencesBetween(
      { ...values },
      new Date('2024-10-21T00:00:00Z'),
      new Date('2024-11-05T00:00:00Z'),
    ).map((occurrence) => occurrence.start.toISOString());
    expect(starts).toEqual([
      '2024-10-21T07:00:00.000Z',
      '2024-10-28T08:00:00.000Z',
      '2024-11-04T08:00:00.000Z',
    ]);
  });

  it('maps a monthly rule and a COUNT onto an end date', () => {
    const { values } = fromGoogleEvent(
      {
        summary: 'Invoice run',
        start: { dateTime: '2025-01-15T10:00:00+09:00', timeZone: 'Asia/Tokyo' },
        end: { dateTime: '2025-01-15T11:00:00+09:00', timeZone: 'Asia/Tokyo' },
        recurrence: ['RRULE:FREQ=MONTHLY;COUNT=3'],
      },
      berlin,
    );
    expect(values).toMatchObject({ repeatPattern: 'monthly', repeatInterval: 1, repeatDays: [] });
    expect(values.repeatEndDate?.toISOString()).toBe('2025-03-15T01:00:00.000Z');
  });

  it("maps the second Tuesday of a month (BYDAY=2TU) onto a monthly series on its start's second weekday", () => {
    const { values, readOnlyReason } = fromGoogleEvent(
      {
        summary: 'Board',
        start: { dateTime: '2025-01-14T10:00:00Z', timeZone: 'UTC' },
        end: { dateTime: '2025-01-14T11:00:00Z', timeZone: 'UTC' },
        recurrence: ['RRULE:FREQ=MONTHLY;BYDAY=2TU'],
      },
      {},
    );
    expect(readOnlyReason).toBeNull();
    expect(values).toMatchObject({ repeatPattern: 'monthly', repeatWeek: 2, repeatDays: [] });
    expect(recurrenceOf(values)).toEqual(['RRULE:FREQ=MONTHLY;INTERVAL=1;BYDAY=2TU']);
  });

  it.each([
    ['RRULE:FREQ=MONTHLY;BYDAY=2TU,4TU', /ordinal weekday/],
    ['RRULE:FREQ=MONTHLY;BYSETPOS=-1;BYDAY=MO,TU,WE,TH,FR', /BYSETPOS/],
    ['RDATE;VALUE=DATE:20250301', /RDATE/],
  ])('keeps %s read-only with the reason', (line, reason) => {
    const mapped = fromGoogleEvent(
      {
        summary: 'Odd series',
        start: { dateTime: '2025-01-14T10:00:00Z', timeZone: 'UTC' },
        end: { dateTime: '2025-01-14T11:00:00Z', timeZone: 'UTC' },
        recurrence: [line],
      },
      berlin,
    );
    expect(mapped.readOnlyReason).toMatch(reason);
    expect(mapped.values.repeatPattern).toBe('none');
  });

  it('names an occurrence by its series and original start', () => {
    expect(instanceId('abc', new Date('2024-06-17T07:00:00Z'), false)).toBe('abc_20240617T070000Z');
    expect(instanceId('abc', new Date('2024-06-17T00:00:00Z'), true)).toBe('abc_20240617');
  });
});

describe('Relate event → Google event', () => {
  const series = {
    title: 'Stand-up',
    description: null,
    startAt: new Date('2025-01-06T14:00:00Z'),
    endAt: new Date('2025-01-06T14:15:00Z'),
    allDay: false,
    timezone: 'America/New_York',
    location: null,
    participants: [{ name: 'Bea', email: 'bea@example.com' }],
    alertMinutes: 5,
    repeatPattern: 'weekly' as const,
    repeatInterval: 1,
    repeatDays: [1, 3],
    repeatEndDate: null,
    excludedStarts: [new Date('2025-01-08T14:00:00Z')],
    seriesId: null,
  };

  it('writes the rule in the series zone with its EXDATEs, the alert as a popup and the guests', () => {
    const body = toGoogleEvent(series);
    expect(body.start).toMatchObject({ dateTime: '2025-01-06T14:00:00.000Z', timeZone: 'America/New_York' });
    expect(body.recurrence).toEqual([
      'RRULE:FREQ=WEEKLY;INTERVAL=1;BYDAY=MO,WE',
      'EXDATE;TZID=America/New_York:20250108T090000',
    ]);
    expect(body.reminders).toEqual({ useDefault: false, overrides: [{ method: 'popup', minutes: 5 }] });
    expect(body.attendees).toEqual([{ email: 'bea@example.com', displayName: 'Bea' }]);
  });

  it('round-trips: what it writes reads back as the same synced values', () => {
    const body = toGoogleEvent(series);
    const back = fromGoogleEvent(body, berlin);
    back.values.participants = back.attendees;
    expect(syncedOf(back.values)).toEqual(syncedOf(series));
    expect(recurrenceOf(back.values)).toEqual(body.recurrence);
  });

  it('patches only the fields asked for and keeps guests Relate does not manage', () => {
    const body = toGoogleEvent(
      { ...series, participants: [{ name: '', email: 'cy@example.com' }] },
      {
        fields: ['participants'],
        previousAttendees: [{ email: 'bea@example.com' }, { email: 'outside@partner.example' }],
        previousParticipants: ['bea@example.com'],
      },
    );
    expect(Object.keys(body)).toEqual(['attendees']);
    expect(body.attendees).toEqual([{ email: 'outside@partner.example' }, { email: 'cy@example.com' }]);
  });
});

describe('Google dates keep their year', () => {
  it('reads an all-day date of the year 0099 as 0099, not 1999 (and 0000 not as 1900)', () => {
    expect(instantOf({ date: '0099-05-01' })?.toISOString()).toBe('0099-05-01T00:00:00.000Z');
    expect(instantOf({ date: '0000-01-01' })?.getUTCFullYear()).toBe(0);
    expect(instantOf({ date: '2026-02-28' })?.toISOString()).toBe('2026-02-28T00:00:00.000Z');
  });
});

/** Issue 30 (low): the one date rule of the API, CSV and .ics (years 1000-9999, never shifted) on the Google path. */
describe('Google dates outside the stored years are refused, never moved', () => {
  const at = (dateTime: string) => ({ dateTime, timeZone: 'UTC' });

  it('refuses a start, an end, a repeat end (UNTIL) or an excluded date outside 1000-9999, naming it', () => {
    expect(
      fromGoogleEvent(
        { summary: 'Old', start: at('0099-05-01T10:00:00Z'), end: at('2026-05-01T11:00:00Z') },
        {},
      ).dateError,
    ).toBe("The event's start is in the year 0099, outside the years 1000-9999");
    expect(
      fromGoogleEvent({ summary: 'Zero', start: { date: '0000-01-01' }, end: { date: '0000-01-02' } }, {})
        .dateError,
    ).toBe("The event's start is in the year 0000, outside the years 1000-9999");
    expect(
      fromGoogleEvent(
        { summary: 'Long', start: at('2026-05-01T10:00:00Z'), end: at('+010000-01-01T00:00:00Z') },
        {},
      ).dateError,
    ).toMatch(/^The event's end is in the year 10000, outside the years 1000-9999$/);
    expect(
      fromGoogleEvent(
        {
          summary: 'Weekly',
          start: at('2026-05-04T10:00:00Z'),
          end: at('2026-05-04T11:00:00Z'),
          recurrence: ['RRULE:FREQ=WEEKLY;UNTIL=00990101T000000Z'],
        },
        {},
      ).dateError,
    ).toBe("The repeat rule's end (UNTIL) is in the year 0099, outside the years 1000-9999");
    expect(
      fromGoogleEvent(
        {
          summary: 'Weekly',
          start: at('2026-05-04T10:00:00Z'),
          end: at('2026-05-04T11:00:00Z'),
          recurrence: ['RRULE:FREQ=WEEKLY', 'EXDATE:00990504T100000Z'],
        },
        {},
      ).dateError,
    ).toBe('A deleted occurrence (EXDATE) is in the year 0099, outside the years 1000-9999');
    expect(
      fromGoogleEvent(
        {
          summary: 'Moved',
          recurringEventId: 'series',
          originalStartTime: at('0099-05-04T10:00:00Z'),
          start: at('2026-05-04T10:00:00Z'),
          end: at('2026-05-04T11:00:00Z'),
        },
        {},
      ).dateError,
    ).toBe("The occurrence's original start is in the year 0099, outside the years 1000-9999");
  });

  it('refuses a date Google sends that is no date at all', () => {
    expect(
      fromGoogleEvent({ summary: 'Bad', start: at('not a date'), end: at('2026-05-01T11:00:00Z') }, {})
        .dateError,
    ).toBe("The event's start is not a date");
  });

  it('takes the first and last stored years and events without a problem', () => {
    const first = fromGoogleEvent(
      { summary: 'First', start: { date: '1000-01-01' }, end: { date: '1000-01-02' } },
      {},
    );
    expect(first.dateError).toBeNull();
    expect(first.values.startAt.toISOString()).toBe('1000-01-01T00:00:00.000Z');
    expect(
      fromGoogleEvent({ summary: 'Last', start: { date: '9999-12-31' }, end: { date: '10000-01-01' } }, {})
        .dateError,
    ).toBeNull();
    expect(fromGoogleEvent(page1.items[0], berlin).dateError).toBeNull();
  });
});
