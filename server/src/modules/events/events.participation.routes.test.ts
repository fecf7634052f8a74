import type { CalendarEvent } from '@relate/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart } from '../../../test/multipart';
import { createTestApp, createUser, type TestApp, type TestUser } from '../../../test/test-app';

/**
 * Issue 30, item 3: an .ics with ATTENDEE:mailto:victim@… put the event in the victim's calendar, and the
 * victim could neither delete it nor leave it. A participant has access only while they share a group with
 * the organiser, whatever path wrote them; any participant can leave.
 */
let t: TestApp;
const now = new Date('2026-11-23T12:00:00Z');

beforeAll(async () => {
  t = await createTestApp({ clock: () => now });
  await createUser(t.app);
});
afterAll(() => t.close());

async function group(a: TestUser, b: TestUser) {
  const invitation = (await t.as(a).post('/api/user-group', { email: b.email, name: 'B' })).json().data.id;
  await t.as(b).post('/api/user-group/approve-invitation', { invitation_id: invitation, display_name: 'A' });
}

const range = async (who: TestUser, from = '2026-12-01T00:00:00Z', to = '2026-12-08T00:00:00Z') => {
  const response = await t.as(who).get(`/api/events?start_date=${from}&end_date=${to}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().events as CalendarEvent[];
};

function importIcs(who: TestUser, content: string) {
  const body = multipart({}, { name: 'calendar.ics', content, type: 'text/calendar' });
  return t.app.inject({
    method: 'POST',
    url: '/api/events/import',
    payload: body.payload,
    headers: { ...who.headers, ...body.headers },
  });
}

const invitationIcs = (attendees: string[]) =>
  [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'BEGIN:VEVENT',
    'UID:injected@attacker',
    'SUMMARY:You have been hacked',
    'DTSTART:20261202T090000Z',
    'DTEND:20261202T100000Z',
    'RRULE:FREQ=DAILY;COUNT=3',
    ...attendees.map((email) => `ATTENDEE;CN=Someone:mailto:${email}`),
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');

describe('who an event reaches', () => {
  it("an .ics attendee outside the organiser's group is kept as a guest e-mail and sees nothing; one in it sees the event", async () => {
    const attacker = await createUser(t.app);
    const victim = await createUser(t.app);
    const member = await createUser(t.app);
    await group(attacker, member);
    const imported = await importIcs(attacker, invitationIcs([victim.email, member.email]));
    expect(imported.json()).toMatchObject({ imported: 1, skipped: 0 });

    expect(await range(victim)).toEqual([]);
    expect((await t.as(victim).get('/api/events/upcoming?days=30')).json().count).toBe(0);
    const [mine] = await range(attacker);
    expect((await t.as(victim).get(`/api/events/${mine.id}`)).statusCode).toBe(404);
    // Still listed for the organiser (and in their .ics export), as a plain e-mail.
    expect(mine.participants.map((participant) => participant.email)).toEqual([victim.email, member.email]);
    expect((await range(member)).map((event) => event.title)).toEqual(Array(3).fill('You have been hacked'));
  });

  it('a participant written by any path (here as the Google sync writes rows) gets access only within the group', async () => {
    const owner = await createUser(t.app);
    const stranger = await createUser(t.app);
    await t.app.services.events.insertSyncRow(owner.id, {
      title: 'Synced from Google',
      startAt: new Date('2026-12-03T09:00:00Z'),
      endAt: new Date('2026-12-03T10:00:00Z'),
      participants: [{ name: 'Stranger', email: stranger.email }],
    });
    expect(await range(stranger)).toEqual([]);
    await group(owner, stranger);
    expect((await range(stranger)).map((event) => event.title)).toEqual(['Synced from Google']);
  });

  it('a guest e-mail whose owner signs up later gives that account no access', async () => {
    const owner = await createUser(t.app);
    const email = `later-${owner.id}@example.org`;
    const created = await t.as(owner).post('/api/events', {
      title: 'Dinner',
      start_datetime: '2026-12-04T19:00:00Z',
      end_datetime: '2026-12-04T21:00:00Z',
      participants: [{ name: 'Later', email }],
    });
    expect(created.statusCode, created.body).toBe(201);
    const later = await createUser(t.app, { email });
    expect(await range(later)).toEqual([]);
  });
});

describe('DELETE /api/events/:id/participation', () => {
  it('a participant leaves a series with its changed occurrences; it leaves their calendar, the others stay', async () => {
    const owner = await createUser(t.app);
    const leaving = await createUser(t.app);
    const staying = await createUser(t.app);
    await group(owner, leaving);
    await group(owner, staying);
    const created = await t.as(owner).post('/api/events', {
      title: 'Standup',
      start_datetime: '2026-12-01T09:00:00Z',
      end_datetime: '2026-12-01T09:15:00Z',
      repeat_pattern: 'daily',
      participants: [
        { name: 'Leaving', email: leaving.email },
        { name: 'Staying', email: staying.email },
      ],
    });
    const series = created.json().event as CalendarEvent;
    const moved = await t.as(owner).put(`/api/events/${series.id}`, {
      scope: 'this',
      occurrence_start: '2026-12-03T09:00:00Z',
      start_datetime: '2026-12-03T11:00:00Z',
      end_datetime: '2026-12-03T11:15:00Z',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await range(leaving)).toHaveLength(7);

    // From the changed occurrence: the whole series is left.
    const left = await t.as(leaving).delete(`/api/events/${moved.json().event.id}/participation`);
    expect(left.statusCode, left.body).toBe(200);
    expect(left.json()).toEqual({ message: 'You left the event' });
    expect(await range(leaving)).toEqual([]);
    expect(await range(staying)).toHaveLength(7);
    const forOwner = await range(owner);
    expect(forOwner).toHaveLength(7);
    for (const event of forOwner)
      expect(event.participants.map((participant) => participant.email)).toEqual([staying.email]);
    // Gone: leaving again is 404.
    expect((await t.as(leaving).delete(`/api/events/${series.id}/participation`)).statusCode).toBe(404);
  });

  it('another user cannot use it on an event they are not in (404); the organiser cannot leave their own (409)', async () => {
    const owner = await createUser(t.app);
    const member = await createUser(t.app);
    const other = await createUser(t.app);
    await group(owner, member);
    const created = await t.as(owner).post('/api/events', {
      title: 'Review',
      start_datetime: '2026-12-02T09:00:00Z',
      end_datetime: '2026-12-02T10:00:00Z',
      participants: [{ name: 'Member', email: member.email }],
    });
    const event = created.json().event as CalendarEvent;
    const refused = await t.as(other).delete(`/api/events/${event.id}/participation`);
    expect(refused.statusCode).toBe(404);
    expect((await t.as(other).delete('/api/events/999999/participation')).statusCode).toBe(404);
    const own = await t.as(owner).delete(`/api/events/${event.id}/participation`);
    expect(own.statusCode).toBe(409);
    expect(own.json().error).toBe('You organise this event: delete it instead of leaving it');
    expect((await range(member)).map((item) => item.id)).toEqual([event.id]);
    expect((await range(owner))[0].participants).toEqual([{ name: 'Member', email: member.email }]);
  });

  it('a group member put in an imported event can leave it', async () => {
    const owner = await createUser(t.app);
    const member = await createUser(t.app);
    await group(owner, member);
    await importIcs(owner, invitationIcs([member.email]));
    expect(await range(member)).toHaveLength(3);
    const [first] = await range(member);
    expect((await t.as(member).delete(`/api/events/${first.id}/participation`)).statusCode).toBe(200);
    expect(await range(member)).toEqual([]);
  });
});
