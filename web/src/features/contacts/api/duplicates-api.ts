import type { PersonDuplicatesResponse } from '@relate/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchJson } from '@/lib/api-client';
import { useAppMutation } from '@/lib/query';
import { peopleKeys } from './keys';

export const personDuplicatesQuery = () =>
  queryOptions({
    queryKey: peopleKeys.duplicates(),
    queryFn: ({ signal }) => fetchJson<PersonDuplicatesResponse>('/people/duplicates', { signal }),
  });

export const usePersonDuplicates = (enabled: boolean) => useQuery({ ...personDuplicatesQuery(), enabled });

export const useAutoMergePeople = () =>
  useAppMutation({
    mutationFn: () =>
      fetchJson<{ merged_groups: number; deleted: number }>('/people/duplicates/auto-merge', {
        method: 'POST',
      }),
    invalidates: [peopleKeys.all],
  });

export const useResolvePeople = () =>
  useAppMutation({
    mutationFn: (body: { keep_id: number | null; delete_ids: number[] }) =>
      fetchJson<{ deleted: number }>('/people/duplicates/resolve', { method: 'POST', body }),
    invalidates: [peopleKeys.all],
  });
