import type { Page } from '@playwright/test';
import { format } from 'date-fns';
import { openCalendarAt, showInView, testAtHardDates } from '../support/calendar';
import { account, approve, expect, joinGroup, signIn, signUp, test } from '../support/fixtures';

testAtHardDates(
  'create an event on an empty day, see it in every view, repeat it weekly; a participant sees it read-only',
  ({ newPage, day }) => createSeeRepeatAndShare(newPage, day(10)),
);

/** The journey, on `day`: a day of the month the journey starts in, with no event yet. */
async function createSeeRepeatAndShare(newPage: () => Promise<Page>, day: Date) {
  const ada = account('Ada');
  const ben = account('Ben');
  const page = await newPage();
  await signUp(page, ada);
  await expect(page).toHaveURL(/\/contacts$/);
  const benPage = await newPage();
  await signUp(benPage, ben);
  await approve(page, ben);
  await signIn(benPage, ben);
  await expect(benPage).toHaveURL(/\/contacts$/);
  await joinGroup(page, benPage, ben); // participants with an account come from the owner's group

  await openCalendarAt(page, day);
  const cell = page.locator(`[data-testid="calendar-day"][data-date="${format(day, 'yyyy-MM-dd')}"]`);
  await cell.click();
  const dialog = page.getByRole('dialog', { name: 'Add New Event' });
  await expect(dialog.getByLabel('Start', { exact: true })).toHaveValue(`${format(day, 'yyyy-MM-dd')}T09:00`);
  await expect(dialog.getByLabel('End', { exact: true })).toHaveValue(`${format(day, 'yyyy-MM-dd')}T10:00`);
  await dialog.getByLabel('Title', { exact: true }).fill('Design review');
  await dialog.getByLabel('Project').fill('Website');
  await dialog.getByRole('button', { name: 'Add participant' }).click();
  await dialog.getByLabel('Participant 1 name').fill('Ben');
  await dialog.getByLabel('Participant 1 email').fill(ben.email);
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

  // Ben, a participant, was notified and sees it read-only.
  await expect(benPage.getByTestId('unread-dot')).toBeVisible();
  await openCalendarAt(benPage, day);
  await benPage
    .locator(`[data-testid="calendar-day"][data-date="${format(day, 'yyyy-MM-dd')}"]`)
    .getByText('Design review')
    .click();
  const view = benPage.getByRole('dialog', { name: 'View Event' });
  await expect(view.getByText(`Organised by ${ada.email}`)).toBeVisible();
  await expect(view.getByRole('button', { name: 'Save Changes' })).toHaveCount(0);

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
