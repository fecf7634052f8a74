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
  '/companies/:id',
  '/tasks',
  '/events',
  '/settings',
  '/notifications',
  '/reach-out',
  '/trash',
  '/admin',
] as const;

/** A page path with `:id` segments as a pattern: an id is digits. */
const pathPattern = (page: string) => new RegExp(`^${page.replaceAll(':id', '[0-9]+')}$`);
const PAGE_PATTERNS = WEB_APP_PATHS.filter((page) => page.includes(':')).map(pathPattern);

/** Whether a request path (without query) is one of the web app's pages; a trailing slash is ignored. */
export function isWebAppPath(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return (
    (WEB_APP_PATHS as readonly string[]).includes(path) || PAGE_PATTERNS.some((pattern) => pattern.test(path))
  );
}
