import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../src/app';
import type { DatabaseHandle } from '../src/db/client';
import { loggerOptions } from '../src/lib/logger';
import { testConfig, uniqueEmail } from './test-app';
import { createTestDatabase } from './test-database';

let database: DatabaseHandle;
let app: App;
const lines: string[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  app = await buildApp(testConfig(), { database, logger: loggerOptions({ LOG_LEVEL: 'info' }, stream) });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.close();
});

describe('logs', () => {
  it('record a failed query without its parameters: no password hash, no e-mail', async () => {
    await database.db.execute(
      sql`alter table users add constraint refuse_new_users check (id < 0) not valid`,
    );
    const email = uniqueEmail('private');
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email, password: 'correct horse battery', full_name: 'Private Person' },
      headers: { authorization: 'Bearer not-a-real-token' },
    });
    expect(response.statusCode).toBe(500);
    const log = lines.join('');
    expect(log).toContain('unhandled error');
    expect(log).toContain('refuse_new_users');
    expect(log).not.toContain(email);
    expect(log).not.toContain('$argon2');
    expect(log).not.toContain('Private Person');
    expect(log).not.toContain('not-a-real-token');
  });

  it('record the URL of each request without the secrets in its query string', async () => {
    lines.length = 0;
    const urls = [
      '/auth/reset-password?token=reset-SECRET-1',
      '/api/auth/google/callback?code=4%2F0Adeu-SECRET-2&state=state-SECRET-3&scope=email',
      '/api/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=verify-SECRET-4&hub.challenge=1158201444',
      '/auth/google/callback?token=access-SECRET-5&refresh_token=refresh-SECRET-6',
      '/api/people?page=2&q=acme',
    ];
    for (const url of urls) await app.inject({ method: 'GET', url });
    const log = lines.join('');
    expect(log).not.toContain('SECRET');
    expect(log).toContain('/auth/reset-password?token=[redacted]');
    expect(log).toContain('code=[redacted]&state=[redacted]&scope=email');
    expect(log).toContain('hub.verify_token=[redacted]&hub.challenge=1158201444');
    expect(log).toContain('/api/people?page=2&q=acme');
  });
});
