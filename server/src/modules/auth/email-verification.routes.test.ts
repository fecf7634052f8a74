import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningFakeGoogle, startFakeGoogle } from '../../../test/fakes/google/server';
import {
  type FakeSmtp,
  type ReceivedMail,
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

describe('a new verification link', () => {
  let ips = 0;
  /** Each test its own client address: the per-address limit counts every request from one. */
  const nextIp = () => `198.51.100.${++ips}`;
  const resend = (who: TestUser, remoteAddress: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/resend-verification',
      headers: who.headers,
      remoteAddress,
    });
  const resendTo = (email: string, remoteAddress: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/resend-verification/by-email',
      payload: { email },
      headers,
      remoteAddress,
    });
  const status = async (who: TestUser) => (await t.as(who).get('/api/auth/email-verification')).json();
  const tokenOf = (mail: ReceivedMail) => new URL(verificationLinkIn(mail)).searchParams.get('token')!;
  /** The mail goes out after the answer: give a mail that should not come the time to arrive. */
  const settle = () => new Promise((resolve) => setTimeout(resolve, 300));
  const GENERIC =
    'If an account with that e-mail is waiting for verification, we have sent it a new link. It is valid for 7 days.';

  it('mails the signed-in user a new working link; the first link still works too', async () => {
    const user = await createUser(t.app, { email: 'lost-mail@example.com' });
    const first = tokenOf(await smtp.nextMailTo(user.email, VERIFICATION_SUBJECT));
    expect(await status(user)).toEqual({ verified: false, can_resend: true });

    const response = await resend(user, nextIp());
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      message: 'We have sent a new verification link to lost-mail@example.com. It is valid for 7 days.',
    });
    const second = tokenOf(await smtp.nextMailTo(user.email, VERIFICATION_SUBJECT));
    expect((await verify(second)).statusCode).toBe(200);
    expect(await status(user)).toEqual({ verified: true, can_resend: false });
    // Links are signed, not stored: an earlier one proves the same thing until its 7 days are over.
    expect((await verify(first)).statusCode).toBe(200);

    const again = await resend(user, nextIp());
    expect(again.json()).toEqual({ message: 'Your e-mail address is already verified.' });
    await settle();
    expect(smtp.mailsTo(user.email)).toHaveLength(2);
  });

  it('serves an account waiting for approval, which can sign in but not use Relate', async () => {
    const pending = await createUser(t.app, { email: 'pending-verify@example.com', approved: false });
    await smtp.nextMailTo(pending.email, VERIFICATION_SUBJECT);
    expect((await resend(pending, nextIp())).statusCode).toBe(200);
    expect(
      (await verify(tokenOf(await smtp.nextMailTo(pending.email, VERIFICATION_SUBJECT)))).statusCode,
    ).toBe(200);
  });

  it('by e-mail, answers alike for an unverified, a verified and an unknown address, and mails only the first', async () => {
    const waiting = await createUser(t.app, { email: 'by-address@example.com' });
    await smtp.nextMailTo(waiting.email, VERIFICATION_SUBJECT);
    const done = await createUser(t.app, { email: 'already-done@example.com' });
    expect(await verify(tokenOf(await smtp.nextMailTo(done.email, VERIFICATION_SUBJECT)))).toMatchObject({
      statusCode: 200,
    });

    const ip = nextIp();
    const answers = await Promise.all(
      ['by-address@example.com', ' Already-Done@example.com ', 'nobody-here@example.com'].map((email) =>
        resendTo(email, ip),
      ),
    );
    for (const answer of answers) {
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json()).toEqual({ message: GENERIC });
    }
    expect(
      (await verify(tokenOf(await smtp.nextMailTo(waiting.email, VERIFICATION_SUBJECT)))).statusCode,
    ).toBe(200);
    await settle();
    expect(smtp.mailsTo(done.email)).toHaveLength(1);
    expect(smtp.mailsTo('nobody-here@example.com')).toHaveLength(0);
  });

  it('lets no one mail someone else beyond the generic answer, and limits requests per address and per client', async () => {
    const alice = await createUser(t.app, { email: 'alice-verify@example.com' });
    await smtp.nextMailTo(alice.email, VERIFICATION_SUBJECT);
    const bob = await createUser(t.app, { email: 'bob-verify@example.com' });
    await smtp.nextMailTo(bob.email, VERIFICATION_SUBJECT);

    // Bob's own resend goes to Bob, whatever he sends with it.
    const own = await t.app.inject({
      method: 'POST',
      url: '/api/auth/resend-verification',
      headers: bob.headers,
      payload: { email: alice.email },
      remoteAddress: nextIp(),
    });
    expect(own.json().message).toContain('bob-verify@example.com');
    await smtp.nextMailTo(bob.email, VERIFICATION_SUBJECT);

    // Naming Alice, signed in or not, Bob gets what anyone gets; three links per address in 15 minutes.
    for (let index = 0; index < 3; index++) {
      const answer = await resendTo(alice.email, nextIp(), bob.headers);
      expect(answer.json()).toEqual({ message: GENERIC });
    }
    const limited = await resendTo(alice.email, nextIp());
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({
      code: 'TOO_MANY_ATTEMPTS',
      error: 'Too many verification requests. Try again in 15 minutes.',
    });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Alice's own resend counts against her address too.
    expect((await resend(alice, nextIp())).statusCode).toBe(429);
    await settle();
    expect(smtp.mailsTo(alice.email)).toHaveLength(4);

    // One client gets 10 requests, whichever addresses it names.
    const ip = nextIp();
    const codes = [];
    for (let index = 0; index < 11; index++)
      codes.push((await resendTo(`someone-${index}@example.com`, ip)).statusCode);
    expect(codes).toEqual([...Array(10).fill(200), 429]);
  });

  it('needs a signed-in user for the own-address resend, and an e-mail for the other', async () => {
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/auth/resend-verification', remoteAddress: nextIp() }))
        .statusCode,
    ).toBe(401);
    const bad = await resendTo('not an address', nextIp());
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toEqual([expect.objectContaining({ field: 'email' })]);
  });
});
