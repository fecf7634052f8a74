/**
 * Data of the signed-in user kept in local storage (spec section 7: the custom field names, and column
 * settings whose save failed). Cleared with the session, so the next person on this browser never sees them.
 */
export type UserCacheKey = 'custom_fields' | 'contact_columns';
const USER_CACHE_KEYS: readonly UserCacheKey[] = ['custom_fields', 'contact_columns'];

/** The cached value, or undefined when there is none or it cannot be read (then it is dropped). */
export function readUserCache<T>(key: UserCacheKey, isValid: (value: unknown) => value is T): T | undefined {
  const raw = localStorage.getItem(key);
  if (raw === null) return undefined;
  try {
    const value: unknown = JSON.parse(raw);
    if (isValid(value)) return value;
  } catch {
    // unreadable: dropped below
  }
  localStorage.removeItem(key);
  return undefined;
}

export function writeUserCache(key: UserCacheKey, value: unknown) {
  localStorage.setItem(key, JSON.stringify(value));
}

export function removeUserCache(key: UserCacheKey) {
  localStorage.removeItem(key);
}

export function clearUserCaches() {
  for (const key of USER_CACHE_KEYS) localStorage.removeItem(key);
}
