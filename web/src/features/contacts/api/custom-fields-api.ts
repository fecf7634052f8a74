import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { toast } from 'sonner';
import { ApiError, fetchJson, type RequestOptions } from '@/lib/api-client';

const CACHE_KEY = 'custom_fields';

function cached(): string[] {
  try {
    const value = JSON.parse(localStorage.getItem(CACHE_KEY) ?? '[]');
    return Array.isArray(value) ? value.filter((item) => typeof item === 'string') : [];
  } catch {
    return [];
  }
}

/** A custom-field call answered 401 (not signed in, or the session could not be renewed): spec section 8's text. */
function explained(error: unknown): unknown {
  return error instanceof ApiError && error.status === 401
    ? new ApiError('Authentication required', 401, error.code, error.details)
    : error;
}

async function customFieldsCall(path: string, options: RequestOptions = {}) {
  try {
    return await fetchJson<{ custom_fields: string[] }>(path, options);
  } catch (error) {
    throw explained(error);
  }
}

/** The user's custom field names, cached in local storage and read from there when the call fails (spec section 7). */
export const customFieldsQuery = () =>
  queryOptions({
    queryKey: ['custom-fields'],
    queryFn: async ({ signal }) => {
      try {
        const { custom_fields } = await customFieldsCall('/custom-fields', { signal });
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

/** The names; when neither the call nor the local cache gives them, says so once (spec section 8). */
export function useCustomFieldNames() {
  const query = useQuery(customFieldsQuery());
  const failure = query.isError ? query.error.message : null;
  useEffect(() => {
    if (failure !== null)
      toast.error('Failed to fetch custom fields', { id: 'custom-fields-failed', description: failure });
  }, [failure]);
  return query;
}

export function useAddCustomField() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => customFieldsCall('/custom-fields', { method: 'POST', body: { name } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['custom-fields'] }),
  });
}

export function useDeleteCustomField() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) =>
      customFieldsCall(`/custom-fields/${encodeURIComponent(name)}`, { method: 'DELETE' }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: ['custom-fields'] });
      void queryClient.invalidateQueries({ queryKey: ['people'] });
    },
  });
}
