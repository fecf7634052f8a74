import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  type BotsTestApp,
  createBotsTestApp,
  deliverTelegram,
  deliverWhatsApp,
  linkTelegram,
  testClock,
} from '../../../test/fakes/bots';
import type { TelegramUser } from '../../../test/fakes/telegram/server';
import { createUser, type TestUser } from '../../../test/test-app';

const START = '2026-11-23T10:00:00Z';
const time = testClock(START);
let t: BotsTestApp;
let admin: TestUser;
let alice: TestUser;
let bob: TestUser;
const ada: TelegramUser = { id: 123456789, first_name: 'Ada', last_name: 'Lovelace', username: 'ada_l' };
const mallory: TelegramUser = { id: 666000111, first_name: 'Mallory' };

beforeAll(async () => {
  t = await createBotsTestApp({ clock: time.clock });
  admin = await createUser(t.app);
  alice = await createUser(t.app, { email: 'alice@example.com' });
  bob = await createUser(t.app, { email: 'bob@example.com' });
});
afterAll(() => t.close());
// Tests that let a link expire put the clock back, so that the users' sessions stay valid.
afterEach(() => time.set(START));

const post = (user: TestUser, url: string, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers: user.headers, payload });
const status = async (user: TestUser) =>
  (await t.app.inject({ method: 'GET', url: '/api/bots/status', headers: user.headers })).json();
const payloadOf = (url: string) => new URL(url).searchParams.get('start')!;
/** The user writes to the bot and the update reaches the webhook. */
const userSends = async (user: TelegramUser, text: string) => {
  const response = await deliverTelegram(t.app, await t.telegram.send(user, text));
  expect(response.statusCode).toBe(200);
};
const lastTo = (user: TelegramUser) => t.telegram.messagesTo(user.id).at(-1)!;

describe('Telegram deep link', () => {
  it('links the Telegram account that opens the one-time link, once', async () => {
    const link = await post(alice, '/api/telegram/link', { timezone: 'Europe/Berlin' });
    expect(link.statusCode).toBe(200);
    const { url, expires_at } = link.json();
    expect(url).toMatch(/^https:\/\/t\.me\/relate_test_bot\?start=[A-Za-z0-9_-]{43}$/);
    expect(new Date(expires_at).getTime() - time.clock().getTime()).toBe(10 * 60_000);

    await userSends(ada, `/start ${payloadOf(url)}`);
    expect(lastTo(ada).text).toContain('Linked to <b>alice@example.com</b>');
    const linked = await status(alice);
    expect(linked.telegram).toMatchObject({
      configured: true,
      bot_username: 'relate_test_bot',
      linked: { telegram_id: String(ada.id), name: 'Ada Lovelace' },
      pending: null,
      transferred_from: null,
    });
    expect(linked.preferred_messaging_platform).toBe('telegram');

    // The same link opened by someone else does nothing: it was single use.
    await userSends(mallory, `/start ${payloadOf(url)}`);
    expect(lastTo(mallory).text).toContain('expired or was already used');
    expect((await status(alice)).telegram.linked.telegram_id).toBe(String(ada.id));
  });

  it('refuses a link after 10 minutes', async () => {
    const { url } = (await post(bob, '/api/telegram/link')).json();
    time.advance(10 * 60_000 + 1000);
    await userSends(mallory, `/start ${payloadOf(url)}`);
    expect(lastTo(mallory).text).toContain('expired');
    expect((await status(bob)).telegram.linked).toBeNull();
  });

  it('a plain /start from an unknown account explains how to link', async () => {
    await userSends({ id: 5550001, first_name: 'Stranger' }, '/start');
    expect(t.telegram.messagesTo(5550001).at(-1)!.text).toContain('Settings → Bot Connection');
  });
});

