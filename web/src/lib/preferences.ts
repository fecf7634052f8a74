import type { UserPreferences } from '@relate/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchJson } from './api-client';
import { useAppMutation } from './query';

/**
 * The user's preferences (one record on the server, read by several features: contact columns,
 * calendar settings): shared data, so it lives here rather than in one feature.
 */
export const preferenceKeys = {
  all: ['preferences'] as const,
};

export const preferencesQuery = () =>
  queryOptions({
    queryKey: preferenceKeys.all,
    queryFn: ({ signal }) => fetchJson<{ preferences: UserPreferences }>('/user-preferences', { signal }),
    select: (response) => response.preferences,
    staleTime: 5 * 60_000,
  });

export const usePreferences = () => useQuery(preferencesQuery());

/** Saves part of the preferences (the server merges it into the stored ones). */
export const useSavePreferences = <TChanges extends Partial<Record<keyof UserPreferences, unknown>>>(
  options: { before?: (changes: TChanges) => void; onSuccess?: () => void } = {},
) =>
  useAppMutation({
    mutationFn: (changes: TChanges) => {
      options.before?.(changes);
      return fetchJson('/user-preferences', { method: 'POST', body: changes });
    },
    onSuccess: options.onSuccess,
    invalidates: [preferenceKeys.all],
  });
