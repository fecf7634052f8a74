import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type RunningFakeGoogle, startFakeGoogle } from '../../../test/fakes/google/server';
import { callback, connectGoogle, consent, signInWithGoogle, startGoogle } from '../../../test/google';
import { createTestApp, createUser, type TestApp, type TestUser } from '../../../test/test-app';

let google: RunningFakeGoogle;
let t: TestApp;
// The injected clock starts at the real time and moves only relative to it: the database stamps rows
// with its own now() (created_at, updated_at, sync claims), which these tests' rules compare with the
// app's clock.
let now = new Date();
let admin: TestUser;
let accounts = 0;

beforeAll(async () => {
  google = await startFakeGoogle();
  t = await createTestApp({
    env: { ...google.env, PUBLIC_URL: 'http://relate.test' },
    clock: () => now,
    google: { retryBaseDelayMs: 1, pageSize: 50 },
  });
  admin = await createUser(t.app, { email: 'admin@example.com' });
});
afterAll(async () => {
  await t.close();
  await google.close();
});
beforeEach(() => {
  now = new Date();
});

const fake = () => google.fake;
const rowsOf = async (query: SQL) =>
  ((await t.database.db.execute(query)) as unknown as { rows: Record<string, string>[] }).rows;
const call = (who: TestUser, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: who.headers, payload });

/** A fresh Google account and a Relate user connected to it. */
async function connectedUser(): Promise<{ user: TestUser; sub: string }> {
  const sub = `1139436412712076${String(++accounts).padStart(5, '0')}`;
  fake().addAccount({ sub, email: `google-${accounts}@gmail.example`, name: 'Google Person' });
  const user = await createUser(t.app);
  await connectGoogle(t.app, fake(), user, sub);
  return { user, sub };
}

const preview = async (who: TestUser) => {
  const response = await call(who, 'GET', '/api/auth/google/contacts?preview=true');
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};
const sync = (who: TestUser) => call(who, 'GET', '/api/auth/google/contacts');
const peopleOf = async (who: TestUser) =>
  (await call(who, 'GET', '/api/people?page_size=500&sort=id&order=asc')).json().people as Record<
    string,
    unknown
  >[];
const apply = (who: TestUser, body: object) => call(who, 'POST', '/api/auth/google/contacts/apply', body);

