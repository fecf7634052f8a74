import { FORGOT_PASSWORD_MESSAGE } from '@relate/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type FakeSmtp,
  RESET_SUBJECT,
  resetLinkIn,
  startFakeSmtp,
  VERIFICATION_SUBJECT,
} from '../../../test/fakes/smtp/server';
import { bearer, createTestApp, createUser, type TestApp, uniqueEmail } from '../../../test/test-app';
import { passwordResetTokens } from '../../db/schema';

let t: TestApp;
let smtp: FakeSmtp;
let now = new Date('2026-11-23T12:00:00Z');
const clock = () => now;

beforeAll(async () => {
  smtp = await startFakeSmtp();
  t = await createTestApp({
    clock,
    env: {
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Relate <no-reply@relate.test>',
      PUBLIC_URL: 'https://relate.test',
    },
  });
  await createUser(t.app); // the first account is the administrator
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const post = (url: string, payload: object, headers = {}, ip = '10.1.0.1') =>
  t.app.inject({ method: 'POST', url, payload, headers, remoteAddress: ip });
const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
const login = (email: string, password: string) =>
  post('/api/auth/login', { email, password }, {}, '10.9.9.9');
const refresh = (token: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/refresh', headers: bearer(token) });
const tokenOf = (link: string) => new URL(link).searchParams.get('token') ?? '';

async function requestResetLink(email: string): Promise<string> {
  const answer = await post(
    '/api/auth/forgot-password',
    { email },
    {},
    `10.2.${Math.floor(Math.random() * 250)}.1`,
  );
  expect(answer.statusCode).toBe(200);
  return resetLinkIn(await smtp.nextMailTo(email, RESET_SUBJECT));
}

describe('the reset link without PUBLIC_URL', () => {
  it('points at the port the server listens on', async () => {
    const other = await createTestApp({ env: { SMTP_URL: smtp.url, PORT: '4100' } });
    try {
      const user = await createUser(other.app);
      const answer = await other.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email: user.email },
      });
      expect(answer.statusCode).toBe(200);
      expect(resetLinkIn(await smtp.nextMailTo(user.email, RESET_SUBJECT))).toMatch(
        /^http:\/\/localhost:4100\/reset-password\?/,
      );
    } finally {
      await other.close();
    }
  });
});

