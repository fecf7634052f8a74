import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeStripe, Json } from '../../../test/fakes/stripe/server';
import { stripeSignatureHeader } from '../../../test/fakes/stripe/signature';
import {
  createStripeTestApp,
  FAKE_PRICE_IDS,
  FAKE_WEBHOOK_SECRET,
} from '../../../test/fakes/stripe/test-app';
import { createUser, type TestApp, type TestUser } from '../../../test/test-app';

let t: TestApp;
let fake: FakeStripe;
let close: () => Promise<void>;
let admin: TestUser;

beforeAll(async () => {
  ({ t, fake, close } = await createStripeTestApp());
  admin = await createUser(t.app);
});
afterAll(() => close());

const plan = async (user: TestUser) =>
  (await t.app.inject({ method: 'GET', url: '/api/plan', headers: user.headers })).json();

const checkout = (user: TestUser, name: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/stripe-checkout-session',
    headers: user.headers,
    payload: { plan: name },
  });

const portal = (user: TestUser) =>
  t.app.inject({ method: 'POST', url: '/api/stripe-portal-session', headers: user.headers });

const notifications = async (user: TestUser): Promise<string[]> =>
  (await t.app.inject({ method: 'GET', url: '/api/notifications', headers: user.headers }))
    .json()
    .notifications.map((row: { notification: string }) => row.notification);

const sessionIdOf = (url: string) => url.split('/').pop()!;

/** Signs up, goes through checkout and presses "Pay"; returns the user and their subscription id. */
async function subscribe(
  name = 'Pro',
): Promise<{ user: TestUser; subscriptionId: string; customerId: string }> {
  const user = await createUser(t.app);
  const response = await checkout(user, name);
  expect(response.statusCode).toBe(200);
  const sessionId = sessionIdOf(response.json().checkout_url);
  await fake.completeCheckout(sessionId);
  const session = fake.sessions.get(sessionId)!;
  return { user, subscriptionId: session.subscription, customerId: session.customer };
}

const postWebhook = (payload: string, signature?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/stripe/webhook',
    headers: { 'content-type': 'application/json', ...(signature && { 'stripe-signature': signature }) },
    payload,
  });

describe('checkout', () => {
  it('creates one session for the plan’s price even when called twice, for the caller’s own customer', async () => {
    const user = await createUser(t.app, { fullName: 'Ada Lovelace' });
    const sessionsBefore = fake.sessions.size;
    const [first, second] = await Promise.all([checkout(user, 'Pro'), checkout(user, 'Pro')]);
    expect(first.statusCode).toBe(200);
    expect(second.json().checkout_url).toBe(first.json().checkout_url);
    expect(fake.sessions.size).toBe(sessionsBefore + 1);

    const session = fake.sessions.get(sessionIdOf(first.json().checkout_url))!;
    expect(session.line_items).toEqual([{ price: FAKE_PRICE_IDS.Pro, quantity: '1' }]);
    expect(session.mode).toBe('subscription');
    expect(session.client_reference_id).toBe(String(user.id));
    expect(session.success_url).toBe(
      'https://relate.example.com/settings?section=subscription&checkout=success&session_id={CHECKOUT_SESSION_ID}',
    );
    expect(session.cancel_url).toBe(
      'https://relate.example.com/settings?section=subscription&checkout=cancelled',
    );
    const customer = fake.customers.get(session.customer)!;
    expect(customer).toMatchObject({ email: user.email, name: 'Ada Lovelace' });

    // Another plan later: a new session, the same customer.
    const starter = await checkout(user, 'Starter');
    expect(starter.json().checkout_url).not.toBe(first.json().checkout_url);
    expect(fake.sessions.get(sessionIdOf(starter.json().checkout_url))!.customer).toBe(session.customer);
    expect(await plan(user)).toMatchObject({ plan: 'Free', subscription: null, has_billing_account: true });
  });

  it('gives a customer deleted at Stripe a new one, stores it, and goes on', async () => {
    const user = await createUser(t.app);
    const first = fake.sessions.get(sessionIdOf((await checkout(user, 'Pro')).json().checkout_url))!;
    fake.customers.delete(first.customer);
    const response = await checkout(user, 'Starter');
    expect(response.statusCode, response.body).toBe(200);
    const session = fake.sessions.get(sessionIdOf(response.json().checkout_url))!;
    expect(session.customer).not.toBe(first.customer);
    expect(fake.customers.get(session.customer)).toMatchObject({ email: user.email });
    // The new customer is the stored one: the next checkout uses it without creating another.
    const customers = fake.customers.size;
    const again = fake.sessions.get(sessionIdOf((await checkout(user, 'Business')).json().checkout_url))!;
    expect(again.customer).toBe(session.customer);
    expect(fake.customers.size).toBe(customers);
  });

  it('refuses a plan that is not sold through checkout, naming the field', async () => {
    const user = await createUser(t.app);
    for (const name of ['Free', 'Enterprise', 'Gold']) {
      const response = await checkout(user, name);
      expect(response.statusCode).toBe(400);
      expect(response.json().details[0].field).toBe('plan');
    }
  });

  it('sends someone who already pays to Manage Billing instead of a second subscription', async () => {
    const { user } = await subscribe('Starter');
    const response = await checkout(user, 'Pro');
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('ALREADY_SUBSCRIBED');
  });
});

