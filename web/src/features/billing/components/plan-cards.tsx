import type { CurrentPlanResponse, PaidPlanName, Plan } from '@relate/contracts';
import { CheckIcon, CrownIcon } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';
import { useBillingPortal, useCheckout } from '../api/billing-sessions';

const LIVE_STATUSES = ['active', 'trialing', 'past_due', 'unpaid', 'paused'];

const price = (plan: Plan) =>
  plan.monthly_price === null ? 'Custom' : `$${plan.monthly_price.toLocaleString('en-US')}`;

interface PlanCardsProps {
  plans: Plan[] | undefined;
  current: CurrentPlanResponse | undefined;
}

/** Starter, Pro and Business side by side: the current one with Manage Billing, the others with Upgrade. */
export function PlanCards({ plans, current }: PlanCardsProps) {
  const checkout = useCheckout();
  const portal = useBillingPortal();
  const billingEnabled = current?.billing_enabled ?? false;
  const subscribed = LIVE_STATUSES.includes(current?.subscription?.status ?? '');

  if (!plans) {
    return (
      <div className="grid gap-4 md:grid-cols-3">
        {[0, 1, 2].map((index) => (
          <Skeleton key={index} className="h-80 rounded-xl" />
        ))}
      </div>
    );
  }

  const action = (plan: Plan) => {
    const isCurrent = current?.plan === plan.name;
    if (isCurrent) {
      return (
        <Button
          className="w-full"
          variant="outline"
          disabled={!billingEnabled || portal.isPending}
          onClick={() => portal.mutate()}
        >
          Manage Billing
        </Button>
      );
    }
    if (!billingEnabled) {
      return (
        <Button className="w-full" variant="secondary" disabled>
          Coming Soon
        </Button>
      );
    }
    // Someone who already pays changes plan in the portal; a second checkout would bill them twice.
    if (subscribed) {
      return (
        <Button
          className="w-full"
          variant="outline"
          disabled={portal.isPending}
          onClick={() => portal.mutate()}
        >
          Switch plan
        </Button>
      );
    }
    return (
      <Button
        className="w-full"
        disabled={checkout.isPending}
        onClick={() => checkout.mutate(plan.name as PaidPlanName)}
      >
        {checkout.isPending && checkout.variables === plan.name ? 'Redirecting…' : `Upgrade to ${plan.name}`}
      </Button>
    );
  };

  return (
    <ul className="grid gap-4 md:grid-cols-3" aria-label="Plans">
      {plans.map((plan) => {
        const isCurrent = current?.plan === plan.name;
        const featured = plan.name === 'Pro';
        return (
          <li key={plan.name} className="grid">
            <Card
              aria-label={`${plan.name} plan`}
              className={cn(
                'relative flex flex-col',
                featured && 'border-primary/50 shadow-md',
                isCurrent && 'ring-2 ring-primary',
              )}
            >
              <CardHeader className="gap-2">
                <div className="flex items-center justify-between gap-2">
                  <CardTitle className="flex items-center gap-1.5 text-lg">
                    {plan.name === 'Pro' && <CrownIcon className="size-4 text-amber-500" />}
                    {plan.name}
                  </CardTitle>
                  {isCurrent ? (
                    <Badge>Current plan</Badge>
                  ) : (
                    featured && <Badge variant="secondary">Most popular</Badge>
                  )}
                </div>
                <CardDescription>{plan.description}</CardDescription>
                <p className="pt-2">
                  <span className="text-3xl font-semibold tracking-tight">{price(plan)}</span>
                  <span className="text-sm text-muted-foreground"> / month</span>
                </p>
              </CardHeader>
              <CardContent className="flex-1">
                <ul className="grid gap-2 text-sm">
                  {plan.features.map((feature) => (
                    <li key={feature} className="flex items-start gap-2">
                      <CheckIcon className="mt-0.5 size-4 shrink-0 text-success" />
                      <span>{feature}</span>
                    </li>
                  ))}
                </ul>
              </CardContent>
              <CardFooter>{action(plan)}</CardFooter>
            </Card>
          </li>
        );
      })}
    </ul>
  );
}
