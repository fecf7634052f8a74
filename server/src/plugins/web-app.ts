import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { isWebAppPath } from '@relate/contracts';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built SPA: the build's brotli/gzip copies to clients that accept them (`preCompressed`),
 * hashed assets cached for a year, index.html never cached, and index.html for every GET outside /api
 * (client-side routing): status 200 for the app's pages, 404 for any other path.
 */
export async function registerWebApp(app: FastifyInstance, distDir: string, apiPrefix: string) {
  const indexPath = path.join(distDir, 'index.html');
  const hasWebApp = fs.existsSync(indexPath);
  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root: distDir,
      // One wildcard route: without it every file of the build (about 150, with their brotli and gzip
      // copies) was globbed and registered as routes of its own at each start. A missing file falls
      // through to the not-found handler below, as before.
      wildcard: true,
      index: false,
      // Files only: a directory (`/`) is a page, given index.html below; dotfiles (the build's
      // fingerprint) stay private.
      allowedPath: (pathName) => !pathName.endsWith('/') && !pathName.includes('/.'),
      preCompressed: true,
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  const indexHtml = hasWebApp ? fs.readFileSync(indexPath, 'utf8') : undefined;

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0];
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') && !url.startsWith(`${apiPrefix}/`);
    if (wantsPage && indexHtml && !path.extname(url)) {
      // Unknown pages get the app (which shows its 404 page) with the status a crawler or a check expects.
      // Google's callback page opens in a popup after Google's own pages: with our COOP it would lose its
      // opener and could not hand the sign-in back to the window that opened it.
      if (url === '/auth/google/callback') reply.header('cross-origin-opener-policy', 'unsafe-none');
      return reply
        .code(isWebAppPath(url) ? 200 : 404)
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(indexHtml);
    }
    return reply.code(404).send({ error: `Route ${request.method} ${url} not found`, code: 'NOT_FOUND' });
  });
}
