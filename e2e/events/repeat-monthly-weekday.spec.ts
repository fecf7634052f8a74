import type { Page } from '@playwright/test';
import { monthCell } from '../support/calendar';
import { account, expect, signUp, test } from '../support/fixtures';

// Tuesday 1 December 2026 in Berlin.
test.use({ now: '2026-12-01T09:00:00Z', timezoneId: 'Europe/Berlin' });

const chips = (page: Page, day: Date, title: string) =>
  monthCell(page, day).getByTestId('calendar-event').filter({ hasText: title });

async function nextMonth(page: Page, heading: string) {
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(page.getByTestId('calendar-heading')).toHaveText(heading);
}

test('a board meeting monthly on the second Tuesday lands on the second Tuesdays', async ({ page }) => {
  await signUp(page, account('Ada'));
  await expect(page).toHaveURL(/\/contacts$/);
  await page.goto('/events');
  await expect(page.getByTestId('calendar-heading')).toHaveText('December 2026');

  await page.getByRole('button', { name: 'Add Event' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add New Event' });
  await dialog.getByLabel('Title', { exact: true }).fill('Board meeting');
  await dialog.getByLabel('Start', { exact: true }).fill('2026-12-08T10:00');
  await dialog.getByLabel('End', { exact: true }).fill('2026-12-08T11:00');
  await dialog.getByLabel('Repeat', { exact: true }).click();
  await page.getByRole('option', { name: 'Monthly' }).click();
  const repeatOn = dialog.getByRole('combobox', { name: 'Repeat on' });
  await expect(repeatOn).toHaveText('Monthly on day 8');
  await repeatOn.click();
  await expect(page.getByRole('option')).toHaveText(['Monthly on day 8', 'Monthly on the second Tuesday']);
  await page.getByRole('option', { name: 'Monthly on the second Tuesday' }).click();
  await dialog.getByRole('button', { name: 'Create Event' }).click();
  await expect(page.getByText('Event created successfully')).toBeVisible();

  const board = (year: number, month: number, day: number) =>
    chips(page, new Date(year, month, day), 'Board meeting');
  await expect(board(2026, 11, 8)).toHaveCount(1);
  for (const tuesday of [1, 15, 22, 29]) await expect(board(2026, 11, tuesday)).toHaveCount(0);
  await nextMonth(page, 'January 2027');
  await expect(board(2027, 0, 12)).toHaveCount(1);
  for (const tuesday of [5, 19, 26]) await expect(board(2027, 0, tuesday)).toHaveCount(0);
  await nextMonth(page, 'February 2027');
  await expect(board(2027, 1, 9)).toHaveCount(1);
  for (const tuesday of [2, 16, 23]) await expect(board(2027, 1, tuesday)).toHaveCount(0);
});

const LAST_FRIDAY_ICS = [
  'BEGIN:VCALENDAR',
  'VERSION:2.0',
  'PRODID:-//Google Inc//Google Calendar 70.9054//EN',
  'BEGIN:VEVENT',
  'DTSTART;TZID=Europe/Berlin:20261127T150000',
  'DTEND;TZID=Europe/Berlin:20261127T160000',
  'RRULE:FREQ=MONTHLY;BYDAY=-1FR',
  'DTSTAMP:20261120T101500Z',
  'UID:month-end@google.com',
  'SUMMARY:Month-end review',
  'END:VEVENT',
  'END:VCALENDAR',
  '',
].join('\r\n');

test('an imported last-Friday series is edited in the dialog without losing its rule', async ({ page }) => {
  await signUp(page, account('Ada'));
  await expect(page).toHaveURL(/\/contacts$/);
  await page.goto('/settings?section=calendar');
  await page.getByRole('button', { name: 'Import Events' }).click();
  const importing = page.getByRole('dialog', { name: 'Import Events' });
  await importing.getByLabel('Calendar file').setInputFiles({
    name: 'month-end.ics',
    mimeType: 'text/calendar',
    buffer: Buffer.from(LAST_FRIDAY_ICS),
  });
  await expect(importing.getByText('month-end.ics: 1 event imported.')).toBeVisible();
  await importing.getByRole('button', { name: 'Done' }).click();

  await page.goto('/events');
  await expect(page.getByTestId('calendar-heading')).toHaveText('December 2026');
  await chips(page, new Date(2026, 11, 25), 'Month-end review').click();
  const edit = page.getByRole('dialog', { name: 'Edit Event' });
  await expect(edit.getByLabel('Repeat', { exact: true })).toHaveText('Monthly');
  await expect(edit.getByRole('combobox', { name: 'Repeat on' })).toHaveText('Monthly on the last Friday');
  await edit.getByLabel('Location', { exact: true }).fill('Room 4');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  const ask = page.getByRole('alertdialog', { name: 'Edit recurring event' });
  await ask.getByRole('radio', { name: 'All events' }).click();
  await ask.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByText('Event updated successfully')).toBeVisible();

  // Still the last Friday of every month: 25 December, 29 January (not the 22nd), 26 February.
  const review = (year: number, month: number, day: number) =>
    chips(page, new Date(year, month, day), 'Month-end review');
  await expect(review(2026, 11, 25)).toHaveCount(1);
  await expect(review(2026, 11, 18)).toHaveCount(0);
  await nextMonth(page, 'January 2027');
  await expect(review(2027, 0, 29)).toHaveCount(1);
  await expect(review(2027, 0, 22)).toHaveCount(0);
  await nextMonth(page, 'February 2027');
  await expect(review(2027, 1, 26)).toHaveCount(1);
  await review(2027, 1, 26).click();
  const again = page.getByRole('dialog', { name: 'Edit Event' });
  await expect(again.getByLabel('Location', { exact: true })).toHaveValue('Room 4');
  await expect(again.getByRole('combobox', { name: 'Repeat on' })).toHaveText('Monthly on the last Friday');
});
