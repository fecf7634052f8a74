import type { User } from '@relate/contracts';
import { toIso } from '../../lib/time';
import type { UserRole, UserRow, UserStatus } from './users.repository';

/**
 * The signed-in user of a request (`request.user`) and how other modules see an account: who it is and
 * what it may do, never its password hash or other stored columns.
 */
export interface AuthUser {
  readonly id: number;
  readonly email: string;
  readonly fullName: string | null;
  readonly status: UserStatus;
  readonly role: UserRole;
  /** Decides what the account may use (the plans module's entitlements). */
  readonly plan: UserRow['plan'];
}

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

/** An account as the bots see it: who it is, and its linked messaging accounts. */
export interface MessagingAccount extends AuthUser {
  readonly telegramId: string | null;
  readonly telegramName: string | null;
  readonly whatsappPhoneNumber: string | null;
  readonly whatsappLastInboundAt: Date | null;
  readonly preferredMessagingPlatform: UserRow['preferredMessagingPlatform'];
  readonly timezone: string;
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
