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
  });

export const useGoogleStatus = () => useQuery(googleStatusQuery());
