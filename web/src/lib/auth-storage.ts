import type { User } from '@relate/contracts';
import { clearUserCaches } from './user-cache';

/** Session data in local storage under the spec's keys (section 3 "Session data"). */
const KEYS = { accessToken: 'auth_token', refreshToken: 'refresh_token', user: 'auth_user' } as const;

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

export function saveTokens(access: string, refresh?: string | null) {
  localStorage.setItem(KEYS.accessToken, access);
  if (refresh) localStorage.setItem(KEYS.refreshToken, refresh);
}

export function saveUser(user: User) {
  localStorage.setItem(KEYS.user, JSON.stringify(user));
}

/** Ends the stored session, and drops what was cached for its user. */
export function clearSession() {
  for (const key of Object.values(KEYS)) localStorage.removeItem(key);
  clearUserCaches();
}
