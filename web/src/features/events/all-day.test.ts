import type { CalendarEvent } from '@relate/contracts';
import { format } from 'date-fns';
import { afterAll, describe, expect, it } from 'vitest';
import type { CalendarItem } from './components/calendar-types';
import { itemsOn } from './components/month-view';
import { calendarSpan, eventFormValues, newEventValues, toEventPayload } from './event-form';

const originalZone = process.env.TZ;
afterAll(() => {
  if (originalZone === undefined) delete process.env.TZ;
  else process.env.TZ = originalZone;
});

/** Christmas Eve as the server stores an all-day event: its UTC date. */
const christmasEve = {
  id: 1,
  title: 'Christmas Eve',
  start_datetime: '2026-12-24T00:00:00.000Z',
  end_datetime: '2026-12-24T23:59:59.000Z',
  series_start: '2026-12-24T00:00:00.000Z',
  all_day: true,
  timezone: 'Europe/Berlin',
  repeat_end_date: '2030-12-24T23:59:59.000Z',
  repeat_pattern: 'yearly',
} as CalendarEvent;

const item = (event: CalendarEvent): CalendarItem => ({
  key: '1',
  eventId: event.id,
  title: event.title,
  allDay: event.all_day,
  project: null,
  location: null,
  ...calendarSpan(event),
});

// Node reads process.env.TZ afresh when it changes, so each case runs in that browser zone.
describe.each(['Europe/Berlin', 'America/Los_Angeles', 'Pacific/Kiritimati'])(
  'an all-day event in %s',
  (zone) => {
    it('is placed on Dec 24 only', () => {
      process.env.TZ = zone;
      const placed = (day: number) => itemsOn(new Date(2026, 11, day), [item(christmasEve)]).length;
      expect([placed(23), placed(24), placed(25)]).toEqual([0, 1, 0]);
    });

    it('is written as UTC midnight of its dates by the form, and read back as Dec 24', () => {
      process.env.TZ = zone;
      const values = {
        ...newEventValues(new Date(2026, 11, 24, 9), new Date(2026, 11, 24, 10)),
        title: 'Christmas Eve',
        all_day: true,
        start_datetime: '2026-12-24',
        end_datetime: '2026-12-24',
        repeat_pattern: 'yearly' as const,
        repeat_end_date: '2030-12-24',
      };
      expect(toEventPayload(values)).toMatchObject({
        start_datetime: '2026-12-24T00:00:00.000Z',
        end_datetime: '2026-12-24T23:59:59.000Z',
        repeat_end_date: '2030-12-24T23:59:59.000Z',
      });
      expect(eventFormValues(christmasEve)).toMatchObject({
        start_datetime: '2026-12-24',
        end_datetime: '2026-12-24',
        repeat_end_date: '2030-12-24',
      });
      expect(format(calendarSpan(christmasEve).start, 'yyyy-MM-dd')).toBe('2026-12-24');
    });
  },
);
