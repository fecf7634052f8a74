import { account, expect, signIn, signUp, test } from '../support/fixtures';

test('the first person becomes admin; a second waits for approval and then lands on the page they asked for', async ({
  newContext,
}) => {
  const admin = account('Ada');
  const member = account('Ben');

  const adminContext = await newContext();
  const adminPage = await adminContext.newPage();
  await signUp(adminPage, admin);
  await expect(adminPage).toHaveURL(/\/contacts$/);
  await expect(adminPage.getByText('Account created and approved successfully.')).toBeVisible();
  await expect(adminPage.getByRole('link', { name: 'Admin dashboard' })).toBeVisible();

  // Ben asks for a deep page while signed out; the guard sends him to /auth and remembers it.
  const memberContext = await newContext();
  const memberPage = await memberContext.newPage();
  await memberPage.goto('/settings');
  await expect(memberPage).toHaveURL(/\/auth$/);
  await signUp(memberPage, member);
  await expect(memberPage.getByText('Registration Successful!')).toBeVisible();
  await expect(
    memberPage.getByText(
      'Your account is pending admin approval. Please check back later or contact an administrator.',
    ),
  ).toBeVisible();
  // A page says what happens next, and leads back to sign-in.
  const waiting = memberPage.getByRole('heading', { name: 'Waiting for approval' });
  await expect(waiting).toBeVisible();
  await memberPage.getByRole('button', { name: 'Back to sign in' }).click();

  // Not approved yet: signing in brings the approval page back.
  await signIn(memberPage, member);
  await expect(waiting).toBeVisible();
  await expect(memberPage).toHaveURL(/\/auth$/);
  await expect(memberPage.getByRole('link', { name: 'Admin dashboard' })).toHaveCount(0);
  // Nor by typing the workspace's address (in another tab, so this tab keeps its own remembered page).
  const typedTab = await memberContext.newPage();
  await typedTab.goto('/contacts');
  await expect(typedTab).toHaveURL(/\/auth$/);
  await typedTab.close();

  await adminPage.getByRole('link', { name: 'Admin dashboard' }).click();
  await expect(adminPage).toHaveURL(/\/admin$/);
  // The administrator's own row offers no Delete.
  const ownRow = adminPage.getByTestId('admin-user-row').filter({ hasText: admin.email });
  await expect(ownRow.getByText('Your account')).toBeVisible();
  await expect(ownRow.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await adminPage.getByRole('button', { name: 'Pending (1)' }).click();
  const row = adminPage.getByTestId('admin-user-row').filter({ hasText: member.email });
  await expect(row.getByText('Pending')).toBeVisible();
  await row.getByRole('button', { name: 'Approve' }).click();
  await expect(adminPage.getByText('User approved successfully')).toBeVisible();
  await expect(adminPage.getByRole('button', { name: 'Pending (0)' })).toBeVisible();
  await expect(adminPage.getByText('No users found')).toBeVisible();
  await adminPage.getByRole('button', { name: /All Users/ }).click();
  await expect(
    adminPage.getByTestId('admin-user-row').filter({ hasText: member.email }).getByText('Approved'),
  ).toBeVisible();

  // Ben comes back to the sign-in page he was left on and signs in, without asking for /settings again.
  const visited: string[] = [];
  memberPage.on('framenavigated', (frame) => {
    if (frame === memberPage.mainFrame()) visited.push(new URL(frame.url()).pathname);
  });
  await memberPage.reload();
  await expect(memberPage).toHaveURL(/\/auth$/);
  await signIn(memberPage, member);
  await expect(memberPage.getByText('Successfully signed in.')).toBeVisible();
  await expect(memberPage).toHaveURL(/\/settings$/);
  expect(visited.slice(0, visited.indexOf('/settings'))).toEqual(['/auth']);
  await expect(memberPage.getByRole('link', { name: 'Settings' }).first()).toHaveAttribute(
    'aria-current',
    'page',
  );
  // Not an administrator: no admin button, and /admin says who it is for.
  await expect(memberPage.getByRole('link', { name: 'Admin dashboard' })).toHaveCount(0);
  await memberPage.goto('/admin');
  await expect(memberPage.getByRole('heading', { name: 'Administrators only' })).toBeVisible();
  await expect(memberPage.getByTestId('admin-user-row')).toHaveCount(0);
  await memberPage.getByRole('link', { name: 'Back to Contacts' }).click();
  await expect(memberPage).toHaveURL(/\/contacts$/);

  // Log out from the user menu.
  await memberPage.getByRole('button', { name: 'Account menu' }).click();
  await expect(memberPage.getByText(member.email)).toBeVisible();
  await expect(memberPage.getByText('Free plan')).toBeVisible();
  await memberPage.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(memberPage).toHaveURL(/\/auth$/);
});

test('a wrong password is refused with the spec text', async ({ page }) => {
  const ada = account('Ada');
  await signUp(page, ada);
  await expect(page).toHaveURL(/\/contacts$/);
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await signIn(page, { ...ada, password: 'not-the-password' });
  await expect(page.getByText('Login Failed')).toBeVisible();
  await expect(page.getByText('Invalid email or password.')).toBeVisible();
});

test('the theme persists across a reload and an unknown path shows the 404 page', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/auth');
  const html = page.locator('html');
  await expect(html).not.toHaveClass(/dark/);
  await page.getByRole('button', { name: 'Toggle theme' }).click();
  await expect(html).toHaveClass(/dark/);
  await page.reload();
  await expect(html).toHaveClass(/dark/);
  expect(await page.evaluate(() => window.localStorage.getItem('theme'))).toBe('dark');

  const notFound = await page.goto('/no/such/page');
  expect(notFound?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Return to Home' }).click();
  await expect(page).toHaveURL(/\/auth$/);
});

test('the legal pages carry the terms and lead back to the app; Google says it is not configured', async ({
  page,
}) => {
  await page.goto('/terms-of-service');
  await expect(page.getByText('Delaware')).toBeVisible();
  await expect(page.getByText("7 days' notice")).toBeVisible();
  await page.goto('/privacy-policy');
  await expect(page.getByText(/12 months of inactivity/)).toBeVisible();
  await page.getByRole('link', { name: 'Back to App' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Google sign-in is not configured' })).toBeVisible();
});
