import type { PersonDuplicatesResponse } from '@relate/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fetchJson } from '@/lib/api-client';

export const personDuplicatesQuery = () =>
  queryOptions({
    queryKey: ['people', 'duplicates'],
    queryFn: ({ signal }) => fetchJson<PersonDuplicatesResponse>('/people/duplicates', { signal }),
  });

export const usePersonDuplicates = (enabled: boolean) => useQuery({ ...personDuplicatesQuery(), enabled });

function useDuplicatesMutation<TVariables, TResult>(mutationFn: (variables: TVariables) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['people'] }),
  });
}

export const useAutoMergePeople = () =>
  useDuplicatesMutation(() =>
    fetchJson<{ merged_groups: number; deleted: number }>('/people/duplicates/auto-merge', {
      method: 'POST',
    }),
  );

export const useResolvePeople = () =>
  useDuplicatesMutation((body: { keep_id: number | null; delete_ids: number[] }) =>
    fetchJson<{ deleted: number }>('/people/duplicates/resolve', { method: 'POST', body }),
  );
