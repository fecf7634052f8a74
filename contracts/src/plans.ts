import { z } from 'zod';
import { PlanNameSchema } from './auth';
import { IdSchema, storedText, TimestampSchema } from './common';

/** The plans a person can buy through checkout, in the order the cards show them (spec section 9). */
export const PaidPlanNameSchema = z.enum(['Starter', 'Pro', 'Business'], {
  error: 'Choose Starter, Pro or Business',
});
export type PaidPlanName = z.infer<typeof PaidPlanNameSchema>;

/** One plan as `/all-plans` and `/plan-details/{plan}` show it. Prices are US dollars per month. */
export const PlanSchema = z.object({
  name: PlanNameSchema,
  order: z.number().int(),
  monthly_price: z.number().nullable(),
  currency: z.literal('usd'),
  billing_interval: z.literal('month'),
  description: z.string(),
  /** What the plan includes, from the server's entitlements table. */
  features: z.array(z.string()),
  /** True for the plans sold through checkout (Starter, Pro, Business). */
  purchasable: z.boolean(),
});
export type Plan = z.infer<typeof PlanSchema>;

/** The state of the caller's Stripe subscription, when there is one. */
export const SubscriptionStatusSchema = z.enum([
  'active',
  'trialing',
  'past_due',
  'unpaid',
  'incomplete',
  'incomplete_expired',
  'paused',
  'canceled',
]);
export type SubscriptionStatus = z.infer<typeof SubscriptionStatusSchema>;

export const SubscriptionSchema = z.object({
  plan: PlanNameSchema.nullable(),
  status: SubscriptionStatusSchema,
  /** Cancelled by the customer: the plan stays until current_period_end, then ends. */
  cancel_at_period_end: z.boolean(),
  current_period_end: TimestampSchema.nullable(),
});
export type Subscription = z.infer<typeof SubscriptionSchema>;

/** GET /api/plan */
export const CurrentPlanResponseSchema = z.object({
  success: z.literal(true),
  plan: PlanNameSchema,
  subscription: SubscriptionSchema.nullable(),
  /** False when Stripe is not configured: the buttons then say 'Coming Soon'. */
  billing_enabled: z.boolean(),
  /** True once the caller has a Stripe customer, so Manage Billing can open the portal. */
  has_billing_account: z.boolean(),
});
export type CurrentPlanResponse = z.infer<typeof CurrentPlanResponseSchema>;

/** GET /api/all-plans: a map of plan name to plan. */
export const AllPlansResponseSchema = z.object({
  success: z.literal(true),
  plans: z.record(PlanNameSchema, PlanSchema),
});
export type AllPlansResponse = z.infer<typeof AllPlansResponseSchema>;

export const PlanParamsSchema = z.object({ plan: z.string() });

/** GET /api/plan-details/{plan} */
export const PlanDetailsResponseSchema = z.object({ success: z.literal(true), plan: PlanSchema });
export type PlanDetailsResponse = z.infer<typeof PlanDetailsResponseSchema>;

/** POST /api/plan: administrators only (support); everyone else changes plan through Stripe. */
export const SetPlanBodySchema = z.object({
  plan: PlanNameSchema,
  /** Whose plan; the caller's own when absent. */
  user_id: IdSchema.optional(),
  reason: storedText().trim().max(500).optional(),
});
export type SetPlanBody = z.infer<typeof SetPlanBodySchema>;

export const SetPlanResponseSchema = z.object({
  success: z.literal(true),
  user_id: z.number().int(),
  plan: PlanNameSchema,
});
export type SetPlanResponse = z.infer<typeof SetPlanResponseSchema>;

export const PluginSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  features: z.array(z.string()),
  /** US dollars per month; 0 for the included "basic" plugin. */
  price: z.number(),
  /** A lucide icon name. */
  icon: z.string(),
  category: z.string(),
  popular: z.boolean(),
  integrations: z.array(z.string()),
  /** Included with every plan (shown as Subscribed). */
  included: z.boolean(),
});
export type Plugin = z.infer<typeof PluginSchema>;

/** GET /api/plugins */
export const PluginsResponseSchema = z.object({ success: z.literal(true), plugins: z.array(PluginSchema) });
export type PluginsResponse = z.infer<typeof PluginsResponseSchema>;

/** POST /api/stripe-checkout-session */
export const CheckoutSessionBodySchema = z.object({ plan: PaidPlanNameSchema });
export type CheckoutSessionBody = z.infer<typeof CheckoutSessionBodySchema>;
export const CheckoutSessionResponseSchema = z.object({ checkout_url: z.string() });
export type CheckoutSessionResponse = z.infer<typeof CheckoutSessionResponseSchema>;

/** POST /api/stripe-portal-session */
export const PortalSessionResponseSchema = z.object({ portal_url: z.string() });
export type PortalSessionResponse = z.infer<typeof PortalSessionResponseSchema>;

export const WebhookResponseSchema = z.object({ received: z.literal(true) });
