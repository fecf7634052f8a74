import type { Notification, UnreadCount } from '@relate/contracts';
import { toIso } from '../../lib/time';
import type { NotificationRow } from './notifications.repository';

export function toNotificationDto(row: NotificationRow): Notification {
  return {
    id: row.id,
    notification: row.notification,
    notification_type: row.notificationType,
    is_read: row.isRead,
    created_at: toIso(row.createdAt)!,
    subject_type: row.subjectType,
    subject_id: row.subjectId,
  };
}

export const toUnreadCountDto = (unread: number): UnreadCount => ({
  unread_count: unread,
  has_unread: unread > 0,
  count: unread,
});
