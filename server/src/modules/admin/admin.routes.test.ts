import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestApp, type TestUser } from '../../../test/test-app';

let t: TestApp;
let admin: TestUser;
let member: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t.app, { fullName: 'Admin' }); // first account: administrator
  member = await createUser(t.app, { fullName: 'Member' });
});
afterAll(() => t.close());

describe('admin calls', () => {
  it('answer 403 FORBIDDEN to an approved non-admin, for every admin call', async () => {
    const target = await createUser(t.app, { approved: false });
    const calls: Array<['GET' | 'POST' | 'DELETE', string]> = [
      ['GET', '/api/admin/users'],
      ['GET', '/api/admin/pending-users'],
      ['POST', `/api/admin/users/${target.id}/approve`],
      ['POST', `/api/admin/users/${target.id}/reject`],
      ['DELETE', `/api/admin/users/${target.id}`],
      ['GET', '/api/auth/users'],
    ];
    for (const [method, url] of calls) {
      const response = await t.as(member).request(method, url, method === 'POST' ? {} : undefined);
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json().code).toBe('FORBIDDEN');
    }
    expect((await t.app.services.users.get(target.id))?.status).toBe('pending');
  });

  it('list every user and the pending ones', async () => {
    const pending = await createUser(t.app, { approved: false, fullName: 'Waiting' });
    const all = (await t.as(admin).get('/api/admin/users')).json().users;
    expect(all.map((user: { id: number }) => user.id)).toEqual(
      expect.arrayContaining([admin.id, member.id, pending.id]),
    );
    const waiting = (await t.as(admin).get('/api/admin/pending-users')).json().users;
    expect(waiting.map((user: { id: number }) => user.id)).toContain(pending.id);
    expect(waiting.every((user: { status: string }) => user.status === 'pending')).toBe(true);
  });

  it('reject marks the user rejected, and approve with approved:false puts them back to pending', async () => {
    const user = await createUser(t.app, { approved: false });
    const rejected = await t.as(admin).post(`/api/admin/users/${user.id}/reject`);
    expect(rejected.json()).toMatchObject({
      message: 'User rejected successfully',
      user: { status: 'rejected' },
    });
    const back = await t.as(admin).post(`/api/admin/users/${user.id}/approve`, { approved: false });
    expect(back.json().user.status).toBe('pending');
  });

  it('answer 404 for an unknown user and 400 for a malformed id', async () => {
    expect((await t.as(admin).post('/api/admin/users/999999/approve', {})).statusCode).toBe(404);
    const bad = await t.as(admin).delete('/api/admin/users/abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].field).toBe('id');
  });

  it('delete removes the user and their sessions in one go', async () => {
    const user = await createUser(t.app);
    const response = await t.as(admin).delete(`/api/admin/users/${user.id}`);
    expect(response.json()).toEqual({ message: 'User deleted successfully' });
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: user.headers })).statusCode,
    ).toBe(401);
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      headers: { authorization: `Bearer ${user.refreshToken}` },
    });
    expect(refreshed.statusCode).toBe(401);
  });

  it('refuses to let the last administrator delete themself', async () => {
    const response = await t.as(admin).delete(`/api/admin/users/${admin.id}`);
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('LAST_ADMIN');
    expect(await t.app.services.users.get(admin.id)).toBeDefined();
  });

  it('refuses to let the last approved administrator reject themself or withdraw their own approval', async () => {
    for (const url of [`/api/admin/users/${admin.id}/reject`, `/api/admin/users/${admin.id}/approve`]) {
      const response = await t.as(admin).post(url, url.endsWith('approve') ? { approved: false } : {});
      expect(response.statusCode, url).toBe(409);
      expect(response.json()).toMatchObject({
        code: 'LAST_ADMIN',
        error: 'The last administrator cannot reject themself',
      });
    }
    expect((await t.app.services.users.get(admin.id))?.status).toBe('approved');
  });
});
