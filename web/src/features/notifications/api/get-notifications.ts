import type { NotificationsResponse } from '@relate/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { fetchJson } from '@/lib/api-client';
import { notificationKeys } from './keys';

export const NOTIFICATIONS_PAGE_SIZE = 20;

export const notificationsQuery = (page: number) =>
  queryOptions({
    queryKey: notificationKeys.list(page),
    queryFn: ({ signal }) =>
      fetchJson<NotificationsResponse>('/notifications', {
        query: { page, page_size: NOTIFICATIONS_PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export const useNotifications = (page: number, options: { enabled?: boolean } = {}) =>
  useQuery({ ...notificationsQuery(page), ...options });
