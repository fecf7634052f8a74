import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users';

const PLAN_NAMES = ['Free', 'Starter', 'Pro', 'Business', 'Enterprise'] as const;

/** A user's Stripe customer and the subscription Relate last read from Stripe (one per user). */
export const billingAccounts = pgTable(
  'billing_accounts',
  {
    userId: integer()
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    stripeCustomerId: text().notNull(),
    stripeSubscriptionId: text(),
    /** The plan the subscription pays for (from its price); null when the price is not one of ours. */
    subscriptionPlan: text({ enum: PLAN_NAMES }),
    subscriptionStatus: text(),
    cancelAtPeriodEnd: boolean().notNull().default(false),
    currentPeriodEnd: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('billing_accounts_stripe_customer_key').on(table.stripeCustomerId)],
);

/** Stripe events already applied: the id is written in the same transaction as the change it made. */
export const stripeEvents = pgTable('stripe_events', {
  id: text().primaryKey(),
  type: text().notNull(),
  processedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** The audit trail of every plan change: who or what changed it, from what, to what, and why. */
export const planChanges = pgTable(
  'plan_changes',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The administrator who set it; null for changes that came from Stripe. */
    actorId: integer().references(() => users.id, { onDelete: 'set null' }),
    source: text({ enum: ['admin', 'stripe'] }).notNull(),
    fromPlan: text({ enum: PLAN_NAMES }).notNull(),
    toPlan: text({ enum: PLAN_NAMES }).notNull(),
    reason: text(),
    stripeEventId: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('plan_changes_user_idx').on(table.userId, table.createdAt)],
);
