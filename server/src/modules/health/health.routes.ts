import { HealthSchema, type Readiness, ReadinessSchema } from '@relate/contracts';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { EventLoopDelay } from '../../lib/event-loop-delay';

/** A readiness check that has not answered by then has failed: a load balancer's probe must not hang. */
const READINESS_CHECK_MS = 2_000;

type Check = Readiness['checks']['database'];

async function check(app: FastifyInstance, name: string, run: () => Promise<boolean>): Promise<Check> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`no answer within ${READINESS_CHECK_MS} ms`)),
      READINESS_CHECK_MS,
    );
  });
  try {
    if (await Promise.race([run(), timeout])) return 'ok';
    app.log.warn({ check: name }, 'readiness check failed');
  } catch (error) {
    app.log.warn({ check: name, err: error }, 'readiness check failed');
  } finally {
    clearTimeout(timer);
  }
  return 'failed';
}

/** The database, Redis when configured, and this version's migrations; the last only once the database answers. */
async function readiness(app: FastifyInstance): Promise<Readiness> {
  const redis = app.redis;
  const [database, redisCheck] = await Promise.all([
    check(app, 'database', async () => {
      await app.database.ping();
      return true;
    }),
    redis ? check(app, 'redis', async () => (await redis.ping()) === 'PONG') : ('not_configured' as const),
  ]);
  const migrations =
    database === 'ok' ? await check(app, 'migrations', () => app.database.migrationsApplied()) : 'unknown';
  const checks = { database, redis: redisCheck, migrations };
  const failing = (['database', 'redis', 'migrations'] as const).filter((name) => checks[name] === 'failed');
  return { status: failing.length === 0 ? 'ready' : 'not_ready', checks, failing };
}

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const eventLoop = new EventLoopDelay();
  app.addHook('onClose', async () => eventLoop.stop());

  /** Liveness: the process answers (and says whether its database does). */
  app.get(
    '/health',
    {
      config: { access: 'public', rateLimit: false },
      schema: { tags: ['health'], response: { 200: HealthSchema, 503: HealthSchema } },
    },
    async (_request, reply) => {
      const version = app.appVersion;
      const event_loop_delay_ms = eventLoop.read();
      try {
        await app.database.ping();
        return { status: 'ok' as const, database: 'ok' as const, version, event_loop_delay_ms };
      } catch (error) {
        app.log.error({ err: error }, 'health check: database did not answer');
        return reply.code(503).send({ status: 'error', database: 'down', version, event_loop_delay_ms });
      }
    },
  );

  /** Readiness: whether a load balancer should send this process traffic. */
  app.get(
    '/ready',
    {
      config: { access: 'public', rateLimit: false },
      schema: {
        tags: ['health'],
        description:
          'Readiness: the database answers, Redis answers when REDIS_URL is set, and every migration of this version is applied. 503 names the failing checks.',
        response: { 200: ReadinessSchema, 503: ReadinessSchema },
      },
    },
    async (_request, reply) => {
      const result = await readiness(app);
      return reply.code(result.status === 'ready' ? 200 : 503).send(result);
    },
  );
};
