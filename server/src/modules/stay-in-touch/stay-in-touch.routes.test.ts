import type { Notification, ReachOutResponse, StayInTouch } from '@relate/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type BotsTestApp,
  createBotsTestApp,
  deliverTelegram,
  linkTelegram,
  testClock,
} from '../../../test/fakes/bots';
import type { TelegramUser } from '../../../test/fakes/telegram/server';
import { createUser, type TestUser } from '../../../test/test-app';
import { REMINDERS_JOB } from './stay-in-touch.wiring';

const time = testClock('2026-11-23T10:00:00Z');
let t: BotsTestApp;

beforeAll(async () => {
  t = await createBotsTestApp({ clock: time.clock });
  await createUser(t.app); // the admin
});
afterAll(() => t.close());

async function person(who: TestUser, body: object): Promise<number> {
  const response = await t.as(who).post('/api/people', body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id;
}

async function stayInTouch(who: TestUser, id: number, body: object): Promise<StayInTouch> {
  const response = await t.as(who).put(`/api/people/${id}/stay-in-touch`, body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function followUp(who: TestUser, id: number, body: object): Promise<StayInTouch> {
  const response = await t.as(who).post(`/api/people/${id}/follow-up`, body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** Through the service: the test's clock runs past the access token's lifetime. */
async function notifications(who: TestUser): Promise<Notification[]> {
  return (await t.app.services.notifications.list(who.id, 1, 50)).notifications;
}

const remind = async () => {
  await t.app.services.jobs.runAllNow(REMINDERS_JOB);
  await t.app.services.jobs.runDue();
};

describe('stay in touch', () => {
  it('a cadence sets the next follow-up from the last contact, at 09:00 in the user’s zone', async () => {
    const ann = await createUser(t.app);
    const ada = await person(ann, {
      first_name: 'Ada',
      last_name: 'Lovelace',
      last_contact_date: '2026-11-10T15:00:00.000Z',
    });
    const state = await stayInTouch(ann, ada, {
      cadence: { every: 2, unit: 'week' },
      timezone: 'Europe/Berlin',
    });
    expect(state).toEqual({
      cadence: { every: 2, unit: 'week' },
      last_contact_date: '2026-11-10T15:00:00.000Z',
      next_follow_up_date: '2026-11-24T08:00:00.000Z',
    });
    expect((await t.as(ann).get(`/api/people/${ada}`)).json().next_follow_up_date).toBe(
      '2026-11-24T08:00:00.000Z',
    );

    // Without a last contact, counting starts today; stopping keeps the date already set.
    const bob = await person(ann, { first_name: 'Bob', last_name: 'Stone' });
    expect((await stayInTouch(ann, bob, { cadence: { every: 1, unit: 'month' } })).next_follow_up_date).toBe(
      '2026-12-23T08:00:00.000Z',
    );
    expect(await stayInTouch(ann, bob, { cadence: null })).toMatchObject({
      cadence: null,
      next_follow_up_date: '2026-12-23T08:00:00.000Z',
    });
  });

  it('a new last contact date moves the next follow-up, unless the same edit sets one', async () => {
    const ann = await createUser(t.app);
    const ada = await person(ann, { first_name: 'Ada', last_name: 'Byron' });
    await stayInTouch(ann, ada, { cadence: { every: 10, unit: 'day' } });
    const moved = await t
      .as(ann)
      .put(`/api/people/${ada}`, { last_contact_date: '2026-11-20T12:00:00.000Z' });
    expect(moved.json().next_follow_up_date).toBe('2026-11-30T09:00:00.000Z');
    const chosen = await t.as(ann).put(`/api/people/${ada}`, {
      last_contact_date: '2026-11-21T12:00:00.000Z',
      next_follow_up_date: '2027-01-05T10:00:00.000Z',
    });
    expect(chosen.json().next_follow_up_date).toBe('2027-01-05T10:00:00.000Z');
  });

  it('Done moves the last contact to now and the next one on; Snooze moves only the next one', async () => {
    const ann = await createUser(t.app);
    const ada = await person(ann, { first_name: 'Ada', last_name: 'King' });
    await stayInTouch(ann, ada, { cadence: { every: 3, unit: 'month' } });
    expect(await followUp(ann, ada, { action: 'done' })).toEqual({
      cadence: { every: 3, unit: 'month' },
      last_contact_date: '2026-11-23T10:00:00.000Z',
      next_follow_up_date: '2027-02-23T09:00:00.000Z',
    });
    expect((await followUp(ann, ada, { action: 'snooze', days: 7 })).next_follow_up_date).toBe(
      '2026-11-30T09:00:00.000Z',
    );
    expect((await followUp(ann, ada, { action: 'snooze', days: 1 })).next_follow_up_date).toBe(
      '2026-11-24T09:00:00.000Z',
    );
    // Done without a cadence clears the date that was set by hand.
    const bob = await person(ann, {
      first_name: 'Bob',
      last_name: 'King',
      next_follow_up_date: '2026-11-20T09:00:00.000Z',
    });
    expect((await followUp(ann, bob, { action: 'done' })).next_follow_up_date).toBeNull();
  });

  it('logging an interaction moves the last contact and the next follow-up', async () => {
    const ann = await createUser(t.app);
    const ada = await person(ann, { first_name: 'Ada', last_name: 'Called' });
    await stayInTouch(ann, ada, { cadence: { every: 2, unit: 'week' } });
    const logged = await t.as(ann).post(`/api/people/${ada}/interactions`, {
      kind: 'call',
      date: '2026-11-22T15:00:00.000Z',
      summary: 'Talked about the new engine',
    });
    expect(logged.statusCode, logged.body).toBe(201);
    expect((await t.as(ann).get(`/api/people/${ada}/stay-in-touch`)).json()).toMatchObject({
      last_contact_date: '2026-11-22T15:00:00.000Z',
      next_follow_up_date: '2026-12-06T09:00:00.000Z',
    });
  });

  it('refuses bad input with the field named', async () => {
    const ann = await createUser(t.app);
    const ada = await person(ann, { first_name: 'Ada', last_name: 'Quinn' });
    for (const [body, message] of [
      [{ cadence: { every: 0, unit: 'week' } }, 'Every must be a whole number from 1 to 366'],
      [{ cadence: { every: 2.5, unit: 'week' } }, 'Every must be a whole number from 1 to 366'],
      [{ cadence: { every: 2, unit: 'year' } }, 'Unit must be day, week or month'],
      [{ cadence: { every: 2, unit: 'day' }, timezone: 'Mars/Olympus' }, 'Time zone must be an IANA'],
    ] as const) {
      const response = await t.as(ann).put(`/api/people/${ada}/stay-in-touch`, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.body).toContain(message);
    }
    const snooze = await t.as(ann).post(`/api/people/${ada}/follow-up`, { action: 'snooze', days: 3 });
    expect(snooze.statusCode).toBe(400);
    expect(snooze.body).toContain('Days must be 1 or 7');
  });

  it('another user cannot read, set, snooze or list someone else’s follow-ups', async () => {
    const ann = await createUser(t.app);
    const eve = await createUser(t.app);
    const ada = await person(ann, { first_name: 'Ada', last_name: 'Secret' });
    await stayInTouch(ann, ada, { cadence: { every: 1, unit: 'day' } });
    const before = (await t.as(ann).get(`/api/people/${ada}/stay-in-touch`)).json();
    expect((await t.as(eve).get(`/api/people/${ada}/stay-in-touch`)).statusCode).toBe(404);
    expect(
      (await t.as(eve).put(`/api/people/${ada}/stay-in-touch`, { cadence: { every: 9, unit: 'day' } }))
        .statusCode,
    ).toBe(404);
    expect((await t.as(eve).post(`/api/people/${ada}/follow-up`, { action: 'done' })).statusCode).toBe(404);
    expect((await t.as(eve).get('/api/reach-out')).json()).toEqual({ due: [], upcoming: [], birthdays: [] });
    expect((await t.as(ann).get(`/api/people/${ada}/stay-in-touch`)).json()).toEqual(before);
    expect((await t.as().get('/api/reach-out')).statusCode).toBe(401);
  });

  it('Reach out lists who is due or overdue, who is due this week, and the week’s birthdays', async () => {
    const ann = await createUser(t.app);
    const overdue = await person(ann, {
      first_name: 'Olga',
      last_name: 'Late',
      next_follow_up_date: '2026-11-01T09:00:00.000Z',
    });
    const today = await person(ann, {
      first_name: 'Tom',
      last_name: 'Today',
      next_follow_up_date: '2026-11-23T20:00:00.000Z',
    });
    const soon = await person(ann, {
      first_name: 'Sam',
      last_name: 'Soon',
      next_follow_up_date: '2026-11-27T09:00:00.000Z',
    });
    await person(ann, {
      first_name: 'Far',
      last_name: 'Away',
      next_follow_up_date: '2027-03-01T09:00:00.000Z',
    });
    await person(ann, { first_name: 'Bea', last_name: 'Born', birthday: '1990-11-25' });
    await person(ann, { first_name: 'Yan', last_name: 'Yearless', birthday: '--11-23' });
    await person(ann, { first_name: 'Not', last_name: 'Yet', birthday: '1980-12-25' });
    const view: ReachOutResponse = (await t.as(ann).get('/api/reach-out')).json();
    expect(view.due.map((row) => row.id)).toEqual([overdue, today]);
    expect(view.upcoming.map((row) => row.id)).toEqual([soon]);
    expect(view.birthdays.map((row) => [row.full_name, row.date, row.age])).toEqual([
      ['Yan Yearless', '2026-11-23', null],
      ['Bea Born', '2026-11-25', 36],
    ]);
  });
});

describe('follow-up and birthday reminders', () => {
  it('arrive once at 09:00 local, in the app and on Telegram, where Snooze 1 week moves the follow-up', async () => {
    time.set('2026-12-01T12:00:00Z');
    const kim = await createUser(t.app);
    const kimTelegram: TelegramUser = { id: 515151515, first_name: 'Kim' };
    await linkTelegram(t, kim, kimTelegram);
    await t.app.services.users.updateMessaging(kim.id, { timezone: 'America/New_York' });
    const ada = await person(kim, { first_name: 'Ada', last_name: 'Due' });
    await stayInTouch(kim, ada, { cadence: { every: 1, unit: 'day' } });
    const born = await person(kim, { first_name: 'Bea', last_name: 'Cake', birthday: '1990-12-02' });

    // 08:59 in New York on 2 December is 13:59 UTC: nothing yet.
    time.set('2026-12-02T13:59:00Z');
    await remind();
    expect((await notifications(kim)).filter((n) => n.notification_type !== 'other')).toEqual([]);
    time.set('2026-12-02T14:00:00Z');
    await remind();
    await remind();
    const told = await notifications(kim);
    expect(told.map((n) => [n.notification_type, n.notification, n.subject_id]).sort()).toEqual([
      ['birthday', 'It’s Bea Cake’s birthday today (36)', born],
      ['follow_up', 'Time to reach out to Ada Due (every day)', ada],
    ]);

    const messages = t.telegram.messagesTo(kimTelegram.id);
    const reminder = messages.find((m) => m.text.startsWith('<b>🤝 Stay in touch</b>'))!;
    expect(reminder.text).toBe('<b>🤝 Stay in touch</b>\nTime to reach out to Ada Due (every day)');
    expect(messages.filter((m) => m.text.startsWith('<b>🎂 Birthday</b>'))).toHaveLength(1);
    const buttons = reminder.reply_markup!.inline_keyboard![0];
    expect(buttons.map((b) => b.text)).toEqual(['✅ Done', 'Snooze 1 day', 'Snooze 1 week']);
    await deliverTelegram(t.app, await t.telegram.press(kimTelegram, reminder, buttons[2].callback_data!));
    expect(t.telegram.messagesTo(kimTelegram.id).at(-1)!.text).toBe(
      '<b>⏰ I will remind you again in a week</b>\nNext follow-up: Wed 9 Dec',
    );
    expect((await t.app.services.stayInTouch.get(kim.id, ada)).next_follow_up_date).toBe(
      '2026-12-09T14:00:00.000Z',
    );

    // Nothing more until the snoozed day's 09:00; then once more.
    time.set('2026-12-09T13:30:00Z');
    await remind();
    expect((await notifications(kim)).filter((n) => n.notification_type === 'follow_up')).toHaveLength(1);
    time.set('2026-12-09T14:05:00Z');
    await remind();
    expect((await notifications(kim)).filter((n) => n.notification_type === 'follow_up')).toHaveLength(2);
  });

  it('many follow-ups due at once arrive as four, and one for the rest', async () => {
    time.set('2026-12-10T08:00:00Z');
    const lee = await createUser(t.app);
    for (let index = 0; index < 7; index++) {
      await person(lee, {
        first_name: `Person${index}`,
        last_name: 'Due',
        next_follow_up_date: '2026-12-10T09:00:00.000Z',
      });
    }
    // A follow-up long overdue (an import's old dates) is listed in Reach out, not reminded.
    await person(lee, {
      first_name: 'Old',
      last_name: 'Date',
      next_follow_up_date: '2025-01-01T09:00:00.000Z',
    });
    time.set('2026-12-10T09:00:00Z');
    await remind();
    const told = (await notifications(lee)).filter((n) => n.notification_type === 'follow_up');
    expect(told).toHaveLength(5);
    expect(told.map((n) => n.notification)).toContain('3 more people to reach out to today');
    expect(told.some((n) => n.notification.includes('Old Date'))).toBe(false);
  });
});
