import type { User } from '@relate/contracts';
import type { AuthUser } from '../../lib/auth-user';
import { toIso } from '../../lib/time';
import type { UserRow } from './users.repository';
import type { MessagingAccount } from './users.types';

export function toAuthUser(row: UserRow): AuthUser {
  return {
    id: row.id,
    email: row.email,
    fullName: row.fullName,
    status: row.status,
    role: row.role,
    plan: row.plan,
  };
}

export function toMessagingAccount(row: UserRow): MessagingAccount {
  return {
    ...toAuthUser(row),
    telegramId: row.telegramId,
    telegramName: row.telegramName,
    whatsappPhoneNumber: row.whatsappPhoneNumber,
    whatsappLastInboundAt: row.whatsappLastInboundAt,
    preferredMessagingPlatform: row.preferredMessagingPlatform,
    timezone: row.timezone,
  };
}

export function toUserDto(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    full_name: row.fullName,
    is_approved: row.status === 'approved',
    status: row.status,
    is_admin: row.role === 'admin',
    plan: row.plan,
    preferred_messaging_platform: row.preferredMessagingPlatform,
    telegram_id: row.telegramId,
    whatsapp_phone_number: row.whatsappPhoneNumber,
    created_at: toIso(row.createdAt)!,
  };
}
