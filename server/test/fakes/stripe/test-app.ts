import { createTestApp, type TestApp } from '../../test-app';
import { DEFAULT_FAKE_PRICES, type FakeStripe, startFakeStripe } from './server';

export const FAKE_WEBHOOK_SECRET = 'whsec_test_fake_relate_0123456789abcdef';
export const FAKE_API_KEY = 'sk_test_fake_relate';
export const FAKE_PRICE_IDS = {
  Starter: 'price_fake_starter',
  Pro: 'price_fake_pro',
  Business: 'price_fake_business',
};

/** The environment that points Relate at a fake Stripe. */
export function fakeStripeEnv(fake: FakeStripe): Record<string, string> {
  return {
    STRIPE_SECRET_KEY: FAKE_API_KEY,
    STRIPE_WEBHOOK_SECRET: FAKE_WEBHOOK_SECRET,
    STRIPE_PRICE_STARTER: FAKE_PRICE_IDS.Starter,
    STRIPE_PRICE_PRO: FAKE_PRICE_IDS.Pro,
    STRIPE_PRICE_BUSINESS: FAKE_PRICE_IDS.Business,
    STRIPE_API_BASE_URL: fake.url,
  };
}

/** A listening Relate wired to a fake Stripe whose webhooks reach it over HTTP, as Stripe's would. */
export async function createStripeTestApp(): Promise<{
  t: TestApp;
  fake: FakeStripe;
  close(): Promise<void>;
}> {
  const fake = await startFakeStripe({
    secret: FAKE_WEBHOOK_SECRET,
    apiKey: FAKE_API_KEY,
    prices: DEFAULT_FAKE_PRICES,
  });
  const t = await createTestApp({
    env: { ...fakeStripeEnv(fake), PUBLIC_URL: 'https://relate.example.com' },
  });
  const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
  fake.state.webhookUrl = `${address}/api/stripe/webhook`;
  return {
    t,
    fake,
    async close() {
      await t.close();
      await fake.close();
    },
  };
}