describe('Google sign-in', () => {
  it('creates a new Google account as pending and signs in an approved user found by e-mail', async () => {
    fake().addAccount({ sub: '100000000000000000001', email: 'newcomer@gmail.example', name: 'New Comer' });
    const first = await signInWithGoogle(t.app, fake(), '100000000000000000001');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().user).toMatchObject({
      email: 'newcomer@gmail.example',
      full_name: 'New Comer',
      is_approved: false,
    });
    const pending = await t.app.inject({
      method: 'GET',
      url: '/api/people',
      headers: { authorization: `Bearer ${first.json().access_token}` },
    });
    expect(pending.json().code).toBe('ACCOUNT_NOT_APPROVED');

    const member = await createUser(t.app, { email: 'member@example.com' });
    fake().addAccount({ sub: '100000000000000000002', email: 'member@example.com', name: 'Member' });
    const signedIn = await signInWithGoogle(t.app, fake(), '100000000000000000002');
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json().user).toMatchObject({ id: member.id, is_approved: true });
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${signedIn.json().access_token}` },
    });
    expect(me.json().email).toBe('member@example.com');
    // Linked by subject now: the same Google account signs in again even though nothing else changed.
    expect((await signInWithGoogle(t.app, fake(), '100000000000000000002')).json().user.id).toBe(member.id);
  });

  it('asks for PKCE S256, a state and a nonce, and never puts a token in the URL', async () => {
    const { authorization_url } = (await t.app.inject({ method: 'GET', url: '/api/auth/google' })).json();
    const url = new URL(authorization_url);
    expect(url.origin).toBe(google.url);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get('state')).toMatch(/^[\w-]{32}$/);
    expect(url.searchParams.get('nonce')).toMatch(/^[\w-]{32}$/);
    expect(url.searchParams.get('redirect_uri')).toBe('http://relate.test/auth/google/callback');
    expect(url.searchParams.get('scope')).toBe('openid email profile');
  });

  it('refuses a replayed, forged or expired state and a code exchanged with the wrong PKCE verifier', async () => {
    fake().addAccount({ sub: '100000000000000000003', email: 'replay@gmail.example', name: 'Re Play' });
    const { authorizationUrl, cookie } = await startGoogle(t.app);
    const first = await consent(fake(), authorizationUrl, '100000000000000000003');
    expect((await callback(t.app, first, { cookie })).statusCode).toBe(200);
    const replayed = await callback(t.app, first, { cookie });
    expect(replayed.statusCode).toBe(400);
    expect(replayed.json()).toMatchObject({ code: 'GOOGLE_STATE_INVALID' });

    const forged = await callback(t.app, { code: first.code, state: 'made-up-state' }, { cookie });
    expect(forged.json().code).toBe('GOOGLE_STATE_INVALID');

    const lateStart = await startGoogle(t.app);
    const late = await consent(fake(), lateStart.authorizationUrl, '100000000000000000003');
    now = new Date(Date.now() + 11 * 60_000);
    expect((await callback(t.app, late, { cookie: lateStart.cookie })).json().code).toBe(
      'GOOGLE_STATE_INVALID',
    );
    now = new Date();

    // The code of one authorization with the state (and so the verifier) of another.
    const a = await consent(fake(), (await startGoogle(t.app)).authorizationUrl, '100000000000000000003');
    const bStart = await startGoogle(t.app);
    const b = await consent(fake(), bStart.authorizationUrl, '100000000000000000003');
    const mixed = await callback(t.app, { code: a.code, state: b.state }, { cookie: bStart.cookie });
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json()).toMatchObject({ error: 'Authentication failed', code: 'GOOGLE_AUTH_FAILED' });
  });

  it('binds each authorization to its browser with an HttpOnly, SameSite=Lax cookie of 10 minutes', async () => {
    const { setCookie } = await startGoogle(t.app);
    expect(setCookie).toMatchObject({
      httpOnly: true,
      sameSite: 'Lax',
      path: '/api/auth/google',
      maxAge: 600,
    });
    expect(setCookie?.value).toMatch(/^[\w-]{43}$/);
  });

  it("signs no one in when a sign-in's code and state are opened in another browser (login CSRF)", async () => {
    fake().addAccount({ sub: '100000000000000000005', email: 'attacker@gmail.example', name: 'Mallory' });
    // The attacker starts a sign-in in their own browser, consents, and sends the callback link on.
    const attacker = await startGoogle(t.app);
    const link = await consent(fake(), attacker.authorizationUrl, '100000000000000000005');
    const victimBrowser = await startGoogle(t.app); // a victim with a sign-in of their own under way
    for (const cookie of [undefined, victimBrowser.cookie, `${attacker.cookie}x`]) {
      const opened = await callback(t.app, link, { cookie });
      expect(opened.statusCode).toBe(400);
      expect(opened.json()).toMatchObject({
        code: expect.stringMatching(/GOOGLE_(STARTED_ELSEWHERE|STATE_INVALID)/),
      });
      expect(opened.json().access_token).toBeUndefined();
    }
    const fresh = await startGoogle(t.app);
    const freshLink = await consent(fake(), fresh.authorizationUrl, '100000000000000000005');
    const opened = await callback(t.app, freshLink);
    expect(opened.json()).toMatchObject({
      code: 'GOOGLE_STARTED_ELSEWHERE',
      error: expect.stringContaining('started in another browser, so no one was signed in'),
    });
    // Used up: not even the attacker's own browser can finish it now.
    expect((await callback(t.app, freshLink, { cookie: fresh.cookie })).json().code).toBe(
      'GOOGLE_STATE_INVALID',
    );
  });

  it('refuses a Google account whose e-mail is not verified', async () => {
    fake().addAccount({
      sub: '100000000000000000004',
      email: 'unverified@gmail.example',
      name: 'Un Verified',
      emailVerified: false,
    });
    const response = await signInWithGoogle(t.app, fake(), '100000000000000000004');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'GOOGLE_EMAIL_NOT_VERIFIED' });
  });

  it("reports Google's own error and a missing code with the spec's texts", async () => {
    const denied = await t.app.inject({
      method: 'GET',
      url: '/api/auth/google/callback?error=access_denied&state=x',
    });
    expect(denied.json().error).toBe('Google OAuth error: access_denied');
    const noCode = await t.app.inject({ method: 'GET', url: '/api/auth/google/callback?state=x' });
    expect(noCode.json().error).toBe('No authorization code received');
  });
});

describe('Google connection', () => {
  it('stores the refresh token encrypted, reports the status, and disconnecting revokes it at Google', async () => {
    const { user, sub } = await connectedUser();
    const status = (await call(user, 'GET', '/api/auth/google/status')).json();
    expect(status).toMatchObject({
      has_google_account: true,
      service_configured: true,
      contacts_synced_at: null,
      calendar_synced_at: null,
      google_email: `google-${accounts}@gmail.example`,
      calendar_access: true,
    });
    const stored = (
      await rowsOf(sql`select refresh_token_encrypted from google_accounts where user_id = ${user.id}`)
    )[0].refresh_token_encrypted;
    expect(stored).toMatch(/^v1\./);
    expect(stored).not.toContain('1//0');
    const dump = JSON.stringify(await rowsOf(sql`select * from google_accounts`));
    expect(dump).not.toMatch(/1\/\/0/);
    expect(fake().hasLiveRefreshToken(sub)).toBe(true);

    expect((await call(user, 'POST', '/api/auth/google/clear')).statusCode).toBe(200);
    expect(fake().hasLiveRefreshToken(sub)).toBe(false);
    expect((await call(user, 'GET', '/api/auth/google/status')).json().has_google_account).toBe(false);
    expect((await sync(user)).json().code).toBe('GOOGLE_NOT_CONNECTED');
  });

  it('reports no calendar access when Google granted only the contacts', async () => {
    const { user } = await connectedUser();
    await rowsOf(
      sql`update google_accounts set scopes = 'openid email profile https://www.googleapis.com/auth/contacts' where user_id = ${user.id}`,
    );
    const status = (await call(user, 'GET', '/api/auth/google/status')).json();
    expect(status).toMatchObject({ has_google_account: true, calendar_access: false });
  });
});

describe('Google sign-in to an account someone else registered (pre-hijack)', () => {
  it('takes over a password account whose e-mail was never verified: the password goes, its sessions end, the administrator sees it', async () => {
    const email = 'prey@example.com';
    const squatter = await createUser(t.app, { email, password: 'squatter-pass-1' });
    fake().addAccount({ sub: '100000000000000000020', email, name: 'Real Owner' });
    const owner = await signInWithGoogle(t.app, fake(), '100000000000000000020');
    expect(owner.statusCode, owner.body).toBe(200);
    expect(owner.json().user.id).toBe(squatter.id);

    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: 'squatter-pass-1' },
    });
    expect(login.statusCode).toBe(401);
    expect((await call(squatter, 'GET', '/api/auth/me')).statusCode).toBe(401);
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      headers: { authorization: `Bearer ${squatter.refreshToken}` },
    });
    expect(refreshed.statusCode).toBe(401);
    const ownerSession = { authorization: `Bearer ${owner.json().access_token}` };
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: ownerSession })).statusCode,
    ).toBe(200);

    const history = await call(admin, 'GET', `/api/admin/users/${squatter.id}/history`);
    expect(history.statusCode, history.body).toBe(200);
    expect(history.json().entries).toEqual([
      {
        kind: 'google_takeover',
        message: expect.stringContaining('e-mail was never verified'),
        created_at: expect.any(String),
      },
    ]);
    // Only administrators read an account's history.
    expect((await call(squatter, 'GET', `/api/admin/users/${squatter.id}/history`)).statusCode).toBe(401);
    const other = await createUser(t.app);
    expect((await call(other, 'GET', `/api/admin/users/${squatter.id}/history`)).statusCode).toBe(403);
  });
});

describe('Google connection started by someone else (OAuth CSRF)', () => {
  const victimSub = '100000000000000000010';
  const hijack = async (finish: (attacker: TestUser, victim: TestUser, cookie?: string) => object) => {
    fake().addAccount({ sub: victimSub, email: 'victim@gmail.example', name: 'Victim' });
    const attacker = await createUser(t.app);
    const victim = await createUser(t.app);
    const started = await startGoogle(t.app, attacker);
    const link = await consent(fake(), started.authorizationUrl, victimSub);
    const response = await callback(t.app, link, finish(attacker, victim, started.cookie));
    return { attacker, response };
  };

  it.each([
    [
      "the victim's browser, signed in as the victim",
      (_a: TestUser, victim: TestUser) => ({ headers: victim.headers }),
    ],
    ["the victim's browser, signed out", () => ({})],
    [
      "the starting browser's cookie with the victim's session",
      (_a: TestUser, victim: TestUser, cookie?: string) => ({ cookie, headers: victim.headers }),
    ],
    [
      "the starting browser's cookie, signed out",
      (_a: TestUser, _v: TestUser, cookie?: string) => ({ cookie }),
    ],
    [
      "the attacker's session without the starting browser's cookie",
      (attacker: TestUser) => ({ headers: attacker.headers }),
    ],
  ])('links nothing when finished in %s, and says what happened', async (_name, finish) => {
    const { attacker, response } = await hijack(finish);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'GOOGLE_STARTED_ELSEWHERE',
      error: expect.stringContaining('nothing was linked'),
    });
    expect((await call(attacker, 'GET', '/api/auth/google/status')).json().has_google_account).toBe(false);
    // The code was never exchanged: Relate holds no token of the victim's Google account.
    expect(fake().hasLiveRefreshToken(victimSub)).toBe(false);
  });
});

describe('Google contacts sync', () => {
  it('previews new contacts and likely duplicates with their reasons, then applies exactly the chosen ones', async () => {
    const { user, sub } = await connectedUser();
    const [ada, noName, ivan] = fake().addReferenceContacts(sub);
    const grace = fake().addContact(sub, { names: [{ givenName: 'Grace', familyName: 'Hopper' }] });
    // Local contacts that match Ada by e-mail and Ivan by phone (written differently).
    const localAda = (
      await call(user, 'POST', '/api/people', {
        first_name: 'A.',
        last_name: 'Lovelace',
        email: 'ADA@work.example',
      })
    ).json();
    const localIvan = (
      await call(user, 'POST', '/api/people', {
        first_name: 'Ivan',
        last_name: 'P',
        phone: '+7 916 123 45 67',
      })
    ).json();
    const localGrace = (
      await call(user, 'POST', '/api/people', { first_name: 'grace', last_name: ' Hopper ' })
    ).json();

    const first = await preview(user);
    const byResource = Object.fromEntries(
      first.items.map((item: { resource_name: string }) => [item.resource_name, item]),
    );
    expect(byResource[ada]).toMatchObject({
      kind: 'likely_duplicate',
      is_duplicate: true,
      match_reason: 'email',
      contact: { id: localAda.id },
      name: 'Ada Lovelace',
      email: 'ada@work.example',
      company: 'Analytical Engines Ltd',
      phone: '+44 20 7946 0100',
    });
    expect(byResource[ivan]).toMatchObject({
      kind: 'likely_duplicate',
      match_reason: 'phone',
      contact: { id: localIvan.id },
    });
    expect(byResource[grace]).toMatchObject({
      kind: 'likely_duplicate',
      match_reason: 'name',
      contact: { id: localGrace.id },
    });
    expect(byResource[noName]).toMatchObject({
      kind: 'new',
      is_duplicate: false,
      email: 'no-name@example.org',
      contact: null,
    });
    expect(await peopleOf(user)).toHaveLength(3); // a preview changes nothing
    // ...and is no sync: the card must not say "Synced · Last synced".
    expect((await call(user, 'GET', '/api/auth/google/status')).json().contacts_synced_at).toBeNull();

    // Previewing again gives the same items with the same ids.
    const again = await preview(user);
    expect(again.items.map((item: { id: string }) => item.id).sort()).toEqual(
      first.items.map((item: { id: string }) => item.id).sort(),
    );

    const applied = await apply(user, { item_ids: [byResource[noName].id, byResource[ada].id] });
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json()).toMatchObject({ created: 1, linked: 1, updated: 0, skipped: 0 });
    const people = await peopleOf(user);
    expect(people).toHaveLength(4);
    const linkedAda = people.find((person) => person.id === localAda.id)!;
    // Linking fills empty fields and overwrites none.
    expect(linkedAda).toMatchObject({
      first_name: 'A.',
      email: 'ADA@work.example',
      organization: 'Analytical Engines Ltd',
      job_title: 'Engineer',
    });
    expect(people.find((person) => person.email === 'no-name@example.org')).toMatchObject({
      full_name: 'no-name@example.org',
      source: 'Google Contacts',
    });

    const left = (await call(user, 'GET', '/api/auth/google/contacts/review')).json().items;
    expect(left.map((item: { resource_name: string }) => item.resource_name).sort()).toEqual(
      [grace, ivan].sort(),
    );
    const status = (await call(user, 'GET', '/api/auth/google/status')).json();
    expect(status.contacts_synced_at).not.toBeNull();
    expect(status.contacts_pending_review).toBe(2);
  });

  it('validates the apply body and skips items that are no longer waiting', async () => {
    const { user } = await connectedUser();
    const empty = await apply(user, { item_ids: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toContain('item_ids');
    const unknown = await apply(user, { item_ids: ['00000000-0000-4000-8000-000000000000'] });
    expect(unknown.json()).toMatchObject({ created: 0, skipped: 1 });
  });

  it('picks up an added, a changed and a deleted contact incrementally; a second run changes nothing', async () => {
    const { user, sub } = await connectedUser();
    const kept = fake().addContact(sub, {
      names: [{ givenName: 'Kept', familyName: 'Person' }],
      emailAddresses: [{ value: 'kept@example.com' }],
    });
    const gone = fake().addContact(sub, { names: [{ givenName: 'Gone', familyName: 'Soon' }] });
    expect((await sync(user)).json()).toMatchObject({ created: 2, items: [] });

    fake().editContact(sub, kept, { organizations: [{ name: 'Acme', title: 'CTO' }] });
    fake().deleteContact(sub, gone);
    const added = fake().addContact(sub, { names: [{ givenName: 'Added', familyName: 'Later' }] });
    const before = fake().requests.length;
    const second = (await sync(user)).json();
    const listCalls = fake()
      .requests.slice(before)
      .filter((request) => request.path === '/v1/people/me/connections');
    expect(listCalls[0].query.get('syncToken')).toBeTruthy();
    expect(second).toMatchObject({ created: 1, updated: 1 });
    expect(second.items).toHaveLength(1);
    expect(second.items[0]).toMatchObject({
      kind: 'deleted_upstream',
      resource_name: gone,
      name: 'Gone Soon',
    });
    const people = await peopleOf(user);
    expect(people.find((person) => person.email === 'kept@example.com')).toMatchObject({
      organization: 'Acme',
      job_title: 'CTO',
    });
    expect(people.some((person) => person.first_name === 'Added')).toBe(true);
    expect(people.some((person) => person.first_name === 'Gone')).toBe(true); // deleting waits for review

    expect((await sync(user)).json()).toMatchObject({ created: 0, updated: 0, pushed: 0 });
    expect(await peopleOf(user)).toHaveLength(3);
    expect((await apply(user, { item_ids: [second.items[0].id] })).json()).toMatchObject({ deleted: 1 });
    expect((await peopleOf(user)).map((person) => person.first_name).sort()).toEqual(['Added', 'Kept']);
    expect(added).toBeTruthy();
  });

  it('recovers from EXPIRED_SYNC_TOKEN with a full sync that duplicates nothing', async () => {
    const { user, sub } = await connectedUser();
    fake().addContact(sub, { names: [{ givenName: 'One', familyName: 'A' }] });
    const two = fake().addContact(sub, { names: [{ givenName: 'Two', familyName: 'B' }] });
    await sync(user);
    fake().expireSyncTokens(sub);
    fake().deleteContact(sub, two);
    fake().addContact(sub, { names: [{ givenName: 'Three', familyName: 'C' }] });
    const before = fake().requests.length;
    const response = await sync(user);
    expect(response.statusCode, response.body).toBe(200);
    const listCalls = fake()
      .requests.slice(before)
      .filter((request) => request.path === '/v1/people/me/connections');
    expect(listCalls.map((request) => Boolean(request.query.get('syncToken')))).toEqual([true, false]);
    expect(response.json()).toMatchObject({ created: 1 });
    expect(response.json().items).toMatchObject([{ kind: 'deleted_upstream', resource_name: two }]);
    expect((await peopleOf(user)).map((person) => person.first_name).sort()).toEqual(['One', 'Three', 'Two']);
  });

  it('pushes a Relate edit of a linked contact with its etag, and turns an etag conflict into a review item keeping both values', async () => {
    const { user, sub } = await connectedUser();
    const resource = fake().addContact(sub, {
      names: [{ givenName: 'Edith', familyName: 'Clarke' }],
      emailAddresses: [{ value: 'edith@example.com' }, { value: 'edith@home.example' }],
    });
    await sync(user);
    const [edith] = await peopleOf(user);
    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/people/${edith.id}`,
      headers: user.headers,
      payload: { job_title: 'Engineer' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const etagBefore = fake().contact(sub, resource)!.etag;
    expect((await sync(user)).json()).toMatchObject({ pushed: 1 });
    const update = fake().requests.findLast((request) => request.path.endsWith(':updateContact'))!;
    expect(JSON.parse(update.body).etag).toBe(etagBefore);
    const inGoogle = fake().contact(sub, resource)!;
    expect(inGoogle.organizations).toMatchObject([{ title: 'Engineer' }]);
    expect((inGoogle.emailAddresses as { value: string }[]).map((email) => email.value)).toEqual([
      'edith@example.com',
      'edith@home.example',
    ]);

    // Both sides change the job title before the next sync.
    fake().editContact(sub, resource, { organizations: [{ title: 'Chief Engineer' }] });
    await t.app.inject({
      method: 'PUT',
      url: `/api/people/${edith.id}`,
      headers: user.headers,
      payload: { job_title: 'Professor' },
    });
    const clash = (await sync(user)).json();
    expect(clash.items).toHaveLength(1);
    expect(clash.items[0]).toMatchObject({
      kind: 'conflict',
      contact: { id: edith.id },
      changes: [{ field: 'job_title', relate: 'Professor', google: 'Chief Engineer' }],
    });
    expect((await peopleOf(user))[0].job_title).toBe('Professor');
    expect(fake().contact(sub, resource)!.organizations).toMatchObject([{ title: 'Chief Engineer' }]);

    // Keeping Relate's value sends it to Google.
    const settled = (
      await apply(user, { item_ids: [clash.items[0].id], keep_relate: [clash.items[0].id] })
    ).json();
    expect(settled).toMatchObject({ pushed: 1 });
    expect(fake().contact(sub, resource)!.organizations).toMatchObject([{ title: 'Professor' }]);
  });

  it('leaves the last good state when Google fails on page 2, and the next run completes', async () => {
    const { user, sub } = await connectedUser();
    for (let index = 0; index < 120; index++)
      fake().addContact(sub, { names: [{ givenName: `P${index}`, familyName: 'Bulk' }] });
    fake().failNext({ path: /\/v1\/people\/me\/connections/, laterPage: true, status: 500 });
    const failed = await sync(user);
    expect(failed.statusCode).toBe(502);
    expect(await peopleOf(user)).toHaveLength(0);
    const status = (await call(user, 'GET', '/api/auth/google/status')).json();
    expect(status).toMatchObject({ contacts_synced_at: null, contacts_sync_running: false });
    expect(status.contacts_last_error).toMatch(/nothing was changed/);

    const done = await sync(user);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().created).toBe(120);
    expect((await call(user, 'GET', '/api/auth/google/status')).json().contacts_last_error).toBeNull();
  });

  it('retries quota errors with backoff, and stops after 5 tries with an error kept for the status card', async () => {
    const { user, sub } = await connectedUser();
    fake().addContact(sub, { names: [{ givenName: 'Quota', familyName: 'Test' }] });
    fake().failNext({ path: /\/v1\/people\/me\/connections/, status: 429, times: 2 });
    const ok = await sync(user);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().created).toBe(1);

    const before = fake().requests.length;
    fake().failNext({ path: /\/v1\/people\/me\/connections/, status: 429, times: 5 });
    const refused = await sync(user);
    expect(refused.statusCode).toBe(503);
    expect(refused.json().code).toBe('GOOGLE_RATE_LIMITED');
    expect(
      fake()
        .requests.slice(before)
        .filter((request) => request.path === '/v1/people/me/connections'),
    ).toHaveLength(5);
    expect((await call(user, 'GET', '/api/auth/google/status')).json().contacts_last_error).toMatch(
      /rate limit/,
    );
  });

  it("never shows one user's Google data to another", async () => {
    const owner = await connectedUser();
    fake().addContact(owner.sub, { names: [{ givenName: 'Secret', familyName: 'Contact' }] });
    const ownerItems = (await preview(owner.user)).items;
    expect(ownerItems).toHaveLength(1);

    const other = await connectedUser();
    expect((await preview(other.user)).items).toEqual([]);
    expect((await call(other.user, 'GET', '/api/auth/google/contacts/review')).json().items).toEqual([]);
    const stolen = await apply(other.user, { item_ids: [ownerItems[0].id] });
    expect(stolen.json()).toMatchObject({ created: 0, skipped: 1 });
    expect(await peopleOf(other.user)).toHaveLength(0);
    expect((await call(owner.user, 'GET', '/api/auth/google/contacts/review')).json().items).toHaveLength(1);
    const status = (await call(other.user, 'GET', '/api/auth/google/status')).json();
    expect(status.google_email).not.toBe(
      (await call(owner.user, 'GET', '/api/auth/google/status')).json().google_email,
    );
    const [ownerContact] = await peopleOf(owner.user);
    expect(ownerContact).toBeUndefined();
  });

  it('adds a Relate contact to Google when asked, once', async () => {
    const { user, sub } = await connectedUser();
    const local = (
      await call(user, 'POST', '/api/people', {
        first_name: 'Local',
        last_name: 'Only',
        email: 'local@example.com',
      })
    ).json();
    expect(fake().listContacts(sub)).toHaveLength(0); // not pushed unless asked
    const added = await call(user, 'POST', `/api/auth/google/contacts/${local.id}/add`);
    expect(added.statusCode, added.body).toBe(201);
    expect(fake().listContacts(sub)).toMatchObject([
      {
        names: [{ givenName: 'Local', familyName: 'Only' }],
        emailAddresses: [{ value: 'local@example.com' }],
      },
    ]);
    expect((await call(user, 'POST', `/api/auth/google/contacts/${local.id}/add`)).statusCode).toBe(409);
    expect((await sync(user)).json()).toMatchObject({ created: 0, items: [] });
    const other = (await connectedUser()).user;
    expect((await call(other, 'POST', `/api/auth/google/contacts/${local.id}/add`)).statusCode).toBe(404);
  });
});

