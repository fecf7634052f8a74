import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { account, expect, signUp, test } from '../support/fixtures';

/** Every page a signed-in administrator reaches, with each Settings section. */
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
  '/settings?section=system',
  '/privacy-policy',
  '/terms-of-service',
  '/no-such-page',
];
const SIGNED_OUT_PAGES = ['/auth', '/forgot-password', '/reset-password?token=unknown', '/privacy-policy'];
/** Pages checked again at a phone's width, where the lists become cards and the navigation scrolls. */
const PHONE_PAGES = ['/contacts', '/events', '/settings?section=bots'];

/** Serious and critical WCAG 2.1 A/AA violations on the page as it is now, as readable lines. */
async function violations(page: Page): Promise<string[]> {
  // A toast or dialog half-way through fading in or out is measured at its blended colours: let finite
  // animations and transitions end first (spinners and progress bars run forever and are left alone).
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) =>
      violation.nodes.map(
        (node) =>
          `${violation.id} (${violation.impact}): ${node.target.join(' ')} — ${node.any[0]?.message ?? violation.help}`,
      ),
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
  test(`no serious or critical accessibility violations on any page, ${theme} theme`, async ({
    page,
    newContext,
  }) => {
    test.setTimeout(300_000);
    const found: string[] = [];
    const check = async (where: string, on: Page = page, { toasts = false } = {}) => {
      // A toast that starts fading out while axe runs is measured at its blended colours: toasts are
      // checked once, held open under the pointer (see below), and otherwise left to go first.
      if (!toasts) await expect(on.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
      found.push(...(await violations(on)).map((line) => `${where}: ${line}`));
    };

    await useTheme(page, theme);
    await signUp(page, account('Ada'));
    await expect(page).toHaveURL(/\/contacts$/);

    // A second person waiting for approval: their notice, and a row with actions on the admin page.
    const waiting = await (await newContext()).newPage();
    await useTheme(waiting, theme);
    await signUp(waiting, account('Ben'));
    await expect(waiting.getByText('Registration Successful!')).toBeVisible();
    await check('pending approval notice', waiting);
    await waiting.context().close();

    // Some content on each list, so the tables and cards are checked and not only their empty states.
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    const contact = page.getByRole('dialog', { name: 'Add New Contact' });
    await contact.getByLabel('First Name').fill('Grace');
    await contact.getByLabel('Last Name').fill('Hopper');
    await contact.getByLabel('Email').fill('grace@navy.example');
    await check('Add New Contact dialog');
    await contact.getByRole('button', { name: 'Add Contact' }).click();
    await expect(contact).toBeHidden();

    await page.getByRole('button', { name: 'Import', exact: true }).click();
    const csvImport = page.getByRole('dialog', { name: 'Simple CSV Import' });
    await expect(csvImport.getByLabel('CSV file')).toBeAttached();
    await check('Simple CSV Import dialog, first step');
    await page.keyboard.press('Escape');
    await expect(csvImport).toBeHidden();

    // A company with tags, domains and a connection strength, so its badges are checked on the list.
    await page.goto('/companies');
    await settle(page);
    await page.getByRole('button', { name: 'Add Company' }).first().click();
    const company = page.getByRole('dialog', { name: 'Add New Company' });
    await company.getByLabel('Company Name').fill('Acme Labs');
    await company.getByLabel('Tags').fill('customer, priority');
    await company.getByLabel('Domains').fill('acme.com');
    await company.getByLabel('Connection Strength').click();
    await page.getByRole('option', { name: 'Strong' }).click();
    await check('Add New Company dialog');
    await company.getByRole('button', { name: 'Add Company' }).click();
    await expect(company).toBeHidden();
    await page.getByRole('button', { name: 'View details of Acme Labs' }).click();
    const details = page.getByRole('dialog', { name: 'Acme Labs' });
    await expect(details).toBeVisible();
    await check('company details dialog');
    await page.keyboard.press('Escape');
    await expect(details).toBeHidden();

    await page.keyboard.press('ControlOrMeta+k');
    const palette = page.getByRole('dialog', { name: 'Search and commands' });
    await palette.getByRole('combobox').fill('acme');
    await expect(palette.getByRole('option', { name: /Acme Labs/ })).toBeVisible();
    await check('command palette with results');
    await page.keyboard.press('Escape');
    await expect(palette).toBeHidden();

    await page.goto('/events');
    await settle(page);
    await page.getByRole('button', { name: 'Add Event' }).first().click();
    const newEvent = page.getByRole('dialog', { name: 'Add New Event' });
    await newEvent.getByLabel('Title', { exact: true }).fill('Design review');
    await check('Add New Event dialog');
    await newEvent.getByRole('button', { name: 'Create Event' }).click();
    const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Event created successfully' });
    await toast.hover(); // sonner keeps a toast while the pointer is on it
    await check('success toast', page, { toasts: true });
    await page.mouse.move(0, 0);
    await expect(newEvent).toBeHidden();
    await page.getByTestId('calendar-event').filter({ hasText: 'Design review' }).first().click();
    const editEvent = page.getByRole('dialog', { name: 'Edit Event' });
    await expect(editEvent).toBeVisible();
    await check('Edit Event dialog');
    await page.keyboard.press('Escape');
    await expect(editEvent).toBeHidden();
    for (const view of ['Weekly', 'Daily']) {
      await page.getByLabel('Calendar view').click();
      await page.getByRole('option', { name: view }).click();
      await expect(
        page.getByTestId('calendar-event').filter({ hasText: 'Design review' }).first(),
      ).toBeVisible();
      await check(`/events, ${view} view`);
    }

    for (const path of SIGNED_IN_PAGES) {
      await page.goto(path);
      await settle(page);
      await check(path);
    }

    const phone = await (
      await newContext({
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
        storageState: await page.context().storageState(),
      })
    ).newPage();
    await useTheme(phone, theme);
    for (const path of PHONE_PAGES) {
      await phone.goto(path);
      await settle(phone);
      await check(`phone ${path}`, phone);
    }
    await phone.context().close();

    const signedOut = await (await newContext()).newPage();
    await useTheme(signedOut, theme);
    for (const path of SIGNED_OUT_PAGES) {
      await signedOut.goto(path);
      await settle(signedOut);
      await check(`signed out ${path}`, signedOut);
    }
    expect(found).toEqual([]);
  });
}
