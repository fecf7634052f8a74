import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { checkoutPage, type FakePrice, type Json, portalPage } from './pages';
import { stripeSignatureHeader } from './signature';

export type { Json } from './pages';

/**
 * A local, stateful Stripe for tests and `npm run dev:fakes`. It speaks the JSON recorded in
 * `reference/` (copied from the shared Stripe reference): customers, checkout sessions with a hosted
 * page whose "Pay" button creates the subscription, billing portal sessions with a page to cancel,
 * resume or switch plan, subscriptions, idempotency keys, and webhooks signed like Stripe's.
 */

const reference = (name: string): Json =>
  JSON.parse(readFileSync(new URL(`./reference/${name}`, import.meta.url), 'utf8'));

const API_VERSION = '2026-10-28.endive';
const PERIOD_SECONDS = 30 * 24 * 3600;

export interface FakeStripeOptions {
  port?: number;
  /** Where signed events go (the app's /api/stripe/webhook); can be set later through `webhookUrl`. */
  webhookUrl?: string;
  /** The endpoint's signing secret (whsec_…). */
  secret: string;
  /** The only accepted API key; any `sk_test_` key when absent. */
  apiKey?: string;
  prices?: Record<string, FakePrice>;
  /** Stripe's clock (the real one by default): a journey at a chosen date gives it the app's. */
  now?: () => number;
}

export interface WebhookDelivery {
  event: Json;
  status: number;
  body: string;
}

export const DEFAULT_FAKE_PRICES: Record<string, FakePrice> = {
  price_fake_starter: { name: 'Starter', amount: 900 },
  price_fake_pro: { name: 'Pro', amount: 2900 },
  price_fake_business: { name: 'Business', amount: 7900 },
};