describe('Google background sync', () => {
  it('syncs every connected account every 15 minutes, applying what needs no decision', async () => {
    const { user, sub } = await connectedUser();
    fake().addContact(sub, { names: [{ givenName: 'Background', familyName: 'Sync' }] });
    const local = (
      await call(user, 'POST', '/api/people', {
        first_name: 'Back',
        last_name: 'Ground',
        email: 'bg@example.com',
      })
    ).json();
    fake().addContact(sub, {
      names: [{ givenName: 'Maybe', familyName: 'Same' }],
      emailAddresses: [{ value: 'bg@example.com' }],
    });
    while ((await t.app.services.jobs.runDue(50)) > 0); // other recurring jobs may run; no sync is due yet
    expect((await peopleOf(user)).map((person) => person.first_name)).toEqual(['Back']);

    now = new Date(Date.now() + 16 * 60_000);
    // The 15-minute run queues one sync per connected user, which the next rounds run.
    while ((await t.app.services.jobs.runDue(50)) > 0);
    now = new Date(); // the test user's access token is valid for 15 minutes only
    const people = await peopleOf(user);
    expect(people.map((person) => person.first_name).sort()).toEqual(['Back', 'Background']);
    const items = (await call(user, 'GET', '/api/auth/google/contacts/review')).json().items;
    expect(items).toMatchObject([
      { kind: 'likely_duplicate', contact: { id: local.id }, match_reason: 'email' },
    ]);
    expect((await call(user, 'GET', '/api/auth/google/status')).json().contacts_synced_at).not.toBeNull();
  });
});

describe('Google not configured', () => {
  it("says so in the status and answers 'Google OAuth not configured' elsewhere", async () => {
    const bare = await createTestApp();
    try {
      const user = await createUser(bare.app);
      const status = await bare.app.inject({
        method: 'GET',
        url: '/api/auth/google/status',
        headers: user.headers,
      });
      expect(status.json()).toMatchObject({ service_configured: false, has_google_account: false });
      for (const [method, url] of [
        ['GET', '/api/auth/google'],
        ['POST', '/api/auth/google/connect'],
        ['GET', '/api/auth/google/contacts?preview=true'],
      ] as const) {
        const response = await bare.app.inject({ method, url, headers: user.headers });
        expect(response.statusCode).toBe(503);
        expect(response.json()).toMatchObject({
          error: 'Google OAuth not configured',
          code: 'GOOGLE_NOT_CONFIGURED',
        });
      }
    } finally {
      await bare.close();
    }
    expect(admin.id).toBeGreaterThan(0);
  });
});
