import { expect, test } from '../support/bots';
import { account, signUp } from '../support/fixtures';

test('links WhatsApp with the code sent to the number, and unlinks it', async ({ page, bots }) => {
  await signUp(page, account('Sheena'));
  await expect(page).toHaveURL(/\/contacts$/);
  await page.goto('/settings?section=bots');

  const card = page.getByTestId('whatsapp-card');
  await card.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByText('Please enter a valid phone number')).toBeVisible();
  await expect(card.getByText('Include the country code, digits only.')).toBeVisible();

  await card.getByLabel('WhatsApp phone number').fill('+1 650 555 1234');
  await card.getByRole('button', { name: 'Send code' }).click();
  await expect(card.getByText('Code sent', { exact: true })).toBeVisible();
  const code = bots.whatsapp.lastCode('16505551234')!;
  expect(code).toMatch(/^\d{6}$/);

  // A wrong code first: the card says how many tries are left.
  await card.getByLabel(/Enter the 6-digit code/).fill(code === '000000' ? '111111' : '000000');
  await card.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Wrong code: 4 tries left')).toBeVisible();
  await expect(card.getByText('4 tries left')).toBeVisible();

  await card.getByLabel(/Enter the 6-digit code/).fill(code);
  await card.getByRole('button', { name: 'Verify' }).click();
  await expect(card.getByTestId('bot-linked-as')).toHaveText('+16505551234');
  await expect(page.getByText('WhatsApp account connected')).toBeVisible();
  await expect(page.getByRole('button', { name: /WhatsApp\s*Connected/ })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  await card.getByRole('button', { name: 'Disconnect' }).click();
  await expect(page.getByText('WhatsApp account disconnected')).toBeVisible();
  await expect(card.getByText('Not connected', { exact: true })).toBeVisible();
});
