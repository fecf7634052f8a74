import type { Notification } from '@relate/contracts';
import { FollowUpButtons } from '@/features/contacts/components/stay-in-touch/follow-up-buttons';
import { NotificationsList } from '@/features/notifications/components/notifications-list';
import { LogInteractionButton } from './log-interaction-button';

/** A follow-up reminder's Done, Snooze and Log interaction, where the reminder is. */
function actions(notification: Notification) {
  if (notification.notification_type !== 'follow_up' || notification.subject_type !== 'contact') return null;
  if (!notification.subject_id) return null;
  return (
    <FollowUpButtons
      contactId={notification.subject_id}
      extra={<LogInteractionButton contactId={notification.subject_id} />}
    />
  );
}

export function NotificationsRoute() {
  return <NotificationsList actions={actions} />;
}
