import { SearchQuerySchema, SearchResponseSchema } from '@relate/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  const { search } = app.services;

  app.get(
    '/search',
    {
      config: { access: 'user' },
      schema: { tags: ['search'], querystring: SearchQuerySchema, response: { 200: SearchResponseSchema } },
    },
    async (request) => search.search(request.user, request.query.q),
  );
};
