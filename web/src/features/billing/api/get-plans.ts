import type { AllPlansResponse, Plan } from '@relate/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchJson } from '@/lib/api-client';
import { planKeys } from './keys';

/** The plans sold through checkout, in the order of their cards (Starter, Pro, Business). */
export const allPlansQuery = () =>
  queryOptions({
    queryKey: planKeys.catalogue(),
    queryFn: ({ signal }) => fetchJson<AllPlansResponse>('/all-plans', { signal }),
    select: (data): Plan[] =>
      Object.values(data.plans)
        .filter((plan) => plan.purchasable)
        .sort((a, b) => a.order - b.order),
    staleTime: 60 * 60_000,
  });

export const usePurchasablePlans = () => useQuery(allPlansQuery());
