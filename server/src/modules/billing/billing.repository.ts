import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { billingAccounts, stripeEvents } from '../../db/schema';

export type BillingAccountRow = typeof billingAccounts.$inferSelect;
export type SubscriptionState = Pick<
  BillingAccountRow,
  | 'stripeSubscriptionId'
  | 'subscriptionPlan'
  | 'subscriptionStatus'
  | 'cancelAtPeriodEnd'
  | 'currentPeriodEnd'
>;

/** The only code that reads and writes billing_accounts and stripe_events. */
export class BillingRepository {
  constructor(private readonly db: Database) {}

  async find(userId: number, db: Database = this.db): Promise<BillingAccountRow | undefined> {
    const [row] = await db.select().from(billingAccounts).where(eq(billingAccounts.userId, userId));
    return row;
  }

  /** The account of a Stripe customer, locked until the transaction ends (one webhook per user at a time). */
  async lockByCustomer(customerId: string, tx: Database): Promise<BillingAccountRow | undefined> {
    const [row] = await tx
      .select()
      .from(billingAccounts)
      .where(eq(billingAccounts.stripeCustomerId, customerId))
      .for('update');
    return row;
  }

  /** Stores the user's customer unless one is stored already; returns the stored one. */
  async insertAccount(
    userId: number,
    customerId: string,
    db: Database = this.db,
  ): Promise<BillingAccountRow> {
    await db.insert(billingAccounts).values({ userId, stripeCustomerId: customerId }).onConflictDoNothing();
    const row = await this.find(userId, db);
    if (!row) throw new Error(`billing account of user ${userId} vanished`);
    return row;
  }

  /** Swaps the user's customer for a new one, unless another request did so first; returns the stored one. */
  async replaceCustomer(
    userId: number,
    goneCustomerId: string,
    customerId: string,
  ): Promise<BillingAccountRow> {
    await this.db
      .update(billingAccounts)
      .set({ stripeCustomerId: customerId, updatedAt: sql`now()` })
      .where(and(eq(billingAccounts.userId, userId), eq(billingAccounts.stripeCustomerId, goneCustomerId)));
    const row = await this.find(userId);
    if (!row) throw new Error(`billing account of user ${userId} vanished`);
    return row;
  }

  async updateSubscription(userId: number, state: SubscriptionState, db: Database = this.db): Promise<void> {
    await db
      .update(billingAccounts)
      .set({ ...state, updatedAt: sql`now()` })
      .where(eq(billingAccounts.userId, userId));
  }

  /** Records a Stripe event id; false when it was recorded before (the event was already applied). */
  async recordEvent(id: string, type: string, db: Database = this.db): Promise<boolean> {
    const rows = await db
      .insert(stripeEvents)
      .values({ id, type })
      .onConflictDoNothing()
      .returning({ id: stripeEvents.id });
    return rows.length > 0;
  }
}
