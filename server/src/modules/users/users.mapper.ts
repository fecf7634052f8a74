import type { User } from '@relate/contracts';
import { toIso } from '../../lib/time';
import type { UserRow } from './users.repository';

export function toUser(row: UserRow): User {
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
