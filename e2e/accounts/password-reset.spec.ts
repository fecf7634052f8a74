import { RESET_SUBJECT, resetLinkIn } from '../../server/test/fakes/smtp/server';
import { account, expect, signIn, signUp } from '../support/fixtures';
import { testWithMail as test } from '../support/mail';

test('forgot password: ask for a link, open it from the e-mail, set a new password, sign in with it', async ({
  newContext,
  relate,
  page,
  smtp,
}) => {
  const rosa = account('Rosa');
  await signUp(page, rosa);
  await expect(page).toHaveURL(/\/contacts$/);

  const signedOut = await (await newContext()).newPage();
  await signedOut.goto('/auth');
  await signedOut.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(signedOut.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  await signedOut.getByLabel('Email').fill(rosa.email);
  await signedOut.getByRole('button', { name: 'Send reset link' }).click();
  await expect(signedOut.getByRole('status')).toContainText('If an account exists for that e-mail');

  const link = resetLinkIn(await smtp.nextMailTo(rosa.email, RESET_SUBJECT));
  expect(link.startsWith(`${relate.url}/reset-password?token=`)).toBe(true);
  await signedOut.goto(link);
  await signedOut.getByLabel('New password').fill('a-brand-new-secret');
  await signedOut.getByRole('button', { name: 'Set new password' }).click();
  await expect(signedOut).toHaveURL(/\/auth$/);
  await expect(signedOut.getByText('Your password has been reset.')).toBeVisible();

  await signIn(signedOut, { ...rosa, password: rosa.password });
  await expect(signedOut.getByText('Invalid email or password.')).toBeVisible();
  await signIn(signedOut, { ...rosa, password: 'a-brand-new-secret' });
  await expect(signedOut).toHaveURL(/\/contacts$/);

  // The link works once only.
  await signedOut.goto(link);
  await signedOut.getByLabel('New password').fill('another-new-secret');
  await signedOut.getByRole('button', { name: 'Set new password' }).click();
  await expect(signedOut.getByRole('alert')).toContainText(
    'This reset link has expired or was already used.',
  );
});
