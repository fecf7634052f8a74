import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { BotStatus } from '@relate/contracts';
import type { Bot } from 'grammy';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { AppError, fieldError } from '../../lib/errors';
import type { Lazy } from '../../lib/lazy';
import type { Clock } from '../../lib/time';
import type { NotificationsService } from '../notifications/notifications.service';
import type { MessagingFields, UsersService } from '../users/users.service';
import type { MessagingAccount } from '../users/users.types';
import type { BotsRepository, LinkRequestRow, Platform } from './bots.repository';
import { escapeHtml, telegramErrorOf, telegramUsername } from './telegram.client';
import { WhatsAppApiError, type WhatsAppClient } from './whatsapp.client';

export const LINK_TTL_MS = 10 * 60_000;
export const CODE_MAX_ATTEMPTS = 5;
/** Codes and confirmation questions a user may have sent per hour, so that nobody is flooded. */
export const SENDS_PER_HOUR = 5;

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const token = (bytes: number) => randomBytes(bytes).toString('base64url');

/** Who wrote to the bot: Telegram's `from` of a message or a button press. */
export interface TelegramSender {
  id: number;
  first_name: string;
  last_name?: string;
  username?: string;
}

export type LinkOutcome =
  | { kind: 'linked'; user: MessagingAccount; transferredFrom: string | null }
  | { kind: 'declined' }
  | { kind: 'invalid' }
  | { kind: 'not_for_you' };

const displayName = (sender: TelegramSender) =>
  [sender.first_name, sender.last_name].filter(Boolean).join(' ') ||
  (sender.username ? `@${sender.username}` : String(sender.id));

/**
 * Links Telegram and WhatsApp accounts to Relate users, and only on proof: a one-time deep link opened
 * in Telegram, a Yes pressed by the typed Telegram account, or the code sent to the WhatsApp number.
 */
export class BotsService {
  constructor(
    private readonly db: Database,
    private readonly repository: BotsRepository,
    private readonly users: UsersService,
    private readonly notifications: NotificationsService,
    private readonly clock: Clock,
    private readonly config: Config,
    readonly telegram: Lazy<Bot> | undefined,
    readonly whatsapp: WhatsAppClient | undefined,
  ) {}

  async status(userId: number): Promise<BotStatus> {
    const user = await this.requireUser(userId);
    const now = this.clock();
    const [telegramPending, telegramConfirmed, whatsappPending, username] = await Promise.all([
      this.repository.latestOpen(userId, 'telegram', now),
      this.repository.latestConfirmed(userId, 'telegram'),
      this.repository.latestOpen(userId, 'whatsapp', now),
      this.telegram ? this.telegram().then(telegramUsername) : null,
    ]);
    const typed = telegramPending?.method === 'typed_id' ? telegramPending : undefined;
    return {
      telegram: {
        configured: Boolean(this.telegram),
        bot_username: username,
        linked: user.telegramId ? { telegram_id: user.telegramId, name: user.telegramName } : null,
        pending: typed
          ? { telegram_id: typed.target ?? '', expires_at: typed.expiresAt.toISOString() }
          : null,
        transferred_from: user.telegramId ? (telegramConfirmed?.transferredFrom ?? null) : null,
      },
      whatsapp: {
        configured: Boolean(this.whatsapp),
        linked: user.whatsappPhoneNumber ? { phone_number: user.whatsappPhoneNumber } : null,
        pending: whatsappPending
          ? {
              phone_number: whatsappPending.target ?? '',
              expires_at: whatsappPending.expiresAt.toISOString(),
              attempts_left: CODE_MAX_ATTEMPTS - whatsappPending.attempts,
            }
          : null,
      },
      preferred_messaging_platform: user.preferredMessagingPlatform,
    };
  }

