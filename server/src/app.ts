import { readFileSync } from 'node:fs';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, {
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  LogController,
} from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import type { Config } from './config';
import type { DatabaseHandle } from './db/client';
import { loggerOptions, redactUrl } from './lib/logger';
import { Metrics } from './lib/metrics';
import { type Clock, systemClock } from './lib/time';
import { activityRoutes } from './modules/activity/activity.routes';
import { adminRoutes } from './modules/admin/admin.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { billingRoutes } from './modules/billing/billing.routes';
import { botsRoutes } from './modules/bots/bots.routes';
import { botWebhookRoutes } from './modules/bots/bots.webhooks';
import { companiesRoutes } from './modules/companies/companies.routes';
import { contactsRoutes } from './modules/contacts/contacts.routes';
import { customFieldsRoutes } from './modules/custom-fields/custom-fields.routes';
import { eventsRoutes } from './modules/events/events.routes';
import { googleRoutes } from './modules/google/google.routes';
import { groupsRoutes } from './modules/groups/groups.routes';
import { healthRoutes } from './modules/health/health.routes';
import { notificationsRoutes } from './modules/notifications/notifications.routes';
import { plansRoutes } from './modules/plans/plans.routes';
import { preferencesRoutes } from './modules/preferences/preferences.routes';
import { searchRoutes } from './modules/search/search.routes';
import { stayInTouchRoutes } from './modules/stay-in-touch/stay-in-touch.routes';
import { tasksRoutes } from './modules/tasks/tasks.routes';
import { trashRoutes } from './modules/trash/trash.routes';
import { closeUnreadBodies, registerAccessControl } from './plugins/access';
import { registerErrorHandler } from './plugins/error-handler';
import { registerMetrics } from './plugins/metrics';
import { registerRejectUnstorableText } from './plugins/reject-unstorable-text';
import { registerWebApp } from './plugins/web-app';
import { createServices, type ServiceDeps, type Services } from './services';

export const API_PREFIX = '/api';
const version: string = JSON.parse(
  readFileSync(new URL('../../package.json', import.meta.url), 'utf8'),
).version;

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
    config: Config;
    database: DatabaseHandle;
    /** The Redis connection when REDIS_URL is set (readiness pings it). */
    redis: Redis | undefined;
    appVersion: string;
  }
}

/**
 * One log line per request, when it completes, instead of Fastify's 'incoming request' + 'request
 * completed'; secrets in its query string are redacted.
 */
class OneLinePerRequest extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: unknown, request: FastifyRequest, reply: FastifyReply) {
    const url = redactUrl(request.url);
    const line = {
      method: request.method,
      url,
      statusCode: reply.statusCode,
      ms: Math.round(reply.elapsedTime),
    };
    const message = `${request.method} ${url} ${reply.statusCode}`;
    if (error) reply.log.error({ ...line, err: error }, message);
    else reply.log.info(line, message);
  }
}

export interface AppDeps {
  database: DatabaseHandle;
  redis?: Redis;
  clock?: Clock;
  logger?: FastifyServerOptions['logger'];
  /** Tests: e.g. a short backoff for Google's quota errors. */
  google?: ServiceDeps['google'];
}

/** Builds the whole application without listening: main.ts listens, tests inject. */
export async function buildApp(config: Config, deps: AppDeps) {
  const app = Fastify({
    logger: deps.logger ?? loggerOptions(config),
    bodyLimit: 1024 * 1024,
    trustProxy: config.TRUST_PROXY,
    requestIdHeader: 'x-request-id',
    genReqId: () => crypto.randomUUID(),
    // A request that reaches a stopping process (accepted just before it stopped listening) is served
    // as usual, the database still open until close() ends: a 503 would reach the client, as a load
    // balancer does not send a POST to another process once one has received it.
    return503OnClosing: false,
    logController: new OneLinePerRequest(),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Responses finished while the server closes also close their keep-alive connection; otherwise
  // server.close() would wait for those clients to hang up and the graceful shutdown would stall.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    if (closing) reply.header('connection', 'close');
  });

  // External plugins first, then our own, then the routes (fastify/demo's order).
  await app.register(helmet, {
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'https:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
  });
  await app.register(rateLimit, {
    max: config.API_RATE_LIMIT_PER_MINUTE,
    timeWindow: '1 minute',
    redis: deps.redis,
    nameSpace: 'relate:rate-limit:',
    allowList: (request) => !request.url.startsWith(`${API_PREFIX}/`),
  });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Relate API', version, description: 'Contacts, companies, tasks and calendar.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: `${API_PREFIX}/docs`, staticCSP: true });

  const metrics = new Metrics({
    poolUse: () => deps.database.poolUse(),
    poolMax: config.DATABASE_POOL_SIZE,
    jobQueue: () => app.services.jobs.queueDepth(),
  });
  app.addHook('onClose', async () => metrics.stop());
  app.decorate('config', config);
  app.decorate('database', deps.database);
  app.decorate('redis', deps.redis);
  app.decorate('appVersion', version);
  app.decorate(
    'services',
    await createServices({
      config,
      db: deps.database.db,
      listen: (channel, handler) => deps.database.listen(channel, handler),
      // The embedded PostgreSQL is backed up every night; an external one where BACKUP_DIR asks for it.
      nightlyBackupOf: deps.database.embedded || config.BACKUP_DIR ? deps.database.url : undefined,
      redis: deps.redis,
      clock: deps.clock ?? systemClock,
      log: app.log,
      metrics,
      google: deps.google,
    }),
  );
  if (deps.database.embedded) await app.services.googleAuth.releaseClaimsOfEarlierProcess();
  await app.services.notificationStreams.start();
  // Open streams never finish by themselves: end them before the server waits for in-flight requests.
  app.addHook('preClose', () => app.services.notificationStreams.close());
  app.addHook('onClose', () => app.services.jobs.stop());
  app.addHook('onClose', () => app.services.workers.close());
  registerErrorHandler(app);
  registerAccessControl(app, API_PREFIX);
  closeUnreadBodies(app);
  registerRejectUnstorableText(app);
  registerMetrics(app, metrics, { token: config.METRICS_TOKEN, allow: config.METRICS_ALLOW });

  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(authRoutes);
      await api.register(adminRoutes);
      await api.register(companiesRoutes);
      await api.register(notificationsRoutes);
      await api.register(groupsRoutes);
      await api.register(contactsRoutes);
      await api.register(activityRoutes);
      await api.register(customFieldsRoutes);
      await api.register(preferencesRoutes);
      await api.register(tasksRoutes);
      await api.register(trashRoutes);
      await api.register(eventsRoutes);
      await api.register(searchRoutes);
      await api.register(stayInTouchRoutes);
      await api.register(botsRoutes);
      await api.register(botWebhookRoutes);
      await api.register(googleRoutes);
      await api.register(plansRoutes);
      await api.register(billingRoutes);
    },
    { prefix: API_PREFIX },
  );
  await registerWebApp(app, config.WEB_DIST_DIR, API_PREFIX);
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
