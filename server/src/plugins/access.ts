import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden, unauthorized } from '../lib/errors';
import type { AccessClaims } from '../modules/auth/tokens';
import { type Entitlement, entitlementsForRoute } from '../modules/plans/plans.catalog';
import type { AuthUser } from '../modules/users/users.mappers';

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
    user: AuthUser;
    /** The access token's user and session (set with `user`). */
    session: AccessClaims;
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
 * The check runs on `preValidation`: after the body is read (so the 1 MB limit and malformed JSON are
 * handled by Fastify, which also keeps the connection healthy) but before the body and query are
 * validated, so an anonymous caller gets 401 and a pending one 403 whatever fields they send.
 * (On `onRequest`, a refused upload whose client stops sending left its connection open and stalled
 * a graceful shutdown.)
 */
export function registerAccessControl(app: FastifyInstance, apiPrefix: string) {
  app.decorateRequest('user', null as unknown as AuthUser);
  app.decorateRequest('session', null as unknown as AccessClaims);

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(apiPrefix) || route.url.startsWith(`${apiPrefix}/docs`)) return;
    const access = (route.config as { access?: Access } | undefined)?.access;
    if (!access) throw new Error(`Route ${route.method} ${route.url} declares no access policy`);
  });

  const routeEntitlements = new Map<string, Entitlement[]>();
  const entitlementsOf = (url: string) => {
    if (!routeEntitlements.has(url)) routeEntitlements.set(url, entitlementsForRoute(url));
    return routeEntitlements.get(url)!;
  };

  app.addHook('preValidation', async (request) => {
    const access = request.routeOptions.config.access;
    if (!access || access === 'public') return;
    const token = bearerToken(request);
    if (!token) throw unauthorized('Not signed in');
    const { user, claims } = await app.services.auth.authenticate(token);
    request.user = user;
    request.session = claims;
    if (access === 'pending-ok') return;
    if (user.status !== 'approved') {
      throw forbidden('Your account is pending admin approval.', 'ACCOUNT_NOT_APPROVED');
    }
    if (access === 'admin' && user.role !== 'admin') throw forbidden('Administrator rights required');
    for (const entitlement of entitlementsOf(request.routeOptions.url ?? '')) {
      app.services.plans.assertEntitled(user.plan, entitlement);
    }
  });
}
