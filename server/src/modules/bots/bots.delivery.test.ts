import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type BotsTestApp,
  botsEnv,
  createBotsTestApp,
  deliverTelegram,
  deliverWhatsApp,
  linkTelegram,
  testClock,
} from '../../../test/fakes/bots';
import type { TelegramUser } from '../../../test/fakes/telegram/server';
import { createTestApp, createUser, type TestApp, type TestUser } from '../../../test/test-app';

const time = testClock('2026-11-23T10:00:00Z');
let t: BotsTestApp;
let second: TestApp;
let alice: TestUser;
let bob: TestUser;
const ada: TelegramUser = { id: 123456789, first_name: 'Ada', last_name: 'Lovelace' };
const bert: TelegramUser = { id: 222333444, first_name: 'Bert' };

beforeAll(async () => {
  t = await createBotsTestApp({ clock: time.clock });
  // A second server process on the same database.
  second = await createTestApp({
    clock: time.clock,
    database: t.database,
    env: botsEnv(t.telegram, t.whatsapp),
  });
  alice = await createUser(t.app, { email: 'alice@example.com' });
  bob = await createUser(t.app, { email: 'bob@example.com' });
  await linkTelegram(t, alice, ada);
});
afterAll(async () => {
  await second.close();
  await t.close();
});

const runBothProcesses = () => Promise.all([t.app.services.jobs.runDue(), second.app.services.jobs.runDue()]);
const notifyAlice = (text: string) =>
  t.app.services.notifications.notify({ userId: alice.id, type: 'contact_shared', text });
const toAda = () => t.telegram.messagesTo(ada.id);

describe('notifications on the bot', () => {
  it('reach the linked Telegram account once, with two processes running jobs', async () => {
    const before = toAda().length;
    await notifyAlice('Bob shared Grace Hopper <grace@navy.mil> with you');
    await runBothProcesses();
    await runBothProcesses();
    const sent = toAda().slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0].text).toBe(
      '<b>👤 Contact shared with you</b>\nBob shared Grace Hopper &lt;grace@navy.mil&gt; with you',
    );
    expect(sent[0].parse_mode).toBe('HTML');
  });

  it("tell a task's owner on the bot when its assignee completes it", async () => {
    const owner = (await t.app.services.users.get(alice.id))!;
    const member = (await t.app.services.users.get(bob.id))!;
    const { member: invitation } = await t.app.services.groups.invite(owner, {
      email: bob.email,
      name: 'Bob',
    });
    await t.app.services.groups.approve(member, invitation.id, 'Alice');
    const tasks = t.app.services.tasks;
    await tasks.createProject(owner, 'Books');
    await tasks.setParticipants(owner, 'Books', [bob.email]);
    const task = await tasks.create(owner, {
      title: 'Close the books',
      project: 'Books',
      assign_to: bob.email,
    });
    const before = toAda().length;
    await tasks.update(member, task.id, { status: 'completed' });
    await runBothProcesses();
    const updates = toAda()
      .slice(before)
      .filter((message) => message.text.startsWith('<b>📋 Task update</b>'));
    expect(updates.map((message) => message.text)).toEqual([
      '<b>📋 Task update</b>\nTest User completed the task "Close the books"',
    ]);
  });

  it('never reach a Telegram account whose link is pending or expired', async () => {
    await t.telegram.send(bert, 'hi');
    await t.app.inject({
      method: 'POST',
      url: '/api/telegram/connect',
      headers: bob.headers,
      payload: { telegram_id: String(bert.id) },
    });
    const before = t.telegram.messagesTo(bert.id).length;
    await t.app.services.notifications.notify({ userId: bob.id, type: 'other', text: 'for Bob' });
    await runBothProcesses();
    expect(t.telegram.messagesTo(bert.id).length).toBe(before);
  });

  it('wait retry_after on a 429 and then send', async () => {
    t.telegram.failNext('sendMessage', 'flood');
    const before = toAda().length;
    await notifyAlice('after the flood');
    expect(await t.app.services.jobs.runDue()).toBe(1);
    expect(toAda().length).toBe(before);
    time.advance(4000);
    await runBothProcesses();
    expect(toAda().length).toBe(before);
    time.advance(1500);
    await runBothProcesses();
    expect(
      toAda()
        .slice(before)
        .map((m) => m.text),
    ).toEqual(['<b>👤 Contact shared with you</b>\nafter the flood']);
  });

  it('unlink a Telegram account that blocked the bot, and say so in the app', async () => {
    const carol = await createUser(t.app);
    const cleo: TelegramUser = { id: 999888777, first_name: 'Cleo' };
    await linkTelegram(t, carol, cleo);
    await runBothProcesses(); // the administrators' "waiting for approval" notice about Carol goes first
    t.telegram.failNext('sendMessage', 'blocked');
    await t.app.services.notifications.notify({ userId: carol.id, type: 'other', text: 'hello' });
    await runBothProcesses();
    const status = await t.app.inject({ method: 'GET', url: '/api/bots/status', headers: carol.headers });
    expect(status.json().telegram.linked).toBeNull();
    const list = await t.app.inject({ method: 'GET', url: '/api/notifications', headers: carol.headers });
    expect(list.json().notifications[0].notification).toContain('Telegram account was unlinked');
  });

  it('go to WhatsApp as a template outside the 24-hour window, as text inside it', async () => {
    const dora = await createUser(t.app);
    await t.app.inject({
      method: 'POST',
      url: '/api/whatsapp/connect',
      headers: dora.headers,
      payload: { whatsapp_phone_number: '447700900123' },
    });
    const code = t.whatsapp.lastCode('447700900123')!;
    await t.app.inject({
      method: 'POST',
      url: '/api/whatsapp/verify',
      headers: dora.headers,
      payload: { code },
    });

    await t.app.services.notifications.notify({ userId: dora.id, type: 'other', text: 'first' });
    await runBothProcesses();
    expect(t.whatsapp.sent.at(-1)).toMatchObject({
      to: '447700900123',
      type: 'template',
      template: { name: 'relate_notification', parameters: ['🔔 Relate · first'] },
    });

    await deliverWhatsApp(t.app, t.whatsapp.inboundText('447700900123', 'help'));
    await t.app.services.notifications.notify({ userId: dora.id, type: 'other', text: 'second' });
    await runBothProcesses();
    expect(t.whatsapp.sent.at(-1)).toMatchObject({
      to: '447700900123',
      type: 'text',
      text: '*🔔 Relate*\nsecond',
    });
  });

  it('“Send a test message” reaches the preferred platform now', async () => {
    const before = toAda().length;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/bots/test-message',
      headers: alice.headers,
    });
    expect(response.json()).toEqual({ message: 'Test message sent to Telegram' });
    expect(toAda().slice(before)[0].text).toContain('Test message from Relate');
  });
});

