import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import { COMMANDS } from './bot-commands.service';
import type { BotsService } from './bots.service';
import { initBot } from './telegram.client';

/** What starting the bot uses of the app (main.ts passes the app itself). */
interface TelegramStart {
  services: { bots: Pick<BotsService, 'telegram'> };
  config: Pick<Config, 'PUBLIC_URL' | 'TELEGRAM_WEBHOOK_SECRET' | 'TELEGRAM_POLLING'>;
  log: FastifyBaseLogger;
}

const ALLOWED_UPDATES = ['message', 'callback_query', 'my_chat_member'] as const;

/**
 * Connects the Telegram bot at start: registers the commands, then either sets the webhook
 * (TELEGRAM_WEBHOOK_SECRET; every process can receive) or, for development without a public address,
 * polls with getUpdates (TELEGRAM_POLLING, on one process only: Telegram refuses a second poller with
 * 409, and polling and a webhook never run together). Failures are logged; the rest of Relate runs on.
 */
export async function startTelegram(app: TelegramStart): Promise<void> {
  const { telegram } = app.services.bots;
  const { PUBLIC_URL, TELEGRAM_WEBHOOK_SECRET, TELEGRAM_POLLING } = app.config;
  if (!telegram) return;
  try {
    const bot = await telegram();
    await initBot(bot);
    await bot.api.setMyCommands(COMMANDS.map(({ command, description }) => ({ command, description })));
    if (TELEGRAM_WEBHOOK_SECRET) {
      if (TELEGRAM_POLLING) app.log.warn('TELEGRAM_POLLING is ignored: the webhook is set');
      const url = new URL('/api/telegram/webhook', PUBLIC_URL).toString();
      await bot.api.setWebhook(url, {
        secret_token: TELEGRAM_WEBHOOK_SECRET,
        allowed_updates: [...ALLOWED_UPDATES],
      });
      app.log.info({ url }, 'Telegram webhook set');
    } else if (TELEGRAM_POLLING) {
      bot.catch((error) => app.log.error({ err: error.error }, 'Telegram update failed'));
      void bot.start({ allowed_updates: [...ALLOWED_UPDATES] }).catch((error) => {
        app.log.error({ err: error }, 'Telegram polling stopped (is another process polling?)');
      });
      app.log.info('Telegram long polling started');
    } else {
      app.log.warn(
        'Telegram: set TELEGRAM_WEBHOOK_SECRET (webhook) or TELEGRAM_POLLING=true to receive updates',
      );
    }
  } catch (error) {
    app.log.error({ err: error }, 'Telegram bot could not start');
  }
}
