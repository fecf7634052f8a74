import Stripe from 'stripe';

export type StripeClient = Stripe;
export type StripeEvent = Stripe.Event;
export type StripeSubscription = Stripe.Subscription;

/**
 * The official Stripe library, or undefined when STRIPE_SECRET_KEY is not set. `apiBaseUrl` points it at
 * another address (the local fake) through the library's own host/port/protocol options.
 */
export function createStripeClient(secretKey: string | undefined, apiBaseUrl?: string): Stripe | undefined {
  if (!secretKey) return undefined;
  const base = apiBaseUrl ? new URL(apiBaseUrl) : undefined;
  return new Stripe(secretKey, {
    ...(base && {
      host: base.hostname,
      port: base.port ? Number(base.port) : undefined,
      protocol: base.protocol === 'http:' ? 'http' : 'https',
    }),
    // Every POST carries an idempotency key, so a retried request never charges or creates twice.
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
  });
}

/**
 * Checks a webhook's Stripe-Signature against the raw body (any v1 entry, 300 s tolerance) and
 * returns the event; throws Stripe's StripeSignatureVerificationError otherwise.
 */
export function verifyWebhookEvent(
  rawBody: Buffer,
  signature: string,
  secret: string,
  now: Date,
): Stripe.Event {
  return Stripe.webhooks.constructEvent(rawBody, signature, secret, undefined, undefined, now.getTime());
}

export const isStripeInvalidRequest = (error: unknown): error is Stripe.errors.StripeInvalidRequestError =>
  error instanceof Stripe.errors.StripeInvalidRequestError;

export const isStripeError = (error: unknown): error is Stripe.errors.StripeError =>
  error instanceof Stripe.errors.StripeError;
