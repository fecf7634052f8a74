import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for the WhatsApp Cloud API (POST <base>/<PHONE_NUMBER_ID>/messages) speaking the
 * reference JSON (/work/shared/reference/messaging/whatsapp), with Graph errors on demand. It also plays
 * the WhatsApp user: `send` and `pressButton` build the messages webhook, sign it with the app secret
 * (X-Hub-Signature-256 over the raw bytes) and POST it to `webhookUrl`.
 */

export interface SentWhatsApp {
  id: string;
  to: string;
  type: 'text' | 'template' | 'interactive';
  text?: string;
  template?: { name: string; parameters: string[] };
  buttons?: { id: string; title: string }[];
}

const ERRORS = {
  reengagement: {
    status: 400,
    error: {
      message: '(#131047) Re-engagement message',
      type: 'OAuthException',
      code: 131047,
      error_data: {
        messaging_product: 'whatsapp',
        details:
          'Message failed to send because more than 24 hours have passed since the customer last replied to this number.',
      },
      fbtrace_id: 'AbCdEf123',
    },
  },
  rate_limit: {
    status: 400,
    error: {
      message: '(#130429) Rate limit hit',
      type: 'OAuthException',
      code: 130429,
      error_data: {
        messaging_product: 'whatsapp',
        details: 'Cloud API message throughput has been reached.',
      },
      fbtrace_id: 'AQw3Er5Ty7',
    },
  },
  not_allowed: {
    status: 400,
    error: {
      message: '(#131030) Recipient phone number not in allowed list',
      type: 'OAuthException',
      code: 131030,
      error_data: {
        messaging_product: 'whatsapp',
        details:
          'Recipient phone number not in allowed list: Add recipient phone number to recipient list and try again.',
      },
      fbtrace_id: 'AXyZ1234abcd',
    },
  },
} as const;
export type WhatsAppErrorName = keyof typeof ERRORS;

export interface FakeWhatsApp {
  /** The base URL to give the client (WHATSAPP_API_URL). */
  url: string;
  phoneNumberId: string;
  accessToken: string;
  appSecret: string;
  verifyToken: string;
  /** Where inbound messages are POSTed (the server's /api/whatsapp/webhook). */
  webhookUrl: string | null;
  sent: SentWhatsApp[];
  failNext(error: WhatsAppErrorName): void;
  /** The last code sent to this number through a template. */
  lastCode(to: string): string | undefined;
  /** The webhook body and headers of a text from `from` (signed); `deliver` POSTs it to webhookUrl. */
  inboundText(from: string, text: string): { body: string; headers: Record<string, string> };
  inboundButton(
    from: string,
    buttonId: string,
    title: string,
  ): { body: string; headers: Record<string, string> };
  sign(body: string): string;
  deliver(webhook: { body: string; headers: Record<string, string> }): Promise<number>;
  close(): Promise<void>;
}

async function readJson(request: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
}