describe('webhooks', () => {
  it('upgrades the plan after payment, notifies the user and keeps an audit row', async () => {
    const { user } = await subscribe('Pro');
    const current = await plan(user);
    expect(current).toMatchObject({
      success: true,
      plan: 'Pro',
      billing_enabled: true,
      subscription: { plan: 'Pro', status: 'active', cancel_at_period_end: false },
    });
    // The fake Stripe dates periods from the real clock, as Stripe does.
    expect(new Date(current.subscription.current_period_end).getTime()).toBeGreaterThan(Date.now());
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: user.headers });
    expect(me.json().plan).toBe('Pro');
    expect(await notifications(user)).toEqual(['Your Pro plan is active. Thank you for subscribing!']);
    const history = await t.app.services.plans.history(user.id);
    expect(history).toMatchObject([{ source: 'stripe', fromPlan: 'Free', toPlan: 'Pro', actorId: null }]);
  });

  it('applies the same event once when it is delivered twice', async () => {
    const { user } = await subscribe('Pro');
    const completed = fake.deliveries.findLast(
      (delivery) => delivery.event.type === 'checkout.session.completed',
    )!;
    // Drop the plan behind Stripe's back: a second application would bring it back to Pro.
    await t.app.services.plans.adminSet(admin.id, user.id, 'Starter', 'test');
    const again = await fake.deliver(completed.event);
    expect(again.status).toBe(200);
    expect((await plan(user)).plan).toBe('Starter');
    expect(await notifications(user)).toHaveLength(2); // active, then the administrator's change
  });

  it('rejects a forged, stale, tampered or missing signature with 400 and changes nothing', async () => {
    const user = await createUser(t.app);
    const url = (await checkout(user, 'Business')).json().checkout_url;
    fake.state.holdWebhooks = true;
    await fake.completeCheckout(sessionIdOf(url));
    fake.state.holdWebhooks = false;
    const events = fake.held.splice(0);
    const payload = JSON.stringify(events[1], null, 2);
    const now = Math.floor(Date.now() / 1000); // the app's clock in this file is the real one

    const attempts = [
      stripeSignatureHeader(payload, 'whsec_someone_else', now),
      stripeSignatureHeader(payload, FAKE_WEBHOOK_SECRET, now - 301),
      undefined,
    ];
    for (const signature of attempts) {
      const response = await postWebhook(payload, signature);
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('INVALID_SIGNATURE');
    }
    const tampered = payload.replace(
      `"client_reference_id": "${user.id}"`,
      `"client_reference_id": "${admin.id}"`,
    );
    expect(tampered).not.toBe(payload);
    const forged = await postWebhook(tampered, stripeSignatureHeader(payload, FAKE_WEBHOOK_SECRET, now));
    expect(forged.statusCode).toBe(400);
    expect((await plan(user)).plan).toBe('Free');

    // The genuine delivery still works afterwards: nothing was recorded by the rejected ones.
    const genuine = await postWebhook(payload, stripeSignatureHeader(payload, FAKE_WEBHOOK_SECRET, now));
    expect(genuine.statusCode).toBe(200);
    expect((await plan(user)).plan).toBe('Business');
  });

  it('keeps a plan cancelled at period end until the period ends, then downgrades to Free', async () => {
    const { user, subscriptionId } = await subscribe('Pro');
    await fake.cancelAtPeriodEnd(subscriptionId);
    const cancelling = await plan(user);
    expect(cancelling).toMatchObject({
      plan: 'Pro',
      subscription: { status: 'active', cancel_at_period_end: true },
    });
    const [latest] = await notifications(user);
    expect(latest).toMatch(/^Your Pro plan is cancelled and stays active until \w+ \d{1,2}, \d{4}\.$/);

    await fake.end(subscriptionId);
    expect(await plan(user)).toMatchObject({ plan: 'Free', subscription: { status: 'canceled' } });
    expect((await notifications(user))[0]).toBe('Your Pro plan has ended. You are now on the Free plan.');
  });

  it('warns about a failed payment without downgrading, and says when it went through', async () => {
    const { user, subscriptionId } = await subscribe('Business');
    await fake.setStatus(subscriptionId, 'past_due');
    expect(await plan(user)).toMatchObject({ plan: 'Business', subscription: { status: 'past_due' } });
    expect((await notifications(user))[0]).toMatch(
      /^We could not collect the payment for your Business plan/,
    );
    await fake.setStatus(subscriptionId, 'active');
    expect((await notifications(user))[0]).toBe('Your payment went through. Your Business plan is active.');
  });

  it('ends in the right state whatever order the events arrive in', async () => {
    const user = await createUser(t.app);
    const sessionId = sessionIdOf((await checkout(user, 'Starter')).json().checkout_url);
    fake.state.holdWebhooks = true;
    try {
      await fake.completeCheckout(sessionId);
      const subscriptionId = fake.sessions.get(sessionId)!.subscription;
      await fake.switchPrice(subscriptionId, FAKE_PRICE_IDS.Business);
      await fake.cancelAtPeriodEnd(subscriptionId);
      // created, completed, updated (switch), updated (cancel): delivered newest first.
      const results = await fake.releaseHeld([3, 2, 1, 0]);
      expect(results.map((result) => result.status)).toEqual([200, 200, 200, 200]);
      expect(await plan(user)).toMatchObject({
        plan: 'Business',
        subscription: { plan: 'Business', cancel_at_period_end: true },
      });

      // The deletion arrives before an earlier update: the earlier one cannot bring a plan back.
      await fake.switchPrice(subscriptionId, FAKE_PRICE_IDS.Starter);
      await fake.end(subscriptionId);
      const late = await fake.releaseHeld([1, 0]);
      expect(late.map((result) => result.event.type)).toEqual([
        'customer.subscription.deleted',
        'customer.subscription.updated',
      ]);
      expect(late[1].event.data.object).toMatchObject({ status: 'active' });
      expect(await plan(user)).toMatchObject({ plan: 'Free', subscription: { status: 'canceled' } });
    } finally {
      fake.state.holdWebhooks = false;
      fake.held.length = 0;
    }
  });

  it('ignores a checkout whose reference names another user than the customer’s', async () => {
    const victim = await createUser(t.app);
    const attacker = await createUser(t.app);
    const sessionId = sessionIdOf((await checkout(attacker, 'Pro')).json().checkout_url);
    fake.state.holdWebhooks = true;
    await fake.completeCheckout(sessionId);
    fake.state.holdWebhooks = false;
    const completed: Json = fake.held.splice(0)[1];
    completed.id = 'evt_forged_reference';
    completed.data.object.client_reference_id = String(victim.id);
    expect((await fake.deliver(completed)).status).toBe(200);
    expect((await plan(victim)).plan).toBe('Free');
    expect((await plan(victim)).subscription).toBeNull();
  });
});

