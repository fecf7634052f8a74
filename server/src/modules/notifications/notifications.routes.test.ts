import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestApp, type TestUser } from '../../../test/test-app';

let t: TestApp;
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  await createUser(t.app); // the administrator, told of every account that waits for approval
  alice = await createUser(t.app);
  bob = await createUser(t.app);
});
afterAll(() => t.close());

const get = (user: TestUser, url: string) => t.app.inject({ method: 'GET', url, headers: user.headers });
const put = (user: TestUser, url: string) => t.app.inject({ method: 'PUT', url, headers: user.headers });
const notify = (user: TestUser, text: string) =>
  t.app.services.notifications.notify({ userId: user.id, type: 'other', text });

describe('notifications', () => {
  it('lists the caller’s own notifications newest first, paged, with what each is about', async () => {
    await notify(alice, 'first');
    await t.app.services.notifications.notify({
      userId: alice.id,
      type: 'contact_shared',
      text: 'second',
      subject: { type: 'contact', id: 42 },
    });
    await notify(bob, 'for bob');

    const response = await get(alice, '/api/notifications?page=1&page_size=1');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      notifications: [
        {
          id: expect.any(Number),
          notification: 'second',
          notification_type: 'contact_shared',
          is_read: false,
          created_at: expect.any(String),
          subject_type: 'contact',
          subject_id: 42,
        },
      ],
      total: 2,
      page: 1,
      page_size: 1,
    });
    const second = (await get(alice, '/api/notifications?page=2&page_size=1')).json();
    expect(second.notifications.map((item: { notification: string }) => item.notification)).toEqual([
      'first',
    ]);
    expect(second.notifications[0]).toMatchObject({ subject_type: null, subject_id: null });
  });

  it('counts unread notifications under the three names, marks one read, then all', async () => {
    const user = await createUser(t.app);
    expect((await get(user, '/api/notifications/unread-count')).json()).toEqual({
      unread_count: 0,
      has_unread: false,
      count: 0,
    });
    const one = await notify(user, 'one');
    await notify(user, 'two');
    await notify(user, 'three');
    expect((await get(user, '/api/notifications/unread-count')).json()).toEqual({
      unread_count: 3,
      has_unread: true,
      count: 3,
    });

    const read = await put(user, `/api/notifications/${one.id}/read`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ id: one.id, notification: 'one', is_read: true });
    expect((await get(user, '/api/notifications/unread-count')).json().unread_count).toBe(2);

    expect((await put(user, '/api/notifications/read-all')).json()).toEqual({ updated: 2 });
    expect((await get(user, '/api/notifications/unread-count')).json()).toMatchObject({
      unread_count: 0,
      has_unread: false,
    });
    expect((await put(user, '/api/notifications/read-all')).json()).toEqual({ updated: 0 });
  });

  it('lets nobody read or mark another user’s notifications', async () => {
    const secret = await notify(alice, 'alice only');
    const read = await put(bob, `/api/notifications/${secret.id}/read`);
    expect(read.statusCode).toBe(404);
    expect(read.json()).toMatchObject({ code: 'NOT_FOUND' });
    await put(bob, '/api/notifications/read-all');

    const bobs = (await get(bob, '/api/notifications')).json();
    expect(bobs.notifications.map((item: { id: number }) => item.id)).not.toContain(secret.id);
    const alices = (await get(alice, '/api/notifications')).json();
    expect(alices.notifications.find((item: { id: number }) => item.id === secret.id)).toMatchObject({
      is_read: false,
    });
  });

  it('stores nothing when the caller’s transaction rolls back', async () => {
    const user = await createUser(t.app);
    await expect(
      t.database.db.transaction(async (tx) => {
        await t.app.services.notifications.notify({ userId: user.id, type: 'other', text: 'never' }, tx);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect((await get(user, '/api/notifications')).json().total).toBe(0);
  });

  it('answers 404 for an unknown id, 400 for a bad one and 401 without a token', async () => {
    expect((await put(alice, '/api/notifications/999999/read')).statusCode).toBe(404);
    expect((await put(alice, '/api/notifications/abc/read')).statusCode).toBe(400);
    expect((await get(alice, '/api/notifications?page_size=0')).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/notifications' })).statusCode).toBe(401);
  });
});
