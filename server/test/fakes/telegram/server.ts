import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { renderUserPage, type SentMessage } from './user-page';

/**
 * A local stand-in for the Telegram Bot API (https://api.telegram.org/bot<TOKEN>/<method>) speaking the
 * reference JSON (/work/shared/reference/messaging/telegram): getMe, getUpdates, setWebhook,
 * deleteWebhook, getWebhookInfo, sendMessage, editMessageText, answerCallbackQuery, setMyCommands,
 * with errors on demand. It also plays the Telegram user: `send` and `press` build real Update objects
 * and deliver them to the webhook (or queue them for getUpdates). GET / is a page to do that by hand.
 */

export interface TelegramUser {
  id: number;
  first_name: string;
  last_name?: string;
  username?: string;
}

export interface FakeTelegram {
  /** The apiRoot to give the client (TELEGRAM_API_ROOT). */
  url: string;
  token: string;
  botUsername: string;
  sent: SentMessage[];
  answeredCallbacks: { callback_query_id: string; text?: string }[];
  commands: { command: string; description: string }[];
  webhook: { url: string; secret_token?: string } | null;
  /** Every call made to the fake, in order (method names). */
  calls: string[];
  /** The next call of `method` fails with this Telegram error (one per call, in order). */
  failNext(method: string, error: TelegramErrorName): void;
  /** The user writes `text` to the bot; returns the Update (delivered to the webhook or queued for polling). */
  send(user: TelegramUser, text: string): Promise<TelegramUpdate>;
  /** The user presses a button of a message the bot sent them. */
  press(user: TelegramUser, message: SentMessage, callbackData: string): Promise<TelegramUpdate>;
  /** The user blocks the bot: later sends to them fail with 403, and a my_chat_member update goes out. */
  block(user: TelegramUser): Promise<TelegramUpdate>;
  /** Messages the bot sent to this chat. */
  messagesTo(chatId: number): SentMessage[];
  close(): Promise<void>;
}

export type TelegramUpdate = { update_id: number } & Record<string, unknown>;

const ERRORS = {
  chat_not_found: { error_code: 400, description: 'Bad Request: chat not found' },
  blocked: { error_code: 403, description: 'Forbidden: bot was blocked by the user' },
  flood: { error_code: 429, description: 'Too Many Requests: retry after 5', parameters: { retry_after: 5 } },
  unauthorized: { error_code: 401, description: 'Unauthorized' },
  markdown: {
    error_code: 400,
    description:
      "Bad Request: can't parse entities: Character '.' is reserved and must be escaped with the preceding '\\'",
  },
} as const;
export type TelegramErrorName = keyof typeof ERRORS;

const BOT_ID = 7000000001;

async function readBody(request: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const raw = Buffer.concat(chunks).toString('utf8');
  const url = new URL(request.url ?? '/', 'http://fake');
  const query = Object.fromEntries(url.searchParams);
  if (!raw) return query;
  const type = request.headers['content-type'] ?? '';
  if (type.includes('application/json')) return { ...query, ...JSON.parse(raw) };
  if (type.includes('application/x-www-form-urlencoded'))
    return { ...query, ...Object.fromEntries(new URLSearchParams(raw)) };
  return query;
}

