import {
  BotActionResponseSchema,
  BotStatusSchema,
  ConfirmBodySchema,
  DeletedTelegramUsersSchema,
  MessageSchema,
  PreferredPlatformBodySchema,
  TelegramConnectBodySchema,
  TelegramLinkBodySchema,
  TelegramLinkSchema,
  WhatsAppConnectBodySchema,
  WhatsAppVerifyBodySchema,
} from '@relate/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Settings → Bot Connection: linking, unlinking, the preferred platform, and the admin's Telegram reset. */
export const botsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { bots, botDelivery } = app.services;
  // Development long polling (telegram.runtime.ts) ends with the server.
  app.addHook('onClose', async () => {
    const bot = await bots.telegram?.();
    if (bot?.isRunning()) await bot.stop();
  });
  const config = { access: 'user' } as const;
  const tags = ['bots'];
  const action = { 200: BotActionResponseSchema };
  const answer = async (userId: number, message: string, transferredFrom?: string | null) => ({
    message,
    status: await bots.status(userId),
    ...(transferredFrom !== undefined ? { transferred_from: transferredFrom } : {}),
  });

  app.get(
    '/bots/status',
    {
      config,
      schema: {
        tags,
        description: 'The caller’s Telegram and WhatsApp links, pending requests and preferred platform.',
        response: { 200: BotStatusSchema },
      },
    },
    async (request) => bots.status(request.user.id),
  );

  app.post(
    '/telegram/link',
    {
      config,
      schema: {
        tags,
        description:
          'A one-time deep link to the bot (10 minutes, single use): opening it in Telegram and pressing ' +
          'Start links that Telegram account. A new link replaces the previous one.',
        body: TelegramLinkBodySchema.nullish(),
        response: { 200: TelegramLinkSchema },
      },
    },
    async (request) => {
      const link = await bots.createTelegramLink(request.user.id, request.body?.timezone);
      return { url: link.url, expires_at: link.expiresAt.toISOString() };
    },
  );

  app.post(
    '/telegram/connect',
    {
      config,
      schema: {
        tags,
        description:
          'Asks the typed Telegram account to confirm with a button; it is linked only once it does. ' +
          '`status.telegram.transferred_from` then names the Relate account it was moved from, if any.',
        body: TelegramConnectBodySchema,
        response: action,
      },
    },
    async (request) => {
      await bots.requestTelegramConfirmation(
        request.user.id,
        request.body.telegram_id,
        request.body.timezone,
      );
      return answer(request.user.id, 'Confirm the link in Telegram');
    },
  );

  app.post('/telegram/disconnect', { config, schema: { tags, response: action } }, async (request) => {
    await bots.disconnectTelegram(request.user.id);
    return answer(request.user.id, 'Telegram account disconnected');
  });

  app.post(
    '/whatsapp/connect',
    {
      config,
      schema: {
        tags,
        description: 'Sends a 6-digit code to the number on WhatsApp; POST /whatsapp/verify links it.',
        body: WhatsAppConnectBodySchema,
        response: action,
      },
    },
    async (request) => {
      const { whatsapp_phone_number, timezone } = request.body;
      await bots.requestWhatsAppCode(request.user.id, whatsapp_phone_number, timezone);
      return answer(request.user.id, 'We sent a code to your WhatsApp');
    },
  );

  app.post(
    '/whatsapp/verify',
    {
      config,
      schema: {
        tags,
        description: 'Links the number when the code is right: 5 tries within 10 minutes.',
        body: WhatsAppVerifyBodySchema,
        response: action,
      },
    },
    async (request) => {
      await bots.verifyWhatsAppCode(request.user.id, request.body.code);
      return answer(request.user.id, 'WhatsApp account connected');
    },
  );

  app.post('/whatsapp/disconnect', { config, schema: { tags, response: action } }, async (request) => {
    await bots.disconnectWhatsApp(request.user.id);
    return answer(request.user.id, 'WhatsApp account disconnected');
  });

  app.post(
    '/auth/preferred-platform',
    { config, schema: { tags, body: PreferredPlatformBodySchema, response: action } },
    async (request) => {
      await bots.setPreferredPlatform(request.user.id, request.body.preferred_messaging_platform);
      return answer(request.user.id, 'Preferred platform updated');
    },
  );

  app.post(
    '/bots/test-message',
    {
      config,
      schema: {
        tags,
        description: 'Sends a test message to the preferred linked platform, now.',
        response: { 200: MessageSchema },
      },
    },
    async (request) => ({ message: await botDelivery.sendTest(request.user.id) }),
  );

  app.delete(
    '/admin/telegram-users',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        description: 'Delete all Telegram users: unlinks every Telegram account from its Relate user.',
        body: ConfirmBodySchema,
        response: { 200: DeletedTelegramUsersSchema },
      },
    },
    async () => ({
      message: 'All Telegram users deleted successfully!',
      unlinked: await bots.unlinkAllTelegram(),
    }),
  );
};
