import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from '@/lib/toast';
import { useCurrentPlan } from '../api/get-current-plan';
import { usePurchasablePlans } from '../api/get-plans';
import { usePlugins } from '../api/get-plugins';
import { PlanCards } from './plan-cards';
import { PluginCatalogue } from './plugin-catalogue';
import { SubscriptionStatus } from './subscription-status';

/** After this long without Stripe's confirmation, the pending notice says it is taking longer. */
const SLOW_CONFIRMATION_MS = 30_000;
const PAID_STATUSES = ['active', 'trialing', 'past_due'];

/** Settings → Subscription (Plans & Plugins). */
export function SubscriptionSection() {
  const [searchParams, setSearchParams] = useSearchParams();
  const returnedFromCheckout = searchParams.get('checkout');
  const [slow, setSlow] = useState(false);
  const current = useCurrentPlan({ waitingForPayment: returnedFromCheckout === 'success' && !slow });
  const plans = usePurchasablePlans();
  const plugins = usePlugins();
  const paid =
    PAID_STATUSES.includes(current.data?.subscription?.status ?? '') && current.data?.plan !== 'Free';
  const waitingForPayment = returnedFromCheckout === 'success' && !paid;

  useEffect(() => {
    if (current.isError) toast.error('Failed to fetch current plan');
  }, [current.isError]);
  useEffect(() => {
    if (plans.isError) toast.error('Failed to fetch plan details');
  }, [plans.isError]);

  useEffect(() => {
    if (!waitingForPayment) return;
    const timer = setTimeout(() => setSlow(true), SLOW_CONFIRMATION_MS);
    return () => clearTimeout(timer);
  }, [waitingForPayment]);

  // Back from Stripe: say what happened once, then drop the marker from the address.
  useEffect(() => {
    const clear = () =>
      setSearchParams(
        (params) => {
          params.delete('checkout');
          params.delete('session_id');
          return params;
        },
        { replace: true },
      );
    if (returnedFromCheckout === 'cancelled') {
      toast('Checkout cancelled', { description: 'You have not been charged.' });
      clear();
    }
    if (returnedFromCheckout === 'success' && paid && current.data) {
      toast.success(`Welcome to ${current.data.plan}!`, { description: 'Your payment went through.' });
      clear();
    }
  }, [returnedFromCheckout, paid, current.data, setSearchParams]);

  return (
    <div className="grid gap-8">
      <div className="grid gap-4">
        <SubscriptionStatus current={current.data} waitingForPayment={waitingForPayment} slow={slow} />
        <PlanCards plans={plans.data} current={current.data} />
      </div>
      <PluginCatalogue plugins={plugins.data} />
    </div>
  );
}
