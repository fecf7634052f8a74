/**
 * Issue 30, item 8: TRUST_PROXY names the proxies whose X-Forwarded-For is believed; "trust every hop"
 * is refused at start. With `true`, a client rotating a spoofed first hop got a fresh address, and so
 * fresh sign-in attempts, with every request.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../src/config';
import { createTestApp, createUser, type TestApp, testConfig } from './test-app';

describe('TRUST_PROXY', () => {
  it('refuses true and a hop count at start, naming the variable and what to set instead', () => {
    for (const value of ['true', '1', '2']) {
      expect(() => testConfig({ TRUST_PROXY: value }), value).toThrow(ConfigError);
      expect(() => testConfig({ TRUST_PROXY: value }), value).toThrow(
        /TRUST_PROXY: .*list the addresses or CIDR ranges of the proxies in front of Relate/,
      );
    }
  });

  it('refuses what is not an address or a range, and a range of every address', () => {
    for (const value of ['*', 'proxy.example.com', '10.0.0.0/33', '0.0.0.0/0', '::/0', '10.0.0.1, nope']) {
      expect(() => testConfig({ TRUST_PROXY: value }), value).toThrow(/TRUST_PROXY: not a proxy address/);
    }
  });

  it('takes addresses and CIDR ranges, and nothing when unset or false', () => {
    expect(
      testConfig({ TRUST_PROXY: '10.0.0.0/16, 192.168.1.5,::1, fd00::/8, loopback' }).TRUST_PROXY,
    ).toEqual(['10.0.0.0/16', '192.168.1.5', '::1', 'fd00::/8', 'loopback']);
    expect(testConfig({}).TRUST_PROXY).toBe(false);
    expect(testConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(testConfig({ TRUST_PROXY: '0' }).TRUST_PROXY).toBe(false);
  });
});

describe('sign-in limits behind one load balancer (TRUST_PROXY=10.9.0.0/16)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: '10.9.0.0/16' } });
  });
  afterAll(() => t.close());

  const login = (email: string, password: string, from: string, forwardedFor?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password },
      remoteAddress: from,
      headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
    });

  it('counts the address the load balancer saw, whatever the client wrote before it', async () => {
    const user = await createUser(t.app);
    for (let attempt = 0; attempt < 10; attempt++) {
      const spoofed = `198.51.100.${attempt}`;
      expect(
        (await login(user.email, 'wrong-password', '10.9.0.5', `${spoofed}, 203.0.113.7`)).statusCode,
      ).toBe(401);
    }
    expect(
      (await login(user.email, 'correct horse battery', '10.9.0.6', '198.51.100.99, 203.0.113.7')).statusCode,
    ).toBe(429);
    // Another client behind the same load balancer is not held.
    expect((await login(user.email, 'correct horse battery', '10.9.0.5', '203.0.113.8')).statusCode).toBe(
      200,
    );
  });

  it('does not believe X-Forwarded-For from a client that reaches Relate directly', async () => {
    const user = await createUser(t.app);
    for (let attempt = 0; attempt < 10; attempt++)
      await login(user.email, 'wrong-password', '192.0.2.44', `203.0.113.${100 + attempt}`);
    expect((await login(user.email, 'correct horse battery', '192.0.2.44', '203.0.113.200')).statusCode).toBe(
      429,
    );
  });
});
