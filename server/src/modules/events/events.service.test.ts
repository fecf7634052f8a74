import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestApp } from '../../../test/test-app';
import type { AuthUser } from '../users/users.mappers';
import type { EventsService } from './events.service';

let t: TestApp;
let events: EventsService;

beforeAll(async () => {
  t = await createTestApp();
  events = t.app.services.events;
  await createUser(t.app);
});
afterAll(() => t.close());

async function account(): Promise<AuthUser> {
  const { id } = await createUser(t.app);
  return (await t.app.services.users.get(id))!;
}

/** `owner` invites `member`, who accepts: only group members with an account may be participants. */
async function team(owner: AuthUser, member: AuthUser) {
  const invitation = await t.app.services.groups.invite(owner, { email: member.email, name: 'Member' });
  await t.app.services.groups.approve(member, invitation.id, 'Owner');
}

const meeting = {
  title: 'Standup',
  start_datetime: '2030-01-07T09:00:00.000Z',
  end_datetime: '2030-01-07T09:15:00.000Z',
};

describe('EventsService rules', () => {
  it('shows an event to its participants read-only: they get 403 on change, anyone else 404', async () => {
    const owner = await account();
    const guest = await account();
    const stranger = await account();
    await team(owner, guest);
    const event = await events.create(owner, {
      ...meeting,
      participants: [{ email: guest.email, name: 'G' }],
    });

    expect((await events.get(guest, event.id)).is_owner).toBe(false);
    await expect(events.update(guest, event.id, { title: 'Mine' })).rejects.toMatchObject({ status: 403 });
    await expect(events.delete(guest, event.id)).rejects.toMatchObject({ status: 403 });
    await expect(events.get(stranger, event.id)).rejects.toMatchObject({ status: 404 });
    await expect(events.delete(stranger, event.id)).rejects.toMatchObject({ status: 404 });
    expect((await events.get(owner, event.id)).title).toBe('Standup');

    const [notice] = (await t.app.services.notifications.list(guest.id, 1, 10)).notifications;
    expect(notice.notification).toContain('added you to the event "Standup"');
  });

  it('expands a weekly series into its occurrences within the range', async () => {
    const owner = await account();
    await events.create(owner, { ...meeting, repeat_pattern: 'weekly', repeat_days: [] });
    const found = await events.inRange(
      owner,
      new Date('2030-01-01T00:00:00Z'),
      new Date('2030-01-29T00:00:00Z'),
    );
    expect(found.map((event) => event.start_datetime)).toEqual([
      '2030-01-07T09:00:00.000Z',
      '2030-01-14T09:00:00.000Z',
      '2030-01-21T09:00:00.000Z',
      '2030-01-28T09:00:00.000Z',
    ]);
  });

  it('refuses an end before the start and ranges longer than the limit, naming the field', async () => {
    const owner = await account();
    const event = await events.create(owner, meeting);
    await expect(
      events.update(owner, event.id, { end_datetime: '2030-01-07T08:00:00.000Z' }),
    ).rejects.toMatchObject({ status: 400, details: [{ field: 'end_datetime' }] });
    await expect(
      events.inRange(owner, new Date('2030-01-01T00:00:00Z'), new Date('2032-01-01T00:00:00Z')),
    ).rejects.toMatchObject({ status: 400, details: [{ field: 'end_date' }] });
  });

  it('imports an iCalendar file in one go and exports the events back', async () => {
    const owner = await account();
    const ics = [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'BEGIN:VEVENT',
      'UID:one@example.com',
      'DTSTART:20300301T100000Z',
      'DTEND:20300301T110000Z',
      'SUMMARY:Imported review',
      'END:VEVENT',
      'END:VCALENDAR',
    ].join('\r\n');
    await expect(events.importIcs(owner, 'not a calendar')).rejects.toMatchObject({ status: 400 });
    expect(await events.importIcs(owner, ics)).toMatchObject({ imported: 1 });
    expect(await events.exportIcs(owner, 'https://relate.example')).toContain('SUMMARY:Imported review');
  });
});
