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

/** GET /api/admin/system: the installation's facts an administrator looks after. */
export const SystemInfoSchema = z.object({
  relate_version: z.string(),
  database: z.object({
    /** Embedded or external, always PostgreSQL. */
    engine: z.literal('PostgreSQL'),
    /** The PostgreSQL version (server_version). */
    version: z.string(),
    /** Run by Relate in its data directory (`data_directory`), or an external server (host, port, name). */
    embedded: z.boolean(),
    data_directory: z.string().nullable(),
    host: z.string().nullable(),
    port: z.number().int().nullable(),
    name: z.string().nullable(),
    fsync: z.string(),
    synchronous_commit: z.string(),
    size_bytes: z.number(),
    connections: z.number().int(),
  }),
  backups: z.object({
    directory: z.string(),
    last: z.object({ name: z.string(), created_at: z.string(), size_bytes: z.number() }).nullable(),
  }),
});
export type SystemInfo = z.infer<typeof SystemInfoSchema>;
