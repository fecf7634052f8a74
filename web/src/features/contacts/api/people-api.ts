import type { PeopleResponse, Person } from '@relate/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fetchJson } from '@/lib/api-client';

export const PEOPLE_PAGE_SIZE = 50;

export interface PeopleParams {
  page: number;
  q: string;
  sort?: string;
  order?: 'asc' | 'desc';
  filters: Record<string, string>;
}

export const peopleQuery = (params: PeopleParams) =>
  queryOptions({
    queryKey: ['people', 'list', params],
    queryFn: ({ signal }) =>
      fetchJson<PeopleResponse>('/people', {
        query: {
          page: params.page,
          page_size: PEOPLE_PAGE_SIZE,
          q: params.q,
          sort: params.sort,
          order: params.order,
          ...params.filters,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export const usePeople = (params: PeopleParams) => useQuery(peopleQuery(params));

export const personQuery = (id: number) =>
  queryOptions({
    queryKey: ['people', 'one', id],
    queryFn: ({ signal }) => fetchJson<Person>(`/people/${id}`, { signal }),
  });

export const usePerson = (id: number | null) => useQuery({ ...personQuery(id ?? 0), enabled: id !== null });

function usePeopleMutation<TVariables, TResult>(mutationFn: (variables: TVariables) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['people'] }),
  });
}

export const useCreatePerson = () =>
  usePeopleMutation((body: Record<string, unknown>) =>
    fetchJson<Person>('/people', { method: 'POST', body }),
  );

export const useUpdatePerson = () =>
  usePeopleMutation(({ id, changes }: { id: number; changes: Record<string, unknown> }) =>
    fetchJson<Person>(`/people/${id}`, { method: 'PUT', body: changes }),
  );

export const useDeletePerson = () =>
  usePeopleMutation((id: number) => fetchJson(`/people/${id}`, { method: 'DELETE' }));

export const useDeleteAllPeople = () =>
  usePeopleMutation(() =>
    fetchJson<{ deleted: number }>('/people', { method: 'DELETE', body: { confirm: true } }),
  );
