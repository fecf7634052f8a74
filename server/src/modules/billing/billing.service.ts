import type { CurrentPlanResponse, PaidPlanName, PlanName, SubscriptionStatus } from '@relate/contracts';
import { SubscriptionStatusSchema } from '@relate/contracts';
import type { Database } from '../../db/client';
import {
  type StripeClient,
  type StripeEvent,
  type StripeSubscription,
  stripeErrorOf,
  verifyWebhookEvent,
} from '../../integrations/stripe/stripe.client';
import type { AuthUser } from '../../lib/auth-user';
import { AppError, conflict } from '../../lib/errors';
import type { Lazy } from '../../lib/lazy';
import { type Clock, toIso } from '../../lib/time';
import type { NotificationsService } from '../notifications/notifications.service';
import type { PlanChange, PlansService } from '../plans/plans.service';
import type { BillingAccountRow, BillingRepository, SubscriptionState } from './billing.repository';

export interface BillingSettings {
  webhookSecret: string | undefined;
  prices: Partial<Record<PaidPlanName, string>>;
  publicUrl: string;
}

export type WebhookOutcome =
  | { result: 'applied'; eventId: string; type: string; userId: number; change?: PlanChange }
  | { result: 'duplicate' | 'ignored'; eventId: string; type: string; reason?: string };

/** A double click (or a retry) within this window gets the same checkout session back. */
const CHECKOUT_IDEMPOTENCY_WINDOW_MS = 10 * 60_000;

/** Statuses in which the subscription still exists and must be managed in the portal, not bought again. */
const LIVE_STATUSES: readonly string[] = ['active', 'trialing', 'past_due', 'unpaid', 'paused'];
/** Statuses that keep the paid plan: past_due is a warning while Stripe retries, not a downgrade. */
const PAID_STATUSES: readonly string[] = ['active', 'trialing', 'past_due'];

const isLive = (status: string | null | undefined) => Boolean(status && LIVE_STATUSES.includes(status));

const formatDay = (date: Date) =>
  date.toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

const customerIdOf = (customer: string | { id: string } | null) =>
  typeof customer === 'string' ? customer : (customer?.id ?? null);

/** What an event is about: the subscription to read back from Stripe, and whose it should be. */
function subscriptionTarget(
  event: StripeEvent,
): { subscriptionId: string; customerId: string; userId?: number } | undefined {
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const session = event.data.object;
      const subscriptionId = customerIdOf(session.subscription);
      const customerId = customerIdOf(session.customer);
      if (session.mode !== 'subscription' || !subscriptionId || !customerId) return undefined;
      const userId = Number(session.client_reference_id);
      return { subscriptionId, customerId, userId: Number.isInteger(userId) ? userId : -1 };
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
    case 'customer.subscription.paused':
    case 'customer.subscription.resumed': {
      const subscription = event.data.object;
      const customerId = customerIdOf(subscription.customer);
      return customerId ? { subscriptionId: subscription.id, customerId } : undefined;
    }
    default:
      return undefined;
  }
}

/**
 * Checkout, the billing portal and Stripe's webhooks. The user's plan follows the subscription's state
 * as read back from Stripe (never the event's copy), so duplicated or out-of-order deliveries end right.
 */
export class BillingService {
  constructor(
    private readonly db: Database,
    private readonly repository: BillingRepository,
    private readonly plans: PlansService,
    private readonly notifications: NotificationsService,
    private readonly stripe: Lazy<StripeClient> | undefined,
    private readonly settings: BillingSettings,
    private readonly clock: Clock,
  ) {}

  get enabled(): boolean {
    return this.stripe !== undefined;
  }

