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
});
