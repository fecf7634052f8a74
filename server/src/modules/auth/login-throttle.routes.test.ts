import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestApp } from '../../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The status codes of `count` sign-ins with a wrong password sent all at once, counted by code. */
async function parallelWrongPasswords(app: TestApp['app'][], email: string, ip: string, count: number) {
  const answers = await Promise.all(
    Array.from({ length: count }, (_, index) =>
      app[index % app.length].inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password: `wrong-password-${index}` },
        remoteAddress: ip,
      }),
    ),
  );
  const counted: Record<number, number> = {};
  for (const { statusCode } of answers) counted[statusCode] = (counted[statusCode] ?? 0) + 1;
  return counted;
}

describe('failed sign-ins sent all at once (issue 30)', () => {
  it('60 parallel wrong passwords get exactly 10 checked; the rest are refused with 429', async () => {
    const user = await createUser(t.app);
    // Before: each request read the counters before any had recorded its failure, and 19 were checked.
    expect(await parallelWrongPasswords([t.app], user.email, '10.30.0.1', 60)).toEqual({ 401: 10, 429: 50 });
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: user.email, password: 'correct horse battery' },
          remoteAddress: '10.30.0.1',
        })
      ).statusCode,
    ).toBe(429);
  });

  it('refused attempts do not count: the address keeps its allowance for other accounts', async () => {
    const user = await createUser(t.app);
    await parallelWrongPasswords([t.app], user.email, '10.30.0.2', 40);
    // 10 failures counted at the address (of 30), not 40: another account still signs in from it.
    const other = await createUser(t.app);
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: other.email, password: 'correct horse battery' },
      remoteAddress: '10.30.0.2',
    });
    expect(answer.statusCode).toBe(200);
  });
});