  async current(user: AuthUser): Promise<CurrentPlanResponse> {
    const account = await this.repository.find(user.id);
    const status = SubscriptionStatusSchema.safeParse(account?.subscriptionStatus);
    return {
      success: true,
      plan: user.plan,
      subscription:
        account && status.success
          ? {
              plan: account.subscriptionPlan,
              status: status.data,
              cancel_at_period_end: account.cancelAtPeriodEnd,
              current_period_end: toIso(account.currentPeriodEnd),
            }
          : null,
      billing_enabled: this.enabled,
      has_billing_account: Boolean(account),
    };
  }

  /** A hosted checkout page for a paid plan, for the caller's own Stripe customer. */
  async createCheckout(user: AuthUser, plan: PaidPlanName): Promise<string> {
    const stripe = await this.requireStripe();
    const price = this.settings.prices[plan];
    if (!price) throw new AppError(503, 'BILLING_NOT_CONFIGURED', `The ${plan} plan cannot be bought yet`);
    const existing = await this.repository.find(user.id);
    if (isLive(existing?.subscriptionStatus)) {
      throw conflict(
        'You already have a subscription. Change or cancel it with Manage Billing.',
        'ALREADY_SUBSCRIBED',
      );
    }
    const account = existing ?? (await this.createCustomer(stripe, user));
    const window = Math.floor(this.clock().getTime() / CHECKOUT_IDEMPOTENCY_WINDOW_MS);
    const returnUrl = new URL('/settings?section=subscription', this.settings.publicUrl).toString();
    const open = (customer: string) =>
      stripe.checkout.sessions.create(
        {
          mode: 'subscription',
          customer,
          line_items: [{ price, quantity: 1 }],
          client_reference_id: String(user.id),
          success_url: `${returnUrl}&checkout=success&session_id={CHECKOUT_SESSION_ID}`,
          cancel_url: `${returnUrl}&checkout=cancelled`,
          metadata: { user_id: String(user.id), plan },
          subscription_data: { metadata: { user_id: String(user.id), plan } },
        },
        { idempotencyKey: `checkout-${user.id}-${plan}-${customer}-${window}` },
      );
    const session = await this.callStripe('Failed to create checkout session', async () => {
      try {
        return await open(account.stripeCustomerId);
      } catch (error) {
        if (!(await this.customerGone(stripe, account.stripeCustomerId, error))) throw error;
        return open((await this.replaceCustomer(stripe, user, account.stripeCustomerId)).stripeCustomerId);
      }
    });
    if (!session.url) throw new AppError(502, 'STRIPE_ERROR', 'Failed to create checkout session');
    return session.url;
  }

  /** A billing portal session for the caller's own Stripe customer. */
  async createPortal(user: AuthUser): Promise<string> {
    const stripe = await this.requireStripe();
    const account = await this.repository.find(user.id);
    if (!account) throw new AppError(404, 'NO_STRIPE_CUSTOMER', 'No Stripe customer found');
    try {
      const session = await stripe.billingPortal.sessions.create({
        customer: account.stripeCustomerId,
        return_url: new URL('/settings?section=subscription', this.settings.publicUrl).toString(),
      });
      return session.url;
    } catch (error) {
      const stripeError = await stripeErrorOf(error);
      // Stripe answers 400 until the portal is configured in its Dashboard.
      if (stripeError?.type === 'StripeInvalidRequestError') {
        throw new AppError(503, 'BILLING_PORTAL_UNAVAILABLE', 'Billing portal not available');
      }
      if (stripeError) throw new AppError(502, 'STRIPE_ERROR', 'Failed to open billing portal');
      throw error;
    }
  }