const randomId = (prefix: string) =>
  `${prefix}_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;

/** Stripe's form encoding with brackets (`line_items[0][price]=…`) back into nested objects and arrays. */
export function parseStripeForm(body: string): Json {
  const root: Json = {};
  for (const [name, value] of new URLSearchParams(body)) {
    const keys = name.split(/\[|\]\[|\]/).filter(Boolean);
    let node: Json = root;
    keys.forEach((key, index) => {
      if (index === keys.length - 1) node[key] = value;
      else node = node[key] ??= /^\d+$/.test(keys[index + 1]) ? [] : {};
    });
  }
  return root;
}

const stripeError = (status: number, body: Json) => ({ status, body });
const missingParam = (param: string) => {
  const error = reference('error_400_missing_param.json');
  error.error.param = param;
  error.error.message = `Missing required param: ${param}.`;
  return stripeError(400, error);
};
const resourceMissing = (kind: string, id: string) => {
  const error = reference('error_404_resource_missing.json');
  error.error.message = `No such ${kind}: '${id}'`;
  return stripeError(404, error);
};

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;

export async function startFakeStripe(options: FakeStripeOptions) {
  const prices = options.prices ?? DEFAULT_FAKE_PRICES;
  const clock = options.now ?? Date.now;
  const nowSeconds = () => Math.floor(clock() / 1000);
  const customers = new Map<string, Json>();
  const sessions = new Map<string, Json>();
  const subscriptions = new Map<string, Json>();
  const portalSessions = new Map<string, Json>();
  const idempotency = new Map<string, { request: string; status: number; body: Json }>();
  const requests: { method: string; path: string; body: Json; idempotencyKey?: string }[] = [];
  const deliveries: WebhookDelivery[] = [];
  const held: Json[] = [];
  let base = '';

  const state = {
    webhookUrl: options.webhookUrl,
    /** When false, portal sessions fail as they do before the portal is configured in the Dashboard. */
    portalConfigured: true,
    /** When true, events wait in `held` until `releaseHeld` (to deliver them late or out of order). */
    holdWebhooks: false,
  };

  const event = (type: string, object: Json, previous?: Json): Json => ({
    id: randomId('evt'),
    object: 'event',
    api_version: API_VERSION,
    created: nowSeconds(),
    data: { object: structuredClone(object), ...(previous && { previous_attributes: previous }) },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  });

  /** The exact bytes and header Stripe would send for an event. */
  const signed = (evt: Json, timestamp = nowSeconds()) => {
    const payload = JSON.stringify(evt, null, 2);
    return { payload, header: stripeSignatureHeader(payload, options.secret, timestamp) };
  };

  async function deliver(evt: Json): Promise<WebhookDelivery> {
    if (!state.webhookUrl) throw new Error('fake Stripe has no webhookUrl');
    const { payload, header } = signed(evt);
    const response = await fetch(state.webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': header },
      body: payload,
    });
    const delivery = { event: evt, status: response.status, body: await response.text() };
    deliveries.push(delivery);
    return delivery;
  }

  async function send(evt: Json): Promise<void> {
    if (state.holdWebhooks) held.push(evt);
    else await deliver(evt);
  }

  function newSubscription(customer: string, priceId: string, metadata: Json): Json {
    const now = nowSeconds();
    const subscription = reference('subscription_object.json');
    const item = subscription.items.data[0];
    Object.assign(subscription, {
      id: randomId('sub'),
      customer,
      created: now,
      start_date: now,
      billing_cycle_anchor: now,
      latest_invoice: randomId('in'),
      metadata,
      currency: 'usd',
    });
    subscription.items.url = `/v1/subscription_items?subscription=${subscription.id}`;
    Object.assign(item, {
      id: randomId('si'),
      subscription: subscription.id,
      created: now,
      current_period_start: now,
      current_period_end: now + PERIOD_SECONDS,
    });
    setPrice(subscription, priceId);
    subscriptions.set(subscription.id, subscription);
    return subscription;
  }

  function setPrice(subscription: Json, priceId: string) {
    const item = subscription.items.data[0];
    const amount = prices[priceId].amount;
    Object.assign(item.price, { id: priceId, unit_amount: amount, unit_amount_decimal: String(amount) });
    item.price.currency = 'usd';
    item.price.lookup_key = null;
    Object.assign(item.plan, { id: priceId, amount, amount_decimal: String(amount), currency: 'usd' });
  }

  /** Changes a subscription and sends customer.subscription.updated with the old values of what changed. */
  async function update(id: string, change: (subscription: Json) => void): Promise<Json> {
    const subscription = subscriptions.get(id);
    if (!subscription) throw new Error(`no subscription ${id}`);
    const before = structuredClone(subscription);
    change(subscription);
    const previous: Json = {};
    for (const key of Object.keys(subscription)) {
      if (JSON.stringify(before[key]) !== JSON.stringify(subscription[key])) previous[key] = before[key];
    }
    await send(event('customer.subscription.updated', subscription, previous));
    return subscription;
  }

  const controls = {
    /** The customer cancels: the plan runs to the end of the period. */
    cancelAtPeriodEnd: (id: string) =>
      update(id, (subscription) => {
        const periodEnd = subscription.items.data[0].current_period_end;
        Object.assign(subscription, {
          cancel_at_period_end: true,
          cancel_at: periodEnd,
          canceled_at: nowSeconds(),
          cancellation_details: { comment: null, feedback: null, reason: 'cancellation_requested' },
        });
      }),
    /** The customer takes the cancellation back. */
    resume: (id: string) =>
      update(id, (subscription) => {
        Object.assign(subscription, {
          cancel_at_period_end: false,
          cancel_at: null,
          canceled_at: null,
          cancellation_details: { comment: null, feedback: null, reason: null },
        });
      }),
    switchPrice: (id: string, priceId: string) =>
      update(id, (subscription) => setPrice(subscription, priceId)),
    setStatus: (id: string, status: string) =>
      update(id, (subscription) => {
        subscription.status = status;
      }),
    /** The period ends (or the subscription is cancelled at once): customer.subscription.deleted. */
    end: async (id: string) => {
      const subscription = subscriptions.get(id);
      if (!subscription) throw new Error(`no subscription ${id}`);
      Object.assign(subscription, { status: 'canceled', ended_at: nowSeconds(), canceled_at: nowSeconds() });
      await send(event('customer.subscription.deleted', subscription));
      return subscription;
    },
    /** What pressing "Pay" on the hosted page does; returns the success URL the browser goes to. */
    completeCheckout: async (sessionId: string): Promise<string> => {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no checkout session ${sessionId}`);
      if (session.status !== 'open') return session.success_url;
      const subscription = newSubscription(
        session.customer,
        session.line_items[0].price,
        session.subscription_data?.metadata ?? {},
      );
      Object.assign(session, {
        status: 'complete',
        payment_status: 'paid',
        subscription: subscription.id,
        invoice: subscription.latest_invoice,
        url: null,
      });
      await send(event('customer.subscription.created', subscription));
      await send(event('checkout.session.completed', publicSession(session)));
      return session.success_url.replace('{CHECKOUT_SESSION_ID}', session.id);
    },
    /** Delivers the held events, in the given order (indexes into `held`) or as they came. */
    releaseHeld: async (order?: number[]) => {
      const events = order ? order.map((index) => held[index]) : [...held];
      held.length = 0;
      const results: WebhookDelivery[] = [];
      for (const evt of events) results.push(await deliver(evt));
      return results;
    },
  };

  const publicSession = (session: Json) => {
    const { line_items: _items, subscription_data: _data, ...rest } = session;
    return rest;
  };

  function createCheckoutSession(params: Json) {
    for (const param of ['success_url', 'mode', 'line_items']) if (!params[param]) return missingParam(param);
    const priceId = params.line_items?.[0]?.price;
    if (!prices[priceId]) return resourceMissing('price', String(priceId));
    if (params.customer && !customers.has(params.customer))
      return resourceMissing('customer', params.customer);
    const session = reference('checkout_session_create_response.json');
    const id = `cs_test_${randomBytes(24).toString('hex')}`;
    Object.assign(session, {
      id,
      customer: params.customer ?? null,
      client_reference_id: params.client_reference_id ?? null,
      success_url: params.success_url,
      cancel_url: params.cancel_url ?? null,
      metadata: params.metadata ?? {},
      mode: params.mode,
      amount_subtotal: prices[priceId].amount,
      amount_total: prices[priceId].amount,
      currency: 'usd',
      created: nowSeconds(),
      expires_at: nowSeconds() + 24 * 3600,
      url: `${base}/c/pay/${id}`,
      line_items: params.line_items,
      subscription_data: params.subscription_data,
    });
    session.customer_details.email = params.customer ? customers.get(params.customer)?.email : null;
    sessions.set(id, session);
    return { status: 200, body: publicSession(session) };
  }

  function api(method: string, path: string, params: Json): { status: number; body: Json } {
    const [, , resource, id] = path.split('/');
    if (method === 'POST' && path === '/v1/customers') {
      const customer = {
        id: randomId('cus'),
        object: 'customer',
        created: nowSeconds(),
        email: params.email ?? null,
        name: params.name ?? null,
        metadata: params.metadata ?? {},
        livemode: false,
      };
      customers.set(customer.id, customer);
      return { status: 200, body: customer };
    }
    if (method === 'GET' && resource === 'customers' && id) {
      return customers.has(id) ? { status: 200, body: customers.get(id)! } : resourceMissing('customer', id);
    }
    if (method === 'POST' && path === '/v1/checkout/sessions') return createCheckoutSession(params);
    if (method === 'GET' && path.startsWith('/v1/checkout/sessions/')) {
      const session = sessions.get(path.split('/')[4]);
      return session
        ? { status: 200, body: publicSession(session) }
        : resourceMissing('checkout session', path);
    }
    if (method === 'DELETE' && resource === 'subscriptions' && id) {
      const subscription = subscriptions.get(id);
      if (!subscription) return resourceMissing('subscription', id);
      Object.assign(subscription, { status: 'canceled', ended_at: nowSeconds(), canceled_at: nowSeconds() });
      // Stripe sends the event after answering, never inside the API call that caused it.
      setImmediate(
        () => void send(event('customer.subscription.deleted', subscription)).catch(() => undefined),
      );
      return { status: 200, body: subscription };
    }
    if (method === 'GET' && resource === 'subscriptions' && id) {
      return subscriptions.has(id)
        ? { status: 200, body: subscriptions.get(id)! }
        : resourceMissing('subscription', id);
    }
    if (method === 'POST' && path === '/v1/billing_portal/sessions') {
      if (!params.customer) return missingParam('customer');
      if (!customers.has(params.customer)) return resourceMissing('customer', params.customer);
      if (!state.portalConfigured) return stripeError(400, reference('error_400_portal_not_configured.json'));
      const session = reference('billing_portal_session_create_response.json');
      Object.assign(session, {
        id: randomId('bps'),
        customer: params.customer,
        return_url: params.return_url ?? null,
        created: nowSeconds(),
      });
      session.url = `${base}/p/session/${session.id}`;
      portalSessions.set(session.id, session);
      return { status: 200, body: session };
    }
    return resourceMissing('route', `${method} ${path}`);
  }

  const authorized = (header: string | undefined) => {
    const key = header?.replace(/^Bearer /, '');
    return options.apiKey ? key === options.apiKey : Boolean(key?.startsWith('sk_test_'));
  };

  const customerSubscriptions = (customer: string) =>
    [...subscriptions.values()].filter((subscription) => subscription.customer === customer);

  async function hostedPage(
    method: string,
    url: URL,
    form: Json,
  ): Promise<{ status: number; html?: string; location?: string }> {
    const [, kind, , id, action] = url.pathname.split('/');
    if (kind === 'c') {
      const session = sessions.get(id);
      if (!session) return { status: 404, html: 'This checkout session does not exist.' };
      if (method === 'POST' && action === undefined)
        return { status: 303, location: await controls.completeCheckout(id) };
      if (action === 'cancel') return { status: 303, location: session.cancel_url };
      const price = prices[session.line_items[0].price];
      return { status: 200, html: checkoutPage(session, price, customers.get(session.customer)) };
    }
    const portal = portalSessions.get(id);
    if (!portal) return { status: 404, html: 'This billing portal session does not exist.' };
    if (method === 'POST') {
      const subscription = customerSubscriptions(portal.customer).find(
        (candidate) => candidate.id === form.subscription,
      );
      if (!subscription) return { status: 404, html: 'No such subscription.' };
      if (action === 'cancel') await controls.cancelAtPeriodEnd(subscription.id);
      if (action === 'resume') await controls.resume(subscription.id);
      if (action === 'switch' && prices[form.price]) await controls.switchPrice(subscription.id, form.price);
      return { status: 303, location: `${base}/p/session/${id}` };
    }
    return { status: 200, html: portalPage(portal, customerSubscriptions(portal.customer), prices) };
  }

  const server = http.createServer(async (request, response) => {
    try {
      const chunks: Buffer[] = [];
      for await (const chunk of request) chunks.push(chunk as Buffer);
      const raw = Buffer.concat(chunks).toString('utf8');
      const url = new URL(request.url ?? '/', base);
      const method = request.method ?? 'GET';
      if (!url.pathname.startsWith('/v1/')) {
        const page = await hostedPage(method, url, parseStripeForm(raw));
        response.writeHead(
          page.status,
          page.location ? { location: page.location } : { 'content-type': 'text/html; charset=utf-8' },
        );
        response.end(page.html ?? '');
        return;
      }
      const reply = (status: number, body: Json, headers: Record<string, string> = {}) => {
        response.writeHead(status, {
          'content-type': 'application/json',
          'request-id': randomId('req'),
          ...headers,
        });
        response.end(JSON.stringify(body));
      };
      if (!authorized(request.headers.authorization))
        return reply(401, reference('error_401_invalid_key.json'));
      const params = method === 'GET' ? Object.fromEntries(url.searchParams) : parseStripeForm(raw);
      const key = request.headers['idempotency-key'] as string | undefined;
      requests.push({ method, path: url.pathname, body: params, idempotencyKey: key });
      const stored = key ? idempotency.get(key) : undefined;
      if (stored) {
        if (stored.request !== `${url.pathname}?${raw}`) {
          return reply(400, {
            error: {
              type: 'idempotency_error',
              message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
            },
          });
        }
        return reply(stored.status, stored.body, { 'idempotent-replayed': 'true' });
      }
      const result = api(method, url.pathname, params);
      if (key && method !== 'GET') idempotency.set(key, { request: `${url.pathname}?${raw}`, ...result });
      reply(result.status, result.body);
    } catch (error) {
      response.writeHead(500, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: { type: 'api_error', message: String(error) } }));
    }
  });

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: base,
    state,
    customers,
    sessions,
    subscriptions,
    requests,
    deliveries,
    held,
    event,
    signed,
    deliver,
    ...controls,
    customerSubscriptions,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
