import type { Plan, PlanName, Plugin } from '@relate/contracts';
import { PlanNameSchema } from '@relate/contracts';
import type { Database } from '../../db/client';
import { AppError, notFound } from '../../lib/errors';
import type { NotificationsService } from '../notifications/notifications.service';
import type { UsersService } from '../users/users.service';
import {
  type Entitlement,
  entitlementsForRoute,
  PAID_PLANS,
  PLANS,
  PLUGINS,
  planFeatures,
} from './plans.catalog';
import type { PlanChangeRow, PlansRepository } from './plans.repository';

export interface PlanChangeSource {
  source: 'admin' | 'stripe';
  actorId?: number;
  reason?: string;
  stripeEventId?: string;
}

export interface PlanChange {
  from: PlanName;
  to: PlanName;
}

const toPlan = (name: PlanName): Plan => ({
  name,
  order: PLANS[name].order,
  monthly_price: PLANS[name].monthlyPrice,
  currency: 'usd',
  billing_interval: 'month',
  description: PLANS[name].description,
  features: planFeatures(name),
  purchasable: (PAID_PLANS as readonly string[]).includes(name),
});

/** The plan catalogue, what each plan allows, and the one way a user's plan changes (with an audit row). */
export class PlansService {
  /** Each route pattern's entitlements (`entitlementsForRoute`), worked out at its first request. */
  private readonly routeEntitlements = new Map<string, Entitlement[]>();

  constructor(
    private readonly db: Database,
    private readonly repository: PlansRepository,
    private readonly users: UsersService,
    private readonly notifications: NotificationsService,
    private readonly table: Record<PlanName, { entitlements: readonly Entitlement[] }> = PLANS,
  ) {}

  all(): Record<PlanName, Plan> {
    return Object.fromEntries(PlanNameSchema.options.map((name) => [name, toPlan(name)])) as Record<
      PlanName,
      Plan
    >;
  }

  /** A plan by name, case-insensitively; 404 for a name that is not a plan. */
  details(name: string): Plan {
    const match = PlanNameSchema.options.find((plan) => plan.toLowerCase() === name.trim().toLowerCase());
    if (!match) throw notFound('Plan');
    return toPlan(match);
  }

  plugins(): Plugin[] {
    return PLUGINS;
  }

  isEntitled(plan: PlanName, entitlement: Entitlement): boolean {
    return this.table[plan].entitlements.includes(entitlement);
  }

  /** Refuses what the caller's plan does not include (403 PLAN_REQUIRED). */
  assertEntitled(plan: PlanName, entitlement: Entitlement): void {
    if (!this.isEntitled(plan, entitlement)) {
      throw new AppError(
        403,
        'PLAN_REQUIRED',
        `Your ${plan} plan does not include this. Upgrade in Settings → Subscription.`,
      );
    }
  }

  /**
   * Refuses a request to the route `url` (its pattern, `/api/people/:id`) whose entitlements the plan
   * lacks. The access plugin asks on every approved request; each route's entitlements are worked out once.
   */
  assertRouteEntitled(plan: PlanName, url: string): void {
    let entitlements = this.routeEntitlements.get(url);
    if (!entitlements) {
      entitlements = entitlementsForRoute(url);
      this.routeEntitlements.set(url, entitlements);
    }
    for (const entitlement of entitlements) this.assertEntitled(plan, entitlement);
  }

  /**
   * Sets a user's plan and writes the audit row, in the caller's transaction. Returns what changed,
   * or undefined when the user already has that plan.
   */
  async change(
    userId: number,
    to: PlanName,
    source: PlanChangeSource,
    db: Database = this.db,
  ): Promise<PlanChange | undefined> {
    const user = await this.users.get(userId, db);
    if (!user) throw notFound('User');
    if (user.plan === to) return undefined;
    await this.users.setPlan(userId, to, db);
    await this.repository.insertChange(
      {
        userId,
        actorId: source.actorId ?? null,
        source: source.source,
        fromPlan: user.plan,
        toPlan: to,
        reason: source.reason ?? null,
        stripeEventId: source.stripeEventId ?? null,
      },
      db,
    );
    return { from: user.plan, to };
  }

  /** Support sets a plan by hand (POST /plan): administrators only, always audited. */
  adminSet(
    actorId: number,
    userId: number,
    plan: PlanName,
    reason?: string,
  ): Promise<PlanChange | undefined> {
    return this.db.transaction(async (tx) => {
      const change = await this.change(userId, plan, { source: 'admin', actorId, reason }, tx);
      if (change) {
        await this.notifications.notify(
          {
            userId,
            type: 'other',
            text: `An administrator changed your plan from ${change.from} to ${change.to}.`,
            subject: { type: 'subscription', id: userId },
          },
          tx,
        );
      }
      return change;
    });
  }

  history(userId: number): Promise<PlanChangeRow[]> {
    return this.repository.listChanges(userId);
  }
}