describe('change password', () => {
  it('refuses a wrong current password with 400 naming current_password and keeps the old one', async () => {
    const user = await createUser(t.app, { password: 'old-password-1' });
    const response = await post(
      '/api/auth/change-password',
      { current_password: 'not-it', new_password: 'new-password-1' },
      user.headers,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'WRONG_PASSWORD',
      details: [{ field: 'current_password', message: 'Current password is incorrect' }],
    });
    expect((await login(user.email, 'old-password-1')).statusCode).toBe(200);
  });

  it('applies the sign-up rules to the new password', async () => {
    const user = await createUser(t.app, { password: 'old-password-2' });
    const response = await post(
      '/api/auth/change-password',
      { current_password: 'old-password-2', new_password: 'short' },
      user.headers,
    );
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(response.json().details)).toContain('new_password');
  });

  it('sets the new password, ends the other sessions and keeps the current one', async () => {
    const user = await createUser(t.app, { password: 'old-password-3' });
    const other = (await login(user.email, 'old-password-3')).json();
    const response = await post(
      '/api/auth/change-password',
      { current_password: 'old-password-3', new_password: 'new-password-3' },
      user.headers,
    );
    expect(response.statusCode).toBe(200);
    expect((await me(user.token)).statusCode).toBe(200);
    expect((await refresh(user.refreshToken)).statusCode).toBe(200);
    expect((await me(other.access_token)).statusCode).toBe(401);
    expect((await refresh(other.refresh_token)).statusCode).toBe(401);
    expect((await login(user.email, 'old-password-3')).statusCode).toBe(401);
    expect((await login(user.email, 'new-password-3')).statusCode).toBe(200);
  });

  it('needs a signed-in user', async () => {
    const response = await post('/api/auth/change-password', {
      current_password: 'whatever',
      new_password: 'new-password',
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('password reset by e-mail', () => {
  it('answers the same for a known and an unknown e-mail and mails only the known one, once', async () => {
    const user = await createUser(t.app, { fullName: 'Known Person' });
    await smtp.nextMailTo(user.email, VERIFICATION_SUBJECT); // sign-up's own mail, sent after its answer
    const unknown = uniqueEmail('nobody');
    const before = smtp.mails.length;
    const known = await post(
      '/api/auth/forgot-password',
      { email: user.email.toUpperCase() },
      {},
      '10.3.0.1',
    );
    const stranger = await post('/api/auth/forgot-password', { email: unknown }, {}, '10.3.0.2');
    expect(known.statusCode).toBe(200);
    expect(stranger.statusCode).toBe(200);
    expect(known.json()).toEqual({ message: FORGOT_PASSWORD_MESSAGE });
    expect(stranger.json()).toEqual(known.json());

    const mail = await smtp.nextMailTo(user.email, RESET_SUBJECT);
    expect(mail.subject).toBe('Reset your Relate password');
    expect(mail.from).toBe('no-reply@relate.test');
    expect(mail.text).toContain('Known Person');
    expect(resetLinkIn(mail)).toMatch(/^https:\/\/relate\.test\/reset-password\?token=/);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.mails.length - before).toBe(1);
    expect(smtp.mailsTo(unknown)).toEqual([]);
  });

  it('stores the token hashed, never as sent', async () => {
    const user = await createUser(t.app);
    const token = tokenOf(await requestResetLink(user.email));
    const stored = await t.app.database.db
      .select({ tokenHash: passwordResetTokens.tokenHash })
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.userId, user.id));
    expect(stored).toHaveLength(1);
    expect(stored[0].tokenHash).not.toBe(token);
  });

  it('sets the new password once, ends every session, and refuses the link a second time', async () => {
    const user = await createUser(t.app, { password: 'forgotten-1' });
    const token = tokenOf(await requestResetLink(user.email));

    const reset = await post('/api/auth/reset-password', { token, new_password: 'remembered-1' });
    expect(reset.statusCode).toBe(200);
    expect((await me(user.token)).statusCode).toBe(401);
    expect((await refresh(user.refreshToken)).statusCode).toBe(401);
    expect((await login(user.email, 'forgotten-1')).statusCode).toBe(401);
    expect((await login(user.email, 'remembered-1')).statusCode).toBe(200);

    const again = await post('/api/auth/reset-password', { token, new_password: 'hijacked-1' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({
      code: 'INVALID_RESET_TOKEN',
      error: 'This reset link has expired or was already used. Ask for a new one.',
      details: [{ field: 'token' }],
    });
    expect((await login(user.email, 'remembered-1')).statusCode).toBe(200);
  });

  it('refuses a link after 30 minutes and an unknown token', async () => {
    const user = await createUser(t.app, { password: 'forgotten-2' });
    const token = tokenOf(await requestResetLink(user.email));
    const start = now;
    now = new Date(start.getTime() + 30 * 60_000 + 1_000);
    try {
      const late = await post('/api/auth/reset-password', { token, new_password: 'too-late-2' });
      expect(late.statusCode).toBe(400);
      expect(late.json().code).toBe('INVALID_RESET_TOKEN');
    } finally {
      now = start;
    }
    const made_up = await post('/api/auth/reset-password', { token: 'made-up', new_password: 'guessed-2' });
    expect(made_up.statusCode).toBe(400);
    expect((await login(user.email, 'forgotten-2')).statusCode).toBe(200);
  });

  it('ends the other open links of the account once one is used', async () => {
    const user = await createUser(t.app);
    const first = tokenOf(await requestResetLink(user.email));
    const second = tokenOf(await requestResetLink(user.email));
    expect(
      (await post('/api/auth/reset-password', { token: second, new_password: 'second-3' })).statusCode,
    ).toBe(200);
    expect(
      (await post('/api/auth/reset-password', { token: first, new_password: 'first-3' })).statusCode,
    ).toBe(400);
  });

  it('limits requests per e-mail and per address with 429, for unknown e-mails alike', async () => {
    const email = uniqueEmail('limited');
    const statuses = [];
    for (let attempt = 0; attempt < 4; attempt++)
      statuses.push((await post('/api/auth/forgot-password', { email }, {}, `10.4.0.${attempt}`)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);

    const fromOneAddress = [];
    for (let attempt = 0; attempt < 11; attempt++)
      fromOneAddress.push(
        (await post('/api/auth/forgot-password', { email: uniqueEmail('many') }, {}, '10.5.0.1')).statusCode,
      );
    expect(fromOneAddress.slice(0, 10).every((status) => status === 200)).toBe(true);
    const limited = await post('/api/auth/forgot-password', { email: uniqueEmail('many') }, {}, '10.5.0.1');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toMatch(/Too many reset requests/);
  });
});
