import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ApiError, fetchJson, type RequestOptions } from '@/lib/api-client';
import { useAppMutation } from '@/lib/query';
import { toast } from '@/lib/toast';
import { readUserCache, writeUserCache } from '@/lib/user-cache';
import { customFieldKeys, peopleKeys } from './keys';

const isNameList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'string');

const cached = (): string[] => readUserCache('custom_fields', isNameList) ?? [];

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
    queryKey: customFieldKeys.all,
    queryFn: async ({ signal }) => {
      try {
        const { custom_fields } = await customFieldsCall('/custom-fields', { signal });
        writeUserCache('custom_fields', custom_fields);
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

export const useAddCustomField = () =>
  useAppMutation({
    mutationFn: (name: string) => customFieldsCall('/custom-fields', { method: 'POST', body: { name } }),
    invalidates: [customFieldKeys.all],
  });

/** Deleting a field also removes its values from the contacts. */
export const useDeleteCustomField = () =>
  useAppMutation({
    mutationFn: (name: string) =>
      customFieldsCall(`/custom-fields/${encodeURIComponent(name)}`, { method: 'DELETE' }),
    invalidates: [customFieldKeys.all, peopleKeys.all],
  });