function json(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

export async function startFakeWhatsApp(
  options: { port?: number; appSecret?: string; verifyToken?: string; webhookUrl?: string } = {},
): Promise<FakeWhatsApp> {
  const failures: WhatsAppErrorName[] = [];
  let counter = 0;
  const wamid = () => `wamid.HBgLMTY1MDUwNzY1MjAVAgARGBI${(++counter).toString(36).padStart(8, '0')}`;

  const envelope = (from: string, message: Record<string, unknown>) =>
    JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [
        {
          id: '102290129340398',
          changes: [
            {
              value: {
                messaging_product: 'whatsapp',
                metadata: { display_phone_number: '15550783881', phone_number_id: fake.phoneNumberId },
                contacts: [{ profile: { name: 'Sheena Nelson' }, wa_id: from }],
                messages: [
                  { from, id: wamid(), timestamp: String(Math.floor(Date.now() / 1000)), ...message },
                ],
              },
              field: 'messages',
            },
          ],
        },
      ],
    });

  const signed = (body: string) => ({
    body,
    headers: { 'content-type': 'application/json', 'x-hub-signature-256': fake.sign(body) },
  });

  const fake: FakeWhatsApp = {
    url: '',
    phoneNumberId: '106540352242922',
    accessToken: 'EAAG-fake-access-token',
    appSecret: options.appSecret ?? '0123456789abcdef0123456789abcdef',
    verifyToken: options.verifyToken ?? 'meatyhamhock',
    webhookUrl: options.webhookUrl ?? null,
    sent: [],
    failNext(error) {
      failures.push(error);
    },
    lastCode(to) {
      const template = fake.sent.filter((message) => message.to === to && message.template).at(-1);
      return template?.template?.parameters[0];
    },
    inboundText: (from, text) => signed(envelope(from, { type: 'text', text: { body: text } })),
    inboundButton: (from, id, title) =>
      signed(
        envelope(from, {
          type: 'interactive',
          interactive: { type: 'button_reply', button_reply: { id, title } },
        }),
      ),
    sign: (body) => `sha256=${createHmac('sha256', fake.appSecret).update(body).digest('hex')}`,
    async deliver(webhook) {
      if (!fake.webhookUrl) throw new Error('No webhook URL');
      const response = await fetch(fake.webhookUrl, {
        method: 'POST',
        headers: webhook.headers,
        body: webhook.body,
      });
      return response.status;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };

  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    if (request.method === 'POST' && url.pathname.startsWith('/user/')) {
      const chunks: Buffer[] = [];
      for await (const chunk of request) chunks.push(chunk as Buffer);
      const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
      const from = form.get('from') ?? '16505551234';
      const status = await fake.deliver(fake.inboundText(from, form.get('text') ?? 'help'));
      response.writeHead(200, { 'content-type': 'text/plain' });
      response.end(`Delivered: ${status}`);
      return;
    }
    if (request.method === 'GET' && url.pathname === '/') {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      const rows = fake.sent
        .slice(-30)
        .reverse()
        .map(
          (m) =>
            `<li>to ${m.to}: ${m.text ?? `${m.template?.name} ${m.template?.parameters.join(', ')}`}</li>`,
        )
        .join('');
      response.end(
        `<!doctype html><meta charset="utf-8"><title>Fake WhatsApp</title><h1>Fake WhatsApp</h1>` +
          `<form method="post" action="/user/send"><input name="from" value="16505551234"><input name="text" value="today"><button>Send to the bot</button></form>` +
          `<ul>${rows || '<li>None yet</li>'}</ul>`,
      );
      return;
    }
    const match = /^\/([^/]+)\/messages$/.exec(url.pathname);
    if (request.method !== 'POST' || !match || match[1] !== fake.phoneNumberId) {
      return json(response, 404, { error: { message: 'Unknown path', type: 'OAuthException', code: 803 } });
    }
    if (request.headers.authorization !== `Bearer ${fake.accessToken}`) {
      return json(response, 401, {
        error: {
          message: 'Invalid OAuth access token.',
          type: 'OAuthException',
          code: 190,
          fbtrace_id: 'A1b2C3d4E5f',
        },
      });
    }
    const body = await readJson(request);
    const failure = failures.shift();
    if (failure) return json(response, ERRORS[failure].status, { error: ERRORS[failure].error });
    const template = body.template as
      | { name: string; components?: { parameters?: { text: string }[] }[] }
      | undefined;
    const interactive = body.interactive as
      | { body: { text: string }; action: { buttons: { reply: { id: string; title: string } }[] } }
      | undefined;
    const message: SentWhatsApp = {
      id: wamid(),
      to: String(body.to),
      type: body.type as SentWhatsApp['type'],
      text: (body.text as { body?: string } | undefined)?.body ?? interactive?.body.text,
      template: template && {
        name: template.name,
        parameters: (template.components ?? []).flatMap((c) => (c.parameters ?? []).map((p) => p.text)),
      },
      buttons: interactive?.action.buttons.map((button) => button.reply),
    };
    fake.sent.push(message);
    json(response, 200, {
      messaging_product: 'whatsapp',
      contacts: [{ input: message.to, wa_id: message.to }],
      messages: [{ id: message.id, ...(message.type === 'template' ? { message_status: 'accepted' } : {}) }],
    });
  });

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}
