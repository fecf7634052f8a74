import type { Bot, Context } from 'grammy';
import type { BotCommandsService } from './bot-commands.service';
import { telegramHtml } from './bot-delivery.service';
import type { BotsService, LinkOutcome } from './bots.service';
import { escapeHtml } from './telegram.client';

const LINK_INSTRUCTIONS =
  'This is the Relate bot. To receive your notifications and reminders here, open Relate, go to ' +
  'Settings → Bot Connection and open the Telegram link or scan its QR code.';

const START_PAYLOAD = /^[A-Za-z0-9_-]{1,64}$/;

function linkReply(outcome: LinkOutcome): string {
  switch (outcome.kind) {
    case 'linked':
      return (
        `✅ Linked to <b>${escapeHtml(outcome.user.email)}</b>. Your Relate notifications and reminders will arrive here.` +
        (outcome.transferredFrom
          ? `\nThis Telegram account was linked to ${escapeHtml(outcome.transferredFrom)} before; it no longer is.`
          : '') +
        '\n\nSend /help to see what I can do.'
      );
    case 'declined':
      return 'Nothing was linked.';
    case 'not_for_you':
      return 'This request was made for another Telegram account.';
    case 'invalid':
      return 'This link has expired or was already used. Open Settings → Bot Connection in Relate for a new one.';
  }
}

/** Wires the bot: linking first, then commands and buttons for linked users. */
export function registerTelegramHandlers(bot: Bot, bots: BotsService, commands: BotCommandsService) {
  bot.command('start', async (ctx, next) => {
    if (ctx.chat.type !== 'private') return;
    const payload = ctx.match.trim();
    if (!payload) return next();
    if (!START_PAYLOAD.test(payload)) {
      await ctx.reply(linkReply({ kind: 'invalid' }), { parse_mode: 'HTML' });
      return;
    }
    const outcome = await bots.confirmDeepLink(payload, ctx.from!);
    await ctx.reply(linkReply(outcome), { parse_mode: 'HTML' });
  });

  bot.callbackQuery(/^link:(yes|no):([A-Za-z0-9_-]{1,48})$/, async (ctx) => {
    const [, answer, nonce] = ctx.match;
    const outcome = await bots.answerTypedLink(nonce, answer === 'yes', ctx.from);
    await ctx.answerCallbackQuery({ text: outcome.kind === 'linked' ? 'Linked' : undefined });
    if (outcome.kind === 'not_for_you') return;
    await editOrReply(ctx, linkReply(outcome));
  });

  bot.on('my_chat_member', async (ctx) => {
    const status = ctx.myChatMember.new_chat_member.status;
    if (ctx.chat.type === 'private' && status === 'kicked') await bots.telegramBlocked(String(ctx.chat.id));
  });

  const privateChat = bot.chatType('private');

  privateChat.on('message:text', async (ctx) => {
    const user = await bots.userByTelegramId(ctx.from.id);
    if (!user) {
      await ctx.reply(LINK_INSTRUCTIONS);
      return;
    }
    const text = ctx.message.text;
    const answer = text.startsWith('/start')
      ? { title: `Linked to ${user.email}`, lines: ['Send /help to see what I can do.'] }
      : await commands.command(user, text);
    await ctx.reply(telegramHtml(answer), {
      parse_mode: 'HTML',
      link_preview_options: { is_disabled: true },
    });
  });

  bot.callbackQuery(/^(task|snooze|follow):/, async (ctx) => {
    const user = await bots.userByTelegramId(ctx.from.id);
    if (!user) {
      await ctx.answerCallbackQuery({ text: 'This Telegram account is not linked to Relate' });
      return;
    }
    const answer = await commands.action(user, ctx.callbackQuery.data);
    await ctx.answerCallbackQuery({ text: answer.title.slice(0, 190) });
    await ctx.reply(telegramHtml(answer), { parse_mode: 'HTML' });
  });

  bot.on('callback_query', (ctx) => ctx.answerCallbackQuery());
}

async function editOrReply(ctx: Context, html: string) {
  try {
    await ctx.editMessageText(html, { parse_mode: 'HTML' });
  } catch {
    await ctx.reply(html, { parse_mode: 'HTML' });
  }
}
