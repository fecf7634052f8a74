import type { JobRunner } from '../../jobs/job-runner';
import type { UsersService } from '../users/users.service';
import type { BillingService } from './billing.service';

export const CANCEL_SUBSCRIPTION = 'billing.cancel-subscription';

/**
 * A deleted account's subscription is cancelled by a job queued in the deletion's transaction: Stripe is
 * called only once the deletion has committed (its webhook never races the open transaction), and a
 * Stripe outage is retried instead of failing the deletion or leaving the subscription billing.
 */
export function defineBillingJobs(jobs: JobRunner, billing: BillingService, users: UsersService): void {
  jobs.define<{ subscriptionId: string }>(CANCEL_SUBSCRIPTION, ({ subscriptionId }) =>
    billing.cancelSubscription(subscriptionId),
  );
  users.onDeleting(async (user, tx) => {
    const subscriptionId = await billing.liveSubscriptionOf(user.id, tx);
    if (subscriptionId)
      await jobs.enqueue(CANCEL_SUBSCRIPTION, { subscriptionId }, { key: subscriptionId, tx });
  });
}
