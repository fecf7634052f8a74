import { z } from 'zod';
import { UserSchema } from './auth';

export const ApproveUserBodySchema = z.object({ approved: z.boolean().default(true) });
export type ApproveUserBody = z.input<typeof ApproveUserBodySchema>;

export const AdminUserResponseSchema = z.object({ message: z.string(), user: UserSchema });
export type AdminUserResponse = z.infer<typeof AdminUserResponseSchema>;

/** One entry of an account's history (Admin): what happened to it that its administrator should know. */
export const AccountHistoryEntrySchema = z.object({
  kind: z.enum(['google_takeover']),
  message: z.string(),
  created_at: z.string(),
});
export type AccountHistoryEntry = z.infer<typeof AccountHistoryEntrySchema>;

export const AccountHistoryResponseSchema = z.object({ entries: z.array(AccountHistoryEntrySchema) });
export type AccountHistoryResponse = z.infer<typeof AccountHistoryResponseSchema>;