describe('reminders', () => {
  it('fire for the third occurrence of a weekly event at its alert minute, once, and snooze fires again', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/events',
      headers: alice.headers,
      payload: {
        title: 'Standup & planning',
        start_datetime: '2026-11-30T09:00:00.000Z',
        end_datetime: '2026-11-30T09:30:00.000Z',
        timezone: 'Europe/Berlin',
        location: 'Room <2>',
        alert_minutes: 15,
        repeat_pattern: 'weekly',
        participants: [{ name: 'Bob', email: 'bob@guest.example.org' }],
      },
    });
    expect(created.statusCode).toBe(201);
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/preferred-platform',
      headers: alice.headers,
      payload: { preferred_messaging_platform: 'telegram' },
    });
    await t.app.services.users.updateMessaging(alice.id, { timezone: 'Europe/Berlin' });
    // Third occurrence: Monday 14 December, 10:00 in Berlin (09:00 UTC); its alert is at 08:45 UTC.
    const before = toAda().length;
    time.set('2026-12-14T08:43:00Z');
    await runBothProcesses();
    time.set('2026-12-14T08:44:00Z');
    await runBothProcesses();
    expect(toAda().length).toBe(before);
    time.set('2026-12-14T08:45:00Z');
    await runBothProcesses();
    time.set('2026-12-14T08:46:00Z');
    await runBothProcesses();
    const reminders = toAda().slice(before);
    expect(reminders).toHaveLength(1);
    expect(reminders[0].text).toBe(
      '<b>⏰ Standup &amp; planning in 15 min</b>\nMon 14 Dec, 10:00–10:30 (Europe/Berlin)\n📍 Room &lt;2&gt;\n👥 Bob',
    );
    // Bob, a guest participant, has no bot: nothing else went out.
    expect(t.telegram.sent.filter((m) => m.text.includes('Standup')).length).toBe(1);

    const snooze = reminders[0].reply_markup!.inline_keyboard![0][0];
    expect(snooze.text).toBe('Snooze 10 min');
    await deliverTelegram(t.app, await t.telegram.press(ada, reminders[0], snooze.callback_data!));
    expect(toAda().at(-1)!.text).toContain('again in 10 minutes');
    const afterSnooze = toAda().length;
    time.set('2026-12-14T08:55:00Z');
    await runBothProcesses();
    expect(toAda().length).toBe(afterSnooze);
    time.set('2026-12-14T08:56:30Z');
    await runBothProcesses();
    expect(
      toAda()
        .slice(afterSnooze)
        .map((m) => m.text.split('\n')[0]),
    ).toEqual(['<b>⏰ Standup &amp; planning in 4 min</b>']);
  });

  it('a task due today reminds at 09:00 local, and Done from Telegram completes it; an outsider cannot', async () => {
    // After the reminder test's days: the recurring reminder job only runs forward in time.
    time.set('2026-12-15T10:00:00Z');
    const erin = await createUser(t.app, { email: 'erin@example.com' });
    const eli: TelegramUser = { id: 444555666, first_name: 'Eli' };
    const mallory = await createUser(t.app, { email: 'mallory@example.com' });
    const mal: TelegramUser = { id: 111222333, first_name: 'Mal' };
    await linkTelegram(t, erin, eli);
    await linkTelegram(t, mallory, mal);
    await t.app.services.users.updateMessaging(erin.id, { timezone: 'America/New_York' });
    const task = await t.app.inject({
      method: 'POST',
      url: '/api/tasks',
      headers: erin.headers,
      payload: { title: 'Send the proposal', project: 'Acme', due_date: '2026-12-16T17:00:00.000Z' },
    });
    expect(task.statusCode).toBe(201);
    const taskId = task.json().id;

    // 08:59 in New York on the 16th is 13:59 UTC.
    time.set('2026-12-16T13:59:00Z');
    await runBothProcesses();
    expect(t.telegram.messagesTo(eli.id).filter((m) => m.text.includes('Due today'))).toHaveLength(0);
    time.set('2026-12-16T14:00:00Z');
    await runBothProcesses();
    time.set('2026-12-16T14:01:00Z');
    await runBothProcesses();
    const due = t.telegram.messagesTo(eli.id).filter((m) => m.text.includes('Due today'));
    expect(due).toHaveLength(1);
    expect(due[0].text).toBe('<b>📋 Due today: Send the proposal</b>\nProject: Acme');
    const done = due[0].reply_markup!.inline_keyboard![0][0].callback_data!;
    expect(done).toBe(`task:done:${taskId}`);

    // Mallory presses the same button data from her own linked Telegram account.
    await deliverTelegram(t.app, await t.telegram.press(mal, due[0], done));
    expect(t.telegram.messagesTo(mal.id).at(-1)!.text).toContain('You cannot change this task');
    const erinRow = (await t.app.services.users.get(erin.id))!;
    expect((await t.app.services.tasks.get(erinRow, taskId)).status).toBe('todo');

    await deliverTelegram(t.app, await t.telegram.press(eli, due[0], done));
    expect(t.telegram.messagesTo(eli.id).at(-1)!.text).toBe('<b>✅ Task completed</b>\nSend the proposal');
    expect((await t.app.services.tasks.get(erinRow, taskId)).status).toBe('completed');
  });

  it('after downtime, a missed reminder goes out late only if its event has not started', async () => {
    time.set('2026-12-20T08:00:00Z');
    const fay = await createUser(t.app);
    const fee: TelegramUser = { id: 888777666, first_name: 'Fee' };
    await linkTelegram(t, fay, fee);
    const event = (title: string, start: string, end: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/events',
        headers: fay.headers,
        payload: { title, start_datetime: start, end_datetime: end, alert_minutes: 30 },
      });
    await event('Started while we were down', '2026-12-20T09:40:00.000Z', '2026-12-20T10:30:00.000Z');
    await event('Still ahead', '2026-12-20T10:00:00.000Z', '2026-12-20T11:00:00.000Z');

    // The server was down from 08:00 until 09:50.
    time.set('2026-12-20T09:50:00Z');
    await runBothProcesses();
    const titles = t.telegram.messagesTo(fee.id).map((m) => m.text.split('\n')[0]);
    expect(titles.filter((text) => text.includes('⏰'))).toEqual(['<b>⏰ Still ahead in 10 min</b>']);
  });
});
