import { account, approve, signUp } from '../support/fixtures';
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

test("a callback link carrying someone's tokens, or their code and state, signs no one in", async ({
  page,
  newPage,
  google,
}) => {
  test.setTimeout(180_000); // a long journey on a busy machine
  const sub = '113943641271207611323';
  google.fake.addAccount({ sub, email: 'mallory@example.com', name: 'Mallory' });
  // Mallory's own session, as tokens she could put in a link.
  await signUp(page, account('Mallory'));
  const tokens = await page.evaluate(() => ({
    access: localStorage.getItem('auth_token') ?? '',
    refresh: localStorage.getItem('refresh_token') ?? '',
  }));
  const victim = await newPage();
  const withTokens = new URLSearchParams({ token: tokens.access, refresh_token: tokens.refresh });
  await victim.goto(`/auth/google/callback?${withTokens}`);
  await expect(victim.getByRole('alert')).toContainText('No authorization code received');
  expect(await victim.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();

  // Mallory starts a Google sign-in in her browser, consents, and sends the callback link on.
  const started = await page.request.get('/api/auth/google');
  google.fake.autoConsent = sub;
  const redirect = await fetch((await started.json()).authorization_url, { redirect: 'manual' });
  const link = new URL(redirect.headers.get('location') ?? '');
  await victim.goto(`${link.pathname}${link.search}`);
  await expect(victim.getByRole('alert')).toContainText(
    'started in another browser, so no one was signed in',
  );
  expect(await victim.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();
});

test("Google's owner of an e-mail takes over the unverified account someone registered with it; the admin sees it", async ({
  page,
  newPage,
  google,
}) => {
  test.setTimeout(180_000);
  await signUp(page, account('Admin')); // the first account is the administrator
  await expect(page).toHaveURL(/\/contacts$/);
  // Mallory registers the victim's address with her own password, and is approved.
  const squatter = { ...account('Mallory'), email: 'victim@example.com' };
  const mallory = await newPage();
  await signUp(mallory, squatter);
  await approve(page, squatter);

  google.fake.addAccount({ sub: '113943641271207611340', email: 'victim@example.com', name: 'Vic Tim' });
  const victim = await newPage();
  await victim.goto('/auth');
  const popupOpened = victim.waitForEvent('popup');
  await victim.getByRole('button', { name: 'Continue with Google' }).click();
  await (await popupOpened).getByRole('button', { name: /Vic Tim/ }).click();
  await expect(victim.getByText('Successfully signed in with Google.')).toBeVisible();

  // Mallory's password no longer opens the account.
  const login = await victim.request.post('/api/auth/login', {
    data: { email: squatter.email, password: squatter.password },
  });
  expect(login.status()).toBe(401);

  await page.goto('/admin');
  await page
    .getByTestId('admin-user-row')
    .filter({ hasText: squatter.email })
    .getByRole('button', { name: 'History' })
    .click();
  const history = page.getByRole('dialog', { name: 'Account history' });
  await expect(history).toContainText('took the account over');
  await expect(history).toContainText('Its password was removed and every session ended.');
});
