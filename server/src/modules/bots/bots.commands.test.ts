import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

const time = testClock('2026-11-23T08:00:00Z');
let t: BotsTestApp;
let alice: TestUser;
const ada: TelegramUser = { id: 123456789, first_name: 'Ada' };
const stranger: TelegramUser = { id: 5550002, first_name: 'Stranger' };

beforeAll(async () => {
  t = await createBotsTestApp({ clock: time.clock });
  alice = await createUser(t.app, { email: 'alice@example.com' });
  await linkTelegram(t, alice, ada);
  const post = (url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, headers: alice.headers, payload });
  await post('/api/people', {
    first_name: 'Grace',
    last_name: 'Hopper',
    email: 'grace@navy.mil',
    phone: '+1 555 0100',
    organization: 'US Navy',
  });
  await post('/api/tasks', { title: 'Call Grace', project: 'Navy', due_date: '2026-11-23T15:00:00.000Z' });
  await post('/api/tasks', { title: 'Write report', project: 'Navy' });
  await post('/api/events', {
    title: 'Lunch with Grace',
    start_datetime: '2026-11-23T12:00:00.000Z',
    end_datetime: '2026-11-23T13:00:00.000Z',
    location: 'Pentagon',
  });
});
afterAll(() => t.close());

const ask = async (user: TelegramUser, text: string) => {
  await deliverTelegram(t.app, await t.telegram.send(user, text));
  return t.telegram.messagesTo(user.id).at(-1)!.text;
};

describe('Telegram commands', () => {
  it('/find answers with the contact’s phone and e-mail', async () => {
    expect(await ask(ada, '/find grace')).toBe(
      '<b>Contacts matching “grace”</b>\n• Grace Hopper, US Navy\n   +1 555 0100\n   grace@navy.mil',
    );
    expect(await ask(ada, '/find nobody')).toBe('<b>No contact matches “nobody”</b>');
  });

  it('/tasks lists my open tasks, soonest due first', async () => {
    expect(await ask(ada, '/tasks')).toBe(
      '<b>Open tasks (2)</b>\n• Call Grace [Navy], due Mon 23 Nov\n• Write report [Navy]',
    );
  });

  it('/today shows today’s events and the tasks due today', async () => {
    expect(await ask(ada, '/today')).toBe(
      '<b>Today, Mon 23 Nov</b>\nEvents:\n• 12:00 Lunch with Grace (Pentagon)\nTasks due:\n• Call Grace',
    );
  });

  it('/help lists the commands', async () => {
    expect(await ask(ada, '/help')).toContain('/find &lt;name&gt;');
  });

  it('an account that is not linked gets the linking instructions, never data', async () => {
    const answer = await ask(stranger, '/tasks');
    expect(answer).toContain('Settings → Bot Connection');
    expect(answer).not.toContain('Call Grace');
  });
});

describe('WhatsApp keywords', () => {
  it('answer the same commands as text within the window', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/api/whatsapp/connect',
      headers: alice.headers,
      payload: { whatsapp_phone_number: '16505551234' },
    });
    const code = t.whatsapp.lastCode('16505551234')!;
    await t.app.inject({
      method: 'POST',
      url: '/api/whatsapp/verify',
      headers: alice.headers,
      payload: { code },
    });
    await deliverWhatsApp(t.app, t.whatsapp.inboundText('16505551234', 'tasks'));
    expect(t.whatsapp.sent.at(-1)).toMatchObject({
      to: '16505551234',
      type: 'text',
      text: '*Open tasks (2)*\n• Call Grace [Navy], due Mon 23 Nov\n• Write report [Navy]',
    });
  });
});
