import type { CalendarEvent } from '@relate/contracts';
import { format } from 'date-fns';
import { LogOutIcon } from 'lucide-react';
import { useState } from 'react';
import { GoogleMark } from '@/components/google-mark';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { formatDateTime } from '@/lib/format';
import { toast } from '@/lib/toast';
import { useLeaveEvent } from '../api/events-api';
import { calendarSpan } from '../event-form';
import { describeRepeat } from '../repeat-text';

/** An all-day event's dates (its UTC dates, the same in every zone). */
function allDayWhen(event: CalendarEvent): string {
  const { start, end } = calendarSpan(event);
  const first = format(start, 'MMM d, yyyy');
  const last = format(end, 'MMM d, yyyy');
  return first === last ? `${first} (all day)` : `${first} – ${last} (all day)`;
}

/**
 * View Event: the read-only dialog everyone but the owner gets (spec section 4 "Event editing"), and the
 * owner too for a Google series Relate cannot represent. A participant can leave the event here.
 */
export function EventDetailsDialog({ event, onClose }: { event: CalendarEvent; onClose: () => void }) {
  const [confirmingLeave, setConfirmingLeave] = useState(false);
  const leaveEvent = useLeaveEvent();
  const leave = () =>
    leaveEvent.mutate(event.id, {
      onSuccess: () => {
        toast.success('You left the event');
        onClose();
      },
      onError: (failure) => toast.error('Failed to leave event', { description: failure.message }),
    });
  const details: [string, string | null][] = [
    ['Title', event.title],
    [
      'When',
      event.all_day
        ? allDayWhen(event)
        : `${formatDateTime(event.start_datetime)} – ${formatDateTime(event.end_datetime)}`,
    ],
    ['Repeats', describeRepeat(event)],
    ['Location', event.location],
    ['Project', event.project],
    ['Participants', event.participants.map((p) => p.name || p.email).join(', ')],
    ['Description', event.description],
    ['Notes', event.notes],
  ];
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>View Event</DialogTitle>
          <DialogDescription>
            {event.is_owner && event.read_only_reason
              ? `Only Google Calendar can change it: ${event.read_only_reason}.`
              : `Organised by ${event.owner_email}. Only the owner can change it.`}
          </DialogDescription>
        </DialogHeader>
        {event.google_linked && (
          <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
            <GoogleMark />
            Synced with Google Calendar
          </p>
        )}
        <dl className="grid gap-3 text-sm">
          {details
            .filter(([, value]) => value)
            .map(([label, value]) => (
              <div key={label} className="grid gap-0.5">
                <dt className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{label}</dt>
                <dd className="whitespace-pre-wrap">{value}</dd>
              </div>
            ))}
        </dl>
        <DialogFooter className={event.is_owner ? undefined : 'sm:justify-between'}>
          {!event.is_owner && (
            <Button
              variant="ghost"
              className="text-destructive"
              onClick={() => setConfirmingLeave(true)}
              disabled={leaveEvent.isPending}
            >
              <LogOutIcon />
              Leave event
            </Button>
          )}
          <Button onClick={onClose}>Close</Button>
        </DialogFooter>
        {!event.is_owner && (
          <ConfirmDialog
            open={confirmingLeave}
            onOpenChange={setConfirmingLeave}
            title="Leave event?"
            description={
              event.repeat_pattern === 'none'
                ? `"${event.title}" will leave your calendar. Only ${event.owner_email} can add you again.`
                : `Every occurrence of "${event.title}" will leave your calendar. Only ${event.owner_email} can add you again.`
            }
            confirmLabel="Leave event"
            destructive
            onConfirm={leave}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}
