import { z } from 'zod';

/** Every error the API returns has this shape (DESIGN.md, "API conventions"). */
export const ErrorSchema = z.object({
  error: z.string(),
  code: z.string(),
  details: z.unknown().optional(),
});
export type ApiError = z.infer<typeof ErrorSchema>;

export const MessageSchema = z.object({ message: z.string() });
export type Message = z.infer<typeof MessageSchema>;

export const IdParamsSchema = z.object({ id: z.coerce.number().int().positive() });

/** ISO 8601 timestamp as sent over the wire. */
export const TimestampSchema = z.string();

/** `{ "confirm": true }`: the body of every "delete all" call. */
export const ConfirmBodySchema = z.object({
  confirm: z.literal(true, { error: 'Set confirm to true to delete everything' }),
});

/** Trimmed e-mail, lower-cased so that comparisons are case-insensitive. */
export const EmailSchema = z
  .string({ error: 'Email is required' })
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: 'Enter a valid email address' }).max(254));

export const PageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(500).default(50),
});
