import { botsEnv } from '../../server/test/fakes/bots';
import { type FakeTelegram, startFakeTelegram } from '../../server/test/fakes/telegram/server';
import { type FakeWhatsApp, startFakeWhatsApp } from '../../server/test/fakes/whatsapp/server';
import { test as base } from './fixtures';

/** `bots`: the Telegram and WhatsApp fakes, started before Relate, which talks to them. */
export const test = base.extend<{ bots: { telegram: FakeTelegram; whatsapp: FakeWhatsApp } }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright requires the destructuring form
  bots: async ({}, use) => {
    const telegram = await startFakeTelegram();
    const whatsapp = await startFakeWhatsApp();
    await use({ telegram, whatsapp });
    await telegram.close();
    await whatsapp.close();
  },
  relateEnv: async ({ bots }, use) => use(botsEnv(bots.telegram, bots.whatsapp)),
});

export { expect } from './fixtures';