describe('account deletion', () => {
  it('cancels the live subscription of a deleted account so that it stops being billed', async () => {
    const { user, subscriptionId } = await subscribe('Pro');
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/users/${user.id}`,
      headers: admin.headers,
    });
    expect(deleted.statusCode).toBeLessThan(300);
    // Stripe is called by a job queued in the deletion's transaction, once the deletion has committed.
    expect(fake.subscriptions.get(subscriptionId)).toMatchObject({ status: 'active' });
    while ((await t.app.services.jobs.runDue(50)) > 0);
    expect(fake.subscriptions.get(subscriptionId)).toMatchObject({ status: 'canceled' });
    // Acknowledged (200), and ignored: the customer is gone. The fake delivers asynchronously.
    await expect
      .poll(
        () =>
          fake.deliveries.find(
            (delivery) =>
              delivery.event.data.object.id === subscriptionId &&
              delivery.event.type === 'customer.subscription.deleted',
          )?.status,
        { timeout: 10_000 },
      )
      .toBe(200);
  });
});

describe('billing portal', () => {
  it('opens the caller’s own portal, and tells a user without a customer that none exists', async () => {
    const { user, customerId } = await subscribe('Starter');
    const response = await portal(user);
    expect(response.statusCode).toBe(200);
    const portalId = response.json().portal_url.split('/').pop();
    expect(response.json().portal_url).toBe(`${fake.url}/p/session/${portalId}`);
    const request = fake.requests.findLast((entry) => entry.path === '/v1/billing_portal/sessions')!;
    expect(request.body).toEqual({
      customer: customerId,
      return_url: 'https://relate.example.com/settings?section=subscription',
    });

    const stranger = await createUser(t.app);
    const refused = await portal(stranger);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({ code: 'NO_STRIPE_CUSTOMER', error: 'No Stripe customer found' });
    expect((await plan(stranger)).subscription).toBeNull();
  });

  it('says the portal is not available when Stripe has none configured', async () => {
    const { user } = await subscribe('Starter');
    fake.state.portalConfigured = false;
    try {
      const response = await portal(user);
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({
        code: 'BILLING_PORTAL_UNAVAILABLE',
        error: 'Billing portal not available',
      });
    } finally {
      fake.state.portalConfigured = true;
    }
  });
});

describe('POST /plan', () => {
  it('is refused to a user setting their own plan and allowed to an administrator, with an audit row', async () => {
    const user = await createUser(t.app);
    const own = await t.app.inject({
      method: 'POST',
      url: '/api/plan',
      headers: user.headers,
      payload: { plan: 'Business' },
    });
    expect(own.statusCode).toBe(403);
    expect((await plan(user)).plan).toBe('Free');

    const bySupport = await t.app.inject({
      method: 'POST',
      url: '/api/plan',
      headers: admin.headers,
      payload: { plan: 'Enterprise', user_id: user.id, reason: 'Signed contract #42' },
    });
    expect(bySupport.statusCode).toBe(200);
    expect(bySupport.json()).toEqual({ success: true, user_id: user.id, plan: 'Enterprise' });
    expect((await plan(user)).plan).toBe('Enterprise');
    expect(await t.app.services.plans.history(user.id)).toMatchObject([
      {
        source: 'admin',
        actorId: admin.id,
        fromPlan: 'Free',
        toPlan: 'Enterprise',
        reason: 'Signed contract #42',
      },
    ]);
    expect(await notifications(user)).toEqual([
      'An administrator changed your plan from Free to Enterprise.',
    ]);
  });

  it('answers 404 for an unknown user and 400 for an unknown plan', async () => {
    const unknownUser = await t.app.inject({
      method: 'POST',
      url: '/api/plan',
      headers: admin.headers,
      payload: { plan: 'Pro', user_id: 999_999 },
    });
    expect(unknownUser.statusCode).toBe(404);
    const unknownPlan = await t.app.inject({
      method: 'POST',
      url: '/api/plan',
      headers: admin.headers,
      payload: { plan: 'Platinum' },
    });
    expect(unknownPlan.statusCode).toBe(400);
    expect(unknownPlan.json().details[0].field).toBe('plan');
  });
});
