import { sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../test/server-process';
import { createTestApp, type TestApp, testConfig } from '../../../test/test-app';
import { createTestDatabase } from '../../../test/test-database';
import { buildApp } from '../../app';
import type { DatabaseHandle } from '../../db/client';

const redisUrl = process.env.TEST_REDIS_URL;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** An app on `database` (and `redis`), asked for its readiness once. */
async function readyOn(database: DatabaseHandle, redis?: Redis) {
  const app = await buildApp(testConfig(), { database, redis, logger: false });
  try {
    const response = await app.inject({ method: 'GET', url: '/api/ready' });
    return { status: response.statusCode, body: response.json() };
  } finally {
    await app.close();
  }
}

describe('GET /api/ready', () => {
  it('is ready with the database up and every migration applied; Redis is not configured', async () => {
    const response = await t.as().get('/api/ready');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 'ready',
      checks: { database: 'ok', redis: 'not_configured', migrations: 'ok' },
      failing: [],
    });
  });

  it('is 503 naming the database when it does not answer, and cannot tell the migrations then', async () => {
    const broken: DatabaseHandle = {
      ...t.database,
      async ping() {
        throw new Error('connection refused');
      },
    };
    expect(await readyOn(broken)).toEqual({
      status: 503,
      body: {
        status: 'not_ready',
        checks: { database: 'failed', redis: 'not_configured', migrations: 'unknown' },
        failing: ['database'],
      },
    });
  });

  it("is 503 naming the migrations when the database lacks this version's newest one", async () => {
    const database = await createTestDatabase();
    try {
      await database.db.execute(
        sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`,
      );
      expect(await readyOn(database)).toMatchObject({
        status: 503,
        body: { checks: { database: 'ok', migrations: 'failed' }, failing: ['migrations'] },
      });
    } finally {
      await database.close();
    }
  });

  it('is 503 naming Redis when REDIS_URL is set and Redis does not answer', async () => {
    const redis = new Redis(`redis://127.0.0.1:${await freePort()}`, {
      maxRetriesPerRequest: 0,
      lazyConnect: true,
      retryStrategy: () => null,
    });
    redis.on('error', () => {});
    try {
      expect(await readyOn(t.database, redis)).toMatchObject({
        status: 503,
        body: { checks: { database: 'ok', redis: 'failed', migrations: 'ok' }, failing: ['redis'] },
      });
    } finally {
      redis.disconnect();
    }
  });

  it.runIf(redisUrl)('is ready with Redis answering', async () => {
    const redis = new Redis(redisUrl!);
    try {
      expect(await readyOn(t.database, redis)).toMatchObject({
        status: 200,
        body: { status: 'ready', checks: { redis: 'ok' } },
      });
    } finally {
      redis.disconnect();
    }
  });

  it('leaves /api/health a liveness check', async () => {
    expect((await t.as().get('/api/health')).json()).toMatchObject({ status: 'ok', database: 'ok' });
  });
});
