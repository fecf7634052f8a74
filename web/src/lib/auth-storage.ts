import type { User } from '@relate/contracts';
import { clearUserCaches } from './user-cache';

/** Session data in local storage under the spec's keys (section 3 "Session data"). */
const KEYS = {
  accessToken: 'auth_token',
  refreshToken: 'refresh_token',
  user: 'auth_user',
  /** When (this browser's clock, ms) the access token is due for a refresh: 90 % into its lifetime. */
  refreshAt: 'auth_token_refresh_at',
} as const;

/** How far into an access token's lifetime the client refreshes it, ahead of its expiry. */
const REFRESH_AT_SHARE = 0.9;

export interface StoredSession {
  accessToken: string;
  refreshToken: string | null;
  user: User;
}

/** The stored session; a user record that cannot be parsed clears the whole session. */
export function readSession(): StoredSession | null {
  const accessToken = localStorage.getItem(KEYS.accessToken);
  const rawUser = localStorage.getItem(KEYS.user);
  if (!accessToken || !rawUser) return null;
  try {
    const user = JSON.parse(rawUser) as User;
    if (!user || typeof user !== 'object' || typeof user.email !== 'string') throw new Error('bad user');
    return { accessToken, refreshToken: localStorage.getItem(KEYS.refreshToken), user };
  } catch {
    clearSession();
    return null;
  }
}

export function accessToken(): string | null {
  return localStorage.getItem(KEYS.accessToken);
}

export function refreshToken(): string | null {
  return localStorage.getItem(KEYS.refreshToken);
}

/**
 * Stores a token pair. `expiresIn` (seconds, as the server answered) times the refresh from when the
 * token was received, by this browser's own clock: never by comparing that clock with the token's
 * `exp`, which the server's clock set.
 */
export function saveTokens(access: string, refresh?: string | null, expiresIn?: number) {
  localStorage.setItem(KEYS.accessToken, access);
  if (refresh) localStorage.setItem(KEYS.refreshToken, refresh);
  if (expiresIn)
    localStorage.setItem(KEYS.refreshAt, String(Date.now() + expiresIn * 1000 * REFRESH_AT_SHARE));
  else localStorage.removeItem(KEYS.refreshAt);
}

/** Whether the stored access token is near the end of its lifetime (refresh before using it). */
export function accessTokenDueForRefresh(): boolean {
  const refreshAt = Number(localStorage.getItem(KEYS.refreshAt));
  return refreshAt > 0 && Date.now() >= refreshAt;
}

export function saveUser(user: User) {
  localStorage.setItem(KEYS.user, JSON.stringify(user));
}

/** Ends the stored session, and drops what was cached for its user. */
export function clearSession() {
  for (const key of Object.values(KEYS)) localStorage.removeItem(key);
  clearUserCaches();
}