  /** A fresh one-time deep link (`https://t.me/<bot>?start=<payload>`); older ones stop working. */
  async createTelegramLink(userId: number, timezone?: string): Promise<{ url: string; expiresAt: Date }> {
    const bot = await this.requireTelegram();
    const username = await telegramUsername(bot);
    if (!username) throw new AppError(502, 'BOT_UNAVAILABLE', 'Telegram cannot be reached right now');
    const payload = token(32);
    const expiresAt = new Date(this.clock().getTime() + LINK_TTL_MS);
    await this.db.transaction(async (tx) => {
      await this.repository.closeOpenRequests(userId, 'telegram', this.clock(), tx);
      await this.repository.insertLinkRequest(
        {
          userId,
          platform: 'telegram',
          method: 'deep_link',
          tokenHash: sha256(payload),
          expiresAt,
          createdAt: this.clock(),
        },
        tx,
      );
      if (timezone) await this.users.updateMessaging(userId, { timezone }, tx);
    });
    return { url: `https://t.me/${username}?start=${payload}`, expiresAt };
  }

  /**
   * A typed Telegram ID becomes a pending link: the bot asks that account to confirm with a button,
   * and nothing is linked (or delivered) before it does.
   */
  async requestTelegramConfirmation(userId: number, telegramId: string, timezone?: string): Promise<void> {
    const bot = await this.requireTelegram();
    const user = await this.requireUser(userId);
    await this.limitSends(userId, 'telegram', 'typed_id');
    const nonce = token(16);
    const request = await this.db.transaction(async (tx) => {
      await this.repository.closeOpenRequests(userId, 'telegram', this.clock(), tx);
      if (timezone) await this.users.updateMessaging(userId, { timezone }, tx);
      return this.repository.insertLinkRequest(
        {
          userId,
          platform: 'telegram',
          method: 'typed_id',
          tokenHash: sha256(nonce),
          target: telegramId,
          expiresAt: new Date(this.clock().getTime() + LINK_TTL_MS),
          createdAt: this.clock(),
        },
        tx,
      );
    });
    const keyboard = {
      inline_keyboard: [
        [
          { text: 'Yes, link it', callback_data: `link:yes:${nonce}` },
          { text: 'No', callback_data: `link:no:${nonce}` },
        ],
      ],
    };
    try {
      await bot.api.sendMessage(
        Number(telegramId),
        `Link this Telegram account to the Relate account <b>${escapeHtml(user.email)}</b>?\n\n` +
          'Press Yes only if you asked for it in Relate. The request expires in 10 minutes.',
        { parse_mode: 'HTML', reply_markup: keyboard },
      );
    } catch (error) {
      await this.repository.updateRequest(request.id, { closedAt: this.clock() });
      const code = (await telegramErrorOf(error))?.error_code;
      if (code === 400 || code === 403) {
        throw fieldError(
          'telegram_id',
          'The bot cannot write to this Telegram account: open the bot in Telegram, press Start, and try again',
        );
      }
      throw new AppError(502, 'BOT_UNAVAILABLE', 'Telegram cannot be reached right now');
    }
  }

  /** `/start <payload>` from Telegram: whoever opened the user's one-time link becomes their account. */
  async confirmDeepLink(payload: string, sender: TelegramSender): Promise<LinkOutcome> {
    return this.db.transaction(async (tx) => {
      const request = await this.repository.lockOpenByToken(sha256(payload), 'deep_link', this.clock(), tx);
      if (!request) return { kind: 'invalid' } as const;
      return this.linkTelegram(request, sender, tx);
    });
  }

  /** The Yes or No button under a typed-ID request; only the typed account may answer it. */
  async answerTypedLink(nonce: string, accept: boolean, sender: TelegramSender): Promise<LinkOutcome> {
    return this.db.transaction(async (tx) => {
      const request = await this.repository.lockOpenByToken(sha256(nonce), 'typed_id', this.clock(), tx);
      if (!request) return { kind: 'invalid' } as const;
      if (request.target !== String(sender.id)) return { kind: 'not_for_you' } as const;
      if (!accept) {
        await this.repository.updateRequest(request.id, { closedAt: this.clock() }, tx);
        return { kind: 'declined' } as const;
      }
      return this.linkTelegram(request, sender, tx);
    });
  }

