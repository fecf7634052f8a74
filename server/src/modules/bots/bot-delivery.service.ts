import type { JobRunner } from '../../jobs/job-runner';
import { AppError } from '../../lib/errors';
import type { Clock } from '../../lib/time';
import type { UsersService } from '../users/users.service';
import type { MessagingAccount } from '../users/users.types';
import type { BotsRepository, Platform } from './bots.repository';
import type { BotsService } from './bots.service';
import { escapeHtml, isBlockedByUser, refusedCallOf, retryAfterSeconds } from './telegram.client';
import { OUTSIDE_WINDOW, RATE_LIMITED, WhatsAppApiError } from './whatsapp.client';

const WHATSAPP_WINDOW_MS = 24 * 60 * 60_000;

/** A message for a phone: a bold title, plain lines, and buttons whose data the bots understand. */
export interface OutboundMessage {
  title: string;
  lines?: string[];
  buttons?: { data: string; label: string }[];
}

/** The platform asked us to wait (Telegram 429 retry_after, WhatsApp throughput limit). */
export class SendLater extends Error {
  constructor(readonly delayMs: number) {
    super(`Rate limited: retry in ${delayMs} ms`);
  }
}

export type DeliveryResult = 'sent' | 'not_linked' | 'already_sent' | 'unlinked';

/** The outbox job that sends a reply to an update once Telegram's flood limit allows it. */
export const TELEGRAM_REPLY_JOB = 'bot.telegram-reply';
export interface TelegramReply {
  chatId: string;
  method: string;
  payload: Record<string, unknown>;
}

/** Which linked platform gets a user's messages: the preferred one if linked, else the one that is. */
export function deliveryPlatform(user: MessagingAccount): Platform | null {
  const linked = (platform: Platform) =>
    platform === 'telegram' ? user.telegramId : user.whatsappPhoneNumber;
  const preferred = user.preferredMessagingPlatform;
  if (preferred && linked(preferred)) return preferred;
  if (user.telegramId) return 'telegram';
  if (user.whatsappPhoneNumber) return 'whatsapp';
  return null;
}

export const telegramHtml = (message: OutboundMessage) =>
  [`<b>${escapeHtml(message.title)}</b>`, ...(message.lines ?? []).map(escapeHtml)].join('\n');

const whatsappText = (message: OutboundMessage) =>
  [`*${message.title}*`, ...(message.lines ?? [])].join('\n');

/** Sends bot messages to Relate users on their linked platform. */
export class BotDeliveryService {
  constructor(
    private readonly bots: BotsService,
    private readonly repository: BotsRepository,
    private readonly users: UsersService,
    private readonly jobs: JobRunner,
    private readonly clock: Clock,
    private readonly whatsappTemplate: { name: string; language: string },
  ) {}

  /**
   * Sends once per `deliveryKey`: the key is claimed before sending and released if the send fails,
   * so a retry can try again but a message that went out is never sent twice.
   */
  async deliver(userId: number, message: OutboundMessage, deliveryKey: string): Promise<DeliveryResult> {
    const [user] = await this.users.messagingAccounts([userId]);
    const platform = user ? deliveryPlatform(user) : null;
    if (!user || !platform) return 'not_linked';
    if (!(await this.repository.claimDelivery(userId, deliveryKey, platform))) return 'already_sent';
    try {
      return await this.send(user, platform, message);
    } catch (error) {
      await this.repository.releaseDelivery(userId, deliveryKey);
      throw error;
    }
  }

  async sendTest(userId: number): Promise<string> {
    const [user] = await this.users.messagingAccounts([userId]);
    const platform = user ? deliveryPlatform(user) : null;
    if (!user || !platform) {
      throw new AppError(400, 'BOT_NOT_LINKED', 'Link Telegram or WhatsApp first');
    }
    const result = await this.send(user, platform, {
      title: 'Test message from Relate',
      lines: ['Your notifications and reminders will arrive here.'],
    }).catch((error) => {
      if (error instanceof SendLater)
        throw new AppError(429, 'RATE_LIMITED', 'Too many messages: try again soon');
      throw new AppError(502, 'BOT_UNAVAILABLE', 'The test message could not be sent');
    });
    if (result === 'unlinked') {
      throw new AppError(
        409,
        'BOT_BLOCKED',
        'Telegram says the bot was blocked, so the account was unlinked',
      );
    }
    return platform === 'telegram' ? 'Test message sent to Telegram' : 'Test message sent to WhatsApp';
  }

