import type { Bot, GrammyError } from 'grammy';
import type { Config } from '../../config';
import { type Lazy, lazy } from '../../lib/lazy';

/**
 * The grammY bot for TELEGRAM_BOT_TOKEN, talking to TELEGRAM_API_ROOT, made at its first use and
 * handed to `setUp` (its handlers) then; undefined when no token is set.
 */
export function createTelegramBot(config: Config, setUp: (bot: Bot) => void): Lazy<Bot> | undefined {
  const token = config.TELEGRAM_BOT_TOKEN;
  if (!token) return undefined;
  return lazy(async () => {
    const { Bot } = await import('grammy');
    const bot = new Bot(token, { client: { apiRoot: config.TELEGRAM_API_ROOT } });
    setUp(bot);
    return bot;
  });
}

/** getMe once per process (grammY needs it before handling updates); gives up after 5 s. */
export async function initBot(bot: Bot): Promise<void> {
  if (!bot.isInited()) await bot.init(AbortSignal.timeout(5000) as Parameters<Bot['init']>[0]);
}

/** The bot's @username, or null while Telegram cannot be reached. */
export async function telegramUsername(bot: Bot): Promise<string | null> {
  try {
    await initBot(bot);
    return bot.botInfo.username;
  } catch {
    return null;
  }
}

/** The error as a failed Bot API call's (grammY's GrammyError, with Telegram's error_code), else undefined. */
export async function telegramErrorOf(error: unknown): Promise<GrammyError | undefined> {
  const { GrammyError } = await import('grammy');
  return error instanceof GrammyError ? error : undefined;
}

/** A Bot API call that Telegram refused while a handler answered an update. */
export interface RefusedCall {
  method: string;
  payload: Record<string, unknown>;
  /** The chat of the update being answered (a callback answer's payload names none). */
  chatId: number | undefined;
  errorCode: number;
  retryAfter: number | undefined;
}

/**
 * The call Telegram refused, from the error a handler threw (grammY wraps it in a BotError); undefined
 * when the error is not Telegram's answer (our own failure, or Telegram out of reach).
 */
export async function refusedCallOf(error: unknown): Promise<RefusedCall | undefined> {
  const { BotError } = await import('grammy');
  const cause = error instanceof BotError ? error.error : error;
  const refusal = await telegramErrorOf(cause);
  if (!refusal) return undefined;
  const chatId = error instanceof BotError ? error.ctx.chat?.id : undefined;
  return {
    method: refusal.method,
    payload: refusal.payload,
    chatId: chatId ?? (typeof refusal.payload.chat_id === 'number' ? refusal.payload.chat_id : undefined),
    errorCode: refusal.error_code,
    retryAfter: refusal.parameters.retry_after,
  };
}

/** Telegram answers 403 when the user blocked the bot or deleted their account. */
export const isBlockedByUser = async (error: unknown) => (await telegramErrorOf(error))?.error_code === 403;

/** Seconds Telegram asks us to wait after a 429, if it said. */
export async function retryAfterSeconds(error: unknown): Promise<number | undefined> {
  const telegramError = await telegramErrorOf(error);
  return telegramError?.error_code === 429 ? telegramError.parameters.retry_after : undefined;
}

export const escapeHtml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