describe('Telegram typed ID', () => {
  it('rejects a blank or non-numeric ID with the spec’s message', async () => {
    for (const telegram_id of ['', '   ', 'abc', '-5']) {
      const response = await post(bob, '/api/telegram/connect', { telegram_id });
      expect(response.statusCode).toBe(400);
      expect(response.json().details).toEqual([
        { field: 'telegram_id', message: 'Please enter a valid Telegram ID' },
      ]);
    }
  });

  it('says so when the bot cannot write to that account yet', async () => {
    const response = await post(bob, '/api/telegram/connect', { telegram_id: '4242424242' });
    expect(response.statusCode).toBe(400);
    expect(response.json().details[0].field).toBe('telegram_id');
  });

  it('stays pending until the typed account presses Yes, then moves the link and reports transferred_from', async () => {
    // Ada is linked to Alice (above). Bob types Ada's ID.
    const response = await post(bob, '/api/telegram/connect', { telegram_id: String(ada.id) });
    expect(response.statusCode).toBe(200);
    expect(response.json().status.telegram).toMatchObject({
      linked: null,
      pending: { telegram_id: String(ada.id) },
      transferred_from: null,
    });
    expect(response.json()).not.toHaveProperty('transferred_from');
    const question = lastTo(ada);
    expect(question.text).toContain('bob@example.com');
    const yes = question.reply_markup!.inline_keyboard![0][0].callback_data!;

    // Nothing changed yet: Alice keeps Ada, Bob has nothing.
    expect((await status(alice)).telegram.linked.telegram_id).toBe(String(ada.id));

    // Mallory forges Ada's button press from her own account: not for her.
    expect((await deliverTelegram(t.app, await t.telegram.press(mallory, question, yes))).statusCode).toBe(
      200,
    );
    expect((await status(bob)).telegram.linked).toBeNull();

    // Ada presses Yes.
    await deliverTelegram(t.app, await t.telegram.press(ada, question, yes));
    const bobStatus = await status(bob);
    expect(bobStatus.telegram).toMatchObject({
      linked: { telegram_id: String(ada.id), name: 'Ada Lovelace' },
      pending: null,
      transferred_from: 'alice@example.com',
    });
    expect((await status(alice)).telegram.linked).toBeNull();
    expect(question.text).toContain('Linked to <b>bob@example.com</b>');

    // The button is spent.
    await deliverTelegram(t.app, await t.telegram.press(ada, question, yes));
    expect((await status(bob)).telegram.linked.telegram_id).toBe(String(ada.id));
  });

  it('No declines and links nothing', async () => {
    const carol = await createUser(t.app);
    const eve: TelegramUser = { id: 777000222, first_name: 'Eve' };
    await userSends(eve, 'hello');
    await post(carol, '/api/telegram/connect', { telegram_id: String(eve.id) });
    const question = lastTo(eve);
    await deliverTelegram(
      t.app,
      await t.telegram.press(eve, question, question.reply_markup!.inline_keyboard![0][1].callback_data!),
    );
    expect((await status(carol)).telegram).toMatchObject({ linked: null, pending: null });
  });

  it('disconnect unlinks', async () => {
    const response = await post(bob, '/api/telegram/disconnect');
    expect(response.statusCode).toBe(200);
    expect(response.json().status.telegram.linked).toBeNull();
  });
});