  /**
   * Verifies and applies one webhook delivery. The event id is recorded in the same transaction as the
   * change, so a second delivery of the same event changes nothing.
   */
  async handleWebhook(rawBody: Buffer, signature: string | undefined): Promise<WebhookOutcome> {
    const stripe = await this.requireStripe();
    const secret = this.settings.webhookSecret;
    if (!secret) throw new AppError(503, 'BILLING_NOT_CONFIGURED', 'Stripe webhooks are not configured');
    let event: StripeEvent;
    try {
      event = await verifyWebhookEvent(rawBody, signature ?? '', secret, this.clock());
    } catch {
      throw new AppError(400, 'INVALID_SIGNATURE', 'Invalid Stripe signature');
    }
    const base = { eventId: event.id, type: event.type };
    const target = subscriptionTarget(event);
    if (!target) {
      const fresh = await this.repository.recordEvent(event.id, event.type);
      return { ...base, result: fresh ? 'ignored' : 'duplicate', reason: 'not a subscription event' };
    }

    return this.db.transaction(async (tx): Promise<WebhookOutcome> => {
      if (!(await this.repository.recordEvent(event.id, event.type, tx)))
        return { ...base, result: 'duplicate' };
      const account = await this.repository.lockByCustomer(target.customerId, tx);
      if (!account) return { ...base, result: 'ignored', reason: `unknown customer ${target.customerId}` };
      if (target.userId !== undefined && target.userId !== account.userId) {
        return { ...base, result: 'ignored', reason: 'client_reference_id is not the customer’s user' };
      }
      // The current state, whatever order the events arrive in. A failure here rolls back the event id,
      // so Stripe's retry applies it later.
      const subscription = await stripe.subscriptions.retrieve(target.subscriptionId);
      if (customerIdOf(subscription.customer) !== account.stripeCustomerId) {
        return { ...base, result: 'ignored', reason: 'subscription of another customer' };
      }
      const replacesLiveOne =
        account.stripeSubscriptionId !== null &&
        account.stripeSubscriptionId !== subscription.id &&
        isLive(account.subscriptionStatus);
      if (replacesLiveOne && !isLive(subscription.status)) {
        return { ...base, result: 'ignored', reason: 'an older subscription; another one is current' };
      }
      const next = this.stateOf(subscription);
      await this.repository.updateSubscription(account.userId, next, tx);
      const plan = this.effectivePlan(next);
      const change = plan
        ? await this.plans.change(account.userId, plan, { source: 'stripe', stripeEventId: event.id }, tx)
        : undefined;
      const text = this.describe(account, next, change);
      if (text) {
        await this.notifications.notify(
          {
            userId: account.userId,
            type: 'other',
            text,
            subject: { type: 'subscription', id: account.userId },
          },
          tx,
        );
      }
      return { ...base, result: 'applied', userId: account.userId, change };
    });
  }

  /**
   * A deleted account must not keep paying: its live subscription is cancelled at once, inside the
   * deletion's transaction (if Stripe cannot be reached, the account is not deleted either).
   */
  /** The subscription that still bills `userId`, if any: account deletion cancels it once the deletion commits. */
  async liveSubscriptionOf(userId: number, tx: Database): Promise<string | undefined> {
    if (!this.stripe) return undefined;
    const account = await this.repository.find(userId, tx);
    return account?.stripeSubscriptionId && isLive(account.subscriptionStatus)
      ? account.stripeSubscriptionId
      : undefined;
  }

  async cancelSubscription(subscriptionId: string): Promise<void> {
    if (!this.stripe) return;
    const stripe = await this.stripe();
    await this.callStripe('Failed to cancel the subscription of the account', () =>
      stripe.subscriptions.cancel(subscriptionId, {}, { idempotencyKey: `cancel-${subscriptionId}` }),
    );
  }

  private async createCustomer(stripe: StripeClient, user: AuthUser): Promise<BillingAccountRow> {
    const customer = await this.callStripe('Failed to create checkout session', () =>
      stripe.customers.create(
        { email: user.email, name: user.fullName ?? undefined, metadata: { user_id: String(user.id) } },
        { idempotencyKey: `customer-${user.id}` },
      ),
    );
    return this.repository.insertAccount(user.id, customer.id);
  }

