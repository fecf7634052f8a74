import type { DeletedPeople, PeopleResponse, Person, TrashCount, Trashed } from '@relate/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { fetchJson } from '@/lib/api-client';
import { useAppMutation } from '@/lib/query';
import { companiesKey, type PeopleParams, peopleKeys } from './keys';

export const PEOPLE_PAGE_SIZE = 50;

export const peopleQuery = (params: PeopleParams) =>
  queryOptions({
    queryKey: peopleKeys.list(params),
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
    queryKey: peopleKeys.detail(id),
    queryFn: ({ signal }) => fetchJson<Person>(`/people/${id}`, { signal }),
  });

export const usePerson = (id: number | null) => useQuery({ ...personQuery(id ?? 0), enabled: id !== null });

export const useCreatePerson = () =>
  useAppMutation({
    mutationFn: (body: Record<string, unknown>) => fetchJson<Person>('/people', { method: 'POST', body }),
    invalidates: [peopleKeys.all, companiesKey],
  });

export const useUpdatePerson = () =>
  useAppMutation({
    mutationFn: ({ id, changes }: { id: number; changes: Record<string, unknown> }) =>
      fetchJson<Person>(`/people/${id}`, { method: 'PUT', body: changes }),
    invalidates: [peopleKeys.all, companiesKey],
  });

export const useDeletePerson = () =>
  useAppMutation({
    mutationFn: (id: number) => fetchJson<Trashed>(`/people/${id}`, { method: 'DELETE' }),
    invalidates: [peopleKeys.all],
  });

export const useDeleteAllPeople = () =>
  useAppMutation({
    mutationFn: () => fetchJson<DeletedPeople>('/people', { method: 'DELETE', body: { confirm: true } }),
    invalidates: [peopleKeys.all],
  });

/** Undo of a delete: the contacts its trash_batch moved to the Trash come back. */
export const useRestoreDeletedPeople = () =>
  useAppMutation({
    mutationFn: (batch: string) =>
      fetchJson<TrashCount>('/trash/restore', { method: 'POST', body: { batch } }),
    invalidates: [peopleKeys.all],
  });
