import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeSmtp, startFakeSmtp } from '../../../test/fakes/smtp/server';
import { createTestApp, createUser, type TestApp, type TestUser, uniqueEmail } from '../../../test/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const invite = (user: TestUser, email: string, name = 'Colleague') =>
  t.as(user).post('/api/user-group', { email, name });
const members = async (user: TestUser) => (await t.as(user).get('/api/user-group')).json().data;
const pending = async (user: TestUser) =>
  (await t.as(user).get('/api/user-group/pending-invitations')).json().data;
const approve = (user: TestUser, invitation_id: number, display_name = 'Inviter') =>
  t.as(user).post('/api/user-group/approve-invitation', { invitation_id, display_name });
const decline = (user: TestUser, invitation_id: number) =>
  t.as(user).post('/api/user-group/decline-invitation', { invitation_id });
const notifications = async (user: TestUser) =>
  (await t.app.inject({ method: 'GET', url: '/api/notifications', headers: user.headers })).json()
    .notifications;

const notMailed = (email: string) =>
  `Invitation saved for ${email}, but no e-mail was sent (e-mail is not set up on this server). ` +
  'They see it once they sign in to Relate: if they have no account yet, ask them to sign up with this address.';

/** A invites B, who accepts; returns A's membership id for B. */
async function connect(a: TestUser, b: TestUser): Promise<number> {
  const membership = (await invite(a, b.email, 'B')).json().data.id;
  expect((await approve(b, membership, 'A')).statusCode).toBe(200);
  return membership;
}

describe('inviting', () => {
  it('invites a user with an account, who is notified and sees the invitation at once', async () => {
    const ann = await createUser(t.app, { fullName: 'Ann Inviter' });
    const ben = await createUser(t.app, { fullName: 'Ben Invitee' });

    const response = await invite(ann, `  ${ben.email.toUpperCase()} `, '  Ben  ');
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toEqual({
      success: true,
      message: notMailed(ben.email),
      emailed: false,
      data: {
        id: expect.any(Number),
        user_id: null,
        full_name: 'Ben',
        email: ben.email,
        status: 'waiting_for_approval',
        added_at: expect.any(String),
      },
    });
    expect(await members(ann)).toEqual([body.data]);

    expect(await pending(ben)).toEqual([
      {
        id: body.data.id,
        invitation_id: body.data.id,
        name: 'Ann Inviter',
        email: ann.email,
        invited_by: { id: ann.id, email: ann.email, full_name: 'Ann Inviter' },
      },
    ]);
    expect(await notifications(ben)).toEqual([
      expect.objectContaining({
        notification: 'Ann Inviter invited you to their group',
        notification_type: 'group_invitation',
        subject_type: 'group',
        subject_id: body.data.id,
        is_read: false,
      }),
    ]);
    expect(await members(ben)).toEqual([]);
  });

  it('keeps an invitation to an unknown e-mail until that person registers, then notifies them', async () => {
    const ann = await createUser(t.app, { fullName: 'Ann' });
    const email = uniqueEmail('later');
    const response = await invite(ann, email, 'Newcomer');
    expect(response.statusCode).toBe(201);
    // Without SMTP nothing was sent, and the inviter is told so (the same words as for an account).
    expect(response.json()).toMatchObject({
      message: notMailed(email),
      emailed: false,
      data: { user_id: null, email, status: 'waiting_for_approval' },
    });

    const newcomer = await createUser(t.app, { email: email.toUpperCase() });
    expect(await pending(newcomer)).toEqual([
      expect.objectContaining({ id: response.json().data.id, name: 'Ann', email: ann.email }),
    ]);
    expect(await notifications(newcomer)).toEqual([
      expect.objectContaining({
        notification: 'Ann invited you to their group',
        notification_type: 'group_invitation',
      }),
    ]);
    // Linked to the new account, but the inviter learns that only once the invitation is accepted.
    expect(await members(ann)).toEqual([expect.objectContaining({ user_id: null, email })]);
    const invitations = (await t.as(newcomer).get('/api/user-group/pending-invitations')).json().data;
    expect(invitations).toEqual([expect.objectContaining({ email: ann.email })]);
  });

  it('refuses blank, invalid, own and repeated e-mails and a blank name with clear messages', async () => {
    const ann = await createUser(t.app);
    const ben = await createUser(t.app);
    const problem = async (payload: object) => {
      const response = await t.as(ann).post('/api/user-group', payload);
      expect(response.statusCode).toBe(400);
      return response.json();
    };

    expect((await problem({ email: '  ', name: 'X' })).details).toEqual([
      { field: 'email', message: 'Please enter an email address' },
    ]);
    expect((await problem({ name: 'X' })).details).toEqual([
      { field: 'email', message: 'Please enter an email address' },
    ]);
    expect((await problem({ email: ben.email, name: ' ' })).details).toEqual([
      { field: 'name', message: 'Please enter a name' },
    ]);
    expect((await problem({ email: 'not-an-email', name: 'X' })).details).toEqual([
      { field: 'email', message: 'Please enter a valid email address' },
    ]);
    expect(await problem({ email: ann.email.toUpperCase(), name: 'Me' })).toMatchObject({
      error: 'You cannot add yourself to your group',
    });
    expect((await invite(ann, ben.email)).statusCode).toBe(201);
    expect(await problem({ email: ben.email.toUpperCase(), name: 'Again' })).toMatchObject({
      error: 'This user is already in your group',
    });
    expect(await members(ann)).toHaveLength(1);
  });
});

