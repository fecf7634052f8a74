import { expect, test } from '../support/balanced';
import { account, approve, signIn, signUp } from '../support/fixtures';

test('through nginx: a second account waits for approval, the admin approves it, and it signs in', async ({
  newPage,
  balanced,
}) => {
  const admin = account('Ada');
  const member = account('Ben');
  const adminPage = await newPage();
  await signUp(adminPage, admin);
  await expect(adminPage).toHaveURL(/\/contacts$/);

  const memberPage = await newPage();
  await signUp(memberPage, member);
  await expect(memberPage.getByRole('heading', { name: 'Waiting for approval' })).toBeVisible();

  // The administrator's dashboard lists the waiting account, whichever process registered it.
  await adminPage.getByRole('link', { name: 'Admin dashboard' }).click();
  await adminPage.getByRole('button', { name: 'Pending (1)' }).click();
  await approve(adminPage, member);

  await signIn(memberPage, member);
  await expect(memberPage.getByText('Successfully signed in.')).toBeVisible();
  await expect(memberPage).toHaveURL(/\/contacts$/);

  // Both processes answered the journey's API calls (nginx spreads them), and neither failed one (a
  // 499 is the browser leaving a page before its answer came).
  const api = balanced.accessLog().filter((entry) => entry.request.includes(' /api/'));
  expect(new Set(api.map((entry) => entry.process))).toEqual(new Set([0, 1]));
  expect(api.filter((entry) => entry.status >= 500)).toEqual([]);
});
