import type { Notification, NotificationType } from '@relate/contracts';

const TYPE_TARGETS: Partial<Record<NotificationType, string>> = {
  contact_shared: '/contacts',
  task_assigned: '/tasks',
  event_assigned: '/events',
  group_invitation: '/settings?section=group',
  follow_up: '/reach-out',
  birthday: '/reach-out',
};

/**
 * Where a notification leads: the contact, task or event it names, the group or the subscription
 * settings, or the admin dashboard for an account waiting for approval.
 */
export function notificationTarget(notification: Notification): string | null {
  const id = notification.subject_id;
  switch (notification.subject_type) {
    case 'contact':
      return id ? `/contacts?contact=${id}` : '/contacts';
    case 'task':
      return id ? `/tasks?task=${id}` : '/tasks';
    case 'event':
      return id ? `/events?event=${id}` : '/events';
    case 'group':
      return '/settings?section=group';
    case 'subscription':
      return '/settings?section=subscription';
    case 'user':
      return '/admin';
    default:
      return TYPE_TARGETS[notification.notification_type] ?? null;
  }
}
