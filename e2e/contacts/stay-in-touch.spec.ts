import type { Page } from '@playwright/test';
import type { TelegramUser } from '../../server/test/fakes/telegram/server';
import { expect, test } from '../support/bots';
import { account, signUp } from '../support/fixtures';

const ada: TelegramUser = { id: 424242424, first_name: 'Ada', last_name: 'Lovelace' };

// 12:00 in Berlin on Wednesday 17 June 2026: past the reminders' 09:00.
test.use({ now: '2026-06-17T10:00:00Z', timezoneId: 'Europe/Berlin' });

async function linkTelegram(
  page: Page,
  telegram: { send(user: TelegramUser, text: string): Promise<unknown> },
) {
  await page.goto('/settings?section=bots');
  const card = page.getByTestId('telegram-card');
  await card.getByRole('button', { name: 'Connect with Telegram' }).click();
  const href = await card.getByTestId('telegram-link').getAttribute('href');
  await telegram.send(ada, `/start ${new URL(href!).searchParams.get('start')}`);
  await expect(card.getByTestId('bot-linked-as')).toHaveText('Ada Lovelace');
}

test('stay in touch: a follow-up reminder arrives on Telegram, Snooze 1 week moves it, Done from the app', async ({
  page,
  bots,
}) => {
  await signUp(page, account('Ada'));
  await expect(page).toHaveURL(/\/contacts$/);
  await linkTelegram(page, bots.telegram);

  // Grace, last contacted eight days ago.
  await page.goto('/contacts');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  const form = page.getByRole('dialog', { name: 'Add New Contact' });
  await form.getByLabel('First Name').fill('Grace');
  await form.getByLabel('Last Name').fill('Hopper');
  await form.getByRole('tab', { name: 'Connection Management' }).click();
  await form.getByLabel('Last Contact Date').fill('2026-06-09T11:00');
  await form.getByRole('button', { name: 'Add Contact' }).click();
  await expect(form).toBeHidden();

  // Every week from 9 June: due since 16 June, 09:00.
  await page.getByTestId('contact-row').getByText('Grace', { exact: true }).click();
  const detail = page.getByRole('dialog');
  await detail.getByRole('tab', { name: 'Connection' }).click();
  const stayInTouch = detail.getByRole('region', { name: 'Stay in touch' });
  await expect(stayInTouch.getByText('No follow-up planned')).toBeVisible();
  await stayInTouch.getByRole('combobox', { name: 'Stay in touch' }).click();
  await page.getByRole('option', { name: 'Every week' }).click();
  await expect(stayInTouch.getByText('Follow-up was due Jun 16, 2026')).toBeVisible();

  // The reminder reaches Telegram with Done and Snooze buttons.
  const reminderOf = () =>
    bots.telegram.messagesTo(ada.id).find((message) => message.text.startsWith('<b>🤝 Stay in touch</b>'));
  await expect
    .poll(() => reminderOf()?.text, { timeout: 30_000 })
    .toBe('<b>🤝 Stay in touch</b>\nTime to reach out to Grace Hopper (every week)');
  const reminder = reminderOf()!;
  const snooze = reminder.reply_markup!.inline_keyboard![0].find(
    (button) => button.text === 'Snooze 1 week',
  )!;
  await bots.telegram.press(ada, reminder, snooze.callback_data!);
  await expect
    .poll(() => bots.telegram.messagesTo(ada.id).at(-1)?.text)
    .toBe('<b>⏰ I will remind you again in a week</b>\nNext follow-up: Wed 24 Jun');

  // Reach out lists Grace for this week, no longer as due.
  await page.keyboard.press('Escape');
  await page.getByRole('link', { name: 'Reach out' }).first().click();
  await expect(page.getByRole('heading', { name: 'Reach out' })).toBeVisible();
  const week = page.getByRole('region', { name: 'This week' });
  await expect(week.getByTestId('reach-out-person')).toHaveCount(1);
  await expect(week.getByTestId('reach-out-person')).toContainText('Grace Hopper');
  await expect(week.getByTestId('reach-out-person')).toContainText('Due Jun 24, 2026');
  await expect(page.getByText('Nobody is due for a follow-up today.')).toBeVisible();

  // The in-app reminder has the same actions: Done moves the last contact to today.
  await page.goto('/notifications');
  const item = page.getByTestId('notification-item').filter({ hasText: 'Time to reach out to Grace Hopper' });
  await item.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByText('Marked as in touch today. Next follow-up Jun 24, 2026')).toBeVisible();
  await page.goto('/reach-out');
  await expect(week.getByTestId('reach-out-person')).toContainText('Last contact Jun 17, 2026');

  // Log interaction from Reach out: the call is on Grace's timeline.
  await week.getByRole('button', { name: 'Log interaction' }).click();
  const log = page.getByRole('dialog', { name: 'Log Interaction' });
  await log.getByLabel('Summary').fill('Talked about COBOL');
  await log.getByRole('button', { name: 'Log Interaction' }).click();
  await expect(page.getByText('Interaction logged successfully')).toBeVisible();
  await expect(log).toBeHidden();
});