  private async linkTelegram(
    request: LinkRequestRow,
    sender: TelegramSender,
    tx: Database,
  ): Promise<LinkOutcome> {
    const telegramId = String(sender.id);
    const previous = (await this.users.findByTelegramId(telegramId, tx)).filter(
      (other) => other.id !== request.userId,
    );
    for (const other of previous) {
      await this.users.updateMessaging(other.id, unlinked(other, 'telegram'), tx);
    }
    const transferredFrom = previous[0]?.email ?? null;
    const now = this.clock();
    await this.repository.updateRequest(
      request.id,
      { closedAt: now, confirmedAt: now, target: telegramId, transferredFrom },
      tx,
    );
    const current = await this.requireUser(request.userId, tx);
    const user = await this.users.updateMessaging(
      request.userId,
      {
        telegramId,
        telegramName: displayName(sender),
        preferredMessagingPlatform: current.preferredMessagingPlatform ?? 'telegram',
      },
      tx,
    );
    return { kind: 'linked', user, transferredFrom };
  }

  async disconnectTelegram(userId: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      const user = await this.requireUser(userId, tx);
      await this.repository.closeOpenRequests(userId, 'telegram', this.clock(), tx);
      await this.users.updateMessaging(userId, unlinked(user, 'telegram'), tx);
    });
  }

  /** The admin's "delete all Telegram users": every Telegram account is unlinked. */
  async unlinkAllTelegram(): Promise<number> {
    return this.users.clearAllTelegram();
  }

  /** Telegram said the user blocked the bot (403): unlink, and say so in the app. */
  async telegramBlocked(telegramId: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      for (const user of await this.users.findByTelegramId(telegramId, tx)) {
        await this.users.updateMessaging(user.id, unlinked(user, 'telegram'), tx);
        await this.notifications.notify(
          {
            userId: user.id,
            type: 'other',
            text: 'Your Telegram account was unlinked because it blocked the Relate bot. Link it again in Settings → Bot Connection.',
          },
          tx,
        );
      }
    });
  }

  /** Sends a 6-digit code to the number through the code template; the number links once it is typed back. */
  async requestWhatsAppCode(userId: number, phone: string, timezone?: string): Promise<void> {
    const client = this.requireWhatsApp();
    await this.limitSends(userId, 'whatsapp', 'code');
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const request = await this.db.transaction(async (tx) => {
      await this.repository.closeOpenRequests(userId, 'whatsapp', this.clock(), tx);
      if (timezone) await this.users.updateMessaging(userId, { timezone }, tx);
      return this.repository.insertLinkRequest(
        {
          userId,
          platform: 'whatsapp',
          method: 'code',
          tokenHash: sha256(code),
          target: phone,
          expiresAt: new Date(this.clock().getTime() + LINK_TTL_MS),
          createdAt: this.clock(),
        },
        tx,
      );
    });
    try {
      await client.sendTemplate(
        phone,
        this.config.WHATSAPP_CODE_TEMPLATE,
        this.config.WHATSAPP_TEMPLATE_LANGUAGE,
        [code],
      );
    } catch (error) {
      await this.repository.updateRequest(request.id, { closedAt: this.clock() });
      if (error instanceof WhatsAppApiError && error.status === 400) {
        throw fieldError('whatsapp_phone_number', 'WhatsApp could not deliver a code to this number');
      }
      throw new AppError(502, 'BOT_UNAVAILABLE', 'WhatsApp cannot be reached right now');
    }
  }

  /** Checks the typed code: 5 tries within 10 minutes, then a new code must be requested. */
  async verifyWhatsAppCode(userId: number, code: string): Promise<void> {
    const outcome = await this.db.transaction(async (tx) => {
      const request = await this.repository.latestOpen(userId, 'whatsapp', this.clock(), tx, true);
      if (!request) return 'expired' as const;
      const expected = Buffer.from(request.tokenHash);
      if (timingSafeEqual(expected, Buffer.from(sha256(code)))) {
        const now = this.clock();
        const phone = request.target ?? '';
        for (const other of await this.users.findByWhatsappPhone(phone, tx)) {
          if (other.id !== userId)
            await this.users.updateMessaging(other.id, unlinked(other, 'whatsapp'), tx);
        }
        await this.repository.updateRequest(request.id, { closedAt: now, confirmedAt: now }, tx);
        const user = await this.requireUser(userId, tx);
        await this.users.updateMessaging(
          userId,
          {
            whatsappPhoneNumber: phone,
            preferredMessagingPlatform: user.preferredMessagingPlatform ?? 'whatsapp',
          },
          tx,
        );
        return 'linked' as const;
      }
      const attempts = request.attempts + 1;
      const locked = attempts >= CODE_MAX_ATTEMPTS;
      await this.repository.updateRequest(
        request.id,
        { attempts, closedAt: locked ? this.clock() : null },
        tx,
      );
      return locked ? ('locked' as const) : CODE_MAX_ATTEMPTS - attempts;
    });
    if (outcome === 'linked') return;
    if (outcome === 'expired') throw fieldError('code', 'This code has expired: request a new one');
    if (outcome === 'locked') throw fieldError('code', 'Too many wrong codes: request a new one');
    throw fieldError('code', `Wrong code: ${outcome} ${outcome === 1 ? 'try' : 'tries'} left`);
  }

  async disconnectWhatsApp(userId: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      const user = await this.requireUser(userId, tx);
      await this.repository.closeOpenRequests(userId, 'whatsapp', this.clock(), tx);
      await this.users.updateMessaging(userId, unlinked(user, 'whatsapp'), tx);
    });
  }

  async setPreferredPlatform(userId: number, platform: Platform): Promise<void> {
    await this.users.updateMessaging(userId, { preferredMessagingPlatform: platform });
  }

  /** A user wrote to the WhatsApp bot: free-form replies are allowed for 24 hours. */
  async whatsAppInbound(phone: string): Promise<MessagingAccount | undefined> {
    const [user] = await this.users.findByWhatsappPhone(phone);
    if (!user) return undefined;
    return this.users.updateMessaging(user.id, { whatsappLastInboundAt: this.clock() });
  }

  async userByTelegramId(telegramId: number): Promise<MessagingAccount | undefined> {
    const [user] = await this.users.findByTelegramId(String(telegramId));
    return user;
  }

  /** Handles an inbound update once: false if it was seen before. A failed handler lets the retry through. */
  async once(platform: Platform, externalId: string, handle: () => Promise<void>): Promise<boolean> {
    if (!(await this.repository.claimInbound(platform, externalId))) return false;
    try {
      await handle();
    } catch (error) {
      await this.repository.releaseInbound(platform, externalId);
      throw error;
    }
    return true;
  }

  private async limitSends(userId: number, platform: Platform, method: LinkRequestRow['method']) {
    const since = new Date(this.clock().getTime() - 60 * 60_000);
    if ((await this.repository.countSince(userId, platform, since, method)) >= SENDS_PER_HOUR) {
      throw new AppError(429, 'TOO_MANY_ATTEMPTS', 'Too many requests: try again in an hour');
    }
  }

  private async requireUser(userId: number, db?: Database): Promise<MessagingAccount> {
    const [user] = await this.users.messagingAccounts([userId], db);
    if (!user) throw new AppError(404, 'NOT_FOUND', 'User not found');
    return user;
  }

  private async requireTelegram(): Promise<Bot> {
    if (!this.telegram) throw notConfigured('Telegram');
    return this.telegram();
  }

  private requireWhatsApp(): WhatsAppClient {
    if (!this.whatsapp) throw notConfigured('WhatsApp');
    return this.whatsapp;
  }
}

const notConfigured = (platform: string) =>
  new AppError(503, 'BOT_NOT_CONFIGURED', `The ${platform} bot is not configured on this server`);

/** The fields that unlink one platform; the preference moves to the other platform if it is linked. */
function unlinked(user: MessagingAccount, platform: Platform): MessagingFields {
  const other: Platform = platform === 'telegram' ? 'whatsapp' : 'telegram';
  const otherLinked = platform === 'telegram' ? user.whatsappPhoneNumber : user.telegramId;
  const preferred =
    user.preferredMessagingPlatform === platform
      ? otherLinked
        ? other
        : null
      : user.preferredMessagingPlatform;
  return platform === 'telegram'
    ? { telegramId: null, telegramName: null, preferredMessagingPlatform: preferred }
    : { whatsappPhoneNumber: null, whatsappLastInboundAt: null, preferredMessagingPlatform: preferred };
}
