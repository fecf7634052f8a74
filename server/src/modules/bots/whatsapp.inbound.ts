import type { BotCommandsService } from './bot-commands.service';
import type { BotsService } from './bots.service';

interface InboundMessage {
  id: string;
  from: string;
  type: string;
  text?: { body: string };
  interactive?: { button_reply?: { id: string; title: string } };
  button?: { payload?: string; text?: string };
}

export interface WhatsAppWebhook {
  object?: string;
  entry?: { changes?: { field?: string; value?: { messages?: InboundMessage[] } }[] }[];
}

const UNKNOWN_NUMBER =
  'This is the Relate bot. To receive your notifications here, open Relate, go to Settings → Bot Connection ' +
  'and connect this WhatsApp number.';

/** Every message of every entry and change, each handled once by its id; statuses need nothing. */
/** What answering a message uses of the services (bots.webhooks.ts passes them all). */
interface WhatsAppInbound {
  bots: Pick<BotsService, 'whatsapp' | 'once' | 'whatsAppInbound'>;
  botCommands: Pick<BotCommandsService, 'action' | 'command'>;
}

export async function handleWhatsAppWebhook(
  payload: WhatsAppWebhook,
  services: WhatsAppInbound,
): Promise<void> {
  const { bots, botCommands } = services;
  const client = bots.whatsapp;
  if (!client) return;
  for (const entry of payload.entry ?? []) {
    for (const change of entry.changes ?? []) {
      for (const message of change.value?.messages ?? []) {
        if (typeof message?.id !== 'string' || typeof message.from !== 'string') continue;
        await bots.once('whatsapp', message.id, async () => {
          const user = await bots.whatsAppInbound(message.from);
          if (!user) {
            await client.sendText(message.from, UNKNOWN_NUMBER);
            return;
          }
          const reply = message.interactive?.button_reply?.id ?? message.button?.payload;
          const answer = reply
            ? await botCommands.action(user, reply)
            : await botCommands.command(user, message.text?.body ?? '');
          await client.sendText(
            message.from,
            [`*${answer.title}*`, ...(answer.lines ?? [])].join('\n'),
            (answer.buttons ?? []).slice(0, 3).map((b) => ({ id: b.data, title: b.label.slice(0, 20) })),
          );
        });
      }
    }
  }
}
