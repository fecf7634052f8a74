import { Bot, GrammyError } from 'grammy';
import type { Config } from '../../config';

/** The grammY bot for TELEGRAM_BOT_TOKEN, talking to TELEGRAM_API_ROOT; undefined when no token is set. */
export function createTelegramBot(config: Config): Bot | undefined {
  if (!config.TELEGRAM_BOT_TOKEN) return undefined;
  return new Bot(config.TELEGRAM_BOT_TOKEN, { client: { apiRoot: config.TELEGRAM_API_ROOT } });
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

export const isTelegramError = (error: unknown, code: number): error is GrammyError =>
  error instanceof GrammyError && error.error_code === code;

/** Telegram answers 403 when the user blocked the bot or deleted their account. */
export const isBlockedByUser = (error: unknown) => isTelegramError(error, 403);

/** Seconds Telegram asks us to wait after a 429, if it said. */
export const retryAfterSeconds = (error: unknown): number | undefined =>
  isTelegramError(error, 429) ? error.parameters.retry_after : undefined;

export const escapeHtml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
