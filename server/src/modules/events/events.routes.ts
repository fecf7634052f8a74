import multipart from '@fastify/multipart';
import {
  CreateEventBodySchema,
  DeleteEventQuerySchema,
  EventImportResultSchema,
  EventRangeQuerySchema,
  EventResponseSchema,
  EventsResponseSchema,
  IdParamsSchema,
  LEFT_EVENT_MESSAGE,
  LeaveEventResponseSchema,
  MessageSchema,
  UpcomingQuerySchema,
  UpcomingResponseSchema,
  UpdateEventBodySchema,
} from '@relate/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fieldError } from '../../lib/errors';

const MAX_ICS_BYTES = 10 * 1024 * 1024;

export const eventsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { events } = app.services;
  const config = { access: 'user' } as const;
  const tags = ['events'];

  await app.register(multipart, { limits: { fileSize: MAX_ICS_BYTES, files: 1, fields: 5 } });

  app.get(
    '/events',
    { config, schema: { tags, querystring: EventRangeQuerySchema, response: { 200: EventsResponseSchema } } },
    async (request) => ({
      events: await events.inRange(
        request.user,
        new Date(request.query.start_date),
        new Date(request.query.end_date),
      ),
    }),
  );

  app.get(
    '/events/upcoming',
    { config, schema: { tags, querystring: UpcomingQuerySchema, response: { 200: UpcomingResponseSchema } } },
    async (request) => {
      const list = await events.upcoming(request.user, app.services.clock(), request.query.days);
      return { events: list, count: list.length };
    },
  );

  app.get(
    '/events/export.ics',
    {
      config,
      schema: {
        tags,
        description: 'Every event the caller owns, as an iCalendar file (text/calendar, streamed).',
        response: { 200: z.unknown() },
      },
    },
    async (request, reply) => {
      const ics = events.exportIcs(request.user, app.config.PUBLIC_URL);
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('content-disposition', 'attachment; filename="relate-events.ics"')
        .send(ics);
    },
  );

  app.post(
    '/events/import',
    {
      config,
      schema: { tags, consumes: ['multipart/form-data'], response: { 200: EventImportResultSchema } },
    },
    async (request) => {
      const file = await request.file().catch(() => undefined);
      if (!file) throw fieldError('file', 'An .ics file is required');
      const content = (await file.toBuffer()).toString('utf8');
      if (file.file.truncated) throw fieldError('file', 'The file is larger than 10 MB');
      return events.importIcs(request.user, content, app.config.PUBLIC_URL);
    },
  );

  app.post(
    '/events',
    { config, schema: { tags, body: CreateEventBodySchema, response: { 201: EventResponseSchema } } },
    async (request, reply) => {
      reply.code(201);
      return { event: await events.create(request.user, request.body) };
    },
  );

  app.get(
    '/events/:id',
    { config, schema: { tags, params: IdParamsSchema, response: { 200: EventResponseSchema } } },
    async (request) => ({ event: await events.get(request.user, request.params.id) }),
  );

  app.put(
    '/events/:id',
    {
      config,
      schema: {
        tags,
        params: IdParamsSchema,
        body: UpdateEventBodySchema,
        response: { 200: EventResponseSchema },
      },
    },
    async (request) => ({ event: await events.update(request.user, request.params.id, request.body) }),
  );

  app.delete(
    '/events/:id',
    {
      config,
      schema: {
        tags,
        params: IdParamsSchema,
        querystring: DeleteEventQuerySchema,
        response: { 200: MessageSchema },
      },
    },
    async (request) => {
      await events.delete(request.user, request.params.id, request.query);
      return { message: 'Event deleted' };
    },
  );

  app.delete(
    '/events/:id/participation',
    {
      config,
      schema: {
        tags,
        description:
          'The caller leaves an event they take part in (a series with its changed occurrences); 409 for its owner.',
        params: IdParamsSchema,
        response: { 200: LeaveEventResponseSchema },
      },
    },
    async (request) => {
      await events.leave(request.user, request.params.id);
      return { message: LEFT_EVENT_MESSAGE } as const;
    },
  );
};
