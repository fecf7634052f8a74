import { expect } from 'vitest';
import type { App } from '../src/app';
import { GOOGLE_BROWSER_COOKIE } from '../src/modules/google/google-browser-cookie';
import type { FakeGoogle } from './fakes/google/fake-google';
import type { TestUser } from './test-app';

/** What a browser sends to the callback: the cookie of its Google start, and the signed-in user's headers. */
export interface GoogleBrowser {
  cookie?: string;
  headers?: Record<string, string>;
}

/** A browser starts a sign-in (no user) or a connection: the authorization URL and the browser's cookie. */
export async function startGoogle(app: App, who?: TestUser) {
  const started = await app.inject(
    who
      ? { method: 'POST', url: '/api/auth/google/connect', headers: who.headers }
      : { method: 'GET', url: '/api/auth/google' },
  );
  expect(started.statusCode, started.body).toBe(200);
  const cookie = started.cookies.find((each) => each.name === GOOGLE_BROWSER_COOKIE);
  return {
    authorizationUrl: started.json().authorization_url as string,
    cookie: cookie && `${cookie.name}=${cookie.value}`,
    setCookie: cookie,
  };
}

/** Follows Google's redirect the way a browser would, returning the callback's code and state. */
export async function consent(fake: FakeGoogle, authorizationUrl: string, sub: string) {
  fake.autoConsent = sub;
  const response = await fetch(authorizationUrl, { redirect: 'manual' });
  expect(response.status).toBe(302);
  const back = new URL(response.headers.get('location')!);
  expect(back.pathname).toBe('/auth/google/callback');
  return { code: back.searchParams.get('code')!, state: back.searchParams.get('state')! };
}

export const callback = (app: App, query: { code: string; state: string }, browser: GoogleBrowser = {}) =>
  app.inject({
    method: 'GET',
    url: '/api/auth/google/callback',
    query,
    headers: { ...browser.headers, ...(browser.cookie ? { cookie: browser.cookie } : {}) },
  });

/** Signs in with Google as this fake account through the real redirect flow, in one browser. */
export async function signInWithGoogle(app: App, fake: FakeGoogle, sub: string) {
  const { authorizationUrl, cookie } = await startGoogle(app);
  return callback(app, await consent(fake, authorizationUrl, sub), { cookie });
}

/** Settings → Connect Google for this user, as the fake account `sub`. */
export async function connectGoogle(app: App, fake: FakeGoogle, who: TestUser, sub: string) {
  const { authorizationUrl, cookie } = await startGoogle(app, who);
  const connected = await callback(app, await consent(fake, authorizationUrl, sub), {
    cookie,
    headers: who.headers,
  });
  expect(connected.statusCode, connected.body).toBe(200);
  expect(connected.json().connected).toBe(true);
}