describe('Telegram webhook', () => {
  it('refuses a missing or wrong secret and changes nothing', async () => {
    const { url } = (await post(bob, '/api/telegram/link')).json();
    const update = await t.telegram.send(ada, `/start ${payloadOf(url)}`);
    expect((await deliverTelegram(t.app, update, null)).statusCode).toBe(401);
    expect((await deliverTelegram(t.app, update, 'wrong-secret')).statusCode).toBe(403);
    expect((await status(bob)).telegram.linked).toBeNull();
    // The genuine delivery of the same update still works.
    expect((await deliverTelegram(t.app, update)).statusCode).toBe(200);
    expect((await status(bob)).telegram.linked.telegram_id).toBe(String(ada.id));
  });

  it('handles a redelivered update once', async () => {
    const before = t.telegram.messagesTo(ada.id).length;
    const update = await t.telegram.send(ada, '/help');
    await deliverTelegram(t.app, update);
    await deliverTelegram(t.app, update);
    expect(t.telegram.messagesTo(ada.id).length).toBe(before + 1);
  });

  it('answers 200 when the user blocked the bot before the reply: unlinks the account, handles the update once', async () => {
    const carol = await createUser(t.app, { email: 'carol@example.com' });
    const cleo: TelegramUser = { id: 555000111, first_name: 'Cleo' };
    await linkTelegram(t, carol, cleo);
    const update = await t.telegram.send(cleo, '/help');
    t.telegram.failNext('sendMessage', 'blocked');
    expect((await deliverTelegram(t.app, update)).statusCode).toBe(200);
    expect((await status(carol)).telegram.linked).toBeNull();
    const list = await t.app.inject({ method: 'GET', url: '/api/notifications', headers: carol.headers });
    expect(list.json().notifications[0].notification).toContain('Telegram account was unlinked');
    // Telegram's redelivery of the same update is not handled again.
    const calls = t.telegram.calls.length;
    expect((await deliverTelegram(t.app, update)).statusCode).toBe(200);
    expect(t.telegram.calls.length).toBe(calls);
  });

  it('answers 200 on a flood limit, and the outbox sends the reply once retry_after has passed', async () => {
    const dave = await createUser(t.app, { email: 'dave@example.com' });
    const dov: TelegramUser = { id: 555000222, first_name: 'Dov' };
    await linkTelegram(t, dave, dov);
    const before = t.telegram.messagesTo(dov.id).length;
    const update = await t.telegram.send(dov, '/help');
    t.telegram.failNext('sendMessage', 'flood');
    expect((await deliverTelegram(t.app, update)).statusCode).toBe(200);
    expect((await deliverTelegram(t.app, update)).statusCode).toBe(200);
    await t.app.services.jobs.runDue();
    expect(t.telegram.messagesTo(dov.id).length).toBe(before);
    time.advance(5000);
    await t.app.services.jobs.runDue();
    const sent = t.telegram.messagesTo(dov.id).slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0].text).toContain('/find');
    expect((await status(dave)).telegram.linked.telegram_id).toBe(String(dov.id));
    await post(dave, '/api/telegram/disconnect');
  });
});

