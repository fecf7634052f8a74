import {
  IdParamsSchema,
  MessageSchema,
  NewInteractionSchema,
  NoteBodySchema,
  TimelineEntrySchema,
  TimelineQuerySchema,
  TimelineResponseSchema,
} from '@relate/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Timelines, notes and logged interactions of contacts and companies (issue 35). */
export const activityRoutes: FastifyPluginAsyncZod = async (app) => {
  const { activity } = app.services;
  const config = { access: 'user' } as const;
  const tags = ['timeline'];

  app.get(
    '/people/:id/timeline',
    {
      config,
      schema: {
        tags,
        description:
          "The contact's notes, logged interactions, field changes, imports, merges, shares and sync changes, newest first; pass next_cursor as cursor for older entries.",
        params: IdParamsSchema,
        querystring: TimelineQuerySchema,
        response: { 200: TimelineResponseSchema },
      },
    },
    async (request) => activity.timeline(request.user, { contactId: request.params.id }, request.query),
  );

  app.get(
    '/companies/:id/timeline',
    {
      config,
      schema: {
        tags,
        description:
          "The company's notes and field changes, newest first; pass next_cursor as cursor for older entries.",
        params: IdParamsSchema,
        querystring: TimelineQuerySchema,
        response: { 200: TimelineResponseSchema },
      },
    },
    async (request) => activity.timeline(request.user, { companyId: request.params.id }, request.query),
  );

  app.post(
    '/people/:id/interactions',
    {
      config,
      schema: {
        tags,
        description:
          "Logs a call, meeting, e-mail or message; the contact's last_contact_date moves to its date when that is later.",
        params: IdParamsSchema,
        body: NewInteractionSchema,
        response: { 201: TimelineEntrySchema },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return activity.logInteraction(request.user, request.params.id, request.body);
    },
  );

  app.post(
    '/people/:id/notes',
    {
      config,
      schema: {
        tags,
        description: 'A Markdown note on the contact; @their@email notifies a member of your group.',
        params: IdParamsSchema,
        body: NoteBodySchema,
        response: { 201: TimelineEntrySchema },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return activity.addNote(request.user, { contactId: request.params.id }, request.body.body);
    },
  );

  app.post(
    '/companies/:id/notes',
    {
      config,
      schema: {
        tags,
        description: 'A Markdown note on the company; @their@email notifies a member of your group.',
        params: IdParamsSchema,
        body: NoteBodySchema,
        response: { 201: TimelineEntrySchema },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return activity.addNote(request.user, { companyId: request.params.id }, request.body.body);
    },
  );

  app.put(
    '/notes/:id',
    {
      config,
      schema: {
        tags,
        description: 'Edits a note; only its author may (403 otherwise).',
        params: IdParamsSchema,
        body: NoteBodySchema,
        response: { 200: TimelineEntrySchema },
      },
    },
    async (request) => activity.updateNote(request.user, request.params.id, request.body.body),
  );

  app.delete(
    '/notes/:id',
    {
      config,
      schema: {
        tags,
        description: 'Deletes a note; only its author may (403 otherwise).',
        params: IdParamsSchema,
        response: { 200: MessageSchema },
      },
    },
    async (request) => {
      await activity.deleteNote(request.user, request.params.id);
      return { message: 'Note deleted' };
    },
  );
};
