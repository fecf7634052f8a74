import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fetchJson } from '@/lib/api-client';

const CACHE_KEY = 'custom_fields';

function cached(): string[] {
  try {
    const value = JSON.parse(localStorage.getItem(CACHE_KEY) ?? '[]');
    return Array.isArray(value) ? value.filter((item) => typeof item === 'string') : [];
  } catch {
    return [];
  }
}

/** The user's custom field names, cached in local storage and read from there when the call fails (spec section 7). */
export const customFieldsQuery = () =>
  queryOptions({
    queryKey: ['custom-fields'],
    queryFn: async ({ signal }) => {
      try {
        const { custom_fields } = await fetchJson<{ custom_fields: string[] }>('/custom-fields', { signal });
        localStorage.setItem(CACHE_KEY, JSON.stringify(custom_fields));
        return custom_fields;
      } catch (error) {
        const fallback = cached();
        if (fallback.length > 0) return fallback;
        throw error;
      }
    },
    staleTime: 5 * 60_000,
  });

export const useCustomFieldNames = () => useQuery(customFieldsQuery());

export function useAddCustomField() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) =>
      fetchJson<{ custom_fields: string[] }>('/custom-fields', { method: 'POST', body: { name } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['custom-fields'] }),
  });
}

export function useDeleteCustomField() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) =>
      fetchJson<{ custom_fields: string[] }>(`/custom-fields/${encodeURIComponent(name)}`, {
        method: 'DELETE',
      }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: ['custom-fields'] });
      void queryClient.invalidateQueries({ queryKey: ['people'] });
    },
  });
}
