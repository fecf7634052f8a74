/**
 * Every page path of the web app. The server answers these with the app and status 200, and any other
 * page path with the app's 404 page and status 404; the web router's test keeps the two in step.
 */
export const WEB_APP_PATHS = [
  '/',
  '/auth',
  '/auth/google/callback',
  '/forgot-password',
  '/reset-password',
  '/verify-email',
  '/privacy-policy',
  '/terms-of-service',
  '/dashboard',
  '/contacts',
  '/companies',
  '/tasks',
  '/events',
  '/settings',
  '/notifications',
  '/trash',
  '/admin',
] as const;

/** Whether a request path (without query) is one of the web app's pages; a trailing slash is ignored. */
export function isWebAppPath(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return (WEB_APP_PATHS as readonly string[]).includes(path);
}