describe('inviting with SMTP_URL set', () => {
  let mailing: TestApp;
  let smtp: FakeSmtp;
  beforeAll(async () => {
    smtp = await startFakeSmtp();
    mailing = await createTestApp({ env: { SMTP_URL: smtp.url, PUBLIC_URL: 'https://relate.test' } });
  });
  afterAll(async () => {
    await mailing.close();
    await smtp.close();
  });

  it('e-mails a person without an account a sign-up link, and one with an account a sign-in link, with one answer', async () => {
    const ann = await createUser(mailing.app, { fullName: 'Ann Inviter' });
    const ben = await createUser(mailing.app);
    const newcomer = uniqueEmail('newcomer');

    const answers = [];
    for (const email of [newcomer, ben.email]) {
      const response = await mailing.as(ann).post('/api/user-group', { email, name: 'Them' });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({ message: `Invitation sent to ${email}`, emailed: true });
      answers.push(Object.keys(response.json()).sort());
    }
    expect(answers[0]).toEqual(answers[1]);

    const invitation = 'Ann Inviter invited you to their group on Relate';
    const toNewcomer = await smtp.nextMailTo(newcomer, invitation);
    expect(toNewcomer.subject).toBe('Ann Inviter invited you to their group on Relate');
    expect(toNewcomer.text).toContain(`sign up with this e-mail address (${newcomer})`);
    expect(toNewcomer.text).toContain('https://relate.test/auth?mode=signup');
    const toBen = await smtp.nextMailTo(ben.email, invitation); // after sign-up's own verification mail
    expect(toBen.text).toContain('Sign in to accept or decline the invitation');
    expect(toBen.text).toContain('https://relate.test/settings?section=group');
  });
});

describe('answering', () => {
  it('approves: both people see each other as approved members, and the inviter is told', async () => {
    const ann = await createUser(t.app, { fullName: 'Ann' });
    const ben = await createUser(t.app, { fullName: 'Ben' });
    const membership = (await invite(ann, ben.email, 'Benjamin')).json().data.id;

    expect((await approve(ben, membership, '  ')).statusCode).toBe(400);
    const response = await approve(ben, membership, ' Annie ');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      message: 'Invitation accepted',
      data: {
        id: expect.any(Number),
        user_id: ann.id,
        full_name: 'Annie',
        email: ann.email,
        status: 'approved',
        added_at: expect.any(String),
      },
    });

    expect(await members(ann)).toEqual([
      expect.objectContaining({ id: membership, user_id: ben.id, full_name: 'Benjamin', status: 'approved' }),
    ]);
    expect(await members(ben)).toEqual([response.json().data]);
    expect(await pending(ben)).toEqual([]);
    expect(await notifications(ann)).toEqual([
      expect.objectContaining({ notification: 'Ben accepted your group invitation', subject_type: 'group' }),
    ]);
    expect(await t.app.services.groups.approvedMemberIds(ann.id)).toEqual([ben.id]);
    expect(await t.app.services.groups.approvedMemberIds(ben.id)).toEqual([ann.id]);
    expect((await approve(ben, membership)).statusCode).toBe(404);
  });

  it('declines: the inviter sees it declined and may invite again', async () => {
    const ann = await createUser(t.app);
    const ben = await createUser(t.app);
    const membership = (await invite(ann, ben.email)).json().data.id;

    const response = await decline(ben, membership);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: 'Invitation declined' });
    expect(await pending(ben)).toEqual([]);
    expect(await members(ann)).toEqual([expect.objectContaining({ id: membership, status: 'declined' })]);
    expect(await members(ben)).toEqual([]);
    expect(await t.app.services.groups.approvedMemberIds(ann.id)).toEqual([]);
    expect((await approve(ben, membership)).statusCode).toBe(404);

    const again = await invite(ann, ben.email, 'Ben again');
    expect(again.statusCode).toBe(201);
    expect(again.json().data).toMatchObject({
      id: membership,
      full_name: 'Ben again',
      status: 'waiting_for_approval',
    });
    expect(await pending(ben)).toEqual([expect.objectContaining({ id: membership })]);
  });

  it('makes two people who invited each other members of both groups with one approval', async () => {
    const ann = await createUser(t.app);
    const ben = await createUser(t.app);
    const annInvite = (await invite(ann, ben.email, 'Ben')).json().data.id;
    await invite(ben, ann.email, 'Ann');

    expect((await approve(ben, annInvite, 'Ann B.')).statusCode).toBe(200);
    expect(await members(ann)).toEqual([expect.objectContaining({ user_id: ben.id, status: 'approved' })]);
    expect(await members(ben)).toEqual([
      expect.objectContaining({ user_id: ann.id, full_name: 'Ann B.', status: 'approved' }),
    ]);
    expect(await pending(ann)).toEqual([]);
  });

  it('answers 404 for someone else’s invitation and 400 for a missing id', async () => {
    const [ann, ben, eve] = [await createUser(t.app), await createUser(t.app), await createUser(t.app)];
    const membership = (await invite(ann, ben.email)).json().data.id;

    expect((await approve(eve, membership)).statusCode).toBe(404);
    expect((await decline(eve, membership)).statusCode).toBe(404);
    expect((await approve(ann, membership)).statusCode).toBe(404);
    expect((await t.as(ben).post('/api/user-group/decline-invitation', {})).statusCode).toBe(400);
    expect(await pending(eve)).toEqual([]);
    expect(await pending(ben)).toEqual([expect.objectContaining({ id: membership })]);
  });
});

