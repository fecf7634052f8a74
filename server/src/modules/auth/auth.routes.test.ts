import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, createUser, type TestApp, uniqueEmail } from '../../../test/test-app';

let t: TestApp;
// The injected clock starts at the real time: sessions and refresh tokens are stamped by the database's
// own now(), which the token rules compare with the app's clock. Tests move it relative to that.
let now = new Date();
const clock = () => now;

beforeAll(async () => {
  t = await createTestApp({ clock, env: { ADMIN_EMAILS: 'Boss@Example.com, other-admin@example.com' } });
});
afterAll(() => t.close());

const register = (payload: object) => t.app.inject({ method: 'POST', url: '/api/auth/register', payload });
const login = (email: string, password: string, ip = '10.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress: ip });
const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
const refresh = (token: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/refresh', headers: bearer(token) });

describe('registration and approval', () => {
  it('makes the very first account an approved administrator and signs it in at once', async () => {
    const response = await register({
      email: 'first@example.com',
      password: 'first-password',
      full_name: 'First',
    });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.requires_approval).toBe(false);
    expect(body.user).toMatchObject({
      email: 'first@example.com',
      is_admin: true,
      is_approved: true,
      plan: 'Free',
    });
    expect(body.access_token).toEqual(expect.any(String));
    expect((await me(body.access_token)).json()).toMatchObject({
      email: 'first@example.com',
      is_admin: true,
    });
  });

  it('leaves later accounts pending, without tokens, accepting `name` as well as `full_name`', async () => {
    const response = await register({ email: uniqueEmail(), password: 'long-enough', name: 'Via Name' });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({
      requires_approval: true,
      user: { full_name: 'Via Name', status: 'pending' },
    });
    expect(body.access_token).toBeUndefined();
  });

  it('approves an e-mail listed in ADMIN_EMAILS as administrator, whatever its case', async () => {
    const body = (
      await register({ email: 'boss@EXAMPLE.com', password: 'long-enough', full_name: 'Boss' })
    ).json();
    expect(body).toMatchObject({ requires_approval: false, user: { is_admin: true, is_approved: true } });
  });

  it('trims e-mails, compares them case-insensitively and answers 409 for a taken one', async () => {
    const email = uniqueEmail('case');
    expect(
      (await register({ email: ` ${email.toUpperCase()} `, password: 'long-enough', full_name: 'A' }))
        .statusCode,
    ).toBe(201);
    const again = await register({ email, password: 'long-enough', full_name: 'B' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'EMAIL_TAKEN' });
    expect((await login(email.toUpperCase(), 'long-enough')).statusCode).toBe(200);
  });

  it('walks a pending account through approval: sign in, /me, 403 elsewhere, then full access', async () => {
    const admin = await login('first@example.com', 'first-password');
    const adminToken = admin.json().access_token;
    const email = uniqueEmail('pending');
    const created = (await register({ email, password: 'pending-pass', full_name: 'Pending Person' })).json();

    const signedIn = await login(email, 'pending-pass');
    expect(signedIn.statusCode).toBe(200);
    const token = signedIn.json().access_token;
    expect((await me(token)).json()).toMatchObject({ is_approved: false, status: 'pending' });
    const blocked = await t.app.inject({ method: 'GET', url: '/api/admin/users', headers: bearer(token) });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().code).toBe('ACCOUNT_NOT_APPROVED');

    const approve = await t.app.inject({
      method: 'POST',
      url: `/api/admin/users/${created.user.id}/approve`,
      headers: bearer(adminToken),
      payload: { approved: true },
    });
    expect(approve.statusCode).toBe(200);
    expect(approve.json()).toMatchObject({
      message: 'User approved successfully',
      user: { is_approved: true },
    });
    expect((await me(token)).json()).toMatchObject({
      is_approved: true,
      status: 'approved',
      is_admin: false,
    });
  });

  it('lets a rejected account sign in and read /me but nothing else', async () => {
    const user = await createUser(t.app, { approved: false });
    await t.app.services.users.setStatus(user.id, 'rejected');
    expect((await me(user.token)).json().code).toBe('SESSION_ENDED'); // the rejection ended it
    const signIn = (await login(user.email, 'correct horse battery', '10.8.0.1')).json();
    expect((await me(signIn.access_token)).json()).toMatchObject({ status: 'rejected', is_approved: false });
    const other = await t.app.inject({
      method: 'GET',
      url: '/api/auth/users',
      headers: bearer(signIn.access_token),
    });
    expect(other.json().code).toBe('ACCOUNT_NOT_APPROVED');
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: bearer(signIn.access_token),
      payload: {},
    });
    expect(logout.statusCode).toBe(200);
  });

  it('answers a name that is not text with 400 naming full_name, and creates no account (was a 500)', async () => {
    const email = uniqueEmail('typed');
    for (const names of [{ full_name: { first: 'Ada' } }, { full_name: 42, name: ['Ada'] }, { name: true }]) {
      const response = await register({ email, password: 'a good password', ...names });
      expect(response.statusCode, JSON.stringify(names)).toBe(400);
      expect(JSON.stringify(response.json().details)).toContain('full_name');
    }
    expect((await login(email, 'a good password')).statusCode).toBe(401);
  });

  it('never sends the password hash', async () => {
    const user = await createUser(t.app);
    const body = (await me(user.token)).body;
    expect(body).not.toContain('argon2');
    expect(body).not.toContain('password');
  });
});

