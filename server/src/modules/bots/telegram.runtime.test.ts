import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { botsEnv, WEBHOOK_SECRET } from '../../../test/fakes/bots';
import { type FakeTelegram, startFakeTelegram } from '../../../test/fakes/telegram/server';
import { type FakeWhatsApp, startFakeWhatsApp } from '../../../test/fakes/whatsapp/server';
import { createTestApp, createUser, type TestApp } from '../../../test/test-app';
import { createTestDatabase } from '../../../test/test-database';
import type { DatabaseHandle } from '../../db/client';
import { startTelegram } from './telegram.runtime';

let telegram: FakeTelegram;
let whatsapp: FakeWhatsApp;
let t: TestApp;
// One database for the file: each test starts its own app (configuration) on it.
let database: DatabaseHandle;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());
afterEach(async () => {
  await t?.close();
  await telegram?.close();
  await whatsapp?.close();
});

async function start(env: Record<string, string>) {
  telegram = await startFakeTelegram();
  whatsapp = await startFakeWhatsApp();
  const base = botsEnv(telegram, whatsapp);
  t = await createTestApp({ database, env: { ...base, PUBLIC_URL: 'https://relate.example.com', ...env } });
  await startTelegram(t.app);
}

describe('Telegram start-up', () => {
  it('registers the commands and sets the webhook with the secret; never polls', async () => {
    await start({});
    expect(telegram.commands.map((command) => command.command)).toEqual(['today', 'tasks', 'find', 'help']);
    expect(telegram.webhook).toEqual({
      url: 'https://relate.example.com/api/telegram/webhook',
      secret_token: WEBHOOK_SECRET,
    });
    expect(telegram.calls).not.toContain('getUpdates');
  });

  it('polls in development without a webhook, and links through a polled /start', async () => {
    await start({ TELEGRAM_WEBHOOK_SECRET: '', TELEGRAM_POLLING: 'true' });
    const user = await createUser(t.app);
    const link = await t.app.inject({
      method: 'POST',
      url: '/api/telegram/link',
      headers: user.headers,
      payload: {},
    });
    const payload = new URL(link.json().url).searchParams.get('start');
    await telegram.send({ id: 31337, first_name: 'Poll' }, `/start ${payload}`);
    await expect
      .poll(
        async () =>
          (await t.app.inject({ method: 'GET', url: '/api/bots/status', headers: user.headers })).json()
            .telegram.linked,
        { timeout: 10_000 },
      )
      .toEqual({ telegram_id: '31337', name: 'Poll' });
    expect(telegram.calls).toContain('deleteWebhook');
    expect(telegram.webhook).toBeNull();
  });

  it('without a token the cards say the bot is not configured, and linking says so', async () => {
    telegram = await startFakeTelegram();
    whatsapp = await startFakeWhatsApp();
    t = await createTestApp({ database });
    const user = await createUser(t.app);
    const status = await t.app.inject({ method: 'GET', url: '/api/bots/status', headers: user.headers });
    expect(status.json().telegram).toMatchObject({ configured: false, bot_username: null });
    expect(status.json().whatsapp).toMatchObject({ configured: false });
    const link = await t.app.inject({
      method: 'POST',
      url: '/api/telegram/link',
      headers: user.headers,
      payload: {},
    });
    expect(link.statusCode).toBe(503);
    expect(link.json().error).toBe('The Telegram bot is not configured on this server');
    const hook = await t.app.inject({
      method: 'POST',
      url: '/api/telegram/webhook',
      payload: { update_id: 1 },
    });
    expect(hook.statusCode).toBe(404);
  });
});
