import { z } from 'zod';
import { UserSchema } from './auth';

export const ApproveUserBodySchema = z.object({ approved: z.boolean().default(true) });
export type ApproveUserBody = z.input<typeof ApproveUserBodySchema>;

export const AdminUserResponseSchema = z.object({ message: z.string(), user: UserSchema });
export type AdminUserResponse = z.infer<typeof AdminUserResponseSchema>;
