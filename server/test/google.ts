import { expect } from 'vitest';
import type { App } from '../src/app';
import type { FakeGoogle } from './fakes/google/fake-google';
import type { TestUser } from './test-app';

/** Follows Google's redirect the way a browser would, returning the callback's code and state. */
export async function consent(fake: FakeGoogle, authorizationUrl: string, sub: string) {
  fake.autoConsent = sub;
  const response = await fetch(authorizationUrl, { redirect: 'manual' });
  expect(response.status).toBe(302);
  const back = new URL(response.headers.get('location')!);
  expect(back.pathname).toBe('/auth/google/callback');
  return { code: back.searchParams.get('code')!, state: back.searchParams.get('state')! };
}

export const callback = (app: App, query: { code: string; state: string }) =>
  app.inject({ method: 'GET', url: '/api/auth/google/callback', query });

/** Signs in with Google as this fake account through the real redirect flow. */
export async function signInWithGoogle(app: App, fake: FakeGoogle, sub: string) {
  const { authorization_url } = (await app.inject({ method: 'GET', url: '/api/auth/google' })).json();
  return callback(app, await consent(fake, authorization_url, sub));
}

/** Settings → Connect Google for this user, as the fake account `sub`. */
export async function connectGoogle(app: App, fake: FakeGoogle, who: TestUser, sub: string) {
  const started = await app.inject({ method: 'POST', url: '/api/auth/google/connect', headers: who.headers });
  expect(started.statusCode, started.body).toBe(200);
  const connected = await callback(app, await consent(fake, started.json().authorization_url, sub));
  expect(connected.statusCode, connected.body).toBe(200);
  expect(connected.json().connected).toBe(true);
}
