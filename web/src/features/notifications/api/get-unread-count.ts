import type { UnreadCount } from '@relate/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchJson } from '@/lib/api-client';
import { notificationKeys } from './keys';

/** Refetched every 5 minutes (spec section 9) as a fallback for the live stream. */
export const unreadCountQuery = () =>
  queryOptions({
    queryKey: notificationKeys.unreadCount(),
    queryFn: ({ signal }) => fetchJson<UnreadCount>('/notifications/unread-count', { signal }),
    refetchInterval: 300_000,
  });

export const useUnreadCount = () => useQuery(unreadCountQuery());
