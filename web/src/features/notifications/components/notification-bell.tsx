import { BellIcon } from 'lucide-react';
import { Link } from 'react-router';
import { buttonVariants } from '@/components/ui/button';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';
import { cn } from '@/lib/utils';
import { useUnreadCount } from '../api/get-unread-count';

export function NotificationBell() {
  const { data } = useUnreadCount();
  const unread = data?.unread_count ?? 0;
  const label = unread === 1 ? '1 unread notification' : `${unread} unread notifications`;
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <Link
          to="/notifications"
          className={cn(buttonVariants({ variant: 'ghost', size: 'icon' }), 'relative')}
        >
          <BellIcon />
          {unread > 0 && (
            <span
              data-testid="unread-dot"
              className="absolute top-1.5 right-1.5 size-2.5 rounded-full bg-destructive ring-2 ring-card"
            />
          )}
          <span className="sr-only">Notifications ({label})</span>
        </Link>
      </TooltipTrigger>
      <TooltipContent>{label}</TooltipContent>
    </Tooltip>
  );
}
