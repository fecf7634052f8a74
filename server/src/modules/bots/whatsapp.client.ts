import type { Config } from '../../config';

export class WhatsAppApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: number | undefined,
    message: string,
  ) {
    super(message);
    this.name = 'WhatsAppApiError';
  }
}

/** Free-form messages are refused outside the 24-hour customer service window. */
export const OUTSIDE_WINDOW = 131047;
/** Throughput limit: try again later. */
export const RATE_LIMITED = 130429;

export interface ReplyButton {
  id: string;
  title: string;
}

/** The WhatsApp Cloud API (Graph) messages endpoint of one business phone number. */
export class WhatsAppClient {
  constructor(
    private readonly baseUrl: string,
    private readonly phoneNumberId: string,
    private readonly accessToken: string,
  ) {}

  static fromConfig(config: Config): WhatsAppClient | undefined {
    const { WHATSAPP_ACCESS_TOKEN, WHATSAPP_PHONE_NUMBER_ID, WHATSAPP_APP_SECRET, WHATSAPP_VERIFY_TOKEN } =
      config;
    if (
      !WHATSAPP_ACCESS_TOKEN ||
      !WHATSAPP_PHONE_NUMBER_ID ||
      !WHATSAPP_APP_SECRET ||
      !WHATSAPP_VERIFY_TOKEN
    ) {
      return undefined;
    }
    return new WhatsAppClient(config.WHATSAPP_API_URL, WHATSAPP_PHONE_NUMBER_ID, WHATSAPP_ACCESS_TOKEN);
  }

  /** A text, with up to three reply buttons; only within 24 h of the user's last message. */
  sendText(to: string, body: string, buttons: ReplyButton[] = []): Promise<string> {
    if (buttons.length === 0) {
      return this.send({ to, type: 'text', text: { preview_url: false, body } });
    }
    return this.send({
      to,
      type: 'interactive',
      interactive: {
        type: 'button',
        body: { text: body },
        action: { buttons: buttons.map((reply) => ({ type: 'reply', reply })) },
      },
    });
  }

  /** An approved template with body parameters; works outside the 24-hour window. */
  sendTemplate(to: string, name: string, language: string, parameters: string[]): Promise<string> {
    return this.send({
      to,
      type: 'template',
      template: {
        name,
        language: { code: language },
        components: [{ type: 'body', parameters: parameters.map((text) => ({ type: 'text', text })) }],
      },
    });
  }

  /** Sends one message and returns its wamid. */
  private async send(message: Record<string, unknown>): Promise<string> {
    const response = await fetch(`${this.baseUrl}/${this.phoneNumberId}/messages`, {
      method: 'POST',
      headers: { authorization: `Bearer ${this.accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ messaging_product: 'whatsapp', recipient_type: 'individual', ...message }),
      signal: AbortSignal.timeout(15_000),
    });
    const body = (await response.json().catch(() => ({}))) as {
      messages?: { id: string }[];
      error?: { code?: number; message?: string };
    };
    if (!response.ok || !body.messages?.[0]) {
      throw new WhatsAppApiError(
        response.status,
        body.error?.code,
        body.error?.message ?? `WhatsApp answered ${response.status}`,
      );
    }
    return body.messages[0].id;
  }
}