  /** Stripe said something is missing: is it the customer (deleted at Stripe, or never there)? */
  private async customerGone(stripe: StripeClient, customerId: string, error: unknown): Promise<boolean> {
    if ((await stripeErrorOf(error))?.code !== 'resource_missing') return false;
    try {
      return Boolean((await stripe.customers.retrieve(customerId)).deleted);
    } catch (lookup) {
      return (await stripeErrorOf(lookup))?.code === 'resource_missing';
    }
  }

  /** A new Stripe customer for the user in place of one Stripe no longer has; stored before it is used. */
  private async replaceCustomer(
    stripe: StripeClient,
    user: AuthUser,
    goneCustomerId: string,
  ): Promise<BillingAccountRow> {
    const customer = await stripe.customers.create(
      { email: user.email, name: user.fullName ?? undefined, metadata: { user_id: String(user.id) } },
      { idempotencyKey: `customer-${user.id}-after-${goneCustomerId}` },
    );
    return this.repository.replaceCustomer(user.id, goneCustomerId, customer.id);
  }

  private stateOf(subscription: StripeSubscription): SubscriptionState {
    const item = subscription.items.data[0];
    const priceId = item?.price.id;
    const plan = (Object.entries(this.settings.prices).find(([, id]) => id === priceId)?.[0] ??
      null) as PlanName | null;
    return {
      stripeSubscriptionId: subscription.id,
      subscriptionPlan: plan,
      subscriptionStatus: subscription.status,
      cancelAtPeriodEnd: subscription.cancel_at_period_end,
      currentPeriodEnd: item?.current_period_end ? new Date(item.current_period_end * 1000) : null,
    };
  }

  /** The plan a subscription state gives; undefined leaves the plan as it is (payment still pending, unknown price). */
  private effectivePlan(state: SubscriptionState): PlanName | undefined {
    const status = state.subscriptionStatus as SubscriptionStatus;
    if (PAID_STATUSES.includes(status)) return state.subscriptionPlan ?? undefined;
    if (status === 'incomplete') return undefined;
    return 'Free';
  }

  /** The in-app message for what changed, if anything the user should hear about. */
  private describe(
    before: BillingAccountRow,
    after: SubscriptionState,
    change?: PlanChange,
  ): string | undefined {
    if (change?.to === 'Free') return `Your ${change.from} plan has ended. You are now on the Free plan.`;
    if (change && change.from === 'Free')
      return `Your ${change.to} plan is active. Thank you for subscribing!`;
    if (change) return `Your plan changed from ${change.from} to ${change.to}.`;
    const plan = after.subscriptionPlan ?? 'paid';
    if (after.subscriptionStatus === 'past_due' && before.subscriptionStatus !== 'past_due') {
      return `We could not collect the payment for your ${plan} plan. Update your payment method with Manage Billing to keep it.`;
    }
    if (after.subscriptionStatus === 'active' && before.subscriptionStatus === 'past_due') {
      return `Your payment went through. Your ${plan} plan is active.`;
    }
    if (after.cancelAtPeriodEnd && !before.cancelAtPeriodEnd && isLive(after.subscriptionStatus)) {
      const until = after.currentPeriodEnd ? ` until ${formatDay(after.currentPeriodEnd)}` : '';
      return `Your ${plan} plan is cancelled and stays active${until}.`;
    }
    if (!after.cancelAtPeriodEnd && before.cancelAtPeriodEnd && isLive(after.subscriptionStatus)) {
      return `Your ${plan} plan will renew as usual.`;
    }
    return undefined;
  }

  private async requireStripe(): Promise<StripeClient> {
    if (!this.stripe) throw new AppError(503, 'BILLING_NOT_CONFIGURED', 'Payments are not available yet');
    return this.stripe();
  }

  private async callStripe<T>(failure: string, call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      const stripeError = await stripeErrorOf(error);
      if (stripeError) throw new AppError(502, 'STRIPE_ERROR', failure, { stripe: stripeError.message });
      throw error;
    }
  }
}
