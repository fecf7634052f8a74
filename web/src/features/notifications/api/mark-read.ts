import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { fetchJson } from '@/lib/api-client';

/** After a read the list and the unread count are fetched again (spec section 2). */
function useRefetchNotifications() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ['notifications'] });
}

export function useMarkRead() {
  const refetch = useRefetchNotifications();
  return useMutation({
    mutationFn: (id: number) => fetchJson(`/notifications/${id}/read`, { method: 'PUT' }),
    onError: () => toast.error('Failed to mark notification as read'),
    onSettled: refetch,
  });
}

export function useMarkAllRead() {
  const refetch = useRefetchNotifications();
  return useMutation({
    mutationFn: () => fetchJson<{ updated: number }>('/notifications/read-all', { method: 'PUT' }),
    onError: () => toast.error('Failed to mark all notifications as read'),
    onSettled: refetch,
  });
}
