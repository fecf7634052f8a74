import { fromFloating, toFloating } from '../../lib/time-zone';

export type CadenceUnit = 'day' | 'week' | 'month';

/** Stay in touch: reach out every `every` days, weeks or months. */
export interface Cadence {
  every: number;
  unit: CadenceUnit;
}

/** Follow-ups and birthdays are due at this hour of the user's day. */
export const REMINDER_HOUR = 9;

const DAY = 86_400_000;

/** The floating midnight (wall-clock date in UTC fields) of `instant`'s day in `timeZone`. */
function localDate(instant: Date, timeZone: string): Date {
  const floating = toFloating(instant, timeZone);
  return new Date(Date.UTC(floating.getUTCFullYear(), floating.getUTCMonth(), floating.getUTCDate()));
}

/** A floating date `months` later, on the same day or the month's last (31 January + 1 month = 28/29 February). */
function addMonths(date: Date, months: number): Date {
  const first = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, 1));
  const lastDay = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(date.getUTCDate(), lastDay));
  return first;
}

/** 09:00 in `timeZone` on the floating date `date` (the later instant in a DST gap). */
const atReminderHour = (date: Date, timeZone: string) =>
  fromFloating(new Date(date.getTime() + REMINDER_HOUR * 3_600_000), timeZone);

/**
 * When to reach out next: the cadence added to the day of the last contact (in the user's time zone),
 * at 09:00 there. Calendar arithmetic, so a week is seven local days across a DST change.
 */
export function nextFollowUp(lastContact: Date, cadence: Cadence, timeZone: string): Date {
  const day = localDate(lastContact, timeZone);
  const next =
    cadence.unit === 'month'
      ? addMonths(day, cadence.every)
      : new Date(day.getTime() + cadence.every * (cadence.unit === 'week' ? 7 : 1) * DAY);
  return atReminderHour(next, timeZone);
}

/** "Snooze 1 day / 1 week": 09:00 of the day `days` after today, in the user's time zone. */
export function snoozedUntil(now: Date, days: number, timeZone: string): Date {
  return atReminderHour(new Date(localDate(now, timeZone).getTime() + days * DAY), timeZone);
}

/** Today's local date (YYYY-MM-DD) and whether its reminder hour has come. */
export function reminderDay(now: Date, timeZone: string): { date: string; due: boolean } {
  const floating = toFloating(now, timeZone);
  return { date: floating.toISOString().slice(0, 10), due: floating.getUTCHours() >= REMINDER_HOUR };
}

/** "every 2 weeks", "every day". */
export function describeCadence({ every, unit }: Cadence): string {
  return every === 1 ? `every ${unit}` : `every ${every} ${unit}s`;
}

/**
 * The age someone turns on their birthday in `year`, or null when the birthday's year is unknown
 * (stored as year 0004, contact-values.ts).
 */
export function ageOn(birthday: string, year: number): number | null {
  const born = Number(birthday.slice(0, 4));
  return born <= 4 ? null : year - born;
}
