import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import type { Person } from '@relate/contracts';
import { account, expect, signUp, test } from '../support/fixtures';

const fixture = (name: string) =>
  fs.readFileSync(path.resolve(import.meta.dirname, '../../server/test/fixtures/csv', name));

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

/** Opens Import, picks the file and goes to the preview with the suggested mapping. */
async function previewImport(page: Page, name: string, profile: string, label = name) {
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Simple CSV Import' });
  await dialog.getByLabel('CSV file').setInputFiles({ name, mimeType: 'text/csv', buffer: fixture(name) });
  await expect(dialog.getByText(`Recognised: ${profile}.`)).toBeVisible({ timeout: 60_000 });
  await shot(page, `${label}-mapping`);
  await dialog.getByRole('button', { name: 'Preview' }).click();
  await expect(dialog.getByText(/will be imported/)).toBeVisible();
  return dialog;
}

for (const theme of ['light', 'dark'] as const)
  test(`HubSpot with company columns and Google's Outlook CSV land field by field, the Import button in view at 1280×800 (${theme})`, async ({
    page,
  }) => {
    test.slow();
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.addInitScript((chosen) => localStorage.setItem('theme', chosen), theme);
    await signUp(page, account('Ada'));
    await expect(page).toHaveURL(/\/contacts$/);

    const hubspot = await previewImport(
      page,
      'hubspot_contacts_with_companies.csv',
      'HubSpot contacts',
      `hubspot-${theme}`,
    );
    const importHubspot = hubspot.getByRole('button', { name: 'Import 3 rows' });
    await expect(importHubspot).toBeInViewport({ ratio: 1 });
    await shot(page, `hubspot-${theme}-preview`);
    await importHubspot.click();
    await expect(hubspot.getByText('Every row was imported.')).toBeVisible({ timeout: 60_000 });
    await hubspot.getByRole('button', { name: 'Done' }).click();

    const google = await previewImport(
      page,
      'google_contacts_outlook.csv',
      'Google Contacts (Outlook CSV)',
      `google-outlook-${theme}`,
    );
    const grace = google.getByTestId('preview-row').filter({ hasText: 'Grace Hopper' });
    await expect(grace).toContainText('1 Main St');
    await expect(grace).toContainText('Arlington');
    const importGoogle = google.getByRole('button', { name: 'Import 3 rows' });
    await expect(importGoogle).toBeInViewport({ ratio: 1 });
    await shot(page, `google-outlook-${theme}-preview`);
    await importGoogle.click();
    await expect(google.getByText('Every row was imported.')).toBeVisible({ timeout: 60_000 });
    await google.getByRole('button', { name: 'Done' }).click();
    await shot(page, `contacts-${theme}`);

    const [maria, brian, ana, gracePerson, ada] = await storedContacts(page);
    expect(maria).toMatchObject({
      phone: '+1 617-555-0101',
      mobile: '+1 617-555-0111',
      organization: 'HubSpot',
      address: '25 First Street\nCambridge\nMA\n02141\nUnited States',
    });
    expect(brian).toMatchObject({ phone: '+1 617-555-0102', address: null });
    expect(ana).toMatchObject({ mobile: '+55 11 91234-5678' });
    expect(gracePerson).toMatchObject({
      address: '1 Main St\nApt 4\nArlington\nVA\n22201\nUnited States',
      website_url: 'https://www.navy.example/grace',
      tags: 'Navy, Friends',
    });
    expect(ada).toMatchObject({ birthday: '0004-12-10' });
  });

test('on a phone the import dialog keeps its buttons in view and the toast clear of them', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signUp(page, account('Grace'));
  await expect(page).toHaveURL(/\/contacts$/);
  const dialog = await previewImport(
    page,
    'google_contacts_outlook.csv',
    'Google Contacts (Outlook CSV)',
    'phone',
  );
  const importButton = dialog.getByRole('button', { name: 'Import 3 rows' });
  await expect(importButton).toBeInViewport({ ratio: 1 });
  await shot(page, 'phone-preview');
  await importButton.click();
  const toast = page.getByText('Import successful: Imported 3 contacts');
  await expect(toast).toBeVisible();
  const done = dialog.getByRole('button', { name: 'Done' });
  const [toastBox, doneBox] = [await toast.boundingBox(), await done.boundingBox()];
  expect(toastBox && doneBox && toastBox.y + toastBox.height <= doneBox.y).toBe(true);
  await shot(page, 'phone-result');
});
