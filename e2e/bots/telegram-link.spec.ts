import { expect, test } from '../support/bots';
import { account, signUp } from '../support/fixtures';

const ada = { id: 123456789, first_name: 'Ada', last_name: 'Lovelace' };

test('links Telegram through the one-time link, and a typed ID only once Telegram confirms', async ({
  page,
  bots,
}) => {
  await signUp(page, account('Ada'));
  await expect(page).toHaveURL(/\/contacts$/);
  await page.goto('/settings?section=bots');

  const card = page.getByTestId('telegram-card');
  await expect(card.getByText('Not connected', { exact: true })).toBeVisible();
  await card.getByRole('button', { name: 'Connect with Telegram' }).click();
  await expect(card.getByTestId('telegram-qr')).toBeVisible();
  const href = await card.getByTestId('telegram-link').getAttribute('href');
  expect(href).toMatch(/^https:\/\/t\.me\/relate_test_bot\?start=/);

  // Ada opens the link in Telegram and presses Start: the fake delivers /start <payload> to the webhook.
  await bots.telegram.send(ada, `/start ${new URL(href!).searchParams.get('start')}`);
  await expect(card.getByTestId('bot-linked-as')).toHaveText('Ada Lovelace');
  await expect(card.getByText('Connected', { exact: true })).toBeVisible();
  await expect(page.getByText('Telegram account connected')).toBeVisible();
  expect(bots.telegram.messagesTo(ada.id).at(-1)?.text).toContain('Linked to <b>ada@example.com</b>');

  // Send a test message to the preferred platform.
  await page.getByRole('button', { name: 'Send a test message' }).click();
  await expect(page.getByText('Test message sent to Telegram')).toBeVisible();
  expect(bots.telegram.messagesTo(ada.id).at(-1)?.text).toContain('Test message from Relate');

  // Disconnect, then link by typing the ID: pending until Ada presses Yes in Telegram.
  await card.getByRole('button', { name: 'Disconnect' }).click();
  await expect(card.getByText('Not connected', { exact: true })).toBeVisible();
  await card.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(page.getByText('Please enter a valid Telegram ID')).toBeVisible();
  await card.getByLabel('Or enter your Telegram ID').fill(String(ada.id));
  await card.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(card.getByTestId('telegram-pending')).toContainText(String(ada.id));
  await expect(card.getByText('Waiting for confirmation', { exact: true })).toBeVisible();

  const question = bots.telegram.messagesTo(ada.id).at(-1)!;
  const yes = question.reply_markup!.inline_keyboard![0][0].callback_data!;
  await bots.telegram.press(ada, question, yes);
  await expect(card.getByTestId('bot-linked-as')).toHaveText('Ada Lovelace');
  await expect(card.getByTestId('telegram-pending')).toBeHidden();
});
