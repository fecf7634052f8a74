import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden, unauthorized } from '../lib/errors';
import type { UserRow } from '../modules/users/users.repository';

/**
 * Every API route declares who may call it:
 * - public: anyone;
 * - pending-ok: any signed-in account, approved or not (sign-out, the current user);
 * - user: a signed-in, approved account;
 * - admin: an approved administrator.
 */
export type Access = 'public' | 'pending-ok' | 'user' | 'admin';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    user: UserRow;
  }
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token.trim() : undefined;
}

/**
 * Refuses to start if an API route declares no access policy, and enforces the policy on each request.
 * The check runs on `onRequest`, before the body is read and validated, so an anonymous caller gets
 * 401 and a pending one 403 whatever they send, and nobody learns a route's schema without access.
 */
export function registerAccessControl(app: FastifyInstance, apiPrefix: string) {
  app.decorateRequest('user', null as unknown as UserRow);

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(apiPrefix) || route.url.startsWith(`${apiPrefix}/docs`)) return;
    const access = (route.config as { access?: Access } | undefined)?.access;
    if (!access) throw new Error(`Route ${route.method} ${route.url} declares no access policy`);
  });

  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config.access;
    if (!access || access === 'public') return;
    const token = bearerToken(request);
    if (!token) throw unauthorized('Not signed in');
    const user = await app.services.auth.authenticate(token);
    request.user = user;
    if (access === 'pending-ok') return;
    if (user.status !== 'approved') {
      throw forbidden('Your account is pending admin approval.', 'ACCOUNT_NOT_APPROVED');
    }
    if (access === 'admin' && user.role !== 'admin') throw forbidden('Administrator rights required');
  });
}
