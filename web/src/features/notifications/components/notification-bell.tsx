import { BellIcon } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { Spinner } from '@/components/ui/spinner';
import { formatCount } from '@/lib/format';
import { cn } from '@/lib/utils';
import { useNotifications } from '../api/get-notifications';
import { useUnreadCount } from '../api/get-unread-count';
import { useMarkRead } from '../api/mark-read';
import { NotificationLink } from './notification-link';

const RECENT = 5;

/** The header's bell: the unread dot, and a menu of the latest notifications, each a link to its subject. */
export function NotificationBell() {
  const { data } = useUnreadCount();
  const [open, setOpen] = useState(false);
  const recent = useNotifications(1, { enabled: open });
  const markRead = useMarkRead();
  const unread = data?.unread_count ?? 0;
  const label = formatCount(unread, 'unread notification', 'unread notifications');
  const items = recent.data?.notifications.slice(0, RECENT) ?? [];
  return (
    <DropdownMenu open={open} onOpenChange={setOpen}>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" className="relative" title={label}>
          <BellIcon />
          {unread > 0 && (
            <span
              data-testid="unread-dot"
              className="absolute top-1.5 right-1.5 size-2.5 rounded-full bg-destructive ring-2 ring-card"
            />
          )}
          <span className="sr-only">Notifications ({label})</span>
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-80 max-w-[calc(100vw-1rem)]">
        <DropdownMenuLabel>Notifications</DropdownMenuLabel>
        <DropdownMenuSeparator />
        {recent.isPending ? (
          <div className="flex justify-center py-4">
            <Spinner />
          </div>
        ) : items.length === 0 ? (
          <p className="px-2 py-4 text-center text-sm text-muted-foreground">You are all caught up.</p>
        ) : (
          items.map((notification) => (
            <DropdownMenuItem
              key={notification.id}
              asChild
              className={cn(!notification.is_read && 'bg-primary/5')}
            >
              <NotificationLink
                notification={notification}
                onOpen={() => !notification.is_read && markRead.mutate(notification.id)}
                fallbackTo="/notifications"
                className="w-full"
              />
            </DropdownMenuItem>
          ))
        )}
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to="/notifications" className="justify-center font-medium">
            View all notifications
          </Link>
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
