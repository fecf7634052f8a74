import type { Page } from '@playwright/test';
import {
  differenceInCalendarDays,
  differenceInCalendarMonths,
  differenceInCalendarWeeks,
  format,
  parseISO,
} from 'date-fns';
import { test } from './fixtures';

/** A moment known to be hard for a calendar, and the browser's time zone there. */
export interface HardDate {
  name: string;
  now: string;
  timezoneId: string;
}

/** The calendar journeys run at each of these (issue 38). */
const HARD_DATES: HardDate[] = [
  { name: 'on the first day of a month', now: '2026-12-01T08:00:00Z', timezoneId: 'UTC' },
  { name: 'on the last day of a month', now: '2026-09-30T16:00:00Z', timezoneId: 'UTC' },
  { name: 'on a Saturday', now: '2026-11-28T10:00:00Z', timezoneId: 'UTC' },
  { name: 'on a Sunday', now: '2026-11-29T10:00:00Z', timezoneId: 'UTC' },
  // Summer time ended on Sunday 25 October: the month's weekly series crosses it.
  {
    name: 'in the week summer time ends in Berlin',
    now: '2026-10-27T09:00:00Z',
    timezoneId: 'Europe/Berlin',
  },
  // Summer time starts on Sunday 14 March.
  {
    name: 'in the week summer time starts in New York',
    now: '2027-03-12T15:00:00Z',
    timezoneId: 'America/New_York',
  },
  { name: 'on 29 February', now: '2028-02-29T10:00:00Z', timezoneId: 'UTC' },
  // Thirty seconds before midnight in Tokyo: the journey crosses into the new year while it runs.
  { name: "on New Year's Eve into New Year's Day", now: '2026-12-31T14:59:30Z', timezoneId: 'Asia/Tokyo' },
];

/**
 * Declares `journey` once per hard date, at that instant in its time zone; `day(n)` is the n-th of the
 * month the journey starts in, as the browser sees it.
 */
export function testAtHardDates(
  title: string,
  journey: (fixtures: { page: Page; day: (date: number) => Date }) => Promise<void>,
) {
  for (const hard of HARD_DATES)
    test.describe(hard.name, () => {
      test.use({ now: hard.now, timezoneId: hard.timezoneId });
      test(title, async ({ page, now }) => {
        test.slow(); // long journeys, eight times over: CI's 2 cores run them beside the others
        await journey({ page, day: (date) => dayOfMonth(now, hard.timezoneId, date) });
      });
    });
}

/** The calendar date `instant` has in `timeZone`, as a local midnight of the test process. */
function calendarDate(instant: string, timeZone: string): Date {
  const day = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(instant));
  return parseISO(day);
}

/** A day (1-28) of the month the journey starts in, as the browser sees it. */
function dayOfMonth(now: string, timeZone: string, date: number): Date {
  const today = calendarDate(now, timeZone);
  return new Date(today.getFullYear(), today.getMonth(), date);
}

/** The browser's today: its clock runs on, and may pass midnight while a journey runs. */
async function browserToday(page: Page): Promise<Date> {
  const today = await page.evaluate(() => {
    const now = new Date();
    const pad = (value: number) => String(value).padStart(2, '0');
    return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
  });
  return parseISO(today);
}

type View = 'Monthly' | 'Weekly' | 'Daily';

const distance = (view: View, day: Date, today: Date) =>
  view === 'Monthly'
    ? differenceInCalendarMonths(day, today)
    : view === 'Weekly'
      ? differenceInCalendarWeeks(day, today) // weeks start on Sunday, Relate's default
      : differenceInCalendarDays(day, today);

async function step(page: Page, count: number) {
  for (let index = 0; index < Math.abs(count); index++)
    await page.getByRole('button', { name: count > 0 ? 'Next' : 'Previous', exact: true }).click();
}

/** Switches the calendar to `view`, which goes back to today (spec section 2), then steps to `day`. */
export async function showInView(page: Page, view: View, day: Date) {
  await page.getByLabel('Calendar view').click();
  const today = await browserToday(page);
  await page.getByRole('option', { name: view }).click();
  await step(page, distance(view, day, today));
}

/** Opens the calendar (its month of today) and steps to the month of `day`. */
export async function openCalendarAt(page: Page, day: Date) {
  await page.goto('/events');
  const today = await browserToday(page);
  await step(page, distance('Monthly', day, today));
}

/** The month view's cell of `day`. */
export const monthCell = (page: Page, day: Date) =>
  page.locator(`[data-testid="calendar-day"][data-date="${format(day, 'yyyy-MM-dd')}"]`);

/**
 * Whether a bar of the multi-day event `title` crosses the month cell of `day`: the bars lie over the
 * week row, not inside its cells.
 */
export async function barCrosses(page: Page, title: string, day: Date): Promise<boolean> {
  const cell = await monthCell(page, day).boundingBox();
  if (!cell) return false;
  const middle = cell.x + cell.width / 2;
  for (const bar of await page.getByTestId('calendar-event').filter({ hasText: title }).all()) {
    const box = await bar.boundingBox();
    if (
      box &&
      box.x < middle &&
      box.x + box.width > middle &&
      box.y >= cell.y &&
      box.y < cell.y + cell.height
    )
      return true;
  }
  return false;
}
