import type { Notification } from '@relate/contracts';
import type * as React from 'react';
import { Link } from 'react-router';
import { formatAge } from '@/lib/format';
import { cn } from '@/lib/utils';
import { notificationTarget } from '../notification-target';

/**
 * A notification's text and age, as a link to what it is about (plain text when it is about nothing).
 * Other props go to the root element, so that a menu item can render as it.
 */
export function NotificationLink({
  notification,
  onOpen,
  className,
  onClick,
  fallbackTo,
  ...rest
}: {
  notification: Notification;
  onOpen: () => void;
  /** Where a notification about nothing in particular leads (none: plain text). */
  fallbackTo?: string;
} & React.HTMLAttributes<HTMLElement>) {
  const target = notificationTarget(notification) ?? fallbackTo;
  const body = (
    <>
      <span className={cn('text-sm', !notification.is_read && 'font-medium')}>
        {notification.notification}
      </span>
      <span className="text-xs text-muted-foreground">{formatAge(notification.created_at)}</span>
    </>
  );
  const classes = cn('grid min-w-0 gap-0.5 text-left', className);
  if (!target)
    return (
      <div {...rest} className={classes}>
        {body}
      </div>
    );
  return (
    <Link
      {...rest}
      to={target}
      onClick={(event) => {
        onClick?.(event);
        onOpen();
      }}
      className={cn(
        classes,
        'rounded-sm hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
      )}
    >
      {body}
    </Link>
  );
}
