import type { CheckoutSessionResponse, PaidPlanName, PortalSessionResponse } from '@relate/contracts';
import { ApiError, fetchJson } from '@/lib/api-client';
import { useAppMutation } from '@/lib/query';
import { toast } from '@/lib/toast';

/** The browser leaves for Stripe's page; nothing in Relate changes until Stripe's webhook arrives. */
const goTo = (url: string) => window.location.assign(url);

export const createCheckoutSession = (plan: PaidPlanName) =>
  fetchJson<CheckoutSessionResponse>('/stripe-checkout-session', { method: 'POST', body: { plan } });

export const createPortalSession = () =>
  fetchJson<PortalSessionResponse>('/stripe-portal-session', { method: 'POST' });

export function useCheckout() {
  return useAppMutation({
    mutationFn: createCheckoutSession,
    onSuccess: (session) => goTo(session.checkout_url),
    onError: (error) =>
      toast.error('Failed to create checkout session', {
        description: error instanceof Error ? error.message : 'Please try again.',
      }),
  });
}

/** Spec section 8: a missing customer and an unconfigured portal each get their own explanation. */
export function portalErrorDescription(error: unknown): string {
  if (error instanceof ApiError && error.code === 'NO_STRIPE_CUSTOMER') {
    return 'Your account is not set up for billing yet. Choose a plan to get started.';
  }
  if (error instanceof ApiError && error.code === 'BILLING_PORTAL_UNAVAILABLE') {
    return 'The billing portal is not available right now. Please contact support.';
  }
  return error instanceof Error ? error.message : 'Please try again.';
}

export function useBillingPortal() {
  return useAppMutation({
    mutationFn: createPortalSession,
    onSuccess: (session) => goTo(session.portal_url),
    onError: (error) =>
      toast.error('Failed to open billing portal', { description: portalErrorDescription(error) }),
  });
}
