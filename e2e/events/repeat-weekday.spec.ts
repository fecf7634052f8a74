import { addDays } from 'date-fns';
import { monthCell } from '../support/calendar';
import { account, expect, signUp, test } from '../support/fixtures';

// Friday 27 November 2026 in Berlin: the Add Event dialog opens on a Friday.
test.use({ now: '2026-11-27T09:00:00Z', timezoneId: 'Europe/Berlin' });

test('a weekly event started on Monday from a dialog opened on a Friday repeats on Mondays, the Monday included', async ({
  page,
}) => {
  await signUp(page, account('Ada'));
  await expect(page).toHaveURL(/\/contacts$/);
  await page.goto('/events');
  await expect(page.getByTestId('calendar-heading')).toHaveText('November 2026');

  await page.getByRole('button', { name: 'Add Event' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add New Event' });
  await expect(dialog.getByLabel('Start', { exact: true })).toHaveValue('2026-11-27T09:00');
  await dialog.getByLabel('Title', { exact: true }).fill('Team standup');
  await dialog.getByLabel('Start', { exact: true }).fill('2026-11-30T09:00');
  await dialog.getByLabel('End', { exact: true }).fill('2026-11-30T09:15');
  await dialog.getByLabel('Repeat', { exact: true }).click();
  await page.getByRole('option', { name: 'Weekly' }).click();
  const days = dialog.getByRole('group', { name: 'Repeat on' });
  await expect(days.getByRole('button', { pressed: true })).toHaveText(['Mon']);
  await expect(dialog.getByRole('status')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Create Event' }).click();
  await expect(page.getByText('Event created successfully')).toBeVisible();

  const monday = new Date(2026, 10, 30);
  const standup = (day: Date) =>
    monthCell(page, day).getByTestId('calendar-event').filter({ hasText: 'Team standup' });
  await expect(standup(monday)).toBeVisible();
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(page.getByTestId('calendar-heading')).toHaveText('December 2026');
  for (const week of [0, 1, 2, 3, 4]) await expect(standup(addDays(monday, 7 * week))).toHaveCount(1);
  for (const friday of [4, 11, 18, 25]) await expect(standup(new Date(2026, 11, friday))).toHaveCount(0);
});
