import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get, SseClient } from '../../../test/sse-client';
import { createTestApp, createUser, type TestApp, type TestUser } from '../../../test/test-app';
import { connectAgain } from '../../../test/test-database';
import type { DatabaseHandle } from '../../db/client';
import { MAX_STREAMS_PER_USER } from './notifications.stream';
import { RedisStreamSlots } from './stream-slots';

const redisUrl = process.env.TEST_REDIS_URL;

async function listen(t: TestApp): Promise<string> {
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  return `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}

describe.runIf(redisUrl)('the limit of live notification streams with REDIS_URL', () => {
  let redis: Redis;
  let first: TestApp;
  let second: TestApp;
  let secondDatabase: DatabaseHandle;
  const urls: string[] = [];

  beforeAll(async () => {
    // Each app gets its own Redis client, as two server processes would; a unique prefix keeps runs apart.
    redis = new Redis(redisUrl!, { keyPrefix: `test-${randomUUID()}:` });
    first = await createTestApp({ redis });
    secondDatabase = await connectAgain(first.database);
    second = await createTestApp({ database: secondDatabase, redis: redis.duplicate() });
    urls.push(await listen(first), await listen(second));
  });
  afterAll(async () => {
    await second.close();
    if (secondDatabase !== first.database) await secondDatabase.close();
    await first.close();
    redis.disconnect();
  });

  /** Opens a stream through the server at `url` and reads its first event. */
  async function openStream(user: TestUser, url: string): Promise<SseClient> {
    const client = new SseClient(await get(`${url}/api/notifications/stream`, user.headers));
    expect(client.response.statusCode).toBe(200);
    await client.next(); // the unread count: the stream is open
    return client;
  }

  async function refusedStatus(user: TestUser, url: string): Promise<number> {
    const response = await get(`${url}/api/notifications/stream`, user.headers);
    if (response.statusCode === 200) {
      response.destroy(); // opened after all: a stream never ends by itself
      return 200;
    }
    let body = '';
    for await (const chunk of response) body += chunk;
    if (response.statusCode === 429) expect(JSON.parse(body)).toMatchObject({ code: 'TOO_MANY_STREAMS' });
    return response.statusCode ?? 0;
  }

  it('counts the streams of every process: the eleventh is refused wherever it is opened', async () => {
    const user = await createUser(first.app);
    const open: SseClient[] = [];
    for (let i = 0; i < MAX_STREAMS_PER_USER; i++) open.push(await openStream(user, urls[i % 2]));
    expect(first.app.services.notificationStreams.openCount(user.id)).toBe(5);
    expect(second.app.services.notificationStreams.openCount(user.id)).toBe(5);

    expect(await refusedStatus(user, urls[0])).toBe(429);
    expect(await refusedStatus(user, urls[1])).toBe(429);

    // One closed on the first process frees a slot on the second.
    open.shift()!.close();
    await expect.poll(() => first.app.services.notificationStreams.openCount(user.id)).toBe(4);
    await expect
      .poll(async () => {
        const again = await get(`${urls[1]}/api/notifications/stream`, user.headers);
        again.destroy();
        return again.statusCode;
      })
      .toBe(200);
    for (const client of open) client.close();
  });

  it("stops counting a crashed process's streams once their leases run out, while renewed ones keep counting", async () => {
    const user = await createUser(first.app);
    // A process that took every slot with one-second leases and then died: nothing renews or releases them.
    const crashed = new RedisStreamSlots(redis, 1000);
    for (let i = 0; i < MAX_STREAMS_PER_USER; i++)
      expect(await crashed.acquire(user.id, `crashed-${i}`, MAX_STREAMS_PER_USER)).toBe(true);
    expect(await refusedStatus(user, urls[0])).toBe(429);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const client = await openStream(user, urls[0]);
    client.close();

    // A process that is alive renews its leases: its streams keep counting past the first lease.
    const alive = new RedisStreamSlots(redis, 1000);
    const other = await createUser(first.app);
    expect(await alive.acquire(other.id, 'alive', 1)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 600));
    await alive.renew([{ userId: other.id, streamId: 'alive' }]);
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(await alive.acquire(other.id, 'second', 1)).toBe(false);
    await alive.release(other.id, 'alive');
    expect(await alive.acquire(other.id, 'second', 1)).toBe(true);
  });
});
