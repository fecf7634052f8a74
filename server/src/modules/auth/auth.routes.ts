import {
  GoogleAuthorizationSchema,
  LoginBodySchema,
  LoginResponseSchema,
  LogoutBodySchema,
  MessageSchema,
  RegisterBodySchema,
  RegisterResponseSchema,
  TokenPairSchema,
  UserSchema,
  UsersResponseSchema,
} from '@relate/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError, unauthorized } from '../../lib/errors';
import { bearerToken } from '../../plugins/access';
import { toUser } from '../users/users.mapper';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { auth, users } = app.services;

  app.post(
    '/auth/register',
    {
      config: { access: 'public' },
      schema: { tags: ['auth'], body: RegisterBodySchema, response: { 201: RegisterResponseSchema } },
    },
    async (request, reply) => {
      const { email, password, full_name, name } = request.body;
      const { user, tokens } = await auth.register({ email, password, fullName: (full_name || name)! });
      const requiresApproval = user.status !== 'approved';
      reply.code(201);
      return {
        message: requiresApproval
          ? 'Account created. An administrator must approve it before you can use Relate.'
          : 'Account created and approved.',
        requires_approval: requiresApproval,
        user: toUser(user),
        ...tokens,
      };
    },
  );

  app.post(
    '/auth/login',
    {
      config: { access: 'public' },
      schema: { tags: ['auth'], body: LoginBodySchema, response: { 200: LoginResponseSchema } },
    },
    async (request) => {
      const { user, tokens } = await auth.login(request.body, request.ip);
      return { ...tokens, user: toUser(user) };
    },
  );

  app.post(
    '/auth/refresh',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        description: 'Send the refresh token as the Bearer token; returns a new token pair.',
        response: { 200: TokenPairSchema },
      },
    },
    async (request) => {
      const token = bearerToken(request);
      if (!token) throw unauthorized('Refresh token required', 'INVALID_REFRESH_TOKEN');
      return auth.refresh(token);
    },
  );

  app.post(
    '/auth/logout',
    {
      config: { access: 'pending-ok' },
      schema: { tags: ['auth'], body: LogoutBodySchema.optional(), response: { 200: MessageSchema } },
    },
    async (request) => {
      await auth.logout(request.body?.refresh_token, request.user.id);
      return { message: 'Signed out' };
    },
  );

  app.get(
    '/auth/google',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        description: "Google's authorization URL; 503 GOOGLE_NOT_CONFIGURED until GOOGLE_CLIENT_ID is set.",
        response: { 200: GoogleAuthorizationSchema },
      },
    },
    async () => {
      if (!app.config.GOOGLE_CLIENT_ID) {
        throw new AppError(503, 'GOOGLE_NOT_CONFIGURED', 'Google OAuth not configured');
      }
      throw new AppError(503, 'GOOGLE_NOT_AVAILABLE', 'Google sign-in is not available on this server yet');
    },
  );

  app.get(
    '/auth/me',
    { config: { access: 'pending-ok' }, schema: { tags: ['auth'], response: { 200: UserSchema } } },
    async (request) => toUser(request.user),
  );

  app.get(
    '/auth/users',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['auth'],
        description: 'Every account (administrators only).',
        response: { 200: UsersResponseSchema },
      },
    },
    async () => ({ users: (await users.list()).map(toUser) }),
  );
};
