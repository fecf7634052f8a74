import { format } from 'date-fns';
import { barCrosses } from '../support/calendar';
import { account, expect, signUp } from '../support/fixtures';
import { test } from './google-fixtures';

/**
 * A day of the month the journey runs in (the `now` fixture, mid-month), at a UTC midnight: at a UTC
 * hour, the same date in the browser's zone for every zone from UTC-10 to UTC+8.
 */
const daysOfMonth = (now: string) => {
  const today = new Date(now);
  return (day: number) => new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), day));
};
const isoDate = (date: Date) => date.toISOString().slice(0, 10);
const atUtc = (date: Date, hour: number) => new Date(date.getTime() + hour * 3_600_000).toISOString();

test('connects Google, previews the calendar, applies the new events and finds them in the month view on their days', async ({
  page,
  google,
  now,
}) => {
  test.setTimeout(180_000); // a long journey on a busy machine
  const dayOfThisMonth = daysOfMonth(now);
  const sub = '113943641271207611330';
  const twelfth = dayOfThisMonth(12);
  const fourteenth = dayOfThisMonth(14);
  const sixteenth = dayOfThisMonth(16);
  google.fake.addAccount({ sub, email: 'ada@gmail.example', name: 'Ada Lovelace' });
  const { calendar } = google.fake;
  // 10:00 in New York (15:00 UTC): a timed event keeps its zone.
  calendar.addEvent(sub, {
    summary: 'Board meeting',
    location: '5th Avenue 1, New York',
    description: 'Quarterly numbers',
    start: { dateTime: atUtc(twelfth, 15), timeZone: 'America/New_York' },
    end: { dateTime: atUtc(twelfth, 16), timeZone: 'America/New_York' },
  });
  // A two-day all-day event: Google's end date is the day after.
  calendar.addEvent(sub, {
    summary: 'Trade fair',
    start: { date: isoDate(sixteenth) },
    end: { date: isoDate(dayOfThisMonth(18)) },
  });
  // The same lunch Ada already has in Relate: a likely duplicate.
  calendar.addEvent(sub, {
    summary: 'Team lunch',
    start: { dateTime: atUtc(fourteenth, 12), timeZone: 'UTC' },
    end: { dateTime: atUtc(fourteenth, 13), timeZone: 'UTC' },
  });

  await signUp(page, account('Ada'));
  await expect(page).toHaveURL(/\/contacts$/);
  const token = await page.evaluate(() => localStorage.getItem('auth_token'));
  const lunch = await page.request.post('/api/events', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      title: 'Team lunch',
      start_datetime: atUtc(fourteenth, 12),
      end_datetime: atUtc(fourteenth, 13),
      google_sync: false,
    },
  });
  expect(lunch.ok()).toBe(true);

  await page.getByRole('link', { name: 'Settings' }).click();
  await page.getByRole('button', { name: /Google Integration/ }).click();
  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Connect Google' }).click();
  const popup = await popupOpened;
  await popup.getByRole('button', { name: /Ada Lovelace/ }).click();
  const card = page.getByRole('region', { name: 'Google Calendar' });
  await expect(card).toBeVisible();
  await expect(card.getByText('Not Synced')).toBeVisible();

  await card.getByRole('button', { name: 'Preview' }).click();
  const dialog = page.getByRole('dialog', { name: 'Preview Google Calendar Events Sync' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('tab', { name: /New Items\s*2/ })).toHaveAttribute('aria-selected', 'true');
  const board = dialog.getByTestId('google-review-item').filter({ hasText: 'Board meeting' });
  await expect(board).toContainText('5th Avenue 1, New York');
  await expect(board).toContainText('Will be added to your calendar.');
  await expect(dialog.getByRole('checkbox', { name: 'Select Board meeting' })).toBeChecked();
  await expect(dialog.getByRole('checkbox', { name: 'Select Trade fair' })).toBeChecked();
  await expect(dialog.getByTestId('google-review-item').filter({ hasText: 'Trade fair' })).toContainText(
    'All day',
  );

  await dialog.getByRole('tab', { name: /Duplicates\s*1/ }).click();
  const duplicate = dialog.getByTestId('google-review-item');
  await expect(duplicate).toContainText('Same title and start as Team lunch in your calendar.');
  await expect(dialog.getByRole('checkbox', { name: 'Select Team lunch' })).not.toBeChecked();

  await dialog.getByRole('button', { name: 'Apply 2 selected' }).click();
  await expect(page.getByText('Google calendar applied')).toBeVisible();
  await expect(dialog).toBeHidden();

  // Settings → Calendar says Google Calendar is connected.
  await page.getByRole('button', { name: /Calendar\s*Display & Events/ }).click();
  await expect(page.getByText('Google Calendar connected')).toBeVisible();

  await page
    .getByRole('link', { name: /Events/ })
    .first()
    .click();
  const cell = (date: Date) => page.locator(`[data-testid="calendar-day"][data-date="${isoDate(date)}"]`);
  const boardChip = cell(twelfth).getByTestId('calendar-event').filter({ hasText: 'Board meeting' });
  await expect(boardChip).toBeVisible();
  await expect(boardChip.getByRole('img', { name: 'Synced with Google' })).toBeVisible();
  // The two-day fair is one bar across its days (two if a week row ends between them).
  for (const day of [sixteenth, dayOfThisMonth(17)])
    await expect.poll(() => barCrosses(page, 'Trade fair', day)).toBe(true);
  expect(await barCrosses(page, 'Trade fair', dayOfThisMonth(18))).toBe(false);
  // The duplicate was left alone: one lunch, not linked.
  const lunches = cell(fourteenth).getByTestId('calendar-event').filter({ hasText: 'Team lunch' });
  await expect(lunches).toHaveCount(1);
  await expect(lunches.getByRole('img', { name: 'Synced with Google' })).toHaveCount(0);

  await boardChip.click();
  const event = page.getByRole('dialog', { name: 'Edit Event' });
  await expect(
    event.getByText(/^Linked to an event in your Google Calendar \(ada@gmail\.example\)/),
  ).toBeVisible();
  await expect(event.getByLabel('Start', { exact: true })).toHaveValue(
    format(new Date(atUtc(twelfth, 15)), "yyyy-MM-dd'T'HH:mm"),
  );
});