describe('removing', () => {
  it('ends an approved membership for both people', async () => {
    const ann = await createUser(t.app);
    const ben = await createUser(t.app);
    const membership = await connect(ann, ben);

    const response = await t.as(ann).delete(`/api/user-group/${membership}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: 'User removed from your group' });
    expect(await members(ann)).toEqual([]);
    expect(await members(ben)).toEqual([]);
    expect(await t.app.services.groups.approvedMemberIds(ben.id)).toEqual([]);
  });

  it('takes the removed person out of the remover’s projects (and back), so they no longer see those tasks', async () => {
    const ann = await createUser(t.app);
    const ben = await createUser(t.app);
    const membership = await connect(ann, ben);
    await t.as(ann).post('/api/projects', { name: 'AnnLaunch' });
    await t.as(ben).post('/api/projects', { name: 'BenGarden' });
    expect(
      (await t.as(ann).post('/api/projects/AnnLaunch/participants', { participants: [ben.email] }))
        .statusCode,
    ).toBe(200);
    expect(
      (await t.as(ben).post('/api/projects/BenGarden/participants', { participants: [ann.email] }))
        .statusCode,
    ).toBe(200);
    const annTask = (
      await t.as(ann).post('/api/tasks', { title: 'Plan', project: 'AnnLaunch', assign_to: ben.email })
    ).json();
    const benTask = (await t.as(ben).post('/api/tasks', { title: 'Draft', project: 'AnnLaunch' })).json();
    const benOwn = (await t.as(ben).post('/api/tasks', { title: 'Seeds', project: 'BenGarden' })).json();
    expect((await t.as(ben).get(`/api/tasks/${annTask.id}`)).statusCode).toBe(200);

    expect((await t.as(ann).delete(`/api/user-group/${membership}`)).statusCode).toBe(200);

    // Ben no longer takes part in Ann's project and sees none of its tasks, not even the one he wrote.
    for (const id of [annTask.id, benTask.id])
      expect((await t.as(ben).get(`/api/tasks/${id}`)).statusCode).toBe(404);
    const bensView = (await t.as(ben).get('/api/tasks')).json();
    expect(JSON.stringify(bensView)).not.toContain('AnnLaunch');
    // Ann keeps her project's tasks: Ben's task passed to her, and her task lost its assignee.
    const annTaskNow = (await t.as(ann).get(`/api/tasks/${annTask.id}`)).json();
    expect(annTaskNow.assign_to ?? null).toBeNull();
    const benTaskNow = (await t.as(ann).get(`/api/tasks/${benTask.id}`)).json();
    expect(benTaskNow).toMatchObject({ title: 'Draft', owner_id: ann.id, can_edit: true });
    expect((await t.as(ann).get('/api/projects/AnnLaunch/participants')).json().participants).toEqual([
      ann.email,
    ]);
    // The membership ended both ways: Ann has left Ben's project too.
    expect((await t.as(ann).get(`/api/tasks/${benOwn.id}`)).statusCode).toBe(404);
  });

  it('takes the removed person out of the remover’s events (and back); the events stay with their owners', async () => {
    const ann = await createUser(t.app);
    const ben = await createUser(t.app);
    const membership = await connect(ann, ben);
    const guest = { name: 'Guest', email: 'guest-without-account@example.org' };
    const create = async (who: TestUser, body: object) => {
      const response = await t.as(who).post('/api/events', body);
      expect(response.statusCode, response.body).toBe(201);
      return response.json().event as { id: number };
    };
    const review = await create(ann, {
      title: 'Review',
      start_datetime: '2026-12-01T09:00:00Z',
      end_datetime: '2026-12-01T10:00:00Z',
      participants: [{ name: 'Ben', email: ben.email }, guest],
    });
    // A weekly series, one occurrence of which was changed on its own (a row of its own).
    const standUp = await create(ann, {
      title: 'Stand-up',
      start_datetime: '2026-12-07T09:00:00Z',
      end_datetime: '2026-12-07T09:30:00Z',
      timezone: 'UTC',
      repeat_pattern: 'weekly',
      repeat_days: [1],
      participants: [{ name: 'Ben', email: ben.email }],
    });
    const moved = await t.as(ann).put(`/api/events/${standUp.id}`, {
      scope: 'this',
      occurrence_start: '2026-12-14T09:00:00Z',
      title: 'Stand-up, moved',
      start_datetime: '2026-12-14T11:00:00Z',
      end_datetime: '2026-12-14T11:30:00Z',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const garden = await create(ben, {
      title: 'Garden',
      start_datetime: '2026-12-02T09:00:00Z',
      end_datetime: '2026-12-02T10:00:00Z',
      participants: [{ name: 'Ann', email: ann.email }],
    });
    const december = '/api/events?start_date=2026-12-01T00:00:00Z&end_date=2026-12-31T00:00:00Z';
    const titles = async (who: TestUser) =>
      ((await t.as(who).get(december)).json().events as { title: string }[])
        .map((event) => event.title)
        .sort();
    expect(await titles(ben)).toEqual([
      'Garden',
      'Review',
      'Stand-up',
      'Stand-up',
      'Stand-up',
      'Stand-up, moved',
    ]);
    expect((await t.as(ann).get(`/api/events/${garden.id}`)).statusCode).toBe(200);

    expect((await t.as(ann).delete(`/api/user-group/${membership}`)).statusCode).toBe(200);

    // Ben no longer sees Ann's events, the changed occurrence included; Ann no longer sees Ben's.
    expect(await titles(ben)).toEqual(['Garden']);
    for (const id of [review.id, standUp.id])
      expect((await t.as(ben).get(`/api/events/${id}`)).statusCode).toBe(404);
    expect((await t.as(ann).get(`/api/events/${garden.id}`)).statusCode).toBe(404);
    // The events stay with their owners, the others' participants untouched.
    expect(await titles(ann)).toEqual(['Review', 'Stand-up', 'Stand-up', 'Stand-up', 'Stand-up, moved']);
    expect((await t.as(ann).get(`/api/events/${review.id}`)).json().event.participants).toEqual([guest]);
    expect((await t.as(ann).get(`/api/events/${standUp.id}`)).json().event.participants).toEqual([]);
    expect((await t.as(ben).get(`/api/events/${garden.id}`)).json().event.participants).toEqual([]);
  });

  it('lets the invitee remove the inviter from their side too', async () => {
    const ann = await createUser(t.app);
    const ben = await createUser(t.app);
    await connect(ann, ben);
    const [annInBens] = await members(ben);

    expect((await t.as(ben).delete(`/api/user-group/${annInBens.id}`)).statusCode).toBe(200);
    expect(await members(ann)).toEqual([]);
    expect(await members(ben)).toEqual([]);
  });

  it('withdraws a waiting invitation', async () => {
    const ann = await createUser(t.app);
    const ben = await createUser(t.app);
    const membership = (await invite(ann, ben.email)).json().data.id;

    expect((await t.as(ann).delete(`/api/user-group/${membership}`)).statusCode).toBe(200);
    expect(await pending(ben)).toEqual([]);
    expect(await members(ann)).toEqual([]);
  });

  it('answers 404 for another user’s membership and leaves it alone', async () => {
    const [ann, ben, eve] = [await createUser(t.app), await createUser(t.app), await createUser(t.app)];
    const membership = await connect(ann, ben);

    expect((await t.as(eve).delete(`/api/user-group/${membership}`)).statusCode).toBe(404);
    expect((await t.as(ben).delete(`/api/user-group/${membership}`)).statusCode).toBe(404);
    expect(await members(ann)).toHaveLength(1);
    expect(await members(eve)).toEqual([]);
  });
});
