import type { Page } from '@playwright/test';
import { account, expect, signUp, test } from '../support/fixtures';
import { createCompanies, openCompanies } from './companies-api';

/** Screenshots to look at, beside the test's other output. */
const shot = (page: Page, name: string) =>
  page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: false });

/** Opens Add New Contact, names the person and types an organization on Professional Info. */
async function startContact(page: Page, first: string, last: string, organization: string) {
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Add New Contact' });
  await dialog.getByLabel('First Name').fill(first);
  await dialog.getByLabel('Last Name').fill(last);
  await dialog.getByRole('tab', { name: 'Professional Info' }).click();
  await dialog.getByLabel('Job Title').fill('Rear Admiral');
  await dialog.getByRole('combobox', { name: 'Organization' }).fill(organization);
  return dialog;
}

/** Signs up with two companies, adds Grace linked to one from the form's suggestions, opens its page. */
async function linkGraceToAcme(page: Page, screenshots: string) {
  await signUp(page, account('Ada'));
  await expect(page).toHaveURL(/\/contacts$/);
  await createCompanies(page, [
    { record: 'Acme Robotics Ltd', categories: 'Robotics' },
    { record: 'Globex' },
  ]);

  const dialog = await startContact(page, 'Grace', 'Hopper', 'acme');
  const option = dialog.getByRole('option', { name: 'Acme Robotics Ltd' });
  await expect(option).toBeVisible();
  await expect(dialog.getByRole('option', { name: 'Add company "acme"' })).toBeVisible();
  await shot(page, `contact-form-suggestion-${screenshots}`);
  await option.click();
  await expect(dialog.getByRole('combobox', { name: 'Organization' })).toHaveValue('Acme Robotics Ltd');
  await expect(dialog.getByText('Linked to the company Acme Robotics Ltd.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Add Contact' }).click();
  await expect(dialog).toBeHidden();

  await openCompanies(page);
  await page.getByRole('link', { name: 'Acme Robotics Ltd' }).click();
  await expect(page).toHaveURL(/\/companies\/\d+$/);
  await expect(page.getByRole('heading', { name: 'Acme Robotics Ltd', level: 1 })).toBeVisible();
  const people = page.getByRole('list', { name: 'People' });
  await expect(people.getByRole('listitem')).toHaveCount(1);
  await expect(people.getByRole('link', { name: 'Grace Hopper' })).toBeVisible();
  await expect(people.getByText('Rear Admiral')).toBeVisible();
  await expect(page.getByText('1 person works here')).toBeVisible();
  await shot(page, `company-page-${screenshots}`);
}

test('link a contact to a company from the form and see it on the company page', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await linkGraceToAcme(page, 'light');

  // Its people in the contacts list, filtered by the company.
  await page.getByRole('link', { name: 'Show in Contacts' }).click();
  await expect(page).toHaveURL(/\/contacts\?company_id=\d+$/);
  await expect(page.getByText('People at Acme Robotics Ltd')).toBeVisible();
  await expect(page.getByTestId('contact-row')).toHaveCount(1);

  // An organization no company has yet: "Add company" links the contact to a new one.
  const dialog = await startContact(page, 'Alan', 'Turing', 'Initech GmbH');
  await dialog.getByRole('option', { name: 'Add company "Initech GmbH"' }).click();
  await expect(dialog.getByText('The company Initech GmbH will be added.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Add Contact' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'Show all contacts' }).click();
  await expect(page).toHaveURL(/\/contacts$/);
  await expect(page.getByTestId('contact-row')).toHaveCount(2);

  // The contact's details link to its company's page.
  await page.getByTestId('contact-row').filter({ hasText: 'Hopper' }).click();
  const detail = page.getByRole('dialog');
  await expect(detail.getByRole('heading', { name: 'Grace Hopper' })).toBeVisible();
  await detail.getByRole('link', { name: 'Acme Robotics Ltd' }).click();
  await expect(page.getByRole('heading', { name: 'Acme Robotics Ltd', level: 1 })).toBeVisible();
  await openCompanies(page);
  await expect(page.getByRole('link', { name: 'Initech GmbH' })).toBeVisible();
});

test.describe('in the dark theme', () => {
  test.use({ colorScheme: 'dark' });

  test('the suggestions and the company page', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await linkGraceToAcme(page, 'dark');
    await expect(page.locator('html')).toHaveClass(/dark/);
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the suggestions and the company page at 390 px', async ({ page }) => {
    await linkGraceToAcme(page, 'phone');
  });
});
