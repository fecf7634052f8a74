import type {
  AutoMergeResult,
  DeletedPeople,
  PersonDuplicateGroup,
  PersonDuplicatesResponse,
} from '@relate/contracts';
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

/** One name group with every one of its people (the scan sends the first DUPLICATE_PEOPLE_SHOWN). */
export const personDuplicateGroupQuery = (key: string) =>
  queryOptions({
    queryKey: peopleKeys.duplicateGroup(key),
    queryFn: ({ signal }) =>
      fetchJson<PersonDuplicateGroup>('/people/duplicates/group', { query: { key }, signal }),
  });

export const usePersonDuplicateGroup = (key: string, enabled: boolean) =>
  useQuery({ ...personDuplicateGroupQuery(key), enabled });

export const useAutoMergePeople = () =>
  useAppMutation({
    mutationFn: () => fetchJson<AutoMergeResult>('/people/duplicates/auto-merge', { method: 'POST' }),
    invalidates: [peopleKeys.all],
  });

export const useResolvePeople = () =>
  useAppMutation({
    mutationFn: (body: { keep_id: number | null; delete_ids: number[] }) =>
      fetchJson<DeletedPeople>('/people/duplicates/resolve', { method: 'POST', body }),
    invalidates: [peopleKeys.all],
  });
