import type { AuthUser } from '../../lib/auth-user';

/** An account as the bots see it: who it is, and its linked messaging accounts. */
export interface MessagingAccount extends AuthUser {
  readonly telegramId: string | null;
  readonly telegramName: string | null;
  readonly whatsappPhoneNumber: string | null;
  readonly whatsappLastInboundAt: Date | null;
  readonly preferredMessagingPlatform: 'telegram' | 'whatsapp' | null;
  readonly timezone: string;
}
