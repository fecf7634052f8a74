import type { Page } from '@playwright/test';
import { addDays, format } from 'date-fns';
import { openCalendarAt, showInView, testAtHardDates } from '../support/calendar';
import { account, expect, signUp } from '../support/fixtures';

testAtHardDates(
  'move one occurrence of a weekly event ("This event"), then delete another: the rest stay',
  ({ page, day }) => moveAndDeleteOccurrences(page, day),
);

/** The journey on a weekly series from the 3rd of the month the journey starts in. */
async function moveAndDeleteOccurrences(page: Page, day: (date: number) => Date) {
  await signUp(page, account('Ada'));
  await expect(page).toHaveURL(/\/contacts$/);
  await openCalendarAt(page, day(3));

  // Weekly from the 3rd: the 3rd, 10th, 17th and 24th.
  const cell = (date: Date) =>
    page.locator(`[data-testid="calendar-day"][data-date="${format(date, 'yyyy-MM-dd')}"]`);
  const lesson = (date: Date) => cell(date).getByTestId('calendar-event').filter({ hasText: 'Piano lesson' });
  await cell(day(3)).click();
  const add = page.getByRole('dialog', { name: 'Add New Event' });
  await add.getByLabel('Title', { exact: true }).fill('Piano lesson');
  await add.getByLabel('Repeat', { exact: true }).click();
  await page.getByRole('option', { name: 'Weekly' }).click();
  await add.getByRole('button', { name: 'Create Event' }).click();
  await expect(page.getByText('Event created successfully')).toBeVisible();
  for (const date of [3, 10, 17, 24]) await expect(lesson(day(date))).toHaveCount(1);

  // Move the 10th's lesson to the next day (the day before when the 10th is a Saturday: same week).
  const moved = addDays(day(10), day(10).getDay() === 6 ? -1 : 1);
  await lesson(day(10)).click();
  const edit = page.getByRole('dialog', { name: 'Edit Event' });
  await expect(edit.getByLabel('Start', { exact: true })).toHaveValue(
    `${format(day(10), 'yyyy-MM-dd')}T09:00`,
  );
  await edit.getByLabel('Start', { exact: true }).fill(`${format(moved, 'yyyy-MM-dd')}T11:00`);
  await edit.getByLabel('End', { exact: true }).fill(`${format(moved, 'yyyy-MM-dd')}T12:00`);
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  const ask = page.getByRole('alertdialog', { name: 'Edit recurring event' });
  await expect(ask.getByRole('radio', { name: 'This event' })).toBeChecked();
  await ask.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByText('Event updated successfully')).toBeVisible();

  // Month view: only that day changed.
  await expect(lesson(day(10))).toHaveCount(0);
  await expect(lesson(moved)).toHaveCount(1);
  for (const date of [3, 17, 24]) await expect(lesson(day(date))).toHaveCount(1);

  // Week view of the 10th: one lesson, on the new day at 11:00.
  await showInView(page, 'Weekly', day(10));
  const column = (date: Date) =>
    page.getByRole('button', { name: `${format(date, 'MMM d')} 9:00`, exact: true }).locator('..');
  await expect(column(moved).getByTestId('calendar-event').filter({ hasText: 'Piano lesson' })).toContainText(
    '11:00',
  );
  await expect(column(day(10)).getByTestId('calendar-event')).toHaveCount(0);
  await expect(page.getByTestId('calendar-event').filter({ hasText: 'Piano lesson' })).toHaveCount(1);

  // Delete the 17th's lesson only.
  await showInView(page, 'Monthly', day(17));
  await lesson(day(17)).click();
  await page.getByRole('dialog', { name: 'Edit Event' }).getByRole('button', { name: 'Delete' }).click();
  const remove = page.getByRole('alertdialog', { name: 'Delete recurring event' });
  await expect(remove.getByRole('radio', { name: 'This event' })).toBeChecked();
  await remove.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Event deleted successfully')).toBeVisible();
  await expect(lesson(day(17))).toHaveCount(0);
  await expect(lesson(moved)).toHaveCount(1);
  for (const date of [3, 24]) await expect(lesson(day(date))).toHaveCount(1);
  await expect(lesson(day(10))).toHaveCount(0);

  // After a reload too: nothing lost, nothing doubled.
  await openCalendarAt(page, day(3));
  for (const date of [3, 24]) await expect(lesson(day(date))).toHaveCount(1);
  await expect(lesson(moved)).toHaveCount(1);
  await expect(lesson(day(10))).toHaveCount(0);
  await expect(lesson(day(17))).toHaveCount(0);
}