describe('e-mail verification without SMTP_URL', () => {
  it('offers no new link, and says why when one is asked for', async () => {
    const user = await createUser(t.app);
    const status = await t.app.inject({
      method: 'GET',
      url: '/api/auth/email-verification',
      headers: user.headers,
    });
    expect(status.json()).toEqual({ verified: false, can_resend: false });
    for (const request of [
      { url: '/api/auth/resend-verification', headers: user.headers },
      { url: '/api/auth/resend-verification/by-email', payload: { email: user.email } },
    ]) {
      const response = await t.app.inject({ method: 'POST', ...request });
      expect(response.statusCode).toBe(409);
      expect(response.json().code).toBe('MAIL_NOT_CONFIGURED');
    }
  });
});

describe('sign-in and tokens', () => {
  it('answers 401 with the same message for a wrong password and an unknown e-mail', async () => {
    const user = await createUser(t.app);
    const wrong = await login(user.email, 'not-the-password', '10.9.9.1');
    const unknown = await login(uniqueEmail('nobody'), 'whatever-password', '10.9.9.2');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json().error).toBe(unknown.json().error);
  });

  it('rejects requests without a token, with a garbage token, and with an expired one ("expired")', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401);
    expect((await me('not-a-jwt')).statusCode).toBe(401);
    const user = await createUser(t.app);
    now = new Date(Date.now() + 16 * 60_000);
    try {
      const expired = await me(user.token);
      expect(expired.statusCode).toBe(401);
      expect(expired.json().error).toContain('expired');
    } finally {
      now = new Date();
    }
  });

  it('refuses a token that expired after it was last accepted', async () => {
    const user = await createUser(t.app);
    expect((await me(user.token)).statusCode).toBe(200);
    expect((await me(user.token)).statusCode).toBe(200);
    now = new Date(Date.now() + 16 * 60_000);
    try {
      const expired = await me(user.token);
      expect(expired.statusCode).toBe(401);
      expect(expired.json().code).toBe('TOKEN_EXPIRED');
    } finally {
      now = new Date();
    }
    expect((await me(user.token)).statusCode).toBe(200);
  });

  it('rotates refresh tokens, and a reused one revokes the whole family', async () => {
    const user = await createUser(t.app);
    const first = await refresh(user.refreshToken);
    expect(first.statusCode).toBe(200);
    const pair = first.json();
    expect(pair.refresh_token).not.toBe(user.refreshToken);
    expect((await me(pair.access_token)).statusCode).toBe(200);

    now = new Date(now.getTime() + 11_000); // past the grace for parallel tabs
    try {
      const reused = await refresh(user.refreshToken);
      expect(reused.statusCode).toBe(401);
      expect(reused.json().code).toBe('REFRESH_TOKEN_REUSED');
      // The thief's reuse also killed the legitimate, newer tokens of the same session.
      expect((await refresh(pair.refresh_token)).statusCode).toBe(401);
      expect((await me(pair.access_token)).json().code).toBe('SESSION_ENDED');
    } finally {
      now = new Date();
    }
  });

  it('eight parallel refreshes with one token (tabs at once) all succeed and keep the session', async () => {
    const user = await createUser(t.app);
    const answers = await Promise.all(Array.from({ length: 8 }, () => refresh(user.refreshToken)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(8).fill(200));
    for (const answer of answers) {
      const pair = answer.json();
      expect((await me(pair.access_token)).statusCode).toBe(200);
      expect((await refresh(pair.refresh_token)).statusCode).toBe(200);
    }
  });

  it('does not accept an access token as a refresh token, nor a missing one', async () => {
    const user = await createUser(t.app);
    expect((await refresh(user.token)).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/refresh' })).statusCode).toBe(401);
  });

  it('logout revokes the refresh token', async () => {
    const user = await createUser(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: user.headers,
      payload: { refresh_token: user.refreshToken },
    });
    expect(response.statusCode).toBe(200);
    expect((await refresh(user.refreshToken)).statusCode).toBe(401);
    const after = await me(user.token);
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe('SESSION_ENDED');
  });

  it('logout without a refresh token ends the session of the access token used, and only that one', async () => {
    const user = await createUser(t.app);
    const other = (await login(user.email, 'correct horse battery', '10.9.0.1')).json();
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: user.headers });
    expect(response.statusCode, response.body).toBe(200);
    expect((await me(user.token)).statusCode).toBe(401);
    expect((await refresh(user.refreshToken)).statusCode).toBe(401);
    expect((await me(other.access_token)).statusCode).toBe(200);
  });

  it('rejecting an account ends its sessions: its access token answers 401 and its refresh token no longer rotates', async () => {
    const user = await createUser(t.app);
    await t.app.services.users.setStatus(user.id, 'rejected');
    const answer = await me(user.token);
    expect(answer.statusCode).toBe(401);
    expect(answer.json().code).toBe('SESSION_ENDED');
    expect((await refresh(user.refreshToken)).statusCode).toBe(401);
  });

  it('limits failed sign-ins per e-mail and address: 429 with Retry-After after 10 failures', async () => {
    const user = await createUser(t.app);
    for (let attempt = 0; attempt < 10; attempt++) {
      expect((await login(user.email, 'wrong-password', '10.1.0.1')).statusCode).toBe(401);
    }
    const limited = await login(user.email, 'correct horse battery', '10.1.0.1');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json().code).toBe('TOO_MANY_ATTEMPTS');
  });

  it('a stranger failing from many addresses cannot lock the owner out: the owner still signs in from theirs', async () => {
    const user = await createUser(t.app);
    for (let attempt = 0; attempt < 12; attempt++) {
      expect((await login(user.email, 'wrong-password', `10.4.0.${attempt}`)).statusCode).toBe(401);
    }
    // Attempts on the account are slowed down from now on, not refused (a real delay: the real clock).
    const started = Date.now();
    const owner = await login(user.email, 'correct horse battery', '10.4.1.1');
    expect(owner.statusCode).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    // The success clears the account's counter: the next sign-in is immediate.
    const again = Date.now();
    expect((await login(user.email, 'correct horse battery', '10.4.1.1')).statusCode).toBe(200);
    expect(Date.now() - again).toBeLessThan(900);
  });

  it('limits failed sign-ins per client address across e-mails (30 in the window)', async () => {
    for (let attempt = 0; attempt < 30; attempt++) {
      await login(uniqueEmail('spray'), 'wrong-password', '10.2.0.1');
    }
    const user = await createUser(t.app);
    expect((await login(user.email, 'correct horse battery', '10.2.0.1')).statusCode).toBe(429);
    expect((await login(user.email, 'correct horse battery', '10.2.0.2')).statusCode).toBe(200);
  });
});

describe('Google sign-in before it is configured', () => {
  it('answers 503 GOOGLE_NOT_CONFIGURED so that the client can say so', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/auth/google' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({
      code: 'GOOGLE_NOT_CONFIGURED',
      error: 'Google OAuth not configured',
    });
  });
});
