import { type FakeStripe, startFakeStripe } from '../../server/test/fakes/stripe/server';
import { FAKE_API_KEY, FAKE_WEBHOOK_SECRET, fakeStripeEnv } from '../../server/test/fakes/stripe/test-app';
import { account, test as base, expect, signUp } from '../support/fixtures';

/** Relate wired to a fake Stripe living in the test process, whose signed webhooks reach that Relate. */
const test = base.extend<{ stripe: FakeStripe }>({
  stripe: async ({ now }, use) => {
    const offset = Date.parse(now) - Date.now(); // Stripe's clock agrees with Relate's
    const stripe = await startFakeStripe({
      secret: FAKE_WEBHOOK_SECRET,
      apiKey: FAKE_API_KEY,
      now: () => Date.now() + offset,
    });
    await use(stripe);
    await stripe.close();
  },
  relateEnv: async ({ stripe }, use) => use(fakeStripeEnv(stripe)),
});

test.describe.configure({ timeout: 150_000 }); // a long journey on a busy machine

test('upgrade to Pro through checkout, see the crown, cancel in the portal, drop to Free live', async ({
  page,
  relate,
  stripe,
}) => {
  stripe.state.webhookUrl = `${relate.url}/api/stripe/webhook`;
  await signUp(page, account('Paula'));
  await expect(page).toHaveURL(/\/contacts$/);

  await page.goto('/settings?section=subscription');
  const plans = page.getByRole('list', { name: 'Plans' });
  await expect(plans.locator(':scope > li')).toHaveText([/^Starter/, /^Pro/, /^Business/]);
  await expect(page.getByTestId('current-plan')).toHaveText('Free');

  // Stripe confirms after the browser is back: the page waits for it, then shows the plan.
  stripe.state.holdWebhooks = true;
  await page.getByRole('button', { name: 'Upgrade to Pro' }).click();
  await expect(page.getByRole('heading', { name: 'Subscribe to Relate Pro' })).toBeVisible();
  await expect(page.getByText('$29.00')).toBeVisible();
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page).toHaveURL(/\/settings\?section=subscription/);
  await expect(page.getByText('Confirming your payment…')).toBeVisible();
  stripe.state.holdWebhooks = false;
  await stripe.releaseHeld();

  await expect(page.getByTestId('current-plan')).toHaveText('Pro');
  await expect(page.getByText('Welcome to Pro!')).toBeVisible();
  const proCard = page.getByLabel('Pro plan', { exact: true });
  await expect(proCard.getByText('Current plan')).toBeVisible();
  await page.getByRole('button', { name: 'Account menu' }).click();
  const menu = page.getByRole('menu');
  await expect(menu.getByText('Pro plan')).toBeVisible();
  await expect(menu.locator('svg.lucide-crown')).toBeVisible();
  await page.keyboard.press('Escape');

  // Manage Billing opens the portal; cancelling keeps Pro until the end of the period.
  await proCard.getByRole('button', { name: 'Manage Billing' }).click();
  await expect(page.getByRole('heading', { name: 'Relate Pro' })).toBeVisible();
  await page.getByRole('button', { name: 'Cancel plan' }).click();
  await expect(page.getByText(/Cancels on \w+ \d{1,2}, \d{4}/)).toBeVisible();
  await page.getByRole('link', { name: 'Return to Relate' }).click();
  await expect(page.getByText('Subscription cancelled')).toBeVisible();
  await expect(page.getByText(/Your Pro plan stays active until \w+ \d{1,2}, \d{4}/)).toBeVisible();
  await expect(page.getByTestId('current-plan')).toHaveText('Pro');

  // The period ends while the page is open: the user menu follows without a reload.
  const [subscription] = stripe.customerSubscriptions([...stripe.customers.keys()][0]);
  await stripe.end(subscription.id);
  await expect(page.getByTestId('current-plan')).toHaveText('Free');
  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('menu').getByText('Free plan')).toBeVisible();
  await expect(page.getByRole('menu').locator('svg.lucide-crown')).toHaveCount(0);
});
