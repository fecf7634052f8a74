import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Update } from 'grammy/types';
import { z } from 'zod';
import { forbidden, notFound, unauthorized } from '../../lib/errors';
import { initBot } from './telegram.client';
import { handleWhatsAppWebhook, type WhatsAppWebhook } from './whatsapp.inbound';

export const TELEGRAM_SECRET_HEADER = 'x-telegram-bot-api-secret-token';

/** Constant-time string comparison (the lengths are not secret). */
export function safeEqual(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

const UpdateSchema = z.looseObject({ update_id: z.number().int().nonnegative() });

/** Where Telegram and Meta deliver: secret- or signature-checked, each update handled once. */
export const botWebhookRoutes: FastifyPluginAsyncZod = async (app) => {
  const { bots, botDelivery } = app.services;
  const { TELEGRAM_WEBHOOK_SECRET, WHATSAPP_APP_SECRET, WHATSAPP_VERIFY_TOKEN } = app.config;
  const config = { access: 'public' } as const;
  const tags = ['bots'];

  app.post(
    '/telegram/webhook',
    {
      config,
      schema: {
        tags,
        description: 'Telegram updates (webhook mode): `X-Telegram-Bot-Api-Secret-Token` must match.',
        body: UpdateSchema,
      },
      preValidation: async (request) => {
        if (!bots.telegram || !TELEGRAM_WEBHOOK_SECRET) throw notFound('Webhook');
        const given = request.headers[TELEGRAM_SECRET_HEADER];
        if (typeof given !== 'string') throw unauthorized('Missing webhook secret');
        if (!safeEqual(given, TELEGRAM_WEBHOOK_SECRET)) throw forbidden('Wrong webhook secret');
      },
    },
    async (request, reply) => {
      const bot = await bots.telegram!();
      const update = request.body as unknown as Update;
      await initBot(bot);
      // A reply Telegram refuses (blocked bot, flood limit) leaves the update handled: see replyFailed.
      await bots.once('telegram', String(update.update_id), () =>
        bot.handleUpdate(update).catch(async (error) => {
          const outcome = await botDelivery.replyFailed(error);
          request.log.warn({ outcome }, 'Telegram refused a reply to an update');
        }),
      );
      return reply.code(200).send();
    },
  );

  app.get(
    '/whatsapp/webhook',
    {
      config,
      schema: {
        tags,
        description: 'Meta’s verification handshake: answers hub.challenge when hub.verify_token matches.',
        querystring: z.object({
          'hub.mode': z.string().optional(),
          'hub.verify_token': z.string().optional(),
          'hub.challenge': z.string().optional(),
        }),
      },
    },
    async (request, reply) => {
      const query = request.query;
      const token = query['hub.verify_token'];
      if (
        !bots.whatsapp ||
        !WHATSAPP_VERIFY_TOKEN ||
        query['hub.mode'] !== 'subscribe' ||
        !token ||
        !safeEqual(token, WHATSAPP_VERIFY_TOKEN)
      ) {
        throw forbidden('Webhook verification failed');
      }
      return reply.type('text/plain').send(query['hub.challenge'] ?? '');
    },
  );

  // The signature covers the exact bytes Meta sent: this route keeps the body raw and parses it itself.
  await app.register(async (raw) => {
    raw.removeContentTypeParser('application/json');
    raw.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    );

    raw.post(
      '/whatsapp/webhook',
      {
        config,
        schema: { tags, description: 'WhatsApp messages and statuses, signed with `X-Hub-Signature-256`.' },
      },
      async (request, reply) => {
        if (!bots.whatsapp || !WHATSAPP_APP_SECRET) throw notFound('Webhook');
        const body = request.body as Buffer | undefined;
        const signature = request.headers['x-hub-signature-256'];
        if (typeof signature !== 'string' || !Buffer.isBuffer(body)) throw unauthorized('Missing signature');
        const expected = `sha256=${createHmac('sha256', WHATSAPP_APP_SECRET).update(body).digest('hex')}`;
        if (!safeEqual(signature, expected)) throw forbidden('Bad signature');
        let payload: WhatsAppWebhook;
        try {
          payload = JSON.parse(body.toString('utf8'));
        } catch {
          return reply.code(400).send({ error: 'The request body is not valid JSON', code: 'INVALID_JSON' });
        }
        await handleWhatsAppWebhook(payload, app.services);
        return reply.code(200).send();
      },
    );
  });
};
