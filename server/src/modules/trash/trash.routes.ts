import {
  ConfirmBodySchema,
  ListTrashQuerySchema,
  TrashCountSchema,
  TrashResponseSchema,
  TrashSelectionSchema,
} from '@relate/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const trashRoutes: FastifyPluginAsyncZod = async (app) => {
  const { trash } = app.services;
  const config = { access: 'user' } as const;
  const tags = ['trash'];

  app.get(
    '/trash',
    { config, schema: { tags, querystring: ListTrashQuerySchema, response: { 200: TrashResponseSchema } } },
    async (request) => trash.list(request.user.id, request.query),
  );

  app.post(
    '/trash/restore',
    {
      config,
      schema: {
        tags,
        description: 'Restores trash items (by ids, or one delete by its trash_batch) with their links.',
        body: TrashSelectionSchema,
        response: { 200: TrashCountSchema },
      },
    },
    async (request) => trash.restore(request.user.id, request.body),
  );

  app.post(
    '/trash/delete',
    {
      config,
      schema: {
        tags,
        description: 'Deletes trash items for good (by ids, or one delete by its trash_batch).',
        body: TrashSelectionSchema,
        response: { 200: TrashCountSchema },
      },
    },
    async (request) => trash.deleteForever(request.user.id, request.body),
  );

  app.delete(
    '/trash',
    {
      config,
      schema: {
        tags,
        description: 'Empties the Trash.',
        body: ConfirmBodySchema,
        response: { 200: TrashCountSchema },
      },
    },
    async (request) => trash.empty(request.user.id),
  );
};
