import type { Notification, NotificationType } from '@relate/contracts';
import {
  BellIcon,
  CakeIcon,
  CalendarIcon,
  CheckCheckIcon,
  CheckIcon,
  CheckSquareIcon,
  HeartHandshakeIcon,
  InfoIcon,
  Share2Icon,
  UsersIcon,
} from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { formatNumber } from '@/lib/format';
import { toast } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { NOTIFICATIONS_PAGE_SIZE, useNotifications } from '../api/get-notifications';
import { useUnreadCount } from '../api/get-unread-count';
import { useMarkAllRead, useMarkRead } from '../api/mark-read';
import { NotificationLink } from './notification-link';

const icons: Record<NotificationType, typeof BellIcon> = {
  task_assigned: CheckSquareIcon,
  contact_shared: Share2Icon,
  event_assigned: CalendarIcon,
  group_invitation: UsersIcon,
  follow_up: HeartHandshakeIcon,
  birthday: CakeIcon,
  other: InfoIcon,
};

/** The notifications page; `actions` adds buttons under a notification (composed by the route). */
export function NotificationsList({ actions }: { actions?: (notification: Notification) => ReactNode }) {
  const [page, setPage] = useState(1);
  const list = useNotifications(page);
  const unread = useUnreadCount();
  const markRead = useMarkRead();
  const markAllRead = useMarkAllRead();

  useEffect(() => {
    if (list.isError) toast.error('Failed to fetch notifications');
  }, [list.isError]);

  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / NOTIFICATIONS_PAGE_SIZE));
  const unreadCount = unread.data?.unread_count ?? 0;

  const opened = (notification: Notification) => {
    if (!notification.is_read) markRead.mutate(notification.id);
  };

  return (
    <>
      <PageHeader
        title="Notifications"
        description={unreadCount > 0 ? `${formatNumber(unreadCount)} unread` : 'You are all caught up.'}
        actions={
          <Button
            variant="outline"
            onClick={() => markAllRead.mutate()}
            disabled={unreadCount === 0 || markAllRead.isPending}
          >
            <CheckCheckIcon />
            Mark all as read
          </Button>
        }
      />
      {list.isPending ? (
        <div className="grid gap-3">
          {['a', 'b', 'c'].map((key) => (
            <Skeleton key={key} className="h-16 w-full" />
          ))}
        </div>
      ) : total === 0 ? (
        <EmptyState
          icon={BellIcon}
          title="No notifications yet"
          description="Shared contacts, task and event assignments and group invitations will show up here."
        />
      ) : (
        <Card className="divide-y overflow-hidden">
          <ul className="divide-y">
            {list.data?.notifications.map((notification) => {
              const Icon = icons[notification.notification_type] ?? InfoIcon;
              return (
                <li
                  key={notification.id}
                  data-testid="notification-item"
                  className={cn(
                    'flex items-start gap-3 px-4 py-3.5 sm:px-5',
                    !notification.is_read && 'bg-primary/5',
                  )}
                >
                  <span
                    className={cn(
                      'mt-0.5 flex size-9 shrink-0 items-center justify-center rounded-full',
                      notification.is_read ? 'bg-muted text-muted-foreground' : 'bg-primary/15 text-primary',
                    )}
                  >
                    <Icon className="size-4" />
                  </span>
                  <div className="grid min-w-0 flex-1 gap-2">
                    <NotificationLink notification={notification} onOpen={() => opened(notification)} />
                    {actions?.(notification)}
                  </div>
                  {!notification.is_read && (
                    <Button
                      size="sm"
                      variant="ghost"
                      onClick={() => markRead.mutate(notification.id)}
                      disabled={markRead.isPending}
                    >
                      <CheckIcon />
                      Mark as read
                    </Button>
                  )}
                </li>
              );
            })}
          </ul>
        </Card>
      )}
      {pages > 1 && (
        <div className="mt-4 flex items-center justify-end gap-2 text-sm">
          <span className="text-muted-foreground">
            Page {page} of {pages}
          </span>
          <Button variant="outline" size="sm" onClick={() => setPage(page - 1)} disabled={page <= 1}>
            Previous
          </Button>
          <Button variant="outline" size="sm" onClick={() => setPage(page + 1)} disabled={page >= pages}>
            Next
          </Button>
        </div>
      )}
    </>
  );
}
