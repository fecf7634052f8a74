/**
 * `npm run dev:fakes`: Relate wired to local fakes of its outside services, so a person can click
 * through every flow without accounts or network, with its own data directory (./data-fakes).
 * Google: sign-in and Settings → Google Integration go to the fake's account chooser.
 * Stripe: the plan buttons open the fake's checkout page ("Pay") and billing portal, whose signed
 * webhooks reach this Relate. E-mail: a local SMTP server that prints every mail (so the
 * password-reset link) to this console. Each fake lives in server/test/fakes/<service>/.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { botsEnv } from '../server/test/fakes/bots';
import { seedFakeGoogle } from '../server/test/fakes/google/seed';
import { startFakeGoogle } from '../server/test/fakes/google/server';
import { startFakeSmtp } from '../server/test/fakes/smtp/server';
import { startFakeStripe } from '../server/test/fakes/stripe/server';
import { FAKE_API_KEY, FAKE_WEBHOOK_SECRET, fakeStripeEnv } from '../server/test/fakes/stripe/test-app';
import { startFakeTelegram } from '../server/test/fakes/telegram/server';
import { startFakeWhatsApp } from '../server/test/fakes/whatsapp/server';
import { buildWebIfChanged } from './build-if-changed.mjs';

const root = path.resolve(import.meta.dirname, '..');
// The server runs from its sources (tsx); the web app it serves is built only when its sources changed.
await buildWebIfChanged();
const port = Number(process.env.PORT ?? 3000);
const publicUrl = process.env.PUBLIC_URL ?? `http://localhost:${port}`;

const stripe = await startFakeStripe({
  port: Number(process.env.FAKE_STRIPE_PORT ?? 12111),
  webhookUrl: `http://127.0.0.1:${port}/api/stripe/webhook`,
  secret: FAKE_WEBHOOK_SECRET,
  apiKey: FAKE_API_KEY,
});
console.log(`Fake Stripe at ${stripe.url}`);
const telegram = await startFakeTelegram({ port: Number(process.env.FAKE_TELEGRAM_PORT ?? 8081) });
const whatsapp = await startFakeWhatsApp({
  port: Number(process.env.FAKE_WHATSAPP_PORT ?? 8082),
  webhookUrl: `http://127.0.0.1:${port}/api/whatsapp/webhook`,
});
console.log(`Fake Telegram at ${telegram.url}, fake WhatsApp at ${whatsapp.url}: be the user there`);

const smtp = await startFakeSmtp({ port: Number(process.env.FAKE_SMTP_PORT ?? 2525) });
smtp.onMail((mail) =>
  console.log(
    `\n--- Mail to ${mail.to.join(', ')}: ${mail.subject} ---\n${mail.text}\n--- end of mail ---\n`,
  ),
);
console.log(`Fake SMTP at ${smtp.url}: mails are printed here`);

const google = await startFakeGoogle({ port: Number(process.env.FAKE_GOOGLE_PORT ?? 4010) });
seedFakeGoogle(google.fake);
console.log(`Fake Google at ${google.url} (accounts: ada@example.com, charles@example.com)`);

const server = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    PORT: String(port),
    PUBLIC_URL: publicUrl,
    DATA_DIR: process.env.DATA_DIR ?? './data-fakes',
    SMTP_URL: smtp.url,
    ...fakeStripeEnv(stripe),
    ...botsEnv(telegram, whatsapp),
    ...google.env,
  },
});
const stop = () => server.kill('SIGTERM');
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
server.on('exit', async (code) => {
  await Promise.all([stripe.close(), smtp.close(), telegram.close(), whatsapp.close(), google.close()]);
  process.exit(code ?? 0);
});
