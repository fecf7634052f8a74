import type { TrashCount, TrashKind, TrashResponse, TrashSelection } from '@relate/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { fetchJson } from '@/lib/api-client';
import { useAppMutation } from '@/lib/query';

export const TRASH_PAGE_SIZE = 50;

export interface TrashParams {
  page: number;
  kind?: TrashKind;
}

/** Every Trash query key (see `@/lib/query`). */
export const trashKeys = {
  all: ['trash'] as const,
  list: (params: TrashParams) => [...trashKeys.all, 'list', params] as const,
};

export const trashQuery = (params: TrashParams) =>
  queryOptions({
    queryKey: trashKeys.list(params),
    queryFn: ({ signal }) =>
      fetchJson<TrashResponse>('/trash', {
        query: { page: params.page, page_size: TRASH_PAGE_SIZE, kind: params.kind },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export const useTrash = (params: TrashParams) => useQuery(trashQuery(params));

export const useRestoreTrash = () =>
  useAppMutation({
    mutationFn: (selection: TrashSelection) =>
      fetchJson<TrashCount>('/trash/restore', { method: 'POST', body: selection }),
    invalidates: [trashKeys.all],
  });

export const useDeleteForever = () =>
  useAppMutation({
    mutationFn: (selection: TrashSelection) =>
      fetchJson<TrashCount>('/trash/delete', { method: 'POST', body: selection }),
    invalidates: [trashKeys.all],
  });

export const useEmptyTrash = () =>
  useAppMutation({
    mutationFn: () => fetchJson<TrashCount>('/trash', { method: 'DELETE', body: { confirm: true } }),
    invalidates: [trashKeys.all],
  });
