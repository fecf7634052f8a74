import type { CalendarEvent } from '@relate/contracts';

type RepeatingEvent = Pick<
  CalendarEvent,
  | 'repeat_pattern'
  | 'repeat_interval'
  | 'repeat_days'
  | 'repeat_week'
  | 'repeat_end_date'
  | 'series_start'
  | 'all_day'
  | 'timezone'
>;

const SHORT_WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const UNITS = { daily: 'day', weekly: 'week', monthly: 'month', yearly: 'year' } as const;
/** "the second Tuesday", "the last Friday": a monthly repeat's week (repeat_week) in words. */
export const ORDINALS: Record<number, string> = {
  1: 'first',
  2: 'second',
  3: 'third',
  4: 'fourth',
  5: 'fifth',
  [-1]: 'last',
};

/** 4 January 2026 was a Sunday: weekday n (0 = Sunday) is n days later. */
const weekdayDate = (day: number) => new Date(Date.UTC(2026, 0, 4 + day, 12));

/**
 * A repeat in words, e.g. "Every week on Monday and Wednesday until 31 Jan 2027". Day and month names,
 * lists and dates come from Intl in the given locale (the browser's by default); the sentence's own words
 * are plain strings. Dates are read in the event's zone (an all-day event's in UTC, where it is dated).
 * Null when the event does not repeat.
 */
export function describeRepeat(event: RepeatingEvent, locale?: string): string | null {
  if (event.repeat_pattern === 'none') return null;
  const timeZone = event.all_day ? 'UTC' : event.timezone;
  const start = new Date(event.series_start);
  const unit = UNITS[event.repeat_pattern];
  const interval = Math.max(1, event.repeat_interval);
  let text = interval === 1 ? `Every ${unit}` : `Every ${interval} ${unit}s`;

  if (event.repeat_pattern === 'weekly') {
    const weekday = new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' });
    const startDay = SHORT_WEEKDAYS.indexOf(
      new Intl.DateTimeFormat('en-US', { weekday: 'short', timeZone }).format(start),
    );
    const days = event.repeat_days.length > 0 ? [...new Set(event.repeat_days)].sort() : [startDay];
    const names = days.map((day) => weekday.format(weekdayDate(day)));
    text += ` on ${new Intl.ListFormat(locale, { type: 'conjunction' }).format(names)}`;
  } else if (event.repeat_pattern === 'monthly' && event.repeat_week) {
    const weekday = new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone }).format(start);
    text += ` on the ${ORDINALS[event.repeat_week]} ${weekday}`;
  } else if (event.repeat_pattern === 'monthly') {
    text += ` on day ${new Intl.DateTimeFormat(locale, { day: 'numeric', timeZone }).format(start)}`;
  } else if (event.repeat_pattern === 'yearly') {
    text += ` on ${new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', timeZone }).format(start)}`;
  }

  if (event.repeat_end_date) {
    const until = new Intl.DateTimeFormat(locale, {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone,
    }).format(new Date(event.repeat_end_date));
    text += ` until ${until}`;
  }
  return text;
}
