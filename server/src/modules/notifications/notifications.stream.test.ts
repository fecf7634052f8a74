import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get, SseClient, type SseEvent } from '../../../test/sse-client';
import { bearer, createTestApp, createUser, type TestApp, type TestUser } from '../../../test/test-app';
import { connectAgain } from '../../../test/test-database';
import type { DatabaseHandle } from '../../db/client';
import { MAX_STREAMS_PER_USER, STREAM_RECHECK_MS } from './notifications.stream';

async function listen(t: TestApp): Promise<string> {
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  return `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}

let first: TestApp;
let second: TestApp;
let secondDatabase: DatabaseHandle;
let secondUrl: string;

beforeAll(async () => {
  first = await createTestApp();
  secondDatabase = await connectAgain(first.database);
  second = await createTestApp({ database: secondDatabase });
  secondUrl = await listen(second);
});
afterAll(async () => {
  await second.close();
  if (secondDatabase !== first.database) await secondDatabase.close();
  await first.close();
});

const connect = async (user: TestUser, baseUrl = secondUrl) =>
  new SseClient(await get(`${baseUrl}/api/notifications/stream`, user.headers));

describe('live notifications (Server-Sent Events)', () => {
  it('refuses a stream without an access token', async () => {
    const response = await get(`${secondUrl}/api/notifications/stream`);
    response.resume();
    expect(response.statusCode).toBe(401);
  });

  it('delivers a notification created through one server to a client of another within a second', async () => {
    const user = await createUser(first.app);
    await first.app.services.notifications.notify({ userId: user.id, type: 'other', text: 'earlier' });
    const client = await connect(user);
    expect(client.response.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(await client.next()).toEqual({
      event: 'unread-count',
      data: { unread_count: 1, has_unread: true, count: 1 },
    });

    const created = await first.app.services.notifications.notify({
      userId: user.id,
      type: 'group_invitation',
      text: 'Ann invited you to their group',
      subject: { type: 'group', id: 7 },
    });
    // The earlier notification's fan-out may reach the second server after the client connected.
    let event = await client.next(1000);
    if (
      (event.data as { notification?: { notification: string } }).notification?.notification === 'earlier'
    ) {
      event = await client.next(1000);
    }
    expect(event).toEqual({
      event: 'notification',
      data: {
        unread_count: 2,
        has_unread: true,
        count: 2,
        notification: {
          id: created.id,
          notification: 'Ann invited you to their group',
          notification_type: 'group_invitation',
          is_read: false,
          created_at: expect.any(String),
          subject_type: 'group',
          subject_id: 7,
        },
      },
    });

    await first.app.inject({ method: 'PUT', url: '/api/notifications/read-all', headers: user.headers });
    expect(await client.next()).toEqual({
      event: 'unread-count',
      data: { unread_count: 0, has_unread: false, count: 0 },
    });
    client.close();
  });

  it('pushes only to the notification’s user, and only after the transaction commits', async () => {
    const [ann, ben] = [await createUser(first.app), await createUser(first.app)];
    const annClient = await connect(ann);
    const benClient = await connect(ben);
    await annClient.next();
    await benClient.next();

    await first.app.services.notifications.notify({ userId: ann.id, type: 'other', text: 'for Ann' });
    await expect(
      first.database.db.transaction(async (tx) => {
        await first.app.services.notifications.notify({ userId: ben.id, type: 'other', text: 'undone' }, tx);
        throw new Error('roll back');
      }),
    ).rejects.toThrow();
    await first.database.db.transaction(async (tx) => {
      await first.app.services.notifications.notifyMany(
        [
          { userId: ben.id, type: 'other', text: 'for Ben' },
          { userId: ann.id, type: 'other', text: 'for Ann too' },
        ],
        tx,
      );
    });

    const textOf = (event: SseEvent) =>
      (event.data as { notification: { notification: string } }).notification;
    expect(textOf(await annClient.next())).toMatchObject({ notification: 'for Ann' });
    expect(textOf(await annClient.next())).toMatchObject({ notification: 'for Ann too' });
    expect(textOf(await benClient.next())).toMatchObject({ notification: 'for Ben' });
    annClient.close();
    benClient.close();
  });

  it('ends open streams promptly when the server closes', async () => {
    const closing = await createTestApp({ database: first.database });
    const user = await createUser(closing.app);
    const client = await connect(user, await listen(closing));
    await client.next();
    const started = Date.now(); // how long the close really takes: the real clock
    await closing.app.close();
    await client.waitForEnd(1000);
    expect(Date.now() - started).toBeLessThan(2000);
  });
});

describe('live streams end with their session', () => {
  /** Another session of the same account (a second browser). */
  async function signInAgain(user: TestUser): Promise<TestUser> {
    const response = await first.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: 'correct horse battery' },
    });
    const { access_token, refresh_token } = response.json();
    return { ...user, token: access_token, refreshToken: refresh_token, headers: bearer(access_token) };
  }

  async function openStream(user: TestUser): Promise<SseClient> {
    const client = await connect(user);
    await client.next(); // the unread count: the stream is open
    return client;
  }

  /** The stream is still open: a new notification reaches it. */
  async function expectOpen(client: SseClient, user: TestUser) {
    await first.app.services.notifications.notify({ userId: user.id, type: 'other', text: 'still here' });
    expect(await client.next(2000)).toMatchObject({ event: 'notification' });
  }

  it('closes the stream of a session that logs out (on another server), and only that one', async () => {
    const user = await createUser(first.app);
    const other = await signInAgain(user);
    const [ending, staying] = [await openStream(user), await openStream(other)];

    const logout = await first.app.inject({ method: 'POST', url: '/api/auth/logout', headers: user.headers });
    expect(logout.statusCode).toBeLessThan(300);

    await ending.waitForEnd(2000);
    await expectOpen(staying, other);
    staying.close();
  });

  it('closes the other sessions’ streams on a password change and keeps the current one', async () => {
    const user = await createUser(first.app);
    const other = await signInAgain(user);
    const [current, elsewhere] = [await openStream(user), await openStream(other)];

    const changed = await first.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: user.headers,
      payload: { current_password: 'correct horse battery', new_password: 'a new horse battery' },
    });
    expect(changed.statusCode).toBeLessThan(300);

    await elsewhere.waitForEnd(2000);
    await expectOpen(current, user);
    current.close();
  });

  it('closes every stream of a user who is rejected, and of one who is deleted', async () => {
    const [rejected, deleted] = [await createUser(first.app), await createUser(first.app)];
    const rejectedStream = await openStream(rejected);
    const deletedStream = await openStream(deleted);

    await first.app.services.users.setStatus(rejected.id, 'rejected');
    await rejectedStream.waitForEnd(2000);
    await first.app.services.users.delete(deleted.id, rejected.id);
    await deletedStream.waitForEnd(2000);
  });

  it('ends the streams of a user whose approval is withdrawn (on another server) within a second', async () => {
    const user = await createUser(first.app);
    const stream = await openStream(user);
    await first.app.services.users.setStatus(user.id, 'pending');
    // Before: open until the next re-check of every stream, up to 30 s.
    await stream.waitForEnd(1000);
  });

  /** Polls `url` on the second server as `user` until it answers `status`, for at most a second. */
  async function expectWithinASecond(user: TestUser, url: string, status: number) {
    const started = Date.now();
    let answered = 0;
    while (Date.now() - started < 1000) {
      answered = (await second.app.inject({ method: 'GET', url, headers: user.headers })).statusCode;
      if (answered === status) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(answered, `${url} a second after the change`).toBe(status);
  }

  it('a logout on one server refuses its access token on another within a second', async () => {
    const user = await createUser(first.app);
    // The second server has just seen the session open (it keeps that for a few seconds).
    expect(
      (await second.app.inject({ method: 'GET', url: '/api/auth/me', headers: user.headers })).statusCode,
    ).toBe(200);
    await first.app.inject({ method: 'POST', url: '/api/auth/logout', headers: user.headers });
    await expectWithinASecond(user, '/api/auth/me', 401);
  });

  it('a rejection or a withdrawn approval on one server applies on another within a second', async () => {
    const [rejected, withdrawn] = [await createUser(first.app), await createUser(first.app)];
    for (const user of [rejected, withdrawn]) {
      const answer = await second.app.inject({ method: 'GET', url: '/api/people', headers: user.headers });
      expect(answer.statusCode).toBe(200);
    }
    await first.app.services.users.setStatus(rejected.id, 'rejected');
    await first.app.services.users.setStatus(withdrawn.id, 'pending');
    await expectWithinASecond(rejected, '/api/people', 401);
    await expectWithinASecond(withdrawn, '/api/people', 403);
  });

  it('re-checks every open stream’s session at least every minute, ending those whose session ended unannounced', async () => {
    expect(STREAM_RECHECK_MS).toBeLessThanOrEqual(60_000);
    const user = await createUser(first.app);
    const client = await openStream(user);
    // Ended without the signal (as if it was lost on the way to this process).
    await first.database.db.execute(
      sql`update refresh_tokens set revoked_at = now() where user_id = ${user.id}`,
    );
    await second.app.services.notificationStreams.recheckAll();
    await client.waitForEnd(2000);
  });

  it('refuses an eleventh stream of one user with 429 and a clear message, and accepts one again after one closes', async () => {
    const user = await createUser(first.app);
    const open: SseClient[] = [];
    for (let i = 0; i < MAX_STREAMS_PER_USER; i++) open.push(await openStream(user));

    const refused = await get(`${secondUrl}/api/notifications/stream`, user.headers);
    let body = '';
    for await (const chunk of refused) body += chunk;
    expect(refused.statusCode).toBe(429);
    expect(JSON.parse(body)).toMatchObject({
      code: 'TOO_MANY_STREAMS',
      error: expect.stringContaining('at most 10'),
    });
    // Another user is not affected.
    const stranger = await openStream(await createUser(first.app));
    stranger.close();

    open.shift()!.close();
    await expect.poll(() => second.app.services.notificationStreams.openCount(user.id)).toBe(9);
    const again = await openStream(user);
    again.close();
    for (const client of open) client.close();
  });
});
