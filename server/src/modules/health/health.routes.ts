import { HealthSchema } from '@relate/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { EventLoopDelay } from '../../lib/event-loop-delay';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const eventLoop = new EventLoopDelay();
  app.addHook('onClose', async () => eventLoop.stop());

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
};
