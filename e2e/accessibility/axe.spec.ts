import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { account, expect, signUp, test } from '../support/fixtures';

/** Every page a signed-in administrator reaches, with each Settings section and the dialogs people open most. */
const SIGNED_IN_PAGES = [
  '/contacts',
  '/companies',
  '/tasks',
  '/events',
  '/notifications',
  '/admin',
  '/dashboard',
  '/settings?section=bots',
  '/settings?section=google',
  '/settings?section=contacts',
  '/settings?section=calendar',
  '/settings?section=group',
  '/settings?section=subscription',
  '/settings?section=password',
  '/privacy-policy',
  '/terms-of-service',
  '/no-such-page',
];
const SIGNED_OUT_PAGES = ['/auth', '/forgot-password', '/reset-password?token=unknown', '/privacy-policy'];

/** Serious and critical WCAG 2.1 A/AA violations on the page as it is now, as readable lines. */
async function violations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) =>
      violation.nodes.map((node) => `${violation.id} (${violation.impact}): ${node.target.join(' ')}`),
    );
}

async function useTheme(page: Page, theme: 'light' | 'dark') {
  await page.addInitScript((chosen) => localStorage.setItem('theme', chosen), theme);
}

/** Waits for the page's content rather than its loading skeleton. */
async function settle(page: Page) {
  // Not 'networkidle': the live notification stream keeps a request open for as long as the page is open.
  await page.waitForLoadState('load');
  await expect(page.getByRole('heading').first()).toBeVisible();
  await expect(page.locator('[aria-busy="true"], [role="status"][aria-label="Loading"]')).toHaveCount(0);
}

for (const theme of ['light', 'dark'] as const) {
  test(`no serious or critical accessibility violations on any page, ${theme} theme`, async ({ page, browser, relate }) => {
    test.setTimeout(300_000);
    await useTheme(page, theme);
    await signUp(page, account('Ada'));
    await expect(page).toHaveURL(/\/contacts$/);

    // Some content on each list, so the tables and cards are checked and not only their empty states.
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New Contact' });
    await dialog.getByLabel('First Name').fill('Grace');
    await dialog.getByLabel('Last Name').fill('Hopper');
    await dialog.getByLabel('Email').fill('grace@navy.example');
    const found = (await violations(page)).map((line) => `Add New Contact dialog: ${line}`);
    await dialog.getByRole('button', { name: 'Add Contact' }).click();
    await expect(dialog).toBeHidden();

    for (const path of SIGNED_IN_PAGES) {
      await page.goto(path);
      await settle(page);
      found.push(...(await violations(page)).map((line) => `${path}: ${line}`));
    }

    const signedOut = await (await browser.newContext({ baseURL: relate.url })).newPage();
    await useTheme(signedOut, theme);
    for (const path of SIGNED_OUT_PAGES) {
      await signedOut.goto(path);
      await settle(signedOut);
      found.push(...(await violations(signedOut)).map((line) => `signed out ${path}: ${line}`));
    }
    expect(found).toEqual([]);
  });
}