function json(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

export async function startFakeTelegram(
  options: { port?: number; token?: string; botUsername?: string } = {},
): Promise<FakeTelegram> {
  const token = options.token ?? '123456789:AAG2g-bIHq4_JDWSINaOrhDw1gf5L7rzniM';
  const botUsername = options.botUsername ?? 'relate_test_bot';
  const failures = new Map<string, TelegramErrorName[]>();
  const started = new Set<number>();
  const blocked = new Set<number>();
  const users = new Map<number, TelegramUser>();
  const queue: TelegramUpdate[] = [];
  const waiters: (() => void)[] = [];
  let updateId = 815331400;
  let messageId = 100;

  const fake: FakeTelegram = {
    url: '',
    token,
    botUsername,
    sent: [],
    answeredCallbacks: [],
    commands: [],
    webhook: null,
    calls: [],
    failNext(method, error) {
      failures.set(method, [...(failures.get(method) ?? []), error]);
    },
    async send(user, text) {
      users.set(user.id, user);
      started.add(user.id);
      blocked.delete(user.id);
      const command = /^\/[a-z_]+/i.exec(text);
      return deliver({
        message: {
          message_id: ++messageId,
          from: { ...user, is_bot: false, language_code: 'en' },
          chat: { ...chatOf(user), type: 'private' },
          date: Math.floor(Date.now() / 1000),
          text,
          ...(command ? { entities: [{ offset: 0, length: command[0].length, type: 'bot_command' }] } : {}),
        },
      });
    },
    async press(user, message, data) {
      users.set(user.id, user);
      return deliver({
        callback_query: {
          id: String(Date.now()) + String(++messageId),
          from: { ...user, is_bot: false, language_code: 'en' },
          message: {
            message_id: message.message_id,
            from: { id: BOT_ID, is_bot: true, first_name: 'Relate', username: botUsername },
            chat: { ...chatOf(user), type: 'private' },
            date: Math.floor(Date.now() / 1000),
            text: message.text,
            reply_markup: message.reply_markup,
          },
          chat_instance: '-7462138274839231104',
          data,
        },
      });
    },
    async block(user) {
      blocked.add(user.id);
      const bot = { id: BOT_ID, is_bot: true, first_name: 'Relate', username: botUsername };
      return deliver({
        my_chat_member: {
          chat: { ...chatOf(user), type: 'private' },
          from: { ...user, is_bot: false },
          date: Math.floor(Date.now() / 1000),
          old_chat_member: { user: bot, status: 'member' },
          new_chat_member: { user: bot, status: 'kicked', until_date: 0 },
        },
      });
    },
    messagesTo(chatId) {
      return fake.sent.filter((message) => message.chat_id === chatId);
    },
    close: async () => {
      for (const wake of waiters.splice(0)) wake();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };

  function chatOf(user: TelegramUser) {
    return { id: user.id, first_name: user.first_name, last_name: user.last_name, username: user.username };
  }

  async function deliver(payload: Record<string, unknown>): Promise<TelegramUpdate> {
    const update = { update_id: ++updateId, ...payload };
    if (fake.webhook) {
      await fetch(fake.webhook.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(fake.webhook.secret_token
            ? { 'x-telegram-bot-api-secret-token': fake.webhook.secret_token }
            : {}),
        },
        body: JSON.stringify(update),
      });
    } else {
      queue.push(update);
      for (const wake of waiters.splice(0)) wake();
    }
    return update;
  }

  async function call(method: string, params: Record<string, unknown>): Promise<[number, unknown]> {
    const failure = failures.get(method)?.shift();
    if (failure) return [ERRORS[failure].error_code, { ok: false, ...ERRORS[failure] }];
    const ok = (result: unknown, description?: string) =>
      [200, { ok: true, result, ...(description ? { description } : {}) }] as [number, unknown];
    switch (method) {
      case 'getMe':
        return ok({
          id: BOT_ID,
          is_bot: true,
          first_name: 'Relate',
          username: botUsername,
          can_join_groups: true,
          can_read_all_group_messages: false,
          supports_inline_queries: false,
          can_connect_to_business: false,
          has_main_web_app: false,
        });
      case 'setWebhook':
        fake.webhook = { url: String(params.url), secret_token: params.secret_token as string | undefined };
        return ok(true, 'Webhook was set');
      case 'deleteWebhook':
        fake.webhook = null;
        return ok(true, 'Webhook was deleted');
      case 'getWebhookInfo':
        return ok({
          url: fake.webhook?.url ?? '',
          has_custom_certificate: false,
          pending_update_count: queue.length,
        });
      case 'setMyCommands':
        fake.commands = (
          typeof params.commands === 'string' ? JSON.parse(params.commands) : params.commands
        ) as [];
        return ok(true);
      case 'getUpdates': {
        if (fake.webhook) {
          const error = {
            error_code: 409,
            description:
              "Conflict: can't use getUpdates method while webhook is active; use deleteWebhook to delete the webhook first",
          };
          return [409, { ok: false, ...error }];
        }
        const offset = Number(params.offset ?? 0);
        while (queue.length && queue[0].update_id < offset) queue.shift();
        if (queue.length === 0 && Number(params.timeout ?? 0) > 0) {
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, Math.min(Number(params.timeout), 2) * 1000);
            waiters.push(() => {
              clearTimeout(timer);
              resolve();
            });
          });
        }
        return ok(queue.filter((update) => update.update_id >= offset));
      }
      case 'sendMessage': {
        const chatId = Number(params.chat_id);
        if (blocked.has(chatId)) return [403, { ok: false, ...ERRORS.blocked }];
        if (!started.has(chatId)) return [400, { ok: false, ...ERRORS.chat_not_found }];
        const replyMarkup =
          typeof params.reply_markup === 'string' ? JSON.parse(params.reply_markup) : params.reply_markup;
        const message: SentMessage = {
          message_id: ++messageId,
          chat_id: chatId,
          text: String(params.text),
          parse_mode: params.parse_mode as string | undefined,
          reply_markup: replyMarkup,
        };
        fake.sent.push(message);
        const user = users.get(chatId);
        return ok({
          message_id: message.message_id,
          from: { id: BOT_ID, is_bot: true, first_name: 'Relate', username: botUsername },
          chat: { id: chatId, first_name: user?.first_name ?? 'User', type: 'private' },
          date: Math.floor(Date.now() / 1000),
          text: message.text.replace(/<[^>]+>/g, ''),
          ...(replyMarkup ? { reply_markup: replyMarkup } : {}),
        });
      }
      case 'editMessageText': {
        const message = fake.sent.find((item) => item.message_id === Number(params.message_id));
        if (!message)
          return [400, { ok: false, error_code: 400, description: 'Bad Request: message to edit not found' }];
        message.text = String(params.text);
        message.reply_markup = undefined;
        return ok({
          message_id: message.message_id,
          chat: { id: message.chat_id, type: 'private' },
          text: message.text,
        });
      }
      case 'answerCallbackQuery':
        fake.answeredCallbacks.push({
          callback_query_id: String(params.callback_query_id),
          text: params.text as string | undefined,
        });
        return ok(true);
      default:
        return [404, { ok: false, error_code: 404, description: 'Not Found' }];
    }
  }

  const server = createServer(async (request, response) => {
    try {
      const url = new URL(request.url ?? '/', 'http://fake');
      if (request.method === 'GET' && url.pathname === '/') {
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        response.end(renderUserPage(fake));
        return;
      }
      if (request.method === 'POST' && url.pathname.startsWith('/user/')) {
        await userAction(url.pathname.slice('/user/'.length), await readBody(request));
        response.writeHead(303, { location: '/' });
        response.end();
        return;
      }
      const match = /^\/bot([^/]+)\/([A-Za-z]+)$/.exec(url.pathname);
      if (!match) return json(response, 404, { ok: false, error_code: 404, description: 'Not Found' });
      if (match[1] !== token) return json(response, 401, { ok: false, ...ERRORS.unauthorized });
      fake.calls.push(match[2]);
      const [status, body] = await call(match[2], await readBody(request));
      json(response, status, body);
    } catch (error) {
      json(response, 500, { ok: false, error_code: 500, description: String(error) });
    }
  });

  /** The page's forms: be a Telegram user by hand. */
  async function userAction(action: string, form: Record<string, unknown>) {
    const user: TelegramUser = {
      id: Number(form.user_id) || 123456789,
      first_name: String(form.first_name || 'Ada'),
      last_name: form.last_name ? String(form.last_name) : undefined,
    };
    if (action === 'send') await fake.send(user, String(form.text ?? ''));
    if (action === 'press') {
      const message = fake.sent.find((item) => item.message_id === Number(form.message_id));
      if (message) await fake.press(user, message, String(form.data));
    }
    if (action === 'block') await fake.block(user);
  }

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}
