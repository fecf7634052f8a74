import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { addressMatcher } from '../lib/address-list';
import { forbidden, unauthorized } from '../lib/errors';
import type { Metrics } from '../lib/metrics';
import { bearerToken } from './access';

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * Who may read /metrics: with METRICS_TOKEN, whoever sends it as a Bearer token (compared in constant
 * time); without, the addresses of METRICS_ALLOW (the client's address: behind TRUST_PROXY's proxies,
 * the one they forwarded, so a request through the load balancer from outside is refused).
 */
function metricsGuard(token: string | undefined, allow: readonly string[]) {
  const allowed = addressMatcher(allow);
  const expected = token === undefined ? undefined : digest(token);
  return (request: FastifyRequest) => {
    if (expected) {
      const given = bearerToken(request);
      if (!given || !timingSafeEqual(digest(given), expected))
        throw unauthorized('Metrics need METRICS_TOKEN');
    } else if (!allowed(request.ip)) {
      throw forbidden('Metrics are readable from the addresses of METRICS_ALLOW only');
    }
  };
}

/**
 * Times every request into the metrics, by its route's pattern (`request.routeOptions.url`, never the
 * URL with its ids), and serves them at GET /metrics in Prometheus's text format.
 */
export function registerMetrics(
  app: FastifyInstance,
  metrics: Metrics,
  access: { token: string | undefined; allow: readonly string[] },
) {
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    metrics.requestFinished(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
  });
  const guard = metricsGuard(access.token, access.allow);
  app.get('/metrics', { config: { rateLimit: false }, schema: { hide: true } }, async (request, reply) => {
    guard(request);
    const { text, contentType } = await metrics.exposition();
    return reply.type(contentType).send(text);
  });
}
