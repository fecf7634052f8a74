import type { Page } from '@playwright/test';
import { account, expect, signUp } from '../support/fixtures';
import { test } from './google-fixtures';

/** Screenshots to look at, beside the test's other output. */
const shot = (page: Page, name: string) =>
  page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: false });

test('connects Google in Settings, previews the contacts, applies them and finds them in the table', async ({
  page,
  google,
}) => {
  test.setTimeout(180_000); // a long journey on a busy machine
  const sub = '113943641271207611320';
  google.fake.addAccount({ sub, email: 'ada@gmail.example', name: 'Ada Lovelace' });
  google.fake.addReferenceContacts(sub); // Ada Lovelace, one without a name, Иван Петров
  await signUp(page, account('Ada'));
  await expect(page).toHaveURL(/\/contacts$/);
  // A contact already in Relate that Google also has (same e-mail).
  const token = await page.evaluate(() => localStorage.getItem('auth_token'));
  const created = await page.request.post('/api/people', {
    headers: { authorization: `Bearer ${token}` },
    data: { first_name: 'Ivan', last_name: 'Petrov', phone: '+7 916 123 45 67' },
  });
  expect(created.ok()).toBe(true);

  await page.getByRole('link', { name: 'Settings' }).click();
  await page.getByRole('button', { name: /Google Integration/ }).click();
  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Connect Google' }).click();
  const popup = await popupOpened;
  await popup.getByRole('button', { name: /Ada Lovelace/ }).click();
  await expect(page.getByText('Google account connected', { exact: true }).first()).toBeVisible();
  await expect(page.getByText('ada@gmail.example')).toBeVisible();
  const card = page.getByRole('region', { name: 'Google Contacts' });
  await expect(card.getByText('Not Synced')).toBeVisible();

  await card.getByRole('button', { name: 'Preview' }).click();
  const dialog = page.getByRole('dialog', { name: 'Preview Google Contacts Sync' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('tab', { name: /New Items\s*2/ })).toHaveAttribute('aria-selected', 'true');
  await expect(dialog.getByTestId('google-review-item')).toHaveCount(2);
  await expect(dialog.getByText('Ada Lovelace')).toBeVisible();
  await expect(dialog.getByRole('checkbox', { name: 'Select Ada Lovelace' })).toBeChecked();

  await dialog.getByRole('tab', { name: /Duplicates\s*1/ }).click();
  const duplicate = dialog.getByTestId('google-review-item');
  await expect(duplicate).toContainText('Иван Петров');
  await expect(duplicate).toContainText('Matches Ivan Petrov by the same phone number');
  await expect(dialog.getByRole('checkbox', { name: 'Select Иван Петров' })).not.toBeChecked();
  await dialog.getByRole('checkbox', { name: 'Select Иван Петров' }).check();

  await dialog.getByRole('button', { name: 'Apply 3 selected' }).click();
  await expect(page.getByText('Created 2, linked 1, updated 0.')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(card.getByText('Synced', { exact: true })).toBeVisible();

  await page.getByRole('link', { name: 'Contacts' }).click();
  await expect(page.getByRole('cell', { name: 'Lovelace', exact: true })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'no-name@example.org' }).first()).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Ivan', exact: true })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Analytical Engines Ltd' })).toBeVisible();
});

test('a Connect Google link sent to someone else links nothing and tells them what happened', async ({
  page,
  newPage,
  google,
}) => {
  test.setTimeout(180_000); // a long journey on a busy machine
  const victimSub = '113943641271207611330';
  google.fake.addAccount({ sub: victimSub, email: 'victim@gmail.example', name: 'Vic Tim' });
  await signUp(page, account('Mallory'));
  await expect(page).toHaveURL(/\/contacts$/);
  const headers = {
    authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('auth_token'))}`,
  };
  // Mallory starts a connection and sends its Google URL to the victim instead of opening it.
  const started = await page.request.post('/api/auth/google/connect', { headers });
  const { authorization_url } = await started.json();

  const victim = await newPage();
  await victim.goto(authorization_url);
  await victim.getByRole('button', { name: /Vic Tim/ }).click();
  await expect(victim).toHaveURL(/\/auth\/google\/callback\?/);
  const alert = victim.getByRole('alert');
  await expect(alert).toContainText('Authentication Error');
  await expect(alert).toContainText('nothing was linked');
  await expect(alert).toContainText('Relate did not get access to your Google account');

  const status = await page.request.get('/api/auth/google/status', { headers });
  expect(await status.json()).toMatchObject({ has_google_account: false });
  expect(google.fake.hasLiveRefreshToken(victimSub)).toBe(false);
});

for (const [label, width, height, theme] of [
  ['light', 1280, 800, 'light'],
  ['dark', 1280, 800, 'dark'],
  ['phone', 390, 844, 'light'],
] as const)
  test(`dismisses a Google contact one does not want, and restores it (${label})`, async ({
    page,
    google,
  }) => {
    test.setTimeout(180_000); // a long journey on a busy machine
    await page.setViewportSize({ width, height });
    await page.addInitScript((chosen) => localStorage.setItem('theme', chosen), theme);
    const sub = `11394364127120761140${['light', 'dark', 'phone'].indexOf(label)}`;
    google.fake.addAccount({ sub, email: `dismiss-${label}@gmail.example`, name: 'Dee Smiss' });
    google.fake.addReferenceContacts(sub);
    await signUp(page, account('Dee'));
    await expect(page).toHaveURL(/\/contacts$/);
    await page.goto('/settings');
    await page.getByRole('button', { name: /Google Integration/ }).click();
    const popupOpened = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Connect Google' }).click();
    await (await popupOpened).getByRole('button', { name: /Dee Smiss/ }).click();
    const card = page.getByRole('region', { name: 'Google Contacts' });
    await card.getByRole('button', { name: 'Preview' }).click();
    const dialog = page.getByRole('dialog', { name: 'Preview Google Contacts Sync' });
    await expect(dialog.getByTestId('google-review-item')).toHaveCount(3);

    // Keep only Ada: the other two are dismissed and never imported.
    await dialog.getByRole('checkbox', { name: 'Select Ada Lovelace' }).uncheck();
    await dialog.getByRole('button', { name: 'Dismiss 2' }).click();
    await expect(page.getByText('Dismissed 2 items')).toBeVisible();
    await expect(dialog.getByTestId('google-review-item')).toHaveCount(1);
    await dialog.getByRole('tab', { name: /Dismissed\s*2/ }).click();
    await shot(page, `google-dismissed-${label}`);
    await dialog.getByRole('button', { name: 'Restore Иван Петров' }).click();
    await expect(dialog.getByRole('tab', { name: /Dismissed\s*1/ })).toBeVisible();
    await dialog.getByRole('tab', { name: /New Items/ }).click();
    await expect(dialog.getByRole('checkbox', { name: 'Select Иван Петров' })).toBeVisible();
    await shot(page, `google-review-${label}`);

    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(card.getByText('2 changes from Google wait for your review.')).toBeVisible();
  });
