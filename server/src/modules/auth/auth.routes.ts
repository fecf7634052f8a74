import {
  ChangePasswordBodySchema,
  EmailVerificationStatusSchema,
  FORGOT_PASSWORD_MESSAGE,
  ForgotPasswordBodySchema,
  LoginBodySchema,
  LoginResponseSchema,
  LogoutBodySchema,
  MessageSchema,
  RESEND_VERIFICATION_MESSAGE,
  RegisterBodySchema,
  RegisterResponseSchema,
  RegistrationInfoSchema,
  ResendVerificationBodySchema,
  ResetPasswordBodySchema,
  TokenPairSchema,
  UserSchema,
  UsersResponseSchema,
  VerifyEmailBodySchema,
} from '@relate/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { unauthorized } from '../../lib/errors';
import { bearerToken } from '../../plugins/access';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { auth, passwords, users } = app.services;

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
        user,
        ...tokens,
      };
    },
  );

  app.get(
    '/auth/registration',
    {
      config: { access: 'public' },
      schema: { tags: ['auth'], response: { 200: RegistrationInfoSchema } },
    },
    async () => ({
      first_account: !(await users.anyAccount()),
      verification_mail: auth.emailVerification.mails,
    }),
  );

  app.post(
    '/auth/login',
    {
      config: { access: 'public' },
      schema: { tags: ['auth'], body: LoginBodySchema, response: { 200: LoginResponseSchema } },
    },
    async (request) => {
      const { user, tokens } = await auth.login(request.body, request.ip);
      return { ...tokens, user };
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
      schema: { tags: ['auth'], body: LogoutBodySchema.nullish(), response: { 200: MessageSchema } },
    },
    async (request) => {
      await auth.logout(request.body?.refresh_token, request.session);
      return { message: 'Signed out' };
    },
  );

  app.post(
    '/auth/change-password',
    {
      config: { access: 'user' },
      schema: {
        tags: ['auth'],
        description:
          'Needs the current password (400 WRONG_PASSWORD naming current_password); ends the other sessions.',
        body: ChangePasswordBodySchema,
        response: { 200: MessageSchema },
      },
    },
    async (request) => {
      await passwords.change(request.session, request.user.email, request.body, request.ip);
      return { message: 'Password changed. You were signed out everywhere else.' };
    },
  );

  app.post(
    '/auth/forgot-password',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        description:
          'E-mails a reset link valid for 30 minutes; the same answer whether or not the account exists.',
        body: ForgotPasswordBodySchema,
        response: { 200: MessageSchema },
      },
    },
    async (request) => {
      await passwords.requestReset(request.body.email, request.ip);
      return { message: FORGOT_PASSWORD_MESSAGE };
    },
  );

  app.post(
    '/auth/reset-password',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        description: 'Sets a new password with the one-time token of the e-mailed link; ends every session.',
        body: ResetPasswordBodySchema,
        response: { 200: MessageSchema },
      },
    },
    async (request) => {
      await passwords.reset(request.body);
      return { message: 'Your password has been reset. Sign in with your new password.' };
    },
  );

  app.post(
    '/auth/verify-email',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        description:
          'Verifies the e-mail of an account with the token of the link mailed at sign-up (when SMTP_URL is set).',
        body: VerifyEmailBodySchema,
        response: { 200: MessageSchema },
      },
    },
    async (request) => {
      await auth.emailVerification.verify(request.body.token);
      return { message: 'Your e-mail address is verified.' };
    },
  );

  app.get(
    '/auth/email-verification',
    {
      config: { access: 'pending-ok' },
      schema: {
        tags: ['auth'],
        description:
          "Whether the signed-in account's e-mail still needs its link, and whether one can be sent.",
        response: { 200: EmailVerificationStatusSchema },
      },
    },
    async (request) => auth.emailVerification.status(request.user.id),
  );

  app.post(
    '/auth/resend-verification',
    {
      config: { access: 'pending-ok' },
      schema: {
        tags: ['auth'],
        description:
          "Mails the signed-in user a new e-mail verification link (7 days), to the account's own address only; " +
          'earlier links stay valid. 409 MAIL_NOT_CONFIGURED without SMTP_URL; 429 past 3 per address or 10 per client in 15 minutes.',
        response: { 200: MessageSchema },
      },
    },
    async (request) => ({ message: await auth.emailVerification.resend(request.user.id, request.ip) }),
  );

  app.post(
    '/auth/resend-verification/by-email',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        description:
          'Mails a new verification link to an account waiting for verification; the same answer whether or not there is one. ' +
          'Shares the limit of POST /auth/resend-verification.',
        body: ResendVerificationBodySchema,
        response: { 200: MessageSchema },
      },
    },
    async (request) => {
      await auth.emailVerification.resendByEmail(request.body.email, request.ip);
      return { message: RESEND_VERIFICATION_MESSAGE };
    },
  );

  app.get(
    '/auth/me',
    { config: { access: 'pending-ok' }, schema: { tags: ['auth'], response: { 200: UserSchema } } },
    async (request) => users.profile(request.user.id),
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
    async () => ({ users: await users.list() }),
  );
};
