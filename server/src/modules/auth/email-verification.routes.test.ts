import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningFakeGoogle, startFakeGoogle } from '../../../test/fakes/google/server';
import {
  type FakeSmtp,
  startFakeSmtp,
  VERIFICATION_SUBJECT,
  verificationLinkIn,
} from '../../../test/fakes/smtp/server';
import { signInWithGoogle } from '../../../test/google';
import { createTestApp, createUser, type TestApp, type TestUser } from '../../../test/test-app';

let t: TestApp;
let smtp: FakeSmtp;
let google: RunningFakeGoogle;
let admin: TestUser;

beforeAll(async () => {
  smtp = await startFakeSmtp();
  google = await startFakeGoogle();
  t = await createTestApp({
    env: { ...google.env, SMTP_URL: smtp.url, PUBLIC_URL: 'https://relate.test' },
  });
  admin = await createUser(t.app, { email: 'admin@example.com' });
});
afterAll(async () => {
  await t.close();
  await google.close();
  await smtp.close();
});

const verify = (token: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token } });
const login = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });

describe('e-mail verification at sign-up (SMTP_URL set)', () => {
  it('mails a link to /verify-email; the link verifies the address, a made-up one is refused naming token', async () => {
    const user = await createUser(t.app, { email: 'verify-me@example.com' });
    const link = verificationLinkIn(await smtp.nextMailTo(user.email, VERIFICATION_SUBJECT));
    expect(link).toMatch(/^https:\/\/relate\.test\/verify-email\?token=/);
    const token = new URL(link).searchParams.get('token')!;
    const verified = await verify(token);
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json()).toEqual({ message: 'Your e-mail address is verified.' });
    expect((await verify(token)).statusCode).toBe(200); // opening the link again is harmless

    const forged = await verify(`${token.slice(0, -4)}AAAA`);
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toMatchObject({
      code: 'INVALID_VERIFICATION_TOKEN',
      details: [{ field: 'token' }],
    });
    // An access token is no verification token.
    expect((await verify(user.token)).json().code).toBe('INVALID_VERIFICATION_TOKEN');
  });

  it('lets a Google sign-in join a verified account: the password and the sessions stay, nothing to report', async () => {
    const email = 'verified-owner@example.com';
    const owner = await createUser(t.app, { email, password: 'owner-pass-1' });
    const link = verificationLinkIn(await smtp.nextMailTo(email, VERIFICATION_SUBJECT));
    expect((await verify(new URL(link).searchParams.get('token')!)).statusCode).toBe(200);

    google.fake.addAccount({ sub: '100000000000000000030', email, name: 'Verified Owner' });
    const signedIn = await signInWithGoogle(t.app, google.fake, '100000000000000000030');
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json().user.id).toBe(owner.id);
    expect((await login(email, 'owner-pass-1')).statusCode).toBe(200);
    expect((await t.as(owner).get('/api/auth/me')).statusCode).toBe(200);
    expect((await t.as(admin).get(`/api/admin/users/${owner.id}/history`)).json()).toEqual({ entries: [] });
  });

  it('still hands an unverified account to the Google owner', async () => {
    const email = 'never-verified@example.com';
    const squatter = await createUser(t.app, { email, password: 'squatter-pass-1' });
    google.fake.addAccount({ sub: '100000000000000000031', email, name: 'Real Owner' });
    expect((await signInWithGoogle(t.app, google.fake, '100000000000000000031')).json().user.id).toBe(
      squatter.id,
    );
    expect((await login(email, 'squatter-pass-1')).statusCode).toBe(401);
    const history = (await t.as(admin).get(`/api/admin/users/${squatter.id}/history`)).json();
    expect(history.entries.map((entry: { kind: string }) => entry.kind)).toEqual(['google_takeover']);
  });
});
