import type {
  ApplyGoogleCalendarBody,
  ApplyGoogleContactsBody,
  ApplyGoogleReviewResponse,
  CalendarReviewItem,
  ContactReviewItem,
  GoogleCalendarSyncResponse,
  GoogleContactsSyncResponse,
  GoogleSettingsBody,
  GoogleStatus,
} from '@relate/contracts';
import { type QueryKey, queryOptions } from '@tanstack/react-query';
import { fetchJson } from '@/lib/api-client';
import { useAppMutation } from '@/lib/query';
import { googleKeys } from './keys';

export { useGoogleStatus } from '@/lib/google-status';

export const googleReviewQuery = () =>
  queryOptions({
    queryKey: googleKeys.contactsReview(),
    queryFn: ({ signal }) =>
      fetchJson<{ items: ContactReviewItem[] }>('/auth/google/contacts/review', { signal }).then(
        (response) => response.items,
      ),
  });

/** The calendar changes waiting for review, as stored (Google is not asked again). */
export const calendarReviewQuery = () =>
  queryOptions({
    queryKey: googleKeys.calendarReview(),
    queryFn: ({ signal }) =>
      fetchJson<{ items: CalendarReviewItem[] }>('/auth/google/calendar/review', { signal }).then(
        (response) => response.items,
      ),
  });

export const getGoogleConnectUrl = () =>
  fetchJson<{ authorization_url: string }>('/auth/google/connect', { method: 'POST' });

/**
 * A mutation that makes the Google queries stale, plus the caches of what it brought over (contacts,
 * events): those keys belong to other features, so whoever composes this feature passes them in.
 */
function useGoogleMutation<TVariables, TResult>(
  mutationFn: (variables: TVariables) => Promise<TResult>,
  refreshes: readonly QueryKey[] = [],
) {
  return useAppMutation({ mutationFn, invalidates: [googleKeys.all, ...refreshes] });
}

export const useSetGoogleSettings = () =>
  useGoogleMutation((body: GoogleSettingsBody) =>
    fetchJson<GoogleStatus>('/auth/google/settings', { method: 'POST', body }),
  );

export const useDisconnectGoogle = () =>
  useGoogleMutation(() => fetchJson<{ message: string }>('/auth/google/clear', { method: 'POST' }));

export const useSyncGoogleContacts = (refreshes?: readonly QueryKey[]) =>
  useGoogleMutation(
    (preview: boolean) =>
      fetchJson<GoogleContactsSyncResponse>('/auth/google/contacts', { query: { preview } }),
    refreshes,
  );

export const useApplyGoogleContacts = (refreshes?: readonly QueryKey[]) =>
  useGoogleMutation(
    (body: ApplyGoogleContactsBody) =>
      fetchJson<ApplyGoogleReviewResponse>('/auth/google/contacts/apply', { method: 'POST', body }),
    refreshes,
  );

export const useAddToGoogle = () =>
  useGoogleMutation((contactId: number) =>
    fetchJson<{ resource_name: string }>(`/auth/google/contacts/${contactId}/add`, { method: 'POST' }),
  );

/** GET /auth/google/calendar: a sync, or with `preview` only the list of what waits for a decision. */
export const useSyncGoogleCalendar = (refreshes?: readonly QueryKey[]) =>
  useGoogleMutation(
    (preview: boolean) =>
      fetchJson<GoogleCalendarSyncResponse>('/auth/google/calendar', { query: { preview } }),
    refreshes,
  );

export const useApplyGoogleCalendar = (refreshes?: readonly QueryKey[]) =>
  useGoogleMutation(
    (body: ApplyGoogleCalendarBody) =>
      fetchJson<ApplyGoogleReviewResponse>('/auth/google/calendar/apply', { method: 'POST', body }),
    refreshes,
  );

/** Which review a call is about. */
export type ReviewNoun = 'contacts' | 'calendar';

/** The items the user dismissed (never imported until restored). */
export const dismissedQuery = <T>(noun: ReviewNoun) =>
  queryOptions({
    queryKey: googleKeys.dismissed(noun),
    queryFn: ({ signal }) =>
      fetchJson<{ items: T[] }>(`/auth/google/${noun}/review`, { query: { dismissed: true }, signal }).then(
        (response) => response.items,
      ),
  });

export const useDismissGoogleItems = (noun: ReviewNoun) =>
  useGoogleMutation((item_ids: string[]) =>
    fetchJson<{ dismissed: number }>(`/auth/google/${noun}/dismiss`, { method: 'POST', body: { item_ids } }),
  );

export const useRestoreGoogleItems = (noun: ReviewNoun) =>
  useGoogleMutation((item_ids: string[]) =>
    fetchJson<{ restored: number }>(`/auth/google/${noun}/restore`, { method: 'POST', body: { item_ids } }),
  );

/** The server answers this when GOOGLE_CLIENT_ID is not set (spec section 7). */
export const isNotConfigured = (error: unknown) =>
  (error as { code?: string } | null)?.code === 'GOOGLE_NOT_CONFIGURED' ||
  String((error as Error | null)?.message ?? '').includes('Google OAuth not configured');
