import type { Page } from '@playwright/test';
import { account, expect, signUp, test } from '../support/fixtures';

/** Creates a contact through the API as the signed-in user. */
async function contact(page: Page, body: object) {
  const token = await page.evaluate(() => localStorage.getItem('auth_token'));
  const response = await page.request.post('/api/people', {
    data: body,
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status(), await response.text()).toBe(201);
}

const rows = (page: Page) => page.getByTestId('contact-row');

test('delete a contact and undo from the toast', async ({ page }) => {
  await signUp(page, account('Ada'));
  await expect(page).toHaveURL(/\/contacts$/);
  await contact(page, { first_name: 'Grace', last_name: 'Hopper', email: 'grace@navy.example' });
  await contact(page, { first_name: 'Alan', last_name: 'Turing', email: 'alan@acme.example', tags: 'vip' });
  await page.reload();
  await expect(rows(page)).toHaveCount(2);

  await rows(page).filter({ hasText: 'Turing' }).getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('It moves to the Trash, where you can restore it for 30 days.');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Contact deleted' });
  await expect(toast).toBeVisible();
  await expect(rows(page)).toHaveCount(1);
  await page.screenshot({ path: test.info().outputPath('undo-toast.png'), fullPage: false });

  await toast.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByText('Contact restored')).toBeVisible();
  await expect(rows(page)).toHaveCount(2);
  await page.reload();
  await expect(rows(page).filter({ hasText: 'Turing' })).toContainText('alan@acme.example');
  await expect(rows(page)).toHaveCount(2);
});
