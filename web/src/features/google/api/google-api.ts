import type {
  ApplyGoogleContactsBody,
  ApplyGoogleContactsResponse,
  ContactReviewItem,
  GoogleContactsSyncResponse,
  GoogleStatus,
} from '@relate/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fetchJson } from '@/lib/api-client';

/** Every query key of the Google feature; invalidations ask here instead of writing keys by hand. */
export const googleKeys = {
  all: ['google'] as const,
  status: () => [...googleKeys.all, 'status'] as const,
  review: () => [...googleKeys.all, 'contacts-review'] as const,
};
const PEOPLE_KEY = ['people'];

export const googleStatusQuery = () =>
  queryOptions({
    queryKey: googleKeys.status(),
    queryFn: ({ signal }) => fetchJson<GoogleStatus>('/auth/google/status', { signal }),
  });
export const useGoogleStatus = () => useQuery(googleStatusQuery());

export const googleReviewQuery = () =>
  queryOptions({
    queryKey: googleKeys.review(),
    queryFn: ({ signal }) =>
      fetchJson<{ items: ContactReviewItem[] }>('/auth/google/contacts/review', { signal }).then(
        (response) => response.items,
      ),
  });

export const getGoogleConnectUrl = () =>
  fetchJson<{ authorization_url: string }>('/auth/google/connect', { method: 'POST' });

/** A mutation and the Google (and contacts) queries it makes stale. */
function useGoogleMutation<TVariables, TResult>(
  mutationFn: (variables: TVariables) => Promise<TResult>,
  options: { contacts?: boolean } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: googleKeys.all });
      if (options.contacts) await queryClient.invalidateQueries({ queryKey: PEOPLE_KEY });
    },
  });
}

export const useDisconnectGoogle = () =>
  useGoogleMutation(() => fetchJson<{ message: string }>('/auth/google/clear', { method: 'POST' }));

export const useSyncGoogleContacts = () =>
  useGoogleMutation(
    (preview: boolean) =>
      fetchJson<GoogleContactsSyncResponse>('/auth/google/contacts', { query: { preview } }),
    { contacts: true },
  );

export const useApplyGoogleContacts = () =>
  useGoogleMutation(
    (body: ApplyGoogleContactsBody) =>
      fetchJson<ApplyGoogleContactsResponse>('/auth/google/contacts/apply', { method: 'POST', body }),
    { contacts: true },
  );

export const useAddToGoogle = () =>
  useGoogleMutation((contactId: number) =>
    fetchJson<{ resource_name: string }>(`/auth/google/contacts/${contactId}/add`, { method: 'POST' }),
  );

/** The server answers this when GOOGLE_CLIENT_ID is not set (spec section 7). */
export const isNotConfigured = (error: unknown) =>
  (error as { code?: string } | null)?.code === 'GOOGLE_NOT_CONFIGURED' ||
  String((error as Error | null)?.message ?? '').includes('Google OAuth not configured');
