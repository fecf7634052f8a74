import type { ContactColumn, UserPreferences } from '@relate/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fetchJson } from '@/lib/api-client';

const LOCAL_COLUMNS_KEY = 'contact_columns';

export const preferencesQuery = () =>
  queryOptions({
    queryKey: ['preferences'],
    queryFn: ({ signal }) => fetchJson<{ preferences: UserPreferences }>('/user-preferences', { signal }),
    select: (response) => response.preferences,
    staleTime: 5 * 60_000,
  });

export const usePreferences = () => useQuery(preferencesQuery());

/** The user's columns: a locally kept copy of a save that failed wins, else the saved preferences. */
export function useContactColumns(): ContactColumn[] | undefined {
  const preferences = usePreferences();
  const local = localStorage.getItem(LOCAL_COLUMNS_KEY);
  if (local) {
    try {
      return JSON.parse(local) as ContactColumn[];
    } catch {
      localStorage.removeItem(LOCAL_COLUMNS_KEY);
    }
  }
  return preferences.data?.contact_columns;
}

/** Saves column settings; when the server refuses, keeps them locally and says so (spec section 8). */
export function useSaveContactColumns() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (columns: ContactColumn[]) => {
      localStorage.setItem(LOCAL_COLUMNS_KEY, JSON.stringify(columns));
      return fetchJson('/user-preferences', { method: 'POST', body: { contact_columns: columns } });
    },
    onSuccess: () => localStorage.removeItem(LOCAL_COLUMNS_KEY),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['preferences'] }),
  });
}

/** Saves calendar settings (merged with the stored ones by the server). */
export function useSaveCalendarSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (calendar_settings: { defaultView?: string; startWeekday?: string }) =>
      fetchJson('/user-preferences', { method: 'POST', body: { calendar_settings } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['preferences'] }),
  });
}
