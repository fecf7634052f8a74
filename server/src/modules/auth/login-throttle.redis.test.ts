import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestApp } from '../../../test/test-app';

const redisUrl = process.env.TEST_REDIS_URL;

describe.runIf(redisUrl)('login limit with REDIS_URL', () => {
  let redis: Redis;
  let first: TestApp;
  let second: TestApp;

  beforeAll(async () => {
    // Each app gets its own Redis client, as two server processes would; a unique prefix keeps runs apart.
    redis = new Redis(redisUrl!, { keyPrefix: `test-${randomUUID()}:` });
    first = await createTestApp({ redis });
    second = await createTestApp({ database: first.database, redis: redis.duplicate() });
  });
  afterAll(async () => {
    await second.close();
    await first.close();
    redis.disconnect();
  });

  it('holds across server processes sharing one Redis', async () => {
    const user = await createUser(first.app);
    const attempt = (app: TestApp, password: string) =>
      app.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: user.email, password },
        remoteAddress: '10.3.0.1',
      });
    for (let index = 0; index < 10; index++) {
      const app = index % 2 === 0 ? first : second;
      expect((await attempt(app, 'wrong-password')).statusCode).toBe(401);
    }
    expect((await attempt(first, 'correct horse battery')).statusCode).toBe(429);
    expect((await attempt(second, 'correct horse battery')).statusCode).toBe(429);
  });

  it('checks exactly 10 of 60 wrong passwords sent at once to both processes (issue 30)', async () => {
    const user = await createUser(first.app);
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, index) =>
        (index % 2 === 0 ? first : second).app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: user.email, password: `wrong-password-${index}` },
          remoteAddress: '10.3.0.2',
        }),
      ),
    );
    const checked = answers.filter((answer) => answer.statusCode === 401).length;
    const refused = answers.filter((answer) => answer.statusCode === 429).length;
    expect({ checked, refused }).toEqual({ checked: 10, refused: 50 });
  });
});
