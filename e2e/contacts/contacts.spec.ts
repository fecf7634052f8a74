import path from 'node:path';
import type { Page } from '@playwright/test';
import { CONTACTS_PAGE_MODULES, initialJavaScript } from '../../scripts/web-budget.mjs';
import { account, expect, signUp, test } from '../support/fixtures';

async function addContact(
  page: Page,
  contact: { first: string; last: string; email: string; organization: string },
) {
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Add New Contact' });
  await dialog.getByLabel('First Name').fill(contact.first);
  await dialog.getByLabel('Last Name').fill(contact.last);
  await dialog.getByLabel('Email').fill(contact.email);
  await dialog.getByRole('tab', { name: 'Professional Info' }).click();
  await dialog.getByLabel('Organization').fill(contact.organization);
  await dialog.getByRole('button', { name: 'Add Contact' }).click();
  await expect(dialog).toBeHidden();
}

const rows = (page: Page) => page.getByTestId('contact-row');

test('add contacts, filter a column, edit inline and in the detail dialog, delete one', async ({ page }) => {
  await signUp(page, account('Ada'));
  await expect(page).toHaveURL(/\/contacts$/);
  await expect(page.getByText('No contacts found')).toBeVisible();

  await addContact(page, {
    first: 'Grace',
    last: 'Hopper',
    email: 'grace@navy.example',
    organization: 'US Navy',
  });
  await addContact(page, { first: 'Alan', last: 'Turing', email: 'alan@acme.example', organization: 'Acme' });
  await expect(rows(page)).toHaveCount(2);

  await page.getByLabel('Filter Email').fill('ACME');
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText('Turing');

  // The filter left one row; in edit mode its text moves into inputs, so hold it by position.
  const alan = rows(page).first();
  await alan.getByRole('button', { name: 'Edit row' }).click();
  await alan.getByLabel('Organization').fill('Bletchley Park');
  await alan.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Contact updated')).toBeVisible();
  await page.getByLabel('Filter Email').fill('');
  await expect(rows(page).filter({ hasText: 'Bletchley Park' })).toHaveCount(1);

  await rows(page).filter({ hasText: 'Turing' }).getByRole('button', { name: 'Edit contact' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Contact' });
  await edit.getByRole('tab', { name: 'Professional Info' }).click();
  await edit.getByLabel('Job Title').fill('Cryptanalyst');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(edit).toBeHidden();
  await expect(rows(page).filter({ hasText: 'Cryptanalyst' })).toHaveCount(1);

  await rows(page).filter({ hasText: 'Hopper' }).getByText('Grace', { exact: true }).click();
  const detail = page.getByRole('dialog');
  await expect(detail.getByRole('heading', { name: 'Grace Hopper' })).toBeVisible();
  await expect(detail.getByText('US Navy')).toBeVisible();
  await detail.getByRole('button', { name: 'Edit' }).click();
  await detail.getByRole('tab', { name: 'Professional Info' }).click();
  await detail.getByLabel('Job Title').fill('Rear Admiral');
  await detail.getByRole('button', { name: 'Save Changes' }).click();
  await expect(detail.getByText('Rear Admiral at US Navy')).toBeVisible();
  // The open contact is in the address (?contact=<id>): the link a one-contact share notification opens.
  await expect(page).toHaveURL(/\/contacts\?contact=\d+$/);
  await page.reload();
  await expect(page.getByRole('dialog').getByRole('heading', { name: 'Grace Hopper' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/\/contacts$/);

  await rows(page).filter({ hasText: 'Turing' }).getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Contact deleted')).toBeVisible();
  await expect(rows(page)).toHaveCount(1);
  await page.reload();
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText('Hopper');
});

test('import a CSV through the mapping step, then find and merge duplicates', async ({ page }) => {
  await signUp(page, account('Ada'));
  await expect(page).toHaveURL(/\/contacts$/);

  await page.getByRole('button', { name: 'Import', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Simple CSV Import' });
  const csv = [
    'First Name,Last Name,E-mail,Company,Favourite colour',
    'Linus,Torvalds,linus@example.com,Linux Foundation,blue',
    'Linus,Torvalds,linus@example.com,Linux Foundation,blue',
    'Margaret,Hamilton,margaret@example.com,NASA,green',
  ].join('\n');
  await dialog
    .getByLabel('CSV file')
    .setInputFiles({ name: 'people.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(dialog.getByLabel('Field for E-mail')).toContainText('Email');
  await expect(dialog.getByLabel('Field for Last Name')).toContainText('Last Name');
  await expect(dialog.getByLabel('Field for Favourite colour')).toContainText('Skip');
  // Sample values from the first rows sit beside each column, so the user can tell what it holds.
  await expect(dialog.getByText('e.g. linus@example.com, margaret@example.com')).toBeVisible();
  await expect(dialog.getByText('e.g. blue, green')).toBeVisible();
  await dialog.getByRole('button', { name: 'Preview' }).click();
  await expect(dialog.getByText('3 contacts will be imported')).toBeVisible();
  await dialog.getByRole('button', { name: 'Import 3 rows' }).click();
  await expect(page.getByText('Import successful: Imported 3 contacts')).toBeVisible();
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(rows(page)).toHaveCount(3);

  await page.getByRole('link', { name: 'Settings' }).first().click();
  await page.getByRole('button', { name: 'Find Duplicates' }).click();
  const duplicates = page.getByRole('dialog', { name: 'Find Duplicates' });
  await expect(duplicates.getByTestId('duplicate-group')).toHaveCount(1);
  await duplicates.getByRole('button', { name: 'Auto-merge identical contacts' }).click();
  await expect(page.getByText('Auto-merge completed')).toBeVisible();
  await expect(duplicates.getByText('No duplicate contacts found.')).toBeVisible();
  await page.keyboard.press('Escape');

  await page.getByRole('link', { name: 'Contacts' }).first().click();
  await expect(rows(page)).toHaveCount(2);
});

test('Find Duplicates shows ten records of a large group until Show all fetches the rest; Keep This keeps one of all', async ({
  page,
}) => {
  await signUp(page, account('Ada'));
  await expect(page).toHaveURL(/\/contacts$/);
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Simple CSV Import' });
  const csv = [
    'First Name,Last Name,E-mail',
    ...Array.from({ length: 25 }, (_, index) => `Pat,Kim,pat${index + 1}@example.com`),
  ].join('\n');
  await dialog
    .getByLabel('CSV file')
    .setInputFiles({ name: 'people.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(dialog.getByLabel('Field for E-mail')).toContainText('Email');
  await dialog.getByRole('button', { name: 'Preview' }).click();
  await dialog.getByRole('button', { name: 'Import 25 rows' }).click();
  await dialog.getByRole('button', { name: 'Done' }).click();

  await page.getByRole('link', { name: 'Settings' }).first().click();
  await page.getByRole('button', { name: 'Find Duplicates' }).click();
  const duplicates = page.getByRole('dialog', { name: 'Find Duplicates' });
  const group = duplicates.getByTestId('duplicate-group');
  await expect(group).toContainText('Pat Kim (25 records)');
  await expect(group.getByRole('button', { name: 'Keep This' })).toHaveCount(10);
  await expect(group).not.toContainText('pat11@example.com');

  await group.getByRole('button', { name: 'Show all 25 records' }).click();
  await expect(group.getByRole('button', { name: 'Keep This' })).toHaveCount(25);
  await expect(group.getByText('pat25@example.com')).toBeVisible();

  await group.getByRole('button', { name: 'Keep This' }).last().click();
  await expect(page.getByText('Kept record for Pat Kim and deleted 24 duplicates.')).toBeVisible();
  await expect(duplicates.getByText('No duplicate contacts found.')).toBeVisible();
  await page.keyboard.press('Escape');
  await page.getByRole('link', { name: 'Contacts' }).first().click();
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText('pat25@example.com');
});

test('a first visit to /contacts downloads only the JavaScript the budget counts; a dialog brings its own', async ({
  page,
}) => {
  await signUp(page, account('Ada'));
  await expect(page).toHaveURL(/\/contacts$/);
  const budgeted = new Set(
    initialJavaScript(path.resolve(import.meta.dirname, '../../web/dist'), CONTACTS_PAGE_MODULES).files.map(
      (file) => `/${file.file}`,
    ),
  );
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  // Nothing is pointed at while the page loads (pointing at a button starts loading its dialog).
  await page.mouse.move(0, 0);
  await page.goto('/contacts');
  // The list has rendered: a lazy component rendered with it would have asked for its code by now. (The
  // notification stream stays open, so the network never goes idle.)
  await page.waitForLoadState('load');
  await expect(page.getByText('No contacts found')).toBeVisible();
  expect(scripts.length).toBeGreaterThan(0);
  // The Toaster's code comes right after the first render, by design (web/src/lib/toast.ts).
  const afterFirstRender = /\/sonner-toaster-[\w-]+\.js$/;
  expect(scripts.filter((script) => !budgeted.has(script) && !afterFirstRender.test(script))).toEqual([]);

  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Add New Contact' })).toBeVisible();
  expect(scripts.filter((script) => !budgeted.has(script))).toContainEqual(
    expect.stringMatching(/contact-form-dialog-[\w-]+\.js$/),
  );
});
