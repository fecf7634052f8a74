import { afterEach, describe, expect, it, vi } from 'vitest';
import { request, setSessionExpiredHandler } from './api-client';
import { readSession, saveTokens } from './auth-storage';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => vi.unstubAllGlobals());

describe('request', () => {
  it('refreshes once on an expired access token and retries with the new one', async () => {
    localStorage.setItem('auth_token', 'old-access');
    localStorage.setItem('refresh_token', 'old-refresh');
    const fetchMock = vi.fn(async (url: string, init: RequestInit) => {
      const auth = (init.headers as Record<string, string>).authorization;
      if (url === '/api/auth/refresh') {
        expect(auth).toBe('Bearer old-refresh');
        return json(200, { access_token: 'new-access', refresh_token: 'new-refresh' });
      }
      return auth === 'Bearer new-access'
        ? json(200, { people: [] })
        : json(401, { error: 'Access token expired', code: 'TOKEN_EXPIRED' });
    });
    vi.stubGlobal('fetch', fetchMock);

    const result = await request<{ people: unknown[] }>('/people');

    expect(result.data).toEqual({ people: [] });
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(localStorage.getItem('auth_token')).toBe('new-access');
    expect(localStorage.getItem('refresh_token')).toBe('new-refresh');
  });

  it('logs out when the refresh fails', async () => {
    localStorage.setItem('auth_token', 'old-access');
    localStorage.setItem('refresh_token', 'revoked');
    localStorage.setItem('auth_user', JSON.stringify({ email: 'a@example.com' }));
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url === '/api/auth/refresh'
          ? json(401, { error: 'Invalid refresh token', code: 'UNAUTHORIZED' })
          : json(401, { error: 'Access token expired', code: 'TOKEN_EXPIRED' }),
      ),
    );
    const expired = vi.fn();
    setSessionExpiredHandler(expired);

    const result = await request('/people');

    expect(result.error?.status).toBe(401);
    expect(expired).toHaveBeenCalledOnce();
    expect(localStorage.getItem('auth_token')).toBeNull();
    expect(localStorage.getItem('refresh_token')).toBeNull();
  });

  it('logs out without trying a refresh when the server says the session ended', async () => {
    localStorage.setItem('auth_token', 'ended-access');
    localStorage.setItem('refresh_token', 'ended-refresh');
    const fetchMock = vi.fn(async () =>
      json(401, { error: 'Your session has ended', code: 'SESSION_ENDED' }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const expired = vi.fn();
    setSessionExpiredHandler(expired);

    const result = await request('/people');

    expect(result.error).toMatchObject({ status: 401, code: 'SESSION_ENDED' });
    expect(expired).toHaveBeenCalledOnce();
    expect(fetchMock).toHaveBeenCalledOnce();
    expect(localStorage.getItem('auth_token')).toBeNull();
  });

  it('returns the API error message and status without throwing', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(409, { error: 'Email already registered', code: 'CONFLICT' })),
    );
    const result = await request('/auth/register', { method: 'POST', body: {} });
    expect(result.data).toBeNull();
    expect(result.error).toMatchObject({
      message: 'Email already registered',
      status: 409,
      code: 'CONFLICT',
    });
  });

  it('reports a network failure as an error result', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const result = await request('/health');
    expect(result.error).toMatchObject({ message: 'Failed to fetch', status: 0 });
  });
});

/** The Web Locks API as browsers give it (jsdom has none): one holder per name at a time, across tabs. */
function fakeLocks() {
  const tails = new Map<string, Promise<unknown>>();
  return {
    request<T>(name: string, callback: () => Promise<T>): Promise<T> {
      const previous = tails.get(name) ?? Promise.resolve();
      const run = previous.then(callback, callback);
      tails.set(
        name,
        run.catch(() => undefined),
      );
      return run;
    },
  };
}

describe('token refresh shared by tabs', () => {
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'locks');
  });

  it('makes one refresh when eight tabs find the access token expired at once', async () => {
    Object.defineProperty(navigator, 'locks', { value: fakeLocks(), configurable: true });
    localStorage.setItem('auth_token', 'old-access');
    localStorage.setItem('refresh_token', 'old-refresh');
    let refreshes = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        const auth = (init.headers as Record<string, string>).authorization;
        if (url === '/api/auth/refresh') {
          refreshes++;
          await new Promise((resolve) => setTimeout(resolve, 20));
          return auth === 'Bearer old-refresh'
            ? json(200, { access_token: 'new-access', refresh_token: 'new-refresh' })
            : json(401, { error: 'Refresh token was already used', code: 'REFRESH_TOKEN_REUSED' });
        }
        return auth === 'Bearer new-access'
          ? json(200, { people: [] })
          : json(401, { error: 'Access token expired', code: 'TOKEN_EXPIRED' });
      }),
    );
    // Eight tabs: eight instances of the client sharing localStorage and the locks.
    const tabs: typeof import('./api-client')[] = [];
    for (let index = 0; index < 8; index++) {
      vi.resetModules();
      tabs.push(await import('./api-client'));
    }
    expect(tabs[1].request).not.toBe(tabs[0].request);

    const results = await Promise.all(tabs.map((tab) => tab.request<{ people: unknown[] }>('/people')));

    for (const result of results) expect(result.data).toEqual({ people: [] });
    expect(refreshes).toBe(1);
    expect(localStorage.getItem('refresh_token')).toBe('new-refresh');
  });
});

describe('readSession', () => {
  it('clears a session whose stored user cannot be parsed', () => {
    localStorage.setItem('auth_token', 'token');
    localStorage.setItem('auth_user', '{not json');
    expect(readSession()).toBeNull();
    expect(localStorage.getItem('auth_token')).toBeNull();
  });
});

describe('refreshing ahead of expiry', () => {
  afterEach(() => vi.useRealTimers());

  it('refreshes before a request once the token is 90 % through the lifetime it came with, with no 401', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-27T10:00:00Z'));
    saveTokens('first-access', 'first-refresh', 900);
    const calls: string[] = [];
    const fetchMock = vi.fn(async (url: string, init: RequestInit) => {
      const auth = (init.headers as Record<string, string>).authorization;
      calls.push(`${url} ${auth}`);
      if (url === '/api/auth/refresh')
        return json(200, { access_token: 'second-access', refresh_token: 'second-refresh', expires_in: 900 });
      return auth === 'Bearer second-access' || auth === 'Bearer first-access'
        ? json(200, { people: [] })
        : json(401, { error: 'Access token expired', code: 'TOKEN_EXPIRED' });
    });
    vi.stubGlobal('fetch', fetchMock);

    // Early in its life the token is used as it is.
    vi.setSystemTime(new Date('2026-11-27T10:10:00Z'));
    await request('/people');
    expect(calls).toEqual(['/api/people Bearer first-access']);

    // 14 of its 15 minutes gone (the page reloaded, say): refreshed first, then used.
    vi.setSystemTime(new Date('2026-11-27T10:14:00Z'));
    calls.length = 0;
    const result = await request('/people');
    expect(result.data).toEqual({ people: [] });
    expect(calls).toEqual(['/api/auth/refresh Bearer first-refresh', '/api/people Bearer second-access']);

    // The new token's lifetime counts from when it arrived.
    vi.setSystemTime(new Date('2026-11-27T10:20:00Z'));
    calls.length = 0;
    await request('/people');
    expect(calls).toEqual(['/api/people Bearer second-access']);
  });
});
