import type { Cadence, FollowUpAction, ReachOutResponse, StayInTouch } from '@relate/contracts';
import { useQuery } from '@tanstack/react-query';
import { fetchJson } from '@/lib/api-client';
import { useAppMutation } from '@/lib/query';
import { peopleKeys } from './keys';

export const useStayInTouch = (id: number) =>
  useQuery({
    queryKey: peopleKeys.stayInTouch(id),
    queryFn: ({ signal }) => fetchJson<StayInTouch>(`/people/${id}/stay-in-touch`, { signal }),
  });

export const useReachOut = () =>
  useQuery({
    queryKey: peopleKeys.reachOut(),
    queryFn: ({ signal }) => fetchJson<ReachOutResponse>('/reach-out', { signal }),
  });

/** The browser's zone: follow-ups fall due at 09:00 there. */
const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

// Both change the contact's dates, which lists, the detail and Reach out show: all people keys go stale.
export const useSetCadence = () =>
  useAppMutation({
    mutationFn: ({ id, cadence }: { id: number; cadence: Cadence | null }) =>
      fetchJson<StayInTouch>(`/people/${id}/stay-in-touch`, {
        method: 'PUT',
        body: { cadence, timezone: browserTimeZone() },
      }),
    invalidates: [peopleKeys.all],
  });

export const useFollowUp = () =>
  useAppMutation({
    mutationFn: ({ id, action }: { id: number; action: FollowUpAction }) =>
      fetchJson<StayInTouch>(`/people/${id}/follow-up`, { method: 'POST', body: action }),
    invalidates: [peopleKeys.all],
  });
