export interface SentMessage {
  message_id: number;
  chat_id: number;
  text: string;
  parse_mode?: string;
  reply_markup?: { inline_keyboard?: { text: string; callback_data?: string; url?: string }[][] };
}

/** What the page shows of the fake (`FakeTelegram`). */
interface UserPageState {
  botUsername: string;
  sent: SentMessage[];
  webhook: { url: string } | null;
}

const escapeHtml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/** A bare page to be the Telegram user: write to the bot, press its buttons, block it. */
export function renderUserPage(fake: UserPageState): string {
  const messages = fake.sent
    .slice(-30)
    .reverse()
    .map((message) => {
      const buttons = (message.reply_markup?.inline_keyboard ?? [])
        .flat()
        .filter((button) => button.callback_data)
        .map(
          (button) =>
            `<form method="post" action="/user/press" style="display:inline">` +
            `<input type="hidden" name="user_id" value="${message.chat_id}">` +
            `<input type="hidden" name="message_id" value="${message.message_id}">` +
            `<input type="hidden" name="data" value="${escapeHtml(button.callback_data ?? '')}">` +
            `<button>${escapeHtml(button.text)}</button></form>`,
        )
        .join(' ');
      return `<li><small>to ${message.chat_id}</small><div>${message.text}</div>${buttons}</li>`;
    })
    .join('');
  return `<!doctype html><html><head><meta charset="utf-8"><title>Fake Telegram</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font:15px system-ui;max-width:640px;margin:2rem auto;padding:0 1rem}li{margin:.75rem 0;padding:.5rem;border:1px solid #ddd;border-radius:8px;list-style:none}input{margin:.2rem}</style>
</head><body>
<h1>Fake Telegram: @${escapeHtml(fake.botUsername)}</h1>
<p>Webhook: ${fake.webhook ? escapeHtml(fake.webhook.url) : 'none (the server polls)'}</p>
<form method="post" action="/user/send">
  <input name="user_id" value="123456789" size="12" aria-label="Telegram user id">
  <input name="first_name" value="Ada" size="8" aria-label="First name">
  <input name="text" placeholder="/start <payload> or /today" size="40" aria-label="Message">
  <button>Send to the bot</button>
</form>
<form method="post" action="/user/block"><input name="user_id" value="123456789" size="12"><button>Block the bot</button></form>
<h2>Messages from the bot</h2><ul>${messages || '<li>None yet</li>'}</ul>
</body></html>`;
}
