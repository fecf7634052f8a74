import type { Notification, NotificationEvent, UnreadCount } from '@relate/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { API_BASE, request } from '@/lib/api-client';
import { accessToken } from '@/lib/auth-storage';
import { unreadCountQuery } from '../api/get-unread-count';
import { SseParser } from './sse';

const MIN_RETRY_MS = 5_000;

const BY_TYPE: Partial<Record<Notification['notification_type'], string>> = {
  contact_shared: 'people',
  task_assigned: 'tasks',
  event_assigned: 'events',
  group_invitation: 'groups',
};
const BY_SUBJECT: Record<NonNullable<Notification['subject_type']>, string> = {
  contact: 'people',
  task: 'tasks',
  event: 'events',
  group: 'groups',
};

/**
 * The queries a new notification makes stale, besides the notifications themselves: what it is about
 * has changed. A group notification of type 'other' (an invitation accepted) refreshes the member list
 * and the pending invitations (both under ['groups']).
 */
export function affectedQueryKeys(notification: Pick<Notification, 'notification_type' | 'subject_type'>) {
  const roots = new Set<string>();
  const byType = BY_TYPE[notification.notification_type];
  if (byType) roots.add(byType);
  if (notification.subject_type) roots.add(BY_SUBJECT[notification.subject_type]);
  return [...roots].map((root) => [root]);
}

const MAX_RETRY_MS = 60_000;

/**
 * Keeps the unread count and the list live through the server's event stream (fetch with the Bearer
 * header: EventSource cannot send one). Reconnects with back-off; while the stream is down the
 * count's own 5-minute refetch carries on.
 */
export function useNotificationStream(enabled: boolean) {
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    let retryMs = MIN_RETRY_MS;
    let timer: ReturnType<typeof setTimeout> | undefined;

    const onCount = (count: UnreadCount) => queryClient.setQueryData(unreadCountQuery().queryKey, count);

    const connect = async () => {
      // An ordinary call first: it refreshes an expired access token before the stream needs it.
      const check = await request<UnreadCount>('/notifications/unread-count', { signal: controller.signal });
      if (check.data) onCount(check.data);
      const token = accessToken();
      if (!token || check.error?.status === 401 || check.error?.status === 403) return;
      const response = await fetch(`${API_BASE}/notifications/stream`, {
        headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
        signal: controller.signal,
      });
      if (!response.ok || !response.body) throw new Error(`stream answered ${response.status}`);
      retryMs = MIN_RETRY_MS;
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      const parser = new SseParser();
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        for (const event of parser.push(value)) {
          if (event.event === 'unread-count') onCount(JSON.parse(event.data) as UnreadCount);
          if (event.event === 'notification') {
            const data = JSON.parse(event.data) as NotificationEvent;
            onCount({ unread_count: data.unread_count, has_unread: data.has_unread, count: data.count });
            void queryClient.invalidateQueries({ queryKey: ['notifications', 'list'] });
            // What the notification is about has changed too: show it without a reload.
            for (const queryKey of affectedQueryKeys(data.notification))
              void queryClient.invalidateQueries({ queryKey });
          }
        }
      }
    };

    const run = () => {
      connect()
        .catch(() => undefined)
        .finally(() => {
          if (controller.signal.aborted) return;
          timer = setTimeout(run, retryMs);
          retryMs = Math.min(retryMs * 2, MAX_RETRY_MS);
        });
    };
    run();

    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [enabled, queryClient]);
}
