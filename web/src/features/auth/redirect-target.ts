/**
 * The page an unauthenticated visitor asked for, remembered until they are signed in (spec section 2).
 * Kept in session storage, so that it survives the sign-up → approval → sign-in detour in one tab.
 */
const KEY = 'auth_redirect';

export function rememberTarget(path: string) {
  if (path.startsWith('/auth')) return;
  sessionStorage.setItem(KEY, path);
}

/** Where to go once signed in: the remembered page, otherwise /dashboard. */
export function signedInTarget(): string {
  const path = sessionStorage.getItem(KEY);
  return path?.startsWith('/') && !path.startsWith('//') ? path : '/dashboard';
}

export function forgetTarget() {
  sessionStorage.removeItem(KEY);
}