  private async send(
    user: MessagingAccount,
    platform: Platform,
    message: OutboundMessage,
  ): Promise<DeliveryResult> {
    if (platform === 'telegram') return this.sendTelegram(user.telegramId!, message);
    await this.sendWhatsApp(user, message);
    return 'sent';
  }

  private sendTelegram(chatId: string, message: OutboundMessage): Promise<DeliveryResult> {
    return this.callTelegram(chatId, 'sendMessage', {
      chat_id: Number(chatId),
      text: telegramHtml(message),
      parse_mode: 'HTML',
      link_preview_options: { is_disabled: true },
      reply_markup: message.buttons?.length
        ? { inline_keyboard: [message.buttons.map((b) => ({ text: b.label, callback_data: b.data }))] }
        : undefined,
    });
  }

  /** The outbox's try at a reply Telegram refused for a while (TELEGRAM_REPLY_JOB). */
  sendReply(reply: TelegramReply): Promise<DeliveryResult> {
    return this.callTelegram(reply.chatId, reply.method, reply.payload);
  }

  /**
   * A reply to an inbound update failed at Telegram. The update still counts as handled, or Telegram
   * would deliver it again and again: a blocked bot (403) unlinks the account, a flood limit (429) hands
   * a message to the outbox, which sends it after retry_after, and anything else Telegram refused (it
   * would refuse it again, and a late callback answer is no use) is dropped. A failure that is not
   * Telegram's answer is rethrown, so that the update is handled again when Telegram redelivers it.
   */
  async replyFailed(error: unknown): Promise<'unlinked' | 'queued' | 'dropped'> {
    const refused = await refusedCallOf(error);
    if (!refused) throw error;
    if (refused.errorCode === 403 && refused.chatId !== undefined) {
      await this.bots.telegramBlocked(String(refused.chatId));
      return 'unlinked';
    }
    if (refused.errorCode === 429 && refused.chatId !== undefined && 'chat_id' in refused.payload) {
      const runAt = new Date(this.clock().getTime() + (refused.retryAfter ?? 1) * 1000);
      const reply: TelegramReply = {
        chatId: String(refused.chatId),
        method: refused.method,
        payload: refused.payload,
      };
      await this.jobs.enqueue(TELEGRAM_REPLY_JOB, reply, { runAt });
      return 'queued';
    }
    return 'dropped';
  }

  private async callTelegram(
    chatId: string,
    method: string,
    payload: Record<string, unknown>,
  ): Promise<DeliveryResult> {
    if (!this.bots.telegram) throw new Error('Telegram is not configured');
    const bot = await this.bots.telegram();
    // grammY's raw API has a function for every Bot API method name.
    const raw = bot.api.raw as unknown as Record<
      string,
      (payload: Record<string, unknown>) => Promise<unknown>
    >;
    try {
      await raw[method](payload);
      return 'sent';
    } catch (error) {
      const retryAfter = await retryAfterSeconds(error);
      if (retryAfter !== undefined) throw new SendLater(retryAfter * 1000);
      if (await isBlockedByUser(error)) {
        await this.bots.telegramBlocked(chatId);
        return 'unlinked';
      }
      throw error;
    }
  }

  /** Free text with reply buttons within 24 h of the user's last message; the notification template outside. */
  private async sendWhatsApp(user: MessagingAccount, message: OutboundMessage): Promise<void> {
    const client = this.bots.whatsapp;
    if (!client) throw new Error('WhatsApp is not configured');
    const phone = user.whatsappPhoneNumber!;
    const inWindow =
      user.whatsappLastInboundAt &&
      this.clock().getTime() - user.whatsappLastInboundAt.getTime() < WHATSAPP_WINDOW_MS;
    try {
      if (inWindow) {
        const buttons = (message.buttons ?? [])
          .slice(0, 3)
          .map((b) => ({ id: b.data, title: b.label.slice(0, 20) }));
        await client.sendText(phone, whatsappText(message), buttons);
      } else {
        const text = [message.title, ...(message.lines ?? [])].join(' · ');
        await client.sendTemplate(phone, this.whatsappTemplate.name, this.whatsappTemplate.language, [text]);
      }
    } catch (error) {
      if (error instanceof WhatsAppApiError && error.code === RATE_LIMITED) throw new SendLater(60_000);
      if (error instanceof WhatsAppApiError && error.code === OUTSIDE_WINDOW && inWindow) {
        await this.users.updateMessaging(user.id, { whatsappLastInboundAt: null });
        throw new SendLater(0);
      }
      throw error;
    }
  }
}
