import {
  AddToGoogleResponseSchema,
  ApplyGoogleCalendarBodySchema,
  ApplyGoogleContactsBodySchema,
  ApplyGoogleReviewResponseSchema,
  CalendarReviewItemSchema,
  ContactReviewItemSchema,
  DismissGoogleReviewResponseSchema,
  GoogleAuthorizationSchema,
  GoogleCalendarSyncResponseSchema,
  GoogleCallbackQuerySchema,
  GoogleCallbackResponseSchema,
  GoogleContactsQuerySchema,
  GoogleContactsSyncResponseSchema,
  GoogleReviewItemsBodySchema,
  GoogleReviewQuerySchema,
  GoogleSettingsBodySchema,
  GoogleStatusSchema,
  IdParamsSchema,
  MessageSchema,
  RestoreGoogleReviewResponseSchema,
} from '@relate/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fastSerializer } from '../../lib/fast-serializer';
import { bearerToken } from '../../plugins/access';
import { browserNonceOf, clearBrowserNonce, setBrowserNonce } from './google-browser-cookie';

// A first sync answers 10,000 items: fast-json-stringify writes them in a few ms where zod's encode held
// the event loop for 60-90 ms (decision 0028).
const ContactReviewListSchema = z.object({ items: z.array(ContactReviewItemSchema) });
const CalendarReviewListSchema = z.object({ items: z.array(CalendarReviewItemSchema) });

