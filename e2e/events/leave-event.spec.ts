import { account, approve, expect, joinGroup, signIn, signUp, test } from '../support/fixtures';

test('a participant leaves an event from View Event: asked first, told after, and it leaves their calendar', async ({
  newPage,
}) => {
  test.slow(); // two accounts in two browsers
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
  await joinGroup(page, benPage, ben);

  // Ada adds Ben to an event on a day of the month the calendar shows.
  await page.goto('/events');
  const cellOf = (p: typeof page, date: string) =>
    p.locator(`[data-testid="calendar-day"][data-date="${date}"]`);
  const date = (await page.getByTestId('calendar-day').nth(17).getAttribute('data-date'))!;
  await cellOf(page, date).click();
  const add = page.getByRole('dialog', { name: 'Add New Event' });
  await add.getByLabel('Title', { exact: true }).fill('Budget review');
  await add.getByRole('button', { name: 'Add participant' }).click();
  await add.getByLabel('Participant 1 name').fill('Ben');
  await add.getByLabel('Participant 1 email').fill(ben.email);
  await add.getByRole('button', { name: 'Create Event' }).click();
  await expect(page.getByText('Event created successfully')).toBeVisible();

  // Ben was notified and sees it read-only, with Leave event, which asks first (Cancel is covered by the
  // dialog's unit test).
  await expect(benPage.getByTestId('unread-dot')).toBeVisible();
  await benPage.goto('/events');
  const benEvent = cellOf(benPage, date).getByText('Budget review');
  await benEvent.click();
  const view = benPage.getByRole('dialog', { name: 'View Event' });
  await expect(view.getByText(`Organised by ${ada.email}`)).toBeVisible();
  await expect(view.getByRole('button', { name: 'Save Changes' })).toHaveCount(0);
  await view.getByRole('button', { name: 'Leave event' }).click();
  const confirm = benPage.getByRole('alertdialog', { name: 'Leave event?' });
  await expect(confirm).toContainText(
    `"Budget review" will leave your calendar. Only ${ada.email} can add you again.`,
  );
  await confirm.getByRole('button', { name: 'Leave event' }).click();
  await expect(benPage.getByText('You left the event')).toBeVisible();
  await expect(view).toBeHidden();
  await expect(benEvent).toHaveCount(0);

  // Ada keeps the event, without Ben; her own events offer no Leave event.
  await page.reload();
  await cellOf(page, date).getByText('Budget review').click();
  const edit = page.getByRole('dialog', { name: 'Edit Event' });
  await expect(edit.getByLabel('Title', { exact: true })).toHaveValue('Budget review');
  await expect(edit.getByLabel('Participant 1 email')).toHaveCount(0);
  await expect(edit.getByRole('button', { name: 'Leave event' })).toHaveCount(0);
});
