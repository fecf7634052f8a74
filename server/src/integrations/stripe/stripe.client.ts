import type Stripe from 'stripe';
import { type Lazy, lazy } from '../../lib/lazy';

export type StripeClient = Stripe;
export type StripeEvent = Stripe.Event;
export type StripeSubscription = Stripe.Subscription;

/**
 * The official Stripe library, made at its first use, or undefined when STRIPE_SECRET_KEY is not set.
 * `apiBaseUrl` points it at another address (the local fake) through the library's own
 * host/port/protocol options.
 */
export function createStripeClient(
  secretKey: string | undefined,
  apiBaseUrl?: string,
): Lazy<Stripe> | undefined {
  if (!secretKey) return undefined;
  const base = apiBaseUrl ? new URL(apiBaseUrl) : undefined;
  return lazy(async () => {
    const { default: Stripe } = await import('stripe');
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
  });
}

const TOLERANCE_SECONDS = 300;

/**
 * Checks a webhook's Stripe-Signature against the raw body (any v1 entry, signed at most 300 s before
 * or after `now`: Stripe's library only bounds the age) and returns the event; rejects with Stripe's
 * StripeSignatureVerificationError, or an Error for a date in the future, otherwise.
 */
export async function verifyWebhookEvent(
  rawBody: Buffer,
  signature: string,
  secret: string,
  now: Date,
): Promise<Stripe.Event> {
  const signedAt = Number(/(?:^|,)t=(\d+)/.exec(signature)?.[1]);
  if (signedAt > now.getTime() / 1000 + TOLERANCE_SECONDS)
    throw new Error('Timestamp outside the tolerance zone: signed in the future');
  const { default: Stripe } = await import('stripe');
  return Stripe.webhooks.constructEvent(
    rawBody,
    signature,
    secret,
    TOLERANCE_SECONDS,
    undefined,
    now.getTime(),
  );
}

/** The error as Stripe's own (its `type` names its class: StripeInvalidRequestError, ...), else undefined. */
export async function stripeErrorOf(error: unknown): Promise<Stripe.errors.StripeError | undefined> {
  const { default: Stripe } = await import('stripe');
  return error instanceof Stripe.errors.StripeError ? error : undefined;
}
