import {
  AccountHistoryResponseSchema,
  AdminUserResponseSchema,
  ApproveUserBodySchema,
  IdParamsSchema,
  MessageSchema,
  SystemInfoSchema,
  UsersResponseSchema,
} from '@relate/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { systemInfo } from './system';

export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { users } = app.services;
  const access = { access: 'admin' } as const;

  app.get(
    '/admin/users',
    { config: access, schema: { tags: ['admin'], response: { 200: UsersResponseSchema } } },
    async () => ({ users: await users.list() }),
  );

  app.get(
    '/admin/pending-users',
    { config: access, schema: { tags: ['admin'], response: { 200: UsersResponseSchema } } },
    async () => ({ users: await users.list('pending') }),
  );

  app.get(
    '/admin/users/:id/history',
    {
      config: access,
      schema: {
        tags: ['admin'],
        description:
          'What happened to the account that its administrator should know (e.g. a Google takeover).',
        params: IdParamsSchema,
        response: { 200: AccountHistoryResponseSchema },
      },
    },
    async (request) => ({ entries: await users.history(request.params.id) }),
  );

  app.get(
    '/admin/system',
    {
      config: access,
      schema: {
        tags: ['admin'],
        description:
          "Relate's version, its database (engine, where, durability settings, size, connections) and the last backup.",
        response: { 200: SystemInfoSchema },
      },
    },
    async () => systemInfo(app.config, app.database, app.appVersion),
  );

  app.post(
    '/admin/users/:id/approve',
    {
      config: access,
      schema: {
        tags: ['admin'],
        params: IdParamsSchema,
        body: ApproveUserBodySchema.optional(),
        response: { 200: AdminUserResponseSchema },
      },
    },
    async (request) => {
      const approved = request.body?.approved ?? true;
      const user = await users.setStatus(request.params.id, approved ? 'approved' : 'pending');
      return {
        message: approved ? 'User approved successfully' : 'User approval withdrawn',
        user,
      };
    },
  );

  app.post(
    '/admin/users/:id/reject',
    {
      config: access,
      schema: { tags: ['admin'], params: IdParamsSchema, response: { 200: AdminUserResponseSchema } },
    },
    async (request) => {
      const user = await users.setStatus(request.params.id, 'rejected');
      return { message: 'User rejected successfully', user };
    },
  );

  app.delete(
    '/admin/users/:id',
    { config: access, schema: { tags: ['admin'], params: IdParamsSchema, response: { 200: MessageSchema } } },
    async (request) => {
      await users.delete(request.params.id, request.user.id);
      return { message: 'User deleted successfully' };
    },
  );
};
