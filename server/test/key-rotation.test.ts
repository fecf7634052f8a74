/**
 * Issue 37: JWT_SECRET and GOOGLE_TOKEN_KEY take a list of keys. The first signs or encrypts, every one
 * verifies or decrypts: a new key goes first and the old one stays second until what it made has
 * expired or been sealed again, so a rotation signs no one out and disconnects no Google account.
 */
import { sql } from 'drizzle-orm';
import { decodeJwt, jwtVerify, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TokenCipher } from '../src/integrations/google/token-cipher';
import { type RunningFakeGoogle, startFakeGoogle } from './fakes/google/server';
import { connectGoogle } from './google';
import { createTestApp, createUser, type TestApp, type TestUser } from './test-app';

const OLD = 'old-key-old-key-old-key-old-key-0123';
const NEW = 'new-key-new-key-new-key-new-key-4567';

const me = (app: TestApp, token: string) =>
  app.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } });

/** Whether `key` made the token's signature. */
const signedWith = (token: string, key: string) =>
  jwtVerify(token, new TextEncoder().encode(key)).then(
    () => true,
    () => false,
  );

describe('JWT_SECRET as a key list', () => {
  let before: TestApp;
  let added: TestApp;
  let rotated: TestApp;
  let after: TestApp;
  beforeAll(async () => {
    before = await createTestApp({ env: { JWT_SECRET: OLD } });
    added = await createTestApp({ database: before.database, env: { JWT_SECRET: `${OLD},${NEW}` } });
    rotated = await createTestApp({ database: before.database, env: { JWT_SECRET: `${NEW}, ${OLD}` } });
    after = await createTestApp({ database: before.database, env: { JWT_SECRET: NEW } });
  });
  afterAll(async () => {
    await after.close();
    await rotated.close();
    await added.close();
    await before.close();
  });

  it('with the new key added second, still signs with the old one and already accepts the new one’s tokens', async () => {
    // The first step of docs/operations.md: every process learns the new key before any signs with it.
    const user = await createUser(added.app);
    expect(await signedWith(user.token, OLD)).toBe(true);
    const fresh = await createUser(rotated.app);
    expect(await signedWith(fresh.token, NEW)).toBe(true);
    expect((await me(added, fresh.token)).statusCode).toBe(200);
    expect((await me(before, fresh.token)).statusCode).toBe(401);
  });

  it('still accepts a token the old key signed once the new key is first, and signs new tokens with the new key', async () => {
    const user = await createUser(before.app);
    expect(await signedWith(user.token, OLD)).toBe(true);
    expect((await me(rotated, user.token)).statusCode).toBe(200);

    const login = await rotated.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: 'correct horse battery' },
    });
    expect(login.statusCode, login.body).toBe(200);
    const fresh = login.json().access_token as string;
    expect(await signedWith(fresh, NEW)).toBe(true);
    expect(await signedWith(fresh, OLD)).toBe(false);
    expect((await me(after, fresh)).statusCode).toBe(200);
  });

  it('refuses the old key’s tokens once it has left the list', async () => {
    const user = await createUser(before.app);
    const refused = await me(after, user.token);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error).toBe('Invalid access token');
  });

  it('says "expired" to an expired token of the old key once it has left, so that its client refreshes', async () => {
    const user = await createUser(before.app);
    const { sid, sub } = decodeJwt(user.token);
    const past = Math.floor(Date.now() / 1000) - 60;
    const expired = await new SignJWT({ typ: 'access', sid })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(sub))
      .setIssuedAt(past - 900)
      .setExpirationTime(past)
      .sign(new TextEncoder().encode(OLD));
    expect((await me(after, expired)).json().code).toBe('TOKEN_EXPIRED');
  });

  it('refreshes a session begun under the old key into a token of the new one', async () => {
    const user = await createUser(before.app);
    const refreshed = await after.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      headers: { authorization: `Bearer ${user.refreshToken}` },
    });
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    expect(await signedWith(refreshed.json().access_token, NEW)).toBe(true);
  });
});

describe('GOOGLE_TOKEN_KEY as a key list', () => {
  let google: RunningFakeGoogle;
  let before: TestApp;
  let rotated: TestApp;
  let after: TestApp;
  beforeAll(async () => {
    google = await startFakeGoogle();
    const env = { ...google.env, PUBLIC_URL: 'http://relate.test' };
    before = await createTestApp({ env: { ...env, GOOGLE_TOKEN_KEY: OLD } });
    rotated = await createTestApp({
      database: before.database,
      env: { ...env, GOOGLE_TOKEN_KEY: `${NEW},${OLD}` },
    });
    after = await createTestApp({ database: before.database, env: { ...env, GOOGLE_TOKEN_KEY: NEW } });
  });
  afterAll(async () => {
    await after.close();
    await rotated.close();
    await before.close();
    await google.close();
  });

  const stored = async (user: TestUser) => {
    const result = (await before.database.db.execute(
      sql`select refresh_token_encrypted from google_accounts where user_id = ${user.id}`,
    )) as unknown as { rows: { refresh_token_encrypted: string }[] };
    return result.rows[0]?.refresh_token_encrypted as string;
  };
  const opens = (sealed: string, key: string) => {
    try {
      new TokenCipher(key).decrypt(sealed);
      return true;
    } catch {
      return false;
    }
  };
  const syncPreview = (app: TestApp, user: TestUser) =>
    app.app.inject({ method: 'GET', url: '/api/auth/google/contacts?preview=true', headers: user.headers });

  it('reads a token the old key sealed, seals it again with the new key, and new connections use the new key', async () => {
    google.fake.addAccount({ sub: '200000000000000000001', email: 'rotate@gmail.example', name: 'Rotate' });
    const user = await createUser(before.app);
    await connectGoogle(before.app, google.fake, user, '200000000000000000001');
    expect(opens(await stored(user), OLD)).toBe(true);

    // Without the old key the token cannot be read: the user is asked to connect again.
    const unreadable = await syncPreview(after, user);
    expect([unreadable.statusCode, unreadable.json().code]).toEqual([409, 'GOOGLE_RECONNECT_REQUIRED']);
    const status = await after.app.inject({
      method: 'GET',
      url: '/api/auth/google/status',
      headers: user.headers,
    });
    expect(status.statusCode, status.body).toBe(200);
    const synced = await syncPreview(rotated, user);
    expect(synced.statusCode, synced.body).toBe(200);
    const resealed = await stored(user);
    expect([opens(resealed, NEW), opens(resealed, OLD)]).toEqual([true, false]);
    expect((await syncPreview(after, user)).statusCode).toBe(200);

    // Disconnecting works even when no key reads the token (nothing to revoke then).
    google.fake.addAccount({ sub: '200000000000000000003', email: 'lost@gmail.example', name: 'Lost' });
    const lost = await createUser(before.app);
    await connectGoogle(before.app, google.fake, lost, '200000000000000000003');
    const cleared = await after.app.inject({
      method: 'POST',
      url: '/api/auth/google/clear',
      headers: lost.headers,
    });
    expect(cleared.statusCode, cleared.body).toBe(200);

    google.fake.addAccount({ sub: '200000000000000000002', email: 'fresh@gmail.example', name: 'Fresh' });
    const fresh = await createUser(rotated.app);
    await connectGoogle(rotated.app, google.fake, fresh, '200000000000000000002');
    expect([opens(await stored(fresh), NEW), opens(await stored(fresh), OLD)]).toEqual([true, false]);
  });
});
