import type { GoogleStatus } from '@relate/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchJson } from './api-client';

/**
 * Whether a Google account is connected and how its syncs stand. Read by Settings → Google Integration,
 * the calendar settings' notice and the event form's "Sync with Google Calendar" box: shared data, so it
 * lives here; the Google feature's keys extend these, so its writes refresh it.
 */
export const googleStatusKeys = {
  all: ['google'] as const,
  status: () => [...googleStatusKeys.all, 'status'] as const,
};

const googleStatusQuery = () =>
  queryOptions({
    queryKey: googleStatusKeys.status(),
    queryFn: ({ signal }) => fetchJson<GoogleStatus>('/auth/google/status', { signal }),
    // While a sync runs on the server (the 15-minute job), look again until it is done.
    refetchInterval: (query) =>
      query.state.data?.contacts_sync_running || query.state.data?.calendar_sync_running ? 5_000 : false,
  });

export const useGoogleStatus = () => useQuery(googleStatusQuery());
