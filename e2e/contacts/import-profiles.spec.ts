import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import type { Person } from '@relate/contracts';
import { account, expect, signUp, test } from '../support/fixtures';

const fixture = (name: string) =>
  fs.readFileSync(path.resolve(import.meta.dirname, '../../server/test/fixtures/csv', name));

/** The signed-in user's contacts, read through the API, oldest first. */
async function storedContacts(page: Page): Promise<Person[]> {
  const token = await page.evaluate(() => localStorage.getItem('auth_token'));
  const response = await page.request.get('/api/people?page_size=100&sort=id&order=asc', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.ok()).toBe(true);
  return (await response.json()).people;
}

/** Opens Import, picks the file, and goes to the preview without changing the suggested mapping. */
async function previewImport(page: Page, name: string, profile: string) {
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Simple CSV Import' });
  await dialog.getByLabel('CSV file').setInputFiles({ name, mimeType: 'text/csv', buffer: fixture(name) });
  await expect(dialog.getByText(`Recognised: ${profile}.`)).toBeVisible({ timeout: 30_000 });
  // Nothing to resolve by hand: fields the source fills from several columns are already combined.
  await expect(dialog.getByRole('button', { name: 'Preview' })).toBeEnabled();
  await dialog.getByRole('button', { name: 'Preview' }).click();
  return dialog;
}

const pick = ({ first_name, last_name, email, phone, mobile, organization, job_title }: Person) => ({
  first_name,
  last_name,
  email,
  phone,
  mobile,
  organization,
  job_title,
});

test('Google and German Outlook exports import as their sources mean them, and an import can be undone', async ({
  page,
}) => {
  await signUp(page, account('Ada'));
  await expect(page).toHaveURL(/\/contacts$/);

  const google = await previewImport(page, 'google_contacts_current.csv', 'Google Contacts');
  await expect(google.getByText('3 contacts will be imported')).toBeVisible();
  const grace = google.getByTestId('preview-row').filter({ hasText: 'Grace Hopper' });
  await expect(grace).toContainText('Rear Admiral');
  await expect(grace).not.toContainText('Amazing Grace Hopper');
  await google.getByRole('button', { name: 'Import 3 rows' }).click();
  await expect(page.getByText('Import successful: Imported 3 contacts')).toBeVisible();
  await expect(google.getByRole('button', { name: 'Undo this import' })).toBeVisible();
  await google.getByRole('button', { name: 'Done' }).click();

  const outlook = await previewImport(page, 'outlook_de_semicolon_utf8bom.csv', 'Outlook (Deutsch)');
  await expect(outlook.getByTestId('preview-row').first()).toContainText('Bäckerei Müller & Söhne');
  await expect(outlook.getByText('2 contacts will be imported')).toBeVisible();
  await outlook.getByRole('button', { name: 'Import 2 rows' }).click();
  await expect(page.getByText('Import successful: Imported 2 contacts')).toBeVisible();
  await expect(page.getByTestId('contact-row')).toHaveCount(5);

  const stored = await storedContacts(page);
  expect(stored.map(pick)).toEqual([
    {
      first_name: 'Grace',
      last_name: 'Hopper',
      email: 'grace@navy.example',
      phone: null,
      mobile: '+1 555 0199',
      organization: 'US Navy',
      job_title: 'Rear Admiral',
    },
    {
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'ada@home.example',
      phone: '+44 20 7946 0200',
      mobile: '+44 20 7946 0100',
      organization: 'Analytical Engines',
      job_title: 'Engineer',
    },
    {
      first_name: null,
      last_name: null,
      email: 'info@acme.example',
      phone: null,
      mobile: null,
      organization: 'Acme GmbH',
      job_title: null,
    },
    {
      first_name: 'Jürgen',
      last_name: 'Müller',
      email: 'juergen@mueller.example',
      phone: '+49 89 123456',
      mobile: '+49 171 2345678',
      organization: 'Bäckerei Müller & Söhne',
      job_title: 'Geschäftsführer',
    },
    {
      first_name: 'Zoë',
      last_name: 'Dupont',
      email: 'zoe@cafe.example',
      phone: null,
      mobile: null,
      organization: 'Café Crème SARL',
      job_title: 'Gérante',
    },
  ]);
  expect(stored[0]).toMatchObject({
    birthday: '1906-12-09',
    custom_fields: { Nickname: 'Amazing Grace', 'Email 2': 'grace@example.com' },
  });
  expect(stored[3]).toMatchObject({
    birthday: '1970-12-31',
    address: 'Königstraße 5\nMünchen\n80331\nDeutschland',
  });

  // The Outlook import was the wrong file after all: undo removes its two contacts and nothing else.
  await outlook.getByRole('button', { name: 'Undo this import' }).click();
  await expect(outlook.getByText('Import undone: 2 contacts were removed.')).toBeVisible();
  await outlook.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByTestId('contact-row')).toHaveCount(3);
  expect((await storedContacts(page)).map((person) => person.email)).toEqual([
    'grace@navy.example',
    'ada@home.example',
    'info@acme.example',
  ]);
});
