import type { Page } from '@playwright/test';
import { format } from 'date-fns';
import { openCalendarAt, showInView, testAtHardDates } from '../support/calendar';
import { account, expect, signUp, test } from '../support/fixtures';

// What a participant sees is date-independent: leave-event.spec.ts covers it once.
testAtHardDates(
  'create an event on an empty day, see it in every view, repeat it weekly, delete the series',
  ({ page, day }) => createSeeRepeatAndDelete(page, day(10)),
);

/** The journey, on `day`: a day of the month the journey starts in, with no event yet. */
async function createSeeRepeatAndDelete(page: Page, day: Date) {
  await signUp(page, account('Ada'));
  await expect(page).toHaveURL(/\/contacts$/);

  await openCalendarAt(page, day);
  const cell = page.locator(`[data-testid="calendar-day"][data-date="${format(day, 'yyyy-MM-dd')}"]`);
  await cell.click();
  const dialog = page.getByRole('dialog', { name: 'Add New Event' });
  await expect(dialog.getByLabel('Start', { exact: true })).toHaveValue(`${format(day, 'yyyy-MM-dd')}T09:00`);
  await expect(dialog.getByLabel('End', { exact: true })).toHaveValue(`${format(day, 'yyyy-MM-dd')}T10:00`);
  await dialog.getByLabel('Title', { exact: true }).fill('Design review');
  await dialog.getByLabel('Project').fill('Website');
  await dialog.getByRole('button', { name: 'Create Event' }).click();
  await expect(page.getByText('Event created successfully')).toBeVisible();
  await expect(cell.getByText('Design review')).toBeVisible();

  // Week and day views place it by time (changing the view goes back to today: step to the 10th).
  await showInView(page, 'Weekly', day);
  await expect(page.getByTestId('calendar-event').filter({ hasText: 'Design review' })).toBeVisible();
  await showInView(page, 'Daily', day);
  await expect(page.getByTestId('calendar-heading')).toContainText(format(day, 'MMMM d'));
  await expect(page.getByTestId('calendar-event').filter({ hasText: 'Design review' })).toBeVisible();
  await showInView(page, 'Monthly', day);

  // Make it weekly on its weekday: four or five occurrences in the month.
  await cell.getByText('Design review').click();
  const edit = page.getByRole('dialog', { name: 'Edit Event' });
  await edit.getByLabel('Repeat', { exact: true }).click();
  await page.getByRole('option', { name: 'Weekly' }).click();
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Event updated successfully')).toBeVisible();
  const occurrences = page
    .getByTestId('month-grid')
    .getByTestId('calendar-event')
    .filter({ hasText: 'Design review' });
  await expect.poll(() => occurrences.count()).toBeGreaterThanOrEqual(3);

  // Deleting an occurrence asks which occurrences go; Cancel keeps them.
  await cell.getByText('Design review').click();
  await page.getByRole('dialog', { name: 'Edit Event' }).getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete recurring event' });
  await expect(confirm.getByRole('radio', { name: 'This event' })).toBeChecked();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByRole('dialog', { name: 'Edit Event' })).toBeVisible();
  expect(await occurrences.count()).toBeGreaterThanOrEqual(3);
  await page.getByRole('dialog', { name: 'Edit Event' }).getByRole('button', { name: 'Delete' }).click();
  await confirm.getByRole('radio', { name: 'All events' }).check();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Event deleted successfully')).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Edit Event' })).toBeHidden();
  await expect(occurrences).toHaveCount(0);
}

test('switching the week start to Monday in Settings changes the grid', async ({ page }) => {
  await signUp(page, account('Ada'));
  await expect(page).toHaveURL(/\/contacts$/);
  await page.goto('/events');
  await expect(page.getByTestId('month-grid')).toBeVisible();
  const firstDay = () => page.getByTestId('calendar-day').first().getAttribute('data-date');
  const sundayStart = await firstDay();
  expect(new Date(`${sundayStart}T12:00:00`).getDay()).toBe(0);

  await page.goto('/settings?section=calendar');
  await page.getByLabel('Week starts on').click();
  await page.getByRole('option', { name: 'Monday' }).click();
  await expect(page.getByText('Calendar settings saved')).toBeVisible();
  await page
    .getByRole('link', { name: /Events/ })
    .first()
    .click();
  await expect(page.getByTestId('month-grid')).toBeVisible();
  await expect.poll(async () => new Date(`${await firstDay()}T12:00:00`).getDay()).toBe(1);
});
