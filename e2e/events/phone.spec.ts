import { account, expect, signUp, test } from '../support/fixtures';

test.use({ viewport: { width: 390, height: 844 } });

test('on a phone the event dialog keeps Create and Save on screen, and the week is an agenda', async ({
  page,
}) => {
  await signUp(page, account('Ada'));
  await expect(page).toHaveURL(/\/contacts$/);
  await page.goto('/events');
  await page.getByRole('button', { name: 'Add Event' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add New Event' });
  const create = dialog.getByRole('button', { name: 'Create Event' });
  await expect(create).toBeInViewport();

  // A long form scrolls inside the dialog; the footer stays where it is.
  await dialog.getByLabel('Title', { exact: true }).fill('Site visit');
  await dialog.getByLabel('Location').fill('Main street 1');
  for (const index of [1, 2, 3]) {
    await dialog.getByRole('button', { name: 'Add participant' }).click();
    await dialog.getByLabel(`Participant ${index} email`).fill(`guest${index}@example.com`);
  }
  await dialog.getByLabel('Repeat', { exact: true }).click();
  await page.getByRole('option', { name: 'Weekly' }).click();
  await dialog.getByLabel('Notes').fill('Bring the plans');
  await expect(create).toBeInViewport();
  await create.click();
  await expect(page.getByText('Event created successfully')).toBeVisible();

  // The week view is a list of days on a phone.
  await page.getByLabel('Calendar view').click();
  await page.getByRole('option', { name: 'Weekly' }).click();
  const agenda = page.getByTestId('agenda');
  await expect(agenda.getByTestId('agenda-day')).toHaveCount(7);
  await agenda.getByTestId('calendar-event').filter({ hasText: 'Site visit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Event' });
  await expect(edit.getByLabel('Participant 3 email')).toHaveValue('guest3@example.com');
  const save = edit.getByRole('button', { name: 'Save Changes' });
  await expect(save).toBeInViewport();
  await edit.getByLabel('Title', { exact: true }).fill('Site visit with plans');
  await save.click();
  // A repeating event asks which occurrences the change is for; on a phone the choice fits the screen.
  const ask = page.getByRole('alertdialog', { name: 'Edit recurring event' });
  await ask.getByRole('radio', { name: 'All events' }).check();
  await expect(ask.getByRole('button', { name: 'OK' })).toBeInViewport();
  await ask.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByText('Event updated successfully')).toBeVisible();
  await expect(
    agenda.getByTestId('calendar-event').filter({ hasText: 'Site visit with plans' }),
  ).toBeVisible();
});
