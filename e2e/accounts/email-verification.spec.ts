import { VERIFICATION_SUBJECT, verificationLinkIn } from '../../server/test/fakes/smtp/server';
import { account, expect, signUp } from '../support/fixtures';
import { testWithMail as test } from '../support/mail';

test('a lost verification mail: ask for a new one in Settings, or on the page of a refused link, and verify', async ({
  newContext,
  relate,
  page,
  smtp,
}) => {
  const rosa = account('Rosa');
  await signUp(page, rosa);
  await expect(page).toHaveURL(/\/contacts$/);
  await smtp.nextMailTo(rosa.email, VERIFICATION_SUBJECT); // the sign-up mail, "lost"

  await page.goto('/settings?section=password');
  const notice = page.getByRole('region', { name: 'Your e-mail address is not verified' });
  await expect(notice).toContainText(rosa.email);
  await notice.getByRole('button', { name: 'Resend verification e-mail' }).click();
  await expect(page.getByText('Verification e-mail sent')).toBeVisible();
  await expect(page.getByText(`We have sent a new verification link to ${rosa.email}.`)).toBeVisible();
  const fromSettings = verificationLinkIn(await smtp.nextMailTo(rosa.email, VERIFICATION_SUBJECT));
  expect(fromSettings.startsWith(`${relate.url}/verify-email?token=`)).toBe(true);

  // On another device, not signed in, a link cut short is refused; a new one is asked for by address.
  const elsewhere = await (await newContext()).newPage();
  await elsewhere.goto(`${fromSettings.slice(0, -6)}`);
  await expect(elsewhere.getByRole('alert')).toContainText(
    'This verification link is not valid or has expired. Ask for a new one.',
  );
  await elsewhere.getByLabel('Email').fill(rosa.email);
  await elsewhere.getByRole('button', { name: 'Send a new link' }).click();
  await expect(elsewhere.getByRole('status')).toContainText(
    'If an account with that e-mail is waiting for verification, we have sent it a new link.',
  );
  const fromPage = verificationLinkIn(await smtp.nextMailTo(rosa.email, VERIFICATION_SUBJECT));
  await elsewhere.goto(fromPage);
  await expect(elsewhere.getByRole('status')).toHaveText('Your e-mail address is verified.');

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Change password' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Your e-mail address is not verified' })).toHaveCount(0);
});

test('an account waiting for approval asks for its verification mail again from the waiting page', async ({
  newPage,
  page,
  smtp,
}) => {
  await signUp(page, account('Rosa')); // the first account, the administrator
  const ben = account('Ben');
  const waiting = await newPage();
  await signUp(waiting, ben);
  await expect(waiting.getByRole('heading', { name: 'Waiting for approval' })).toBeVisible();
  await smtp.nextMailTo(ben.email, VERIFICATION_SUBJECT); // the sign-up mail, "lost"

  await waiting.getByRole('button', { name: 'Send it again' }).click();
  await expect(waiting.getByRole('status')).toContainText(
    'If an account with that e-mail is waiting for verification, we have sent it a new link.',
  );
  await waiting.goto(verificationLinkIn(await smtp.nextMailTo(ben.email, VERIFICATION_SUBJECT)));
  await expect(waiting.getByRole('status')).toHaveText('Your e-mail address is verified.');
});
