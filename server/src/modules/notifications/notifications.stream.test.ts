import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get, SseClient, type SseEvent } from '../../../test/sse-client';
import { createTestApp, createUser, type TestApp, type TestUser } from '../../../test/test-app';
import { type DatabaseHandle, openPostgres } from '../../db/client';

/** A second connection to the same database, as a second server process would have (PGlite: the same handle). */
async function connectAgain(database: DatabaseHandle): Promise<DatabaseHandle> {
  if (database.kind === 'pglite') return database;
  const result = await database.db.execute(sql`select current_database() as name`);
  const [row] = (result as unknown as { rows: { name: string }[] }).rows;
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${row.name}`;
  return openPostgres(url.toString(), 2);
}

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
    const started = Date.now();
    await closing.app.close();
    await client.waitForEnd(1000);
    expect(Date.now() - started).toBeLessThan(2000);
  });
});
