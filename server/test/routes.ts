import type { App } from '../src/app';

/**
 * Every `METHOD /api/…` route the router has, HEAD and the OpenAPI pages left out, read from Fastify's
 * route tree, sorted: what the route sweeps (access, ownership, hostile input) compare their own lists
 * with, so that a new route cannot go unswept.
 */
export function apiRoutes(app: App): string[] {
  const paths: string[] = [];
  const routes: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)[├└]── (\S+) \(([^)]+)\)$/.exec(line);
    if (!match) continue;
    const depth = match[1].length / 4;
    paths[depth] = (paths[depth - 1] ?? '') + match[2];
    paths.length = depth + 1;
    const path = paths[depth];
    if (!path.startsWith('/api/') || path.startsWith('/api/docs')) continue;
    for (const method of match[3].split(', ')) if (method !== 'HEAD') routes.push(`${method} ${path}`);
  }
  return [...new Set(routes)].sort();
}
