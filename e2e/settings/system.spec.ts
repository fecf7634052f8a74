import { account, approve, expect, signIn, signUp, test } from '../support/fixtures';

test('Settings → System shows an administrator the version, the database and backups; members do not see it', async ({
  page,
  newPage,
}) => {
  test.slow(); // two accounts, an approval and four page loads
  const ada = account('Ada'); // the first account: administrator
  await signUp(page, ada);
  await expect(page).toHaveURL(/\/contacts$/);

  await page.goto('/settings');
  const strip = page.getByRole('navigation', { name: 'Settings sections' });
  await strip.getByRole('button', { name: /System/ }).click();
  await expect(page).toHaveURL(/section=system/);
  const info = page.getByTestId('system-info');
  await expect(info.getByText(/^\d+\.\d+\.\d+$/)).toBeVisible();
  await expect(info.getByText(/^PostgreSQL \d+/)).toBeVisible();
  await expect(info.getByText(/^Embedded, in/)).toBeVisible();
  // The embedded PostgreSQL runs with fsync: no warning about what its absence risks.
  await expect(info.getByText(/fsync is off/)).toHaveCount(0);
  await expect(info.getByText('No backup yet')).toBeVisible();

  const bob = account('Bob');
  const bobPage = await newPage();
  await signUp(bobPage, bob);
  await approve(page, bob);
  await signIn(bobPage, bob);
  await expect(bobPage).toHaveURL(/\/contacts$/);
  await bobPage.goto('/settings?section=system');
  await expect(bobPage.getByRole('heading', { name: 'Bot Connection', level: 2 })).toBeVisible();
  await expect(
    bobPage.getByRole('navigation', { name: 'Settings sections' }).getByRole('button', { name: /System/ }),
  ).toHaveCount(0);
});
