import type { CalendarEvent } from '@relate/contracts';
import { describe, expect, it } from 'vitest';
import { alertMinutes, eventFormValues, newEventValues, toEventPayload } from './event-form';

describe('event form', () => {
  it('falls back to 15 alert minutes for non-numeric or zero input', () => {
    expect(alertMinutes('abc')).toBe(15);
    expect(alertMinutes('0')).toBe(15);
    expect(alertMinutes('')).toBe(15);
    expect(alertMinutes('30')).toBe(30);
  });

  it('sends weekdays only for a weekly repeat, and the defaults of spec section 9', () => {
    const values = newEventValues(new Date(2026, 10, 23, 9), new Date(2026, 10, 23, 10));
    expect(values.alert_minutes).toBe('15');
    expect(values.repeat_interval).toBe('1');
    const payload = toEventPayload({ ...values, title: ' Standup ', repeat_days: [3, 1] });
    expect(payload).toMatchObject({
      title: 'Standup',
      repeat_pattern: 'none',
      repeat_days: [],
      alert_minutes: 15,
    });
    const weekly = toEventPayload({
      ...values,
      title: 'Standup',
      repeat_pattern: 'weekly',
      repeat_days: [5, 1, 3],
    });
    expect(weekly.repeat_days).toEqual([1, 3, 5]);
    expect(new Date(weekly.start_datetime).getHours()).toBe(9);
  });

  it("keeps an edited event's own time zone; a new event takes the browser's", () => {
    const browser = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const other = browser === 'Asia/Tokyo' ? 'America/New_York' : 'Asia/Tokyo';
    const created = toEventPayload({
      ...newEventValues(new Date(2026, 10, 23, 9), new Date(2026, 10, 23, 10)),
      title: 'New',
    });
    expect(created.timezone).toBe(browser);
    const existing = {
      id: 7,
      title: 'Tokyo stand-up',
      description: null,
      start_datetime: '2026-11-23T00:00:00.000Z',
      end_datetime: '2026-11-23T00:30:00.000Z',
      series_start: '2026-11-16T00:00:00.000Z',
      all_day: false,
      timezone: other,
      location: null,
      event_type: 'meeting',
      project: null,
      participants: [],
      alert_minutes: 15,
      repeat_pattern: 'weekly',
      repeat_interval: 1,
      repeat_days: [1],
      repeat_end_date: null,
      notes: null,
      google_sync: true,
    } as unknown as CalendarEvent;
    const edited = toEventPayload({ ...eventFormValues(existing), title: 'Renamed' });
    expect(edited).toMatchObject({ title: 'Renamed', timezone: other });
    // An occurrence is edited at its own times (the scope dialog then says which occurrences change).
    expect(edited.start_datetime).toBe('2026-11-23T00:00:00.000Z');
    expect(edited.end_datetime).toBe('2026-11-23T00:30:00.000Z');
  });
});
