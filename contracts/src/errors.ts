import { z } from 'zod';

/**
 * Every `code` the API puts in an error body `{ error, code, details? }`. The server's `AppError` takes
 * only these, and the web compares against them, so a typo is a type error on both sides.
 */
export const ERROR_CODES = [
  'VALIDATION_ERROR',
  'INVALID_JSON',
  'INVALID_FILE',
  'BAD_REQUEST',
  'UNAUTHORIZED',
  'TOKEN_EXPIRED',
  'INVALID_CREDENTIALS',
  'INVALID_REFRESH_TOKEN',
  'REFRESH_TOKEN_REUSED',
  'SESSION_ENDED',
  'WRONG_PASSWORD',
  'INVALID_RESET_TOKEN',
  'INVALID_VERIFICATION_TOKEN',
  'MAIL_NOT_CONFIGURED',
  'FORBIDDEN',
  'ACCOUNT_NOT_APPROVED',
  'NOT_FOUND',
  'CONFLICT',
  'TRASH_RESTORE_CONFLICT',
  'EMAIL_TAKEN',
  'PROJECT_EXISTS',
  'IMPORT_EDITED',
  'EVENT_READ_ONLY',
  'LAST_ADMIN',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'TOO_MANY_ATTEMPTS',
  'RATE_LIMITED',
  'SERVER_BUSY',
  'TOO_MANY_STREAMS',
  'GOOGLE_NOT_CONFIGURED',
  'GOOGLE_NOT_AVAILABLE',
  'BOT_NOT_CONFIGURED',
  'BOT_NOT_LINKED',
  'BOT_UNAVAILABLE',
  'BOT_BLOCKED',
  'GOOGLE_OAUTH_ERROR',
  'GOOGLE_NO_CODE',
  'GOOGLE_STATE_INVALID',
  'GOOGLE_STARTED_ELSEWHERE',
  'GOOGLE_AUTH_FAILED',
  'GOOGLE_USERINFO_FAILED',
  'GOOGLE_EMAIL_NOT_VERIFIED',
  'GOOGLE_NO_OFFLINE_ACCESS',
  'GOOGLE_SCOPE_DENIED',
  'GOOGLE_NOT_CONNECTED',
  'GOOGLE_SYNC_RUNNING',
  'GOOGLE_SYNC_FAILED',
  'GOOGLE_RATE_LIMITED',
  'GOOGLE_RECONNECT_REQUIRED',
  'GOOGLE_UNAVAILABLE',
  'GOOGLE_ALREADY_LINKED',
  'PLAN_REQUIRED',
  'ALREADY_SUBSCRIBED',
  'BILLING_NOT_CONFIGURED',
  'BILLING_PORTAL_UNAVAILABLE',
  'NO_STRIPE_CUSTOMER',
  'INVALID_SIGNATURE',
  'STRIPE_ERROR',
  'INTERNAL',
] as const;

export const ErrorCodeSchema = z.enum(ERROR_CODES);
export type ErrorCode = z.infer<typeof ErrorCodeSchema>;

/**
 * Every error the API returns has this shape. `code` is an `ErrorCode`, except that Fastify's own 4xx
 * errors pass their `FST_…` code through, so the wire schema stays a string.
 */
export const ErrorSchema = z.object({
  error: z.string(),
  code: z.string(),
  details: z.unknown().optional(),
});
export type ApiError = z.infer<typeof ErrorSchema>;
