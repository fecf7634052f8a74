import {
  IdParamsSchema,
  ListNotificationsQuerySchema,
  MarkedAllReadSchema,
  NotificationSchema,
  NotificationsResponseSchema,
  UnreadCountSchema,
} from '@relate/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { notifications, notificationStreams: streams } = app.services;

  app.get(
    '/notifications',
    {
      config: { access: 'user' },
      schema: {
        tags: ['notifications'],
        description: 'The caller’s notifications, newest first.',
        querystring: ListNotificationsQuerySchema,
        response: { 200: NotificationsResponseSchema },
      },
    },
    async (request) => {
      const { page, page_size } = request.query;
      return notifications.list(request.user.id, page, page_size);
    },
  );

  app.get(
    '/notifications/unread-count',
    {
      config: { access: 'user' },
      schema: { tags: ['notifications'], response: { 200: UnreadCountSchema } },
    },
    async (request) => notifications.unreadCount(request.user.id),
  );

  app.get(
    '/notifications/stream',
    {
      config: { access: 'user' },
      schema: {
        tags: ['notifications'],
        description:
          'Server-Sent Events (text/event-stream), authenticated by the Authorization header: `unread-count` ' +
          '(UnreadCount) at once and whenever the count changes, `notification` (NotificationEvent) for each ' +
          'new notification, and a comment heartbeat every 25 s. The stream ends when its session ends (logout, ' +
          'password change, rejection, deletion); 429 TOO_MANY_STREAMS when the user has 10 open.',
        response: { 200: z.unknown().describe('text/event-stream') },
      },
    },
    async (request, reply) => {
      const stream = await streams.open(request.session);
      return reply
        .header('content-type', 'text/event-stream; charset=utf-8')
        .header('cache-control', 'no-cache, no-transform')
        .header('x-accel-buffering', 'no')
        .send(stream);
    },
  );

  app.put(
    '/notifications/read-all',
    {
      config: { access: 'user' },
      schema: { tags: ['notifications'], response: { 200: MarkedAllReadSchema } },
    },
    async (request) => ({ updated: await notifications.markAllRead(request.user.id) }),
  );

  app.put(
    '/notifications/:id/read',
    {
      config: { access: 'user' },
      schema: {
        tags: ['notifications'],
        params: IdParamsSchema,
        response: { 200: NotificationSchema },
      },
    },
    async (request) => notifications.markRead(request.user.id, request.params.id),
  );
};