export const googleRoutes: FastifyPluginAsyncZod = async (app) => {
  const { auth, googleAuth, googleContacts, googleCalendar } = app.services;
  const secureCookie = new URL(app.config.PUBLIC_URL).protocol === 'https:';

  /** Starts an authorization and binds it to this browser (its cookie). */
  const start = async (reply: FastifyReply, purpose: 'sign_in' | 'connect', userId?: number) => {
    const { authorizationUrl, browserNonce } = await googleAuth.start(purpose, userId);
    setBrowserNonce(reply, browserNonce, secureCookie);
    return { authorization_url: authorizationUrl };
  };

  /** The callback is public (sign-in); a connection needs its user, so a token sent must be valid. */
  const signedInUserId = async (request: FastifyRequest) => {
    const token = bearerToken(request);
    return token ? (await auth.authenticate(token)).user.id : undefined;
  };

  app.get(
    '/auth/google',
    {
      config: { access: 'public' },
      schema: {
        tags: ['google'],
        description:
          "Google's sign-in URL (PKCE, one-time state bound to this browser by an HttpOnly cookie); 503 'Google OAuth not configured' without GOOGLE_CLIENT_ID.",
        response: { 200: GoogleAuthorizationSchema },
      },
    },
    async (_request, reply) => start(reply, 'sign_in'),
  );

  app.post(
    '/auth/google/connect',
    {
      config: { access: 'user' },
      schema: {
        tags: ['google'],
        description:
          'Google consent URL for contacts and calendar with offline access (Settings → Connect Google), bound to this user and browser.',
        response: { 200: GoogleAuthorizationSchema },
      },
    },
    async (request, reply) => start(reply, 'connect', request.user.id),
  );

  app.get(
    '/auth/google/callback',
    {
      config: { access: 'public' },
      schema: {
        tags: ['google'],
        description:
          'Exchanges the code of a sign-in (answers a session) or of a connection (answers connected), only in the browser that started it (its cookie) and, for a connection, signed in as the user who started it.',
        querystring: GoogleCallbackQuerySchema,
        response: { 200: GoogleCallbackResponseSchema },
      },
    },
    async (request, reply) => {
      const caller = { browserNonce: browserNonceOf(request), userId: await signedInUserId(request) };
      clearBrowserNonce(reply, secureCookie);
      const result = await googleAuth.callback(request.query, caller);
      if (result.kind === 'connected') return { user: result.user, connected: true };
      return { user: result.user, ...result.tokens };
    },
  );

  app.get(
    '/auth/google/status',
    { config: { access: 'user' }, schema: { tags: ['google'], response: { 200: GoogleStatusSchema } } },
    async (request) => googleAuth.status(request.user.id),
  );

  app.post(
    '/auth/google/settings',
    {
      config: { access: 'user' },
      schema: {
        tags: ['google'],
        description:
          'Settings → Google: whether deleting a linked contact in Relate deletes it at Google too (`delete`) or keeps it there (`keep`). Answers the status.',
        body: GoogleSettingsBodySchema,
        response: { 200: GoogleStatusSchema },
      },
    },
    async (request) => googleAuth.setContactDeletes(request.user.id, request.body.contact_deletes),
  );

  app.post(
    '/auth/google/clear',
    {
      config: { access: 'user' },
      schema: {
        tags: ['google'],
        description: 'Disconnects Google: revokes the token at Google and forgets it and the sync state.',
        response: { 200: MessageSchema },
      },
    },
    async (request) => {
      await googleAuth.disconnect(request.user.id);
      return { message: 'Google account disconnected' };
    },
  );

  app.get(
    '/auth/google/contacts',
    {
      config: { access: 'user' },
      schema: {
        tags: ['google'],
        description:
          'Syncs Google contacts: applies what needs no decision and pushes Relate edits; with ?preview=true only fetches. Answers what still waits for review.',
        querystring: GoogleContactsQuerySchema,
        response: { 200: GoogleContactsSyncResponseSchema },
      },
      serializerCompiler: fastSerializer(GoogleContactsSyncResponseSchema),
    },
    async (request) => googleContacts.sync(request.user.id, { preview: request.query.preview }),
  );

  app.get(
    '/auth/google/contacts/review',
    {
      config: { access: 'user' },
      schema: {
        tags: ['google'],
        description: 'The Google changes waiting for review, without asking Google again.',
        querystring: GoogleReviewQuerySchema,
        response: { 200: ContactReviewListSchema },
      },
      serializerCompiler: fastSerializer(ContactReviewListSchema),
    },
    async (request) => {
      googleAuth.requireClient();
      return {
        items: await googleContacts.items(request.user.id, request.query.dismissed ? 'dismissed' : 'waiting'),
      };
    },
  );

  app.post(
    '/auth/google/contacts/apply',
    {
      config: { access: 'user' },
      schema: {
        tags: ['google'],
        description: 'Applies the chosen review items in one transaction.',
        body: ApplyGoogleContactsBodySchema,
        response: { 200: ApplyGoogleReviewResponseSchema },
      },
    },
    async (request) => googleContacts.apply(request.user.id, request.body),
  );

  app.post(
    '/auth/google/contacts/:id/add',
    {
      config: { access: 'user' },
      schema: {
        tags: ['google'],
        description:
          'Also add to Google: creates this Relate contact in Google Contacts and keeps the two in sync.',
        params: IdParamsSchema,
        response: { 201: AddToGoogleResponseSchema },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return { resource_name: await googleContacts.addToGoogle(request.user.id, request.params.id) };
    },
  );

  app.get(
    '/auth/google/calendar',
    {
      config: { access: 'user' },
      schema: {
        tags: ['google'],
        description:
          'Syncs the primary Google calendar: applies what needs no decision and pushes Relate events with Google sync on; with ?preview=true only fetches. Answers what still waits for review.',
        querystring: GoogleContactsQuerySchema,
        response: { 200: GoogleCalendarSyncResponseSchema },
      },
      serializerCompiler: fastSerializer(GoogleCalendarSyncResponseSchema),
    },
    async (request) => googleCalendar.sync(request.user.id, { preview: request.query.preview }),
  );

  app.get(
    '/auth/google/calendar/review',
    {
      config: { access: 'user' },
      schema: {
        tags: ['google'],
        description: 'The Google Calendar changes waiting for review, without asking Google again.',
        querystring: GoogleReviewQuerySchema,
        response: { 200: CalendarReviewListSchema },
      },
      serializerCompiler: fastSerializer(CalendarReviewListSchema),
    },
    async (request) => {
      googleAuth.requireClient();
      return {
        items: await googleCalendar.items(request.user.id, request.query.dismissed ? 'dismissed' : 'waiting'),
      };
    },
  );

  app.post(
    '/auth/google/calendar/apply',
    {
      config: { access: 'user' },
      schema: {
        tags: ['google'],
        description: 'Applies the chosen calendar review items in one transaction.',
        body: ApplyGoogleCalendarBodySchema,
        response: { 200: ApplyGoogleReviewResponseSchema },
      },
    },
    async (request) => googleCalendar.apply(request.user.id, request.body),
  );

  // Dismiss and Restore: the same for contacts and calendar items.
  for (const [noun, reviews] of [
    ['contacts', googleContacts],
    ['calendar', googleCalendar],
  ] as const) {
    app.post(
      `/auth/google/${noun}/dismiss`,
      {
        config: { access: 'user' },
        schema: {
          tags: ['google'],
          description:
            'Dismisses new items and likely duplicates: never imported, listed with ?dismissed=true until restored.',
          body: GoogleReviewItemsBodySchema,
          response: { 200: DismissGoogleReviewResponseSchema },
        },
      },
      async (request) => ({ dismissed: await reviews.dismiss(request.user.id, request.body.item_ids) }),
    );
    app.post(
      `/auth/google/${noun}/restore`,
      {
        config: { access: 'user' },
        schema: {
          tags: ['google'],
          description: 'Puts dismissed items back in review.',
          body: GoogleReviewItemsBodySchema,
          response: { 200: RestoreGoogleReviewResponseSchema },
        },
      },
      async (request) => ({ restored: await reviews.restore(request.user.id, request.body.item_ids) }),
    );
  }
};
