import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import type { Person } from '@relate/contracts';
import { account, expect, signUp, test } from '../support/fixtures';

const fixture = (name: string) =>
  fs.readFileSync(path.resolve(import.meta.dirname, '../../server/test/fixtures/vcard', name));

/** Screenshots to look at, beside the test's other output. */
const shot = (page: Page, name: string) =>
  page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: false });

async function storedContacts(page: Page): Promise<Person[]> {
  const token = await page.evaluate(() => localStorage.getItem('auth_token'));
  const response = await page.request.get('/api/people?page_size=100&sort=id&order=asc', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.ok()).toBe(true);
  return (await response.json()).people;
}

/** The fields an import stores: a contact without its id and times. */
const fields = ({ id: _i, created_at: _c, updated_at: _u, ...rest }: Person) => rest;

/** Opens Import and picks a vCard file: the dialog goes straight to its preview. */
async function previewVCard(page: Page, name: string, buffer: Buffer) {
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Simple CSV Import' });
  await dialog.getByLabel('CSV file or vCard file').setInputFiles({ name, mimeType: 'text/vcard', buffer });
  await expect(dialog.getByText(/will be imported/)).toBeVisible({ timeout: 60_000 });
  return dialog;
}

test('an Apple Contacts .vcf imports through the dialog, and exports back as a .vcf that imports the same', async ({
  page,
}) => {
  test.slow();
  await page.setViewportSize({ width: 1280, height: 800 });
  await signUp(page, account('Ada'));
  await expect(page).toHaveURL(/\/contacts$/);

  const dialog = await previewVCard(page, 'apple-contacts.vcf', fixture('apple-contacts.vcf'));
  await expect(dialog.getByText('apple-contacts.vcf: 3 cards (vCard 3.0).')).toBeVisible();
  const ada = dialog.getByTestId('preview-row').filter({ hasText: 'Ada Lovelace' });
  await expect(ada).toContainText('Card 1');
  await expect(ada).toContainText('ada@engines.example');
  await expect(ada).toContainText('https://github.com/ada');
  await expect(dialog.getByRole('button', { name: 'Back to mapping' })).toHaveCount(0);
  const importButton = dialog.getByRole('button', { name: 'Import 3 cards' });
  await expect(importButton).toBeInViewport({ ratio: 1 });
  await importButton.click();
  await expect(dialog.getByText('Every card was imported.')).toBeVisible({ timeout: 60_000 });
  await dialog.getByRole('button', { name: 'Done' }).click();

  const imported = await storedContacts(page);
  expect(imported.map((person) => person.full_name)).toEqual([
    'Ada Lovelace',
    null,
    'Rear Admiral Grace Brewster Murray Hopper',
  ]);
  expect(imported[0]).toMatchObject({
    birthday: '0004-12-10',
    mobile: '+44 20 7946 0101',
    twitter_url: 'http://twitter.com/adalovelace',
    address: "12 St James's Square\nLondon SW1Y 4JH\nUnited Kingdom",
  });

  // The selection's export: one .vcf with the chosen cards.
  await page.getByRole('checkbox', { name: 'Select Ada Lovelace' }).check();
  await page.getByRole('checkbox', { name: /^Select Rear Admiral/ }).check();
  const [selection] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export vCard' }).click(),
  ]);
  expect(selection.suggestedFilename()).toMatch(/^contacts-\d{4}-\d{2}-\d{2}\.vcf$/);
  const chosen = fs.readFileSync((await selection.path())!, 'utf8');
  expect(chosen.match(/BEGIN:VCARD/g)).toHaveLength(2);
  expect(chosen).toContain('FN:Ada Lovelace');
  expect(chosen).not.toContain('Babbage');

  // Every contact from Settings, imported back: the same fields again.
  await page.goto('/settings?section=contacts');
  const [all] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export vCard' }).click(),
  ]);
  const exported = fs.readFileSync((await all.path())!);
  await page.goto('/contacts');
  const again = await previewVCard(page, 'contacts.vcf', exported);
  await again.getByRole('button', { name: 'Import 3 cards' }).click();
  await expect(again.getByText('Every card was imported.')).toBeVisible({ timeout: 60_000 });
  const [, , , ...copies] = await storedContacts(page);
  expect(copies.map(fields)).toEqual(imported.map(fields));
  await again.getByRole('button', { name: 'Undo this import' }).click();
  await expect(again.getByText('Import undone: 3 contacts were removed.')).toBeVisible();
});

for (const [label, width, height, theme] of [
  ['light', 1280, 800, 'light'],
  ['dark', 1280, 800, 'dark'],
  ['phone', 390, 844, 'light'],
] as const)
  test(`the vCard preview in the import dialog (${label})`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    await page.addInitScript((chosen) => localStorage.setItem('theme', chosen), theme);
    await signUp(page, account('Grace'));
    await expect(page).toHaveURL(/\/contacts$/);
    const file = Buffer.concat([fixture('outlook-2.1.vcf'), fixture('android-2.1.vcf')]);
    const dialog = await previewVCard(page, 'outlook-and-android.vcf', file);
    await expect(dialog.getByText('4 contacts will be imported')).toBeVisible();
    await expect(dialog.getByTestId('preview-row').filter({ hasText: 'Jürgen Müller' })).toContainText(
      'Hauptstraße 5',
    );
    await shot(page, `vcard-preview-${label}`);
    const importButton = dialog.getByRole('button', { name: 'Import 4 cards' });
    await expect(importButton).toBeInViewport({ ratio: 1 });
    await importButton.click();
    await expect(dialog.getByText('Every card was imported.')).toBeVisible({ timeout: 60_000 });
    await expect(dialog.getByText('Wrong file? Undo removes exactly the contacts')).toBeVisible();
    await shot(page, `vcard-result-${label}`);
    await dialog.getByRole('button', { name: 'Done' }).click();
    await page.getByRole('checkbox', { name: 'Select Amélie Dubois' }).check();
    await expect(page.getByRole('button', { name: 'Export vCard' })).toBeVisible();
    await shot(page, `vcard-selection-${label}`);
  });