describe('WhatsApp code', () => {
  it('rejects a blank phone with the spec’s message', async () => {
    const response = await post(alice, '/api/whatsapp/connect', { whatsapp_phone_number: ' ' });
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual([
      { field: 'whatsapp_phone_number', message: 'Please enter a valid phone number' },
    ]);
  });

  it('links the number only with the code sent to it', async () => {
    const response = await post(alice, '/api/whatsapp/connect', { whatsapp_phone_number: '+1 650 555 1234' });
    expect(response.statusCode).toBe(200);
    expect(response.json().status.whatsapp).toMatchObject({
      linked: null,
      pending: { phone_number: '16505551234', attempts_left: 5 },
    });
    const code = t.whatsapp.lastCode('16505551234')!;
    expect(code).toMatch(/^\d{6}$/);
    expect(t.whatsapp.sent.at(-1)).toMatchObject({ type: 'template', template: { name: 'relate_code' } });

    const verified = await post(alice, '/api/whatsapp/verify', { code });
    expect(verified.statusCode).toBe(200);
    expect(verified.json().status.whatsapp).toEqual({
      configured: true,
      linked: { phone_number: '16505551234' },
      pending: null,
    });
  });

  it('locks the attempt after five wrong codes', async () => {
    await post(bob, '/api/whatsapp/connect', { whatsapp_phone_number: '4915112345678' });
    const code = t.whatsapp.lastCode('4915112345678')!;
    const wrong = code === '000000' ? '111111' : '000000';
    const messages: string[] = [];
    for (let attempt = 0; attempt < 5; attempt++) {
      const response = await post(bob, '/api/whatsapp/verify', { code: wrong });
      expect(response.statusCode).toBe(400);
      messages.push(response.json().details[0].message);
    }
    expect(messages).toEqual([
      'Wrong code: 4 tries left',
      'Wrong code: 3 tries left',
      'Wrong code: 2 tries left',
      'Wrong code: 1 try left',
      'Too many wrong codes: request a new one',
    ]);
    const late = await post(bob, '/api/whatsapp/verify', { code });
    expect(late.statusCode).toBe(400);
    expect((await status(bob)).whatsapp).toMatchObject({ linked: null, pending: null });
  });

  it('a code expires after 10 minutes', async () => {
    await post(bob, '/api/whatsapp/connect', { whatsapp_phone_number: '4915112345678' });
    const code = t.whatsapp.lastCode('4915112345678')!;
    time.advance(10 * 60_000 + 1);
    const response = await post(bob, '/api/whatsapp/verify', { code });
    expect(response.json().details[0].message).toBe('This code has expired: request a new one');
    expect((await status(bob)).whatsapp.linked).toBeNull();
  });

  it('sends at most 5 codes an hour', async () => {
    const dan = await createUser(t.app);
    const send = () => post(dan, '/api/whatsapp/connect', { whatsapp_phone_number: '4930123456789' });
    for (let sent = 0; sent < 5; sent++) expect((await send()).statusCode).toBe(200);
    const refused = await send();
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toBe('Too many requests: try again in an hour');
    expect(t.whatsapp.sent.filter((message) => message.to === '4930123456789')).toHaveLength(5);
  });

  it('verifies Meta’s handshake and refuses a wrong verify token', async () => {
    const ok = await t.app.inject({
      method: 'GET',
      url: '/api/whatsapp/webhook?hub.mode=subscribe&hub.challenge=1158201444&hub.verify_token=meatyhamhock',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toBe('1158201444');
    const wrong = await t.app.inject({
      method: 'GET',
      url: '/api/whatsapp/webhook?hub.mode=subscribe&hub.challenge=1158201444&hub.verify_token=nope',
    });
    expect(wrong.statusCode).toBe(403);
  });

  it('refuses an unsigned or badly signed webhook and handles a signed one once', async () => {
    const before = t.whatsapp.sent.length;
    const webhook = t.whatsapp.inboundText('16505551234', 'help');
    const unsigned = await deliverWhatsApp(t.app, {
      body: webhook.body,
      headers: { 'content-type': 'application/json' },
    });
    expect(unsigned.statusCode).toBe(401);
    const forged = await deliverWhatsApp(t.app, {
      body: webhook.body.replace('help', 'tasks'),
      headers: webhook.headers,
    });
    expect(forged.statusCode).toBe(403);
    expect(t.whatsapp.sent.length).toBe(before);

    expect((await deliverWhatsApp(t.app, webhook)).statusCode).toBe(200);
    expect((await deliverWhatsApp(t.app, webhook)).statusCode).toBe(200);
    expect(t.whatsapp.sent.length).toBe(before + 1);
    expect(t.whatsapp.sent.at(-1)).toMatchObject({ to: '16505551234', type: 'text' });
    expect(t.whatsapp.sent.at(-1)!.text).toContain('Relate bot');
  });

  it('accepts Meta’s reference test vector signature', async () => {
    const { readFileSync } = await import('node:fs');
    const body = readFileSync('/work/shared/reference/messaging/whatsapp/webhook_signed_body.raw');
    expect(t.whatsapp.sign(body.toString('utf8'))).toBe(
      'sha256=4a11fb8da9e9aa59dd1733b00ca25380d75e1512ade533f7ec2f2c0b9d43c7b1',
    );
  });
});

describe('preferred platform and admin', () => {
  it('sets the preferred platform', async () => {
    const response = await post(alice, '/api/auth/preferred-platform', {
      preferred_messaging_platform: 'whatsapp',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().status.preferred_messaging_platform).toBe('whatsapp');
    const bad = await post(alice, '/api/auth/preferred-platform', { preferred_messaging_platform: 'fax' });
    expect(bad.statusCode).toBe(400);
  });

  it('only an admin can delete all Telegram users', async () => {
    const denied = await t.app.inject({
      method: 'DELETE',
      url: '/api/admin/telegram-users',
      headers: alice.headers,
      payload: { confirm: true },
    });
    expect(denied.statusCode).toBe(403);
    expect((await status(bob)).telegram.linked).not.toBeNull();
    const done = await t.app.inject({
      method: 'DELETE',
      url: '/api/admin/telegram-users',
      headers: admin.headers,
      payload: { confirm: true },
    });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ message: 'All Telegram users deleted successfully!', unlinked: 1 });
    expect((await status(bob)).telegram.linked).toBeNull();
  });

  it('one user cannot see another’s links', async () => {
    const aliceStatus = await status(alice);
    const bobStatus = await status(bob);
    expect(aliceStatus.whatsapp.linked).toEqual({ phone_number: '16505551234' });
    expect(bobStatus.whatsapp.linked).toBeNull();
  });
});
