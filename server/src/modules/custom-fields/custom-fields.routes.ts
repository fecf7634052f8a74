import { AddCustomFieldBodySchema, CustomFieldsResponseSchema } from '@relate/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

export const customFieldsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { customFields } = app.services;
  const config = { access: 'user' } as const;
  const tags = ['custom-fields'];

  app.get(
    '/custom-fields',
    { config, schema: { tags, response: { 200: CustomFieldsResponseSchema } } },
    async (request) => ({ custom_fields: await customFields.list(request.user.id) }),
  );

  app.post(
    '/custom-fields',
    {
      config,
      schema: { tags, body: AddCustomFieldBodySchema, response: { 200: CustomFieldsResponseSchema } },
    },
    async (request) => ({
      custom_fields:
        'name' in request.body
          ? await customFields.add(request.user.id, request.body.name)
          : await customFields.replace(request.user.id, request.body.custom_fields),
    }),
  );

  app.delete(
    '/custom-fields/:name',
    {
      config,
      schema: {
        tags,
        params: z.object({ name: z.string().min(1).max(200) }),
        response: { 200: CustomFieldsResponseSchema },
      },
    },
    async (request) => ({ custom_fields: await customFields.remove(request.user.id, request.params.name) }),
  );
};
