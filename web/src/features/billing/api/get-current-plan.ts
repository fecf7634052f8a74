import type { CurrentPlanResponse } from '@relate/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchJson } from '@/lib/api-client';
import { planKeys } from './keys';

export const currentPlanQuery = () =>
  queryOptions({
    queryKey: planKeys.current(),
    queryFn: ({ signal }) => fetchJson<CurrentPlanResponse>('/plan', { signal }),
  });

/** `waitingForPayment`: back from checkout, the plan is read again every 2 s until the webhook lands. */
export const useCurrentPlan = (options: { waitingForPayment?: boolean } = {}) =>
  useQuery({ ...currentPlanQuery(), refetchInterval: options.waitingForPayment ? 2_000 : false });
