import type { CurrentPlanResponse } from '@relate/contracts';
import {
  AlertTriangleIcon,
  Building2Icon,
  CalendarClockIcon,
  CrownIcon,
  Loader2Icon,
  SparklesIcon,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';
import { useBillingPortal } from '../api/billing-sessions';

const PLANS_WITH_CARDS: readonly string[] = ['Starter', 'Pro', 'Business'];

const formatDay = (iso: string | null) =>
  iso ? new Date(iso).toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric' }) : null;

interface Notice {
  tone: 'info' | 'warning' | 'danger';
  icon: ReactNode;
  title: string;
  text: string;
}

/** What the customer should know about their subscription right now, if anything. */
function noticeFor(current: CurrentPlanResponse, waitingForPayment: boolean, slow: boolean): Notice | null {
  const subscription = current.subscription;
  const until = formatDay(subscription?.current_period_end ?? null);
  if (waitingForPayment) {
    return {
      tone: 'info',
      icon: <Loader2Icon className="size-5 shrink-0 animate-spin" />,
      title: 'Confirming your payment…',
      text: slow
        ? 'This is taking longer than usual. Your plan changes as soon as Stripe confirms the payment; you will get a notification.'
        : 'Your new plan appears here in a moment.',
    };
  }
  if (!subscription) return null;
  if (subscription.status === 'past_due') {
    return {
      tone: 'danger',
      icon: <AlertTriangleIcon className="size-5 shrink-0" />,
      title: 'Payment failed',
      text: `We could not collect your last payment. Update your payment method to keep your ${current.plan} plan.`,
    };
  }
  if (subscription.cancel_at_period_end && ['active', 'trialing'].includes(subscription.status)) {
    return {
      tone: 'warning',
      icon: <CalendarClockIcon className="size-5 shrink-0" />,
      title: 'Subscription cancelled',
      text: `Your ${current.plan} plan stays active${until ? ` until ${until}` : ''}. You can renew it with Manage Billing.`,
    };
  }
  return null;
}

const toneClasses: Record<Notice['tone'], string> = {
  info: 'border-primary/30 bg-primary/5 text-primary',
  warning: 'border-warning/40 bg-warning/10 text-amber-800 dark:text-warning',
  danger: 'border-destructive/40 bg-destructive/10 text-destructive',
};

function PlanIcon({ plan }: { plan: string }) {
  const Icon = plan === 'Pro' ? CrownIcon : plan === 'Enterprise' ? Building2Icon : SparklesIcon;
  return (
    <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary">
      <Icon className="size-5" />
    </span>
  );
}

interface SubscriptionStatusProps {
  current: CurrentPlanResponse | undefined;
  waitingForPayment: boolean;
  slow: boolean;
}

/** The caller's plan, its renewal, and the pending, cancelling or past-due state. */
export function SubscriptionStatus({ current, waitingForPayment, slow }: SubscriptionStatusProps) {
  const portal = useBillingPortal();
  if (!current) return <Skeleton className="h-24 rounded-xl" />;

  const subscription = current.subscription;
  const renewal =
    subscription && !subscription.cancel_at_period_end && ['active', 'trialing'].includes(subscription.status)
      ? formatDay(subscription.current_period_end)
      : null;
  const notice = noticeFor(current, waitingForPayment, slow);
  const summary =
    current.plan === 'Free'
      ? 'Everything in Relate is yours on the Free plan. Upgrade for guaranteed support.'
      : renewal
        ? `Renews on ${renewal}, billed monthly.`
        : current.plan === 'Enterprise'
          ? 'Custom terms arranged with our team.'
          : 'Billed monthly.';

  return (
    <div className="grid gap-3">
      <Card>
        <CardContent className="flex flex-wrap items-center gap-4 p-5">
          <PlanIcon plan={current.plan} />
          <div className="grid min-w-0 flex-1 gap-0.5">
            <p className="flex flex-wrap items-center gap-2 font-medium">
              Your plan: <span data-testid="current-plan">{current.plan}</span>
              {subscription?.status === 'past_due' && <Badge variant="destructive">Past due</Badge>}
              {subscription?.cancel_at_period_end && subscription.status !== 'canceled' && (
                <Badge variant="warning">Cancelling</Badge>
              )}
            </p>
            <p className="text-sm text-muted-foreground">{summary}</p>
          </div>
          {/* Starter, Pro and Business have Manage Billing on their own card below. */}
          {current.has_billing_account && !PLANS_WITH_CARDS.includes(current.plan) && (
            <Button
              variant="outline"
              disabled={!current.billing_enabled || portal.isPending}
              onClick={() => portal.mutate()}
            >
              Manage Billing
            </Button>
          )}
        </CardContent>
      </Card>
      {notice && (
        <div
          role={notice.tone === 'info' ? 'status' : 'alert'}
          className={cn('flex items-start gap-3 rounded-xl border p-4', toneClasses[notice.tone])}
        >
          {notice.icon}
          <div className="grid gap-0.5">
            <p className="font-medium">{notice.title}</p>
            <p className="text-sm opacity-90">{notice.text}</p>
          </div>
        </div>
      )}
      {!current.billing_enabled && (
        <p className="text-sm text-muted-foreground">
          Online payments are coming soon. Until then, every feature stays available on your plan.
        </p>
      )}
    </div>
  );
}
