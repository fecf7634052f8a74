import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../src/app';
import type { DatabaseHandle } from '../src/db/client';
import { testConfig } from './test-app';
import { createTestDatabase } from './test-database';

const lines: Record<string, unknown>[] = [];
let database: DatabaseHandle;
let app: App;

beforeAll(async () => {
  database = await createTestDatabase();
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  app = await buildApp(testConfig(), { database, logger: { level: 'info', stream } });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.close();
});

describe('request logging', () => {
  it('writes one line per request, with its method, URL, status and time', async () => {
    // Over a real socket, as a browser sends it.
    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    const response = await fetch(`${address}/api/health`);
    await response.text();
    const id = response.headers.get('x-request-id');
    await new Promise((resolve) => setTimeout(resolve, 50));
    const ofRequest = lines.filter((line) => line.reqId === id);
    expect(ofRequest).toHaveLength(1);
    expect(ofRequest[0]).toMatchObject({
      method: 'GET',
      url: '/api/health',
      statusCode: 200,
      msg: 'GET /api/health 200',
    });
    expect(typeof ofRequest[0].ms).toBe('number');
  });
});
