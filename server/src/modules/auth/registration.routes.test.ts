import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestApp } from '../../../test/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ env: { ADMIN_EMAILS: 'second-admin@example.com' } });
});
afterAll(() => t.close());

const notificationsOf = async (user: { headers: Record<string, string> }) =>
  (await t.app.inject({ method: 'GET', url: '/api/notifications', headers: user.headers })).json()
    .notifications;

describe('signing up', () => {
  it('tells the sign-up form whether the next account is the first, and nothing more', async () => {
    const before = await t.as().get('/api/auth/registration');
    expect(before.statusCode).toBe(200);
    expect(before.json()).toEqual({ first_account: true, verification_mail: false });

    await createUser(t.app, { fullName: 'Ada Admin' });
    expect((await t.as().get('/api/auth/registration')).json()).toEqual({
      first_account: false,
      verification_mail: false,
    });
  });

  it('notifies every approved administrator, and no one else, of an account waiting for approval', async () => {
    const [admin] = (await t.app.services.users.list()).filter((user) => user.is_admin);
    const adminHeaders = (await createUser(t.app, { email: 'second-admin@example.com' })).headers;
    const member = await createUser(t.app, { fullName: 'Member' });
    const firstAdmin = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: admin.email, password: 'correct horse battery' },
    });
    const firstHeaders = { authorization: `Bearer ${firstAdmin.json().access_token}` };

    const waiting = await createUser(t.app, { fullName: 'Ben Waiting', approved: false });

    for (const headers of [firstHeaders, adminHeaders]) {
      const notices = (await notificationsOf({ headers })).filter(
        (notice: { subject_id: number }) => notice.subject_id === waiting.id,
      );
      expect(notices).toEqual([
        expect.objectContaining({
          notification: `Ben Waiting (${waiting.email}) signed up and is waiting for your approval`,
          notification_type: 'other',
          subject_type: 'user',
          subject_id: waiting.id,
          is_read: false,
        }),
      ]);
    }
    const aboutWaiting = async (headers: Record<string, string>) =>
      (await notificationsOf({ headers })).filter(
        (notice: { subject_id: number }) => notice.subject_id === waiting.id,
      );
    expect(await aboutWaiting(member.headers)).toEqual([]);
  });
});
