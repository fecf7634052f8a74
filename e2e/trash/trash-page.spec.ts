import type { Page } from '@playwright/test';
import { account, expect, signUp, test } from '../support/fixtures';

/** Screenshots to look at, beside the test's other output. */
const shot = (page: Page, name: string) =>
  page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: false });

async function call(page: Page, method: 'POST' | 'DELETE', url: string, data: object) {
  const token = await page.evaluate(() => localStorage.getItem('auth_token'));
  const response = await page.request.fetch(url, {
    method,
    data,
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return response.json();
}

const rows = (page: Page) => page.getByTestId('contact-row');

for (const [label, width, height, theme] of [
  ['light', 1280, 800, 'light'],
  ['dark', 1280, 800, 'dark'],
  ['phone', 390, 844, 'light'],
] as const)
  test(`restore a contact from the Trash page, and delete another forever (${label})`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    await page.addInitScript((chosen) => localStorage.setItem('theme', chosen), theme);
    await signUp(page, account('Ada'));
    await expect(page).toHaveURL(/\/contacts$/);
    for (const [first, last] of [
      ['Grace', 'Hopper'],
      ['Alan', 'Turing'],
      ['Katherine', 'Johnson'],
    ]) {
      const person = await call(page, 'POST', '/api/people', { first_name: first, last_name: last });
      if (first !== 'Katherine') await call(page, 'DELETE', `/api/people/${person.id}`, {});
    }

    // A tab on a wide screen; on a phone the account menu leads to it.
    if (width < 768) {
      await page.getByRole('button', { name: 'Account menu' }).click();
      await page.getByRole('menuitem', { name: 'Trash' }).click();
    } else {
      await page
        .getByRole('navigation', { name: 'Workspace' })
        .getByRole('link', { name: 'Trash' })
        .first()
        .click();
    }
    await expect(page).toHaveURL(/\/trash$/);
    await expect(page.getByRole('heading', { name: 'Trash' })).toBeVisible();
    const items = page.getByTestId('trash-item');
    await expect(items).toHaveCount(2);
    await expect(page.getByRole('button', { name: 'Contacts (2)' })).toBeVisible();
    await expect(items.filter({ hasText: 'Grace Hopper' })).toContainText('Deleted for good on');
    await shot(page, `trash-${label}`);

    await items.filter({ hasText: 'Grace Hopper' }).getByRole('button', { name: 'Restore' }).click();
    await expect(page.getByText('Item restored')).toBeVisible();
    await expect(items).toHaveCount(1);

    await items.getByRole('button', { name: 'Delete Alan Turing forever' }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText('1 item will be deleted for good. This action cannot be undone.');
    await shot(page, `trash-confirm-${label}`);
    await confirm.getByRole('button', { name: 'Delete forever' }).click();
    await expect(page.getByText('The Trash is empty')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Empty Trash' })).toBeDisabled();
    await shot(page, `trash-empty-${label}`);

    await page.goto('/contacts');
    await expect(rows(page)).toHaveCount(2);
    await expect(rows(page).filter({ hasText: 'Hopper' })).toHaveCount(1);
    await expect(rows(page).filter({ hasText: 'Turing' })).toHaveCount(0);
  });
