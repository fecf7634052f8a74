import type { Page } from '@playwright/test';
import { account, approve, expect, signIn, signUp, test } from '../support/fixtures';

async function addContact(page: Page, first: string, last: string) {
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Add New Contact' });
  await dialog.getByLabel('First Name').fill(first);
  await dialog.getByLabel('Last Name').fill(last);
  await dialog.getByRole('button', { name: 'Add Contact' }).click();
  await expect(dialog).toBeHidden();
}

test('A invites B, B accepts, A shares two contacts and B is notified live', async ({ newPage }) => {
  const ada = account('Ada');
  const ben = account('Ben');
  const adaPage = await newPage();
  await signUp(adaPage, ada);
  await expect(adaPage).toHaveURL(/\/contacts$/);

  const benPage = await newPage();
  await signUp(benPage, ben);
  await expect(benPage.getByText('Registration Successful!')).toBeVisible();
  await approve(adaPage, ben);
  await signIn(benPage, ben);
  await expect(benPage).toHaveURL(/\/contacts$/);

  // A invites B from Settings → Group Management.
  await adaPage.goto('/settings?section=group');
  await adaPage.getByLabel('Email').fill(ben.email);
  await adaPage.getByLabel('Name').fill('Ben');
  await adaPage.getByRole('button', { name: 'Add User' }).click();
  await expect(adaPage.getByTestId('group-member').filter({ hasText: ben.email })).toContainText('Pending');

  // B accepts, giving A a display name.
  await benPage.goto('/settings?section=group');
  const invitation = benPage.getByTestId('pending-invitation').filter({ hasText: ada.email });
  await invitation.getByRole('button', { name: 'Approve' }).click();
  await benPage.getByLabel('Display name').fill('Ada from Sales');
  await benPage.getByRole('button', { name: 'Accept' }).click();
  await expect(benPage.getByTestId('group-member').filter({ hasText: ada.email })).toContainText('Approved');
  // A's open member list follows live: the acceptance notification refreshes it, no reload.
  await expect(adaPage.getByTestId('group-member').filter({ hasText: ben.email })).toContainText('Approved', {
    timeout: 5_000,
  });
  await expect(adaPage.getByTestId('unread-dot')).toBeVisible();

  // B read the invitation's notification: Mark all as read clears the bell.
  await benPage.goto('/notifications');
  await expect(benPage.getByTestId('notification-item').filter({ hasText: /invit/i })).toBeVisible();
  await benPage.getByRole('button', { name: 'Mark all as read' }).click();
  await expect(benPage.getByTestId('unread-dot')).toHaveCount(0);
  // B waits on the contacts page.
  await benPage.getByRole('link', { name: 'Contacts' }).first().click();
  await expect(benPage.getByTestId('unread-dot')).toHaveCount(0);

  // A selects two contacts and shares them with B.
  await adaPage.goto('/contacts');
  await addContact(adaPage, 'Grace', 'Hopper');
  await addContact(adaPage, 'Alan', 'Turing');
  await addContact(adaPage, 'Kept', 'Private');
  const adaRows = adaPage.getByTestId('contact-row');
  await adaRows.filter({ hasText: 'Hopper' }).getByRole('checkbox').check();
  await adaRows.filter({ hasText: 'Turing' }).getByRole('checkbox').check();
  await adaPage.getByRole('button', { name: 'Share' }).click();
  const share = adaPage.getByRole('dialog', { name: 'Share Contact(s)' });
  await share.getByRole('button', { name: 'Share' }).click();
  await expect(adaPage.getByText('No users selected')).toBeVisible();
  await share.getByRole('button', { name: /Ben/ }).click();
  await expect(share.getByText('1 user selected')).toBeVisible();
  await share.getByRole('button', { name: 'Share' }).click();
  await adaPage.getByRole('alertdialog').getByRole('button', { name: 'Share' }).click();
  await expect(adaPage.getByText('Contacts shared successfully')).toBeVisible();

  // B's bell lights up without a reload; B opens the notification and marks it read.
  await expect(benPage.getByTestId('unread-dot')).toBeVisible({ timeout: 5_000 });
  await benPage.getByRole('button', { name: /Notifications/ }).click();
  // The bell lists it as a link; the full page has the read controls.
  await expect(benPage.getByRole('menuitem', { name: /shared/i })).toBeVisible();
  await benPage.getByRole('menuitem', { name: 'View all notifications' }).click();
  const item = benPage.getByTestId('notification-item').filter({ hasText: /shared/i });
  await expect(item).toBeVisible();
  await expect(item.getByRole('button', { name: 'Mark as read' })).toBeVisible();
  // Two contacts were shared, so the notification leads to the contacts list (one would open that
  // contact), and opening it marks it read.
  await item.getByRole('link', { name: /shared/i }).click();
  await expect(benPage).toHaveURL(/\/contacts$/);
  await expect(benPage.getByTestId('unread-dot')).toHaveCount(0);
  const benRows = benPage.getByTestId('contact-row');
  await expect(benRows).toHaveCount(2);
  await expect(benRows.filter({ hasText: 'Hopper' })).toHaveCount(1);
  await expect(benRows.filter({ hasText: 'Turing' })).toHaveCount(1);
  await benPage.goBack();
  await expect(benPage.getByTestId('notification-item').filter({ hasText: /shared/i })).toBeVisible();
  await expect(
    benPage.getByTestId('notification-item').getByRole('button', { name: 'Mark as read' }),
  ).toHaveCount(0);
});
