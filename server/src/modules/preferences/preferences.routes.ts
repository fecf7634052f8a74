import {
  PreferenceKeyParamsSchema,
  PreferenceValueBodySchema,
  PreferenceValueResponseSchema,
  UpdatePreferencesBodySchema,
  UserPreferencesResponseSchema,
} from '@relate/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const preferencesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { preferences } = app.services;
  const config = { access: 'user' } as const;
  const tags = ['preferences'];

  app.get(
    '/user-preferences',
    { config, schema: { tags, response: { 200: UserPreferencesResponseSchema } } },
    async (request) => ({ preferences: await preferences.all(request.user.id) }),
  );

  app.post(
    '/user-preferences',
    {
      config,
      schema: { tags, body: UpdatePreferencesBodySchema, response: { 200: UserPreferencesResponseSchema } },
    },
    async (request) => {
      await preferences.update(request.user.id, request.body);
      return { preferences: await preferences.all(request.user.id) };
    },
  );

  app.get(
    '/user-preferences/:key',
    {
      config,
      schema: { tags, params: PreferenceKeyParamsSchema, response: { 200: PreferenceValueResponseSchema } },
    },
    async (request) => ({
      key: request.params.key,
      value: await preferences.get(request.user.id, request.params.key),
    }),
  );

  app.post(
    '/user-preferences/:key',
    {
      config,
      schema: {
        tags,
        params: PreferenceKeyParamsSchema,
        body: PreferenceValueBodySchema,
        response: { 200: PreferenceValueResponseSchema },
      },
    },
    async (request) => ({
      key: request.params.key,
      value: await preferences.set(request.user.id, request.params.key, request.body.value),
    }),
  );
};
