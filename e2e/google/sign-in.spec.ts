import { expect, test } from './google-fixtures';

test('signs in with Google through the 500x600 popup and lands in the workspace', async ({
  page,
  google,
}) => {
  google.fake.addAccount({ sub: '113943641271207611320', email: 'ada@example.com', name: 'Ada Lovelace' });
  google.fake.addAccount({
    sub: '113943641271207611321',
    email: 'charles@example.com',
    name: 'Charles Babbage',
  });
  await page.goto('/auth');

  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  const popup = await popupOpened;
  // The fake's account chooser, as Google shows it.
  await expect(popup.getByRole('heading', { name: 'Choose an account' })).toBeVisible();
  expect(popup.viewportSize()).toEqual({ width: 500, height: 600 });
  await popup.getByRole('button', { name: /Ada Lovelace/ }).click();

  await expect(page.getByText('Successfully signed in with Google.')).toBeVisible();
  await expect(page).toHaveURL(/\/contacts$/);
  // The first account of an installation is its administrator.
  await expect(page.getByRole('link', { name: 'Admin dashboard' })).toBeVisible();
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('auth_user') ?? '{}').email)).toBe(
    'ada@example.com',
  );
  // The callback popup closes itself 2 s after success.
  await expect.poll(() => popup.isClosed(), { timeout: 10_000 }).toBe(true);
});

test('says so when the person cancels at Google', async ({ page, google }) => {
  google.fake.addAccount({ sub: '113943641271207611322', email: 'grace@example.com', name: 'Grace Hopper' });
  await page.goto('/auth');
  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  const popup = await popupOpened;
  await popup.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByText('Google Auth Failed')).toBeVisible();
  await expect(page.getByText('Google OAuth error: access_denied')).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);
});
