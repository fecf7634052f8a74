import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp } from '../src/app';
import type { DatabaseHandle } from '../src/db/client';
import { createTestApp, createUser, type TestApp, testConfig } from './test-app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    extend(app) {
      app.get('/api/test/boom', { config: { access: 'public' } }, async () => {
        throw new Error('secret internals at /srv/app.ts:42');
      });
      app.post(
        '/api/test/echo',
        { config: { access: 'user' }, schema: { body: z.object({ name: z.string() }) } },
        async (request) => request.body,
      );
    },
  });
});
afterAll(() => t.close());

describe('health', () => {
  it('reports ok with the version', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 'ok',
      database: 'ok',
      version: expect.any(String),
      event_loop_delay_ms: { p99: expect.any(Number), max: expect.any(Number) },
    });
  });

  it('reports an event-loop stall in the delay it measured', async () => {
    const until = Date.now() + 300;
    while (Date.now() < until) {} // block the loop as a heavy synchronous request would
    await new Promise((resolve) => setTimeout(resolve, 30));
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.json().event_loop_delay_ms.max, response.body).toBeGreaterThanOrEqual(250);
  });

  it('answers 503 with database "down" when the database does not answer', async () => {
    const broken: DatabaseHandle = {
      ...t.database,
      async ping() {
        throw new Error('connection refused');
      },
    };
    const app = await buildApp(testConfig(), { database: broken, logger: false });
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ status: 'error', database: 'down' });
    await app.close();
  });
});

describe('bad input', () => {
  it('answers 400 for malformed JSON', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "a@b.c", ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'INVALID_JSON' });
  });

  it('answers 400 naming every bad field', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: 'nope' },
    });
    expect(response.statusCode).toBe(400);
    const fields = response.json().details.map((detail: { field: string }) => detail.field);
    expect(fields).toEqual(expect.arrayContaining(['email', 'password', 'full_name']));
    expect(response.json().error).toContain('email');
  });

  it('answers 413 for a body over 1 MB', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'a@example.com', password: 'x'.repeat(1_100_000) },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('ignores unknown fields', async () => {
    const user = await createUser(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: user.headers,
      payload: { name: 'Ann', is_admin: true, extra: 1 },
    });
    expect(response.json()).toEqual({ name: 'Ann' });
  });

  it('hides the details of an unexpected error behind a generic 500', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/test/boom' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ error: 'Internal server error', code: 'INTERNAL' });
    expect(response.body).not.toContain('secret');
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('NOT_FOUND');
  });
});

describe('access policy', () => {
  it('answers a pending account 403 ACCOUNT_NOT_APPROVED on data calls, before validating the body', async () => {
    await createUser(t.app); // the first account of an installation is approved; make sure that is not ours
    const pending = await createUser(t.app, { approved: false });
    const calls = [
      { method: 'GET', url: '/api/people' },
      { method: 'POST', url: '/api/people', payload: { first_name: 'Ada', last_name: 'Lovelace' } },
      { method: 'POST', url: '/api/people', payload: { gender: 'nonsense', birthday: 'yesterday' } },
      { method: 'GET', url: '/api/companies' },
      { method: 'GET', url: '/api/tasks' },
      { method: 'GET', url: '/api/events' },
    ] as const;
    for (const call of calls) {
      const response = await t.app.inject({ ...call, headers: pending.headers });
      expect(response.statusCode, `${call.method} ${call.url}`).toBe(403);
      expect(response.json()).toMatchObject({
        code: 'ACCOUNT_NOT_APPROVED',
        error: 'Your account is pending admin approval.',
      });
    }

    // Once approved, the same account sees that nothing was written while it was pending.
    await t.app.services.users.setStatus(pending.id, 'approved');
    const people = await t.app.inject({ method: 'GET', url: '/api/people', headers: pending.headers });
    expect(people.statusCode).toBe(200);
    expect(people.json()).toMatchObject({ people: [], total: 0 });
    const invalid = await t.app.inject({
      method: 'POST',
      url: '/api/people',
      headers: pending.headers,
      payload: { gender: 'nonsense' },
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().details.map((detail: { field: string }) => detail.field)).toContain('gender');
  });

  it('answers an anonymous caller 401 before validating the body or query', async () => {
    const invalid = await t.app.inject({
      method: 'POST',
      url: '/api/people',
      payload: { gender: 'nonsense', birthday: 'yesterday' },
    });
    expect(invalid.statusCode).toBe(401);
    expect(invalid.json()).toMatchObject({ code: 'UNAUTHORIZED' });
    const badQuery = await t.app.inject({ method: 'GET', url: '/api/people?page=-3' });
    expect(badQuery.statusCode).toBe(401);
  });

  it('refuses to start when an API route declares no access policy', async () => {
    const app = await buildApp(testConfig(), { database: t.database, logger: false });
    expect(() => app.get('/api/unguarded', async () => 'open')).toThrow(/declares no access policy/);
    await app.close();
  });

  it('serves the OpenAPI document at /api/docs', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json().paths)).toEqual(
      expect.arrayContaining(['/api/auth/login', '/api/health']),
    );
  });
});
