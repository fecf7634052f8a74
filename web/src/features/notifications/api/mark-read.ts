import { fetchJson } from '@/lib/api-client';
import { useAppMutation } from '@/lib/query';
import { toast } from '@/lib/toast';
import { notificationKeys } from './keys';

/** After a read the list and the unread count are fetched again (spec section 2). */
export const useMarkRead = () =>
  useAppMutation({
    mutationFn: (id: number) => fetchJson(`/notifications/${id}/read`, { method: 'PUT' }),
    onError: () => toast.error('Failed to mark notification as read'),
    invalidates: [notificationKeys.all],
  });

export const useMarkAllRead = () =>
  useAppMutation({
    mutationFn: () => fetchJson<{ updated: number }>('/notifications/read-all', { method: 'PUT' }),
    onError: () => toast.error('Failed to mark all notifications as read'),
    invalidates: [notificationKeys.all],
  });
