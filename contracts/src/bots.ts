import { z } from 'zod';
import { MessagingPlatformSchema } from './auth';
import { isTimeZone, TimestampSchema } from './common';

/** The browser's IANA zone: the bots word times in it and send task reminders at 09:00 there. */
export const TimeZoneSchema = z
  .string()
  .trim()
  .max(64)
  .refine(isTimeZone, { error: 'Time zone must be an IANA time zone such as Europe/Berlin' });

export const TelegramConnectBodySchema = z.object({
  telegram_id: z
    .union([z.string(), z.number()], { error: 'Please enter a valid Telegram ID' })
    .transform((value) => String(value).trim())
    .pipe(z.string().regex(/^[1-9][0-9]{0,15}$/, { error: 'Please enter a valid Telegram ID' })),
  timezone: TimeZoneSchema.optional(),
});
export type TelegramConnectBody = z.input<typeof TelegramConnectBodySchema>;

export const TelegramLinkBodySchema = z.object({ timezone: TimeZoneSchema.optional() });

/** Digits with the country code; spaces, dashes, brackets and a leading + are dropped. */
export const WhatsAppConnectBodySchema = z.object({
  whatsapp_phone_number: z
    .string({ error: 'Please enter a valid phone number' })
    .transform((value) => value.replace(/[\s()+-]/g, ''))
    .pipe(z.string().regex(/^[1-9][0-9]{7,14}$/, { error: 'Please enter a valid phone number' })),
  timezone: TimeZoneSchema.optional(),
});
export type WhatsAppConnectBody = z.input<typeof WhatsAppConnectBodySchema>;

export const WhatsAppVerifyBodySchema = z.object({
  code: z
    .string({ error: 'Enter the 6-digit code' })
    .trim()
    .regex(/^[0-9]{6}$/, { error: 'Enter the 6-digit code' }),
});

export const PreferredPlatformBodySchema = z.object({
  preferred_messaging_platform: MessagingPlatformSchema,
});

/** A one-time t.me link for the current user (10 minutes, single use). */
export const TelegramLinkSchema = z.object({ url: z.string(), expires_at: TimestampSchema });
export type TelegramLink = z.infer<typeof TelegramLinkSchema>;

export const TelegramStatusSchema = z.object({
  configured: z.boolean(),
  bot_username: z.string().nullable(),
  linked: z.object({ telegram_id: z.string(), name: z.string().nullable() }).nullable(),
  /** A typed Telegram ID waiting for its owner to press Yes in the chat with the bot. */
  pending: z.object({ telegram_id: z.string(), expires_at: TimestampSchema }).nullable(),
  /** After a confirmed link: the Relate account this Telegram account was moved from. */
  transferred_from: z.string().nullable(),
});

export const WhatsAppStatusSchema = z.object({
  configured: z.boolean(),
  linked: z.object({ phone_number: z.string() }).nullable(),
  /** A code was sent to this number and waits to be typed in. */
  pending: z
    .object({ phone_number: z.string(), expires_at: TimestampSchema, attempts_left: z.number().int() })
    .nullable(),
});

export const BotStatusSchema = z.object({
  telegram: TelegramStatusSchema,
  whatsapp: WhatsAppStatusSchema,
  preferred_messaging_platform: MessagingPlatformSchema.nullable(),
});
export type BotStatus = z.infer<typeof BotStatusSchema>;

export const BotActionResponseSchema = z.object({
  message: z.string(),
  status: BotStatusSchema,
  transferred_from: z.string().nullable().optional(),
});
export type BotActionResponse = z.infer<typeof BotActionResponseSchema>;

export const DeletedTelegramUsersSchema = z.object({ message: z.string(), unlinked: z.number().int() });
