import type { App } from '../../src/app';
import type { Clock } from '../../src/lib/time';
import { createTestApp, type TestApp } from '../test-app';
import {
  type FakeTelegram,
  startFakeTelegram,
  type TelegramUpdate,
  type TelegramUser,
} from './telegram/server';
import { type FakeWhatsApp, startFakeWhatsApp } from './whatsapp/server';

export const WEBHOOK_SECRET = 'test_webhook-secret_0123';

export interface BotsTestApp extends TestApp {
  telegram: FakeTelegram;
  whatsapp: FakeWhatsApp;
}

/** The environment that points the app's bots at the fakes. */
export function botsEnv(telegram: FakeTelegram, whatsapp: FakeWhatsApp): Record<string, string> {
  return {
    TELEGRAM_BOT_TOKEN: telegram.token,
    TELEGRAM_API_ROOT: telegram.url,
    TELEGRAM_WEBHOOK_SECRET: WEBHOOK_SECRET,
    WHATSAPP_ACCESS_TOKEN: whatsapp.accessToken,
    WHATSAPP_PHONE_NUMBER_ID: whatsapp.phoneNumberId,
    WHATSAPP_APP_SECRET: whatsapp.appSecret,
    WHATSAPP_VERIFY_TOKEN: whatsapp.verifyToken,
    WHATSAPP_API_URL: whatsapp.url,
  };
}

/** An app whose Telegram and WhatsApp bots talk to fresh fakes. */
export async function createBotsTestApp(options: { clock?: Clock } = {}): Promise<BotsTestApp> {
  const telegram = await startFakeTelegram();
  const whatsapp = await startFakeWhatsApp();
  const t = await createTestApp({ clock: options.clock, env: botsEnv(telegram, whatsapp) });
  return {
    ...t,
    telegram,
    whatsapp,
    async close() {
      await t.close();
      await telegram.close();
      await whatsapp.close();
    },
  };
}

/** Hands an update to the app's Telegram webhook, as Telegram does (with the secret header). */
export function deliverTelegram(app: App, update: TelegramUpdate, secret: string | null = WEBHOOK_SECRET) {
  return app.inject({
    method: 'POST',
    url: '/api/telegram/webhook',
    headers: secret === null ? {} : { 'x-telegram-bot-api-secret-token': secret },
    payload: update,
  });
}

export function deliverWhatsApp(app: App, webhook: { body: string; headers: Record<string, string> }) {
  return app.inject({
    method: 'POST',
    url: '/api/whatsapp/webhook',
    headers: webhook.headers,
    payload: webhook.body,
  });
}

/** A settable clock for tests. */
export function testClock(start: string) {
  let now = new Date(start);
  return {
    clock: () => new Date(now),
    set(at: string | Date) {
      now = new Date(at);
    },
    advance(ms: number) {
      now = new Date(now.getTime() + ms);
    },
  };
}

/** Links a Relate user to a Telegram account through a one-time deep link, as a person would. */
export async function linkTelegram(
  t: BotsTestApp,
  user: { headers: { authorization: string } },
  account: TelegramUser,
  app: App = t.app,
) {
  const link = await app.inject({
    method: 'POST',
    url: '/api/telegram/link',
    headers: user.headers,
    payload: {},
  });
  if (link.statusCode !== 200) throw new Error(`link failed: ${link.body}`);
  const payload = new URL(link.json().url).searchParams.get('start');
  const response = await deliverTelegram(app, await t.telegram.send(account, `/start ${payload}`));
  if (response.statusCode !== 200) throw new Error(`webhook failed: ${response.body}`);
}
