import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestApp } from '../../../test/test-app';
import type { AuthUser } from '../../lib/auth-user';
import { EventsRepository } from './events.repository';
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
  const { member: invitation } = await t.app.services.groups.invite(owner, {
    email: member.email,
    name: 'Member',
  });
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
    await expect(events.importIcs(owner, 'not a calendar', 'http://relate.test')).rejects.toMatchObject({
      status: 400,
    });
    expect(await events.importIcs(owner, ics, 'http://relate.test')).toMatchObject({ imported: 1 });
    // The export streams, a page of events at a time.
    let exported = '';
    for await (const chunk of events.exportIcs(owner, 'https://relate.example')) exported += chunk;
    expect(exported).toContain('SUMMARY:Imported review');
  });

  it('keeps a Berlin series\' exceptions on their occurrences when "All events" moves it an hour, across DST', async () => {
    const owner = await account();
    // Mondays 09:00 Berlin: 08:00 UTC in March before the change, 07:00 UTC after it.
    const series = await events.create(owner, {
      ...meeting,
      start_datetime: '2030-03-18T08:00:00.000Z',
      end_datetime: '2030-03-18T08:30:00.000Z',
      timezone: 'Europe/Berlin',
      repeat_pattern: 'weekly',
      repeat_days: [1],
    });
    await events.delete(owner, series.id, { scope: 'this', occurrence_start: '2030-04-01T07:00:00.000Z' });
    const moved = await events.update(owner, series.id, {
      scope: 'this',
      occurrence_start: '2030-04-08T07:00:00.000Z',
      start_datetime: '2030-04-09T07:00:00.000Z',
      end_datetime: '2030-04-09T07:30:00.000Z',
    });
    await events.update(owner, series.id, {
      scope: 'all',
      occurrence_start: '2030-03-25T08:00:00.000Z',
      start_datetime: '2030-03-25T09:00:00.000Z',
      end_datetime: '2030-03-25T09:30:00.000Z',
    });
    const listed = await events.inRange(
      owner,
      new Date('2030-03-16T00:00:00Z'),
      new Date('2030-04-21T00:00:00Z'),
    );
    expect(listed.map((event) => event.start_datetime)).toEqual([
      '2030-03-18T09:00:00.000Z', // 10:00 CET
      '2030-03-25T09:00:00.000Z', // 10:00 CET (the clocks change on the 31st)
      '2030-04-09T07:00:00.000Z', // the moved occurrence keeps its own time
      '2030-04-15T08:00:00.000Z', // 10:00 CEST
    ]);
    expect(listed[2]).toMatchObject({ id: moved.id, original_start: '2030-04-08T08:00:00.000Z' });
  });

  it('"This and following" on the first occurrence changes the whole series instead of splitting it', async () => {
    const owner = await account();
    const series = await events.create(owner, { ...meeting, repeat_pattern: 'daily' });
    const changed = await events.update(owner, series.id, {
      scope: 'following',
      occurrence_start: meeting.start_datetime,
      title: 'Renamed',
    });
    expect(changed).toMatchObject({ id: series.id, title: 'Renamed', repeat_pattern: 'daily' });
    const listed = await events.inRange(
      owner,
      new Date('2030-01-07T00:00:00Z'),
      new Date('2030-01-10T00:00:00Z'),
    );
    expect(listed.map((event) => `${event.id} ${event.title}`)).toEqual(
      Array(3).fill(`${series.id} Renamed`),
    );
  });

  it('honours exceptions stored by another writer (as the Google sync stores overrides and cancellations)', async () => {
    const owner = await account();
    const guest = await account();
    await team(owner, guest);
    const series = await events.create(owner, {
      ...meeting,
      repeat_pattern: 'daily',
      participants: [{ email: guest.email, name: 'G' }],
    });
    const repository = new EventsRepository(t.database.db);
    await repository.update(owner.id, series.id, { excludedStarts: [new Date('2030-01-08T09:00:00Z')] });
    await repository.insert(owner.id, {
      title: 'Standup (moved upstream)',
      startAt: new Date('2030-01-09T15:00:00Z'),
      endAt: new Date('2030-01-09T15:15:00Z'),
      participants: [{ email: guest.email, name: 'G' }],
      seriesId: series.id,
      originalStart: new Date('2030-01-09T09:00:00Z'),
    });
    for (const viewer of [owner, guest]) {
      const listed = await events.inRange(
        viewer,
        new Date('2030-01-07T00:00:00Z'),
        new Date('2030-01-11T00:00:00Z'),
      );
      expect(listed.map((event) => `${event.start_datetime.slice(0, 16)} ${event.title}`)).toEqual([
        '2030-01-07T09:00 Standup',
        '2030-01-09T15:00 Standup (moved upstream)',
        '2030-01-10T09:00 Standup',
      ]);
    }
    // The participant cannot change the series' occurrence; the owner's "This event" finds the stored override.
    await expect(
      events.update(guest, series.id, {
        scope: 'this',
        occurrence_start: '2030-01-09T09:00:00.000Z',
        title: 'G',
      }),
    ).rejects.toMatchObject({ status: 403 });
    const edited = await events.update(owner, series.id, {
      scope: 'this',
      occurrence_start: '2030-01-09T09:00:00.000Z',
      location: 'Room 3',
    });
    expect(edited).toMatchObject({ title: 'Standup (moved upstream)', location: 'Room 3' });
  });
});
