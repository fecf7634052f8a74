import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AccessClaims, AuthUser } from '../lib/auth-user';
import { forbidden, unauthorized } from '../lib/errors';

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
 * The check runs on `onRequest`, before the body is read: an anonymous caller gets 401 (a pending one
 * 403) without the server reading, parsing or validating a byte of what they send, however large (a
 * 100 MB JSON body used to be read and parsed first). A refused request's unread body must not keep its
 * connection open: node would read it to the end to keep the connection alive, and a client that stops
 * sending would stall a graceful shutdown (why the check once moved to preValidation). The reply to a
 * request whose body was not read to the end therefore closes its connection (`closeUnreadBodies`).
 */
export function registerAccessControl(app: FastifyInstance, apiPrefix: string) {
  app.decorateRequest('user', null as unknown as AuthUser);
  app.decorateRequest('session', null as unknown as AccessClaims);

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
    const { user, claims } = await app.services.auth.authenticate(token);
    request.user = user;
    request.session = claims;
    if (access === 'pending-ok') return;
    if (user.status !== 'approved') {
      throw forbidden('Your account is pending admin approval.', 'ACCOUNT_NOT_APPROVED');
    }
    if (access === 'admin' && user.role !== 'admin') throw forbidden('Administrator rights required');
    app.services.plans.assertRouteEntitled(user.plan, request.routeOptions.url ?? '');
  });
}

/**
 * A reply sent before its request's body was read to the end (a 401/403 from `onRequest`, a 413 from a
 * body limit) says `Connection: close`: node then closes the socket once the reply is written instead
 * of reading the rest of the body to reuse the connection.
 */
export function closeUnreadBodies(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply) => {
    if (request.raw.complete === false) reply.header('connection', 'close');
  });
}
