import type {
  Notification,
  NotificationEvent,
  NotificationSubjectType,
  UnreadCount,
} from '@relate/contracts';
import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { openEventStream, request } from '@/lib/api-client';
import { invalidateKeys } from '@/lib/query';
import { unreadCountQuery } from '../api/get-unread-count';
import { notificationKeys } from '../api/keys';
import { SseParser } from './sse';

const MIN_RETRY_MS = 5_000;

/** The query keys of what notifications can be about: given by the app, which knows every feature's keys. */
export type SubjectKeys = Record<NotificationSubjectType, QueryKey>;

const SUBJECT_OF_TYPE: Partial<Record<Notification['notification_type'], NotificationSubjectType>> = {
  contact_shared: 'contact',
  task_assigned: 'task',
  event_assigned: 'event',
  group_invitation: 'group',
};

/**
 * The queries a new notification makes stale, besides the notifications themselves: what it is about
 * has changed. A group notification of type 'other' (an invitation accepted) refreshes the member list
 * and the pending invitations (both under the groups' keys).
 */
export function affectedQueryKeys(
  notification: Pick<Notification, 'notification_type' | 'subject_type'>,
  subjectKeys: SubjectKeys,
): QueryKey[] {
  const subjects = new Set<NotificationSubjectType>();
  const byType = SUBJECT_OF_TYPE[notification.notification_type];
  if (byType) subjects.add(byType);
  if (notification.subject_type) subjects.add(notification.subject_type);
  return [...subjects].map((subject) => subjectKeys[subject]);
}

const MAX_RETRY_MS = 60_000;

/**
 * Keeps the unread count and the list live through the server's event stream (fetch with the Bearer
 * header: EventSource cannot send one). Reconnects with back-off; while the stream is down the
 * count's own 5-minute refetch carries on.
 */
export function useNotificationStream(enabled: boolean, subjectKeys: SubjectKeys) {
  const queryClient = useQueryClient();
  const subjectKeysRef = useRef(subjectKeys);
  subjectKeysRef.current = subjectKeys;

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
      if (check.error?.status === 401 || check.error?.status === 403) return;
      const stream = await openEventStream('/notifications/stream', { signal: controller.signal });
      if (stream.error) throw stream.error;
      retryMs = MIN_RETRY_MS;
      const reader = stream.data.getReader();
      const parser = new SseParser();
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        for (const event of parser.push(value)) {
          if (event.event === 'unread-count') onCount(JSON.parse(event.data) as UnreadCount);
          if (event.event === 'notification') {
            const data = JSON.parse(event.data) as NotificationEvent;
            onCount({ unread_count: data.unread_count, has_unread: data.has_unread, count: data.count });
            void invalidateKeys(queryClient, [notificationKeys.lists()]);
            // What the notification is about has changed too: show it without a reload.
            void invalidateKeys(queryClient, affectedQueryKeys(data.notification, subjectKeysRef.current));
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
