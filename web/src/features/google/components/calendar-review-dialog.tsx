import type { CalendarReviewItem } from '@relate/contracts';
import type { QueryKey } from '@tanstack/react-query';
import { ClockIcon, LockIcon, MapPinIcon, RepeatIcon } from 'lucide-react';
import { formatDateTime, formatEventSpan } from '@/lib/format';
import { toast } from '@/lib/toast';
import { useApplyGoogleCalendar } from '../api/google-api';
import { appliedSummary } from './applied-summary';
import { ReviewDialog } from './review-dialog';
import { useDismissal } from './use-dismissal';

const FIELD_LABELS: Record<string, string> = {
  title: 'Title',
  start_datetime: 'Starts',
  end_datetime: 'Ends',
  all_day: 'All day',
  timezone: 'Time zone',
  location: 'Location',
  description: 'Description',
  notes: 'Notes',
  recurrence: 'Repeats',
  repeat_pattern: 'Repeats',
  repeat_end_date: 'Repeats until',
  participants: 'Participants',
  alert_minutes: 'Alert (minutes before)',
};

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** Times in the reader's locale and zone; flags as words. */
function formatValue(_field: string, value: string | null): string | null {
  if (value === null) return null;
  if (ISO_INSTANT.test(value)) return formatDateTime(value);
  if (value === 'true') return 'Yes';
  if (value === 'false') return 'No';
  return value;
}

/** A timed event planned in another zone than the reader's: its times there ('10:00 – 11:00 AM New York time'). */
function timesInItsZone(item: CalendarReviewItem): string | null {
  if (item.all_day || item.timezone === Intl.DateTimeFormat().resolvedOptions().timeZone) return null;
  try {
    const times = new Intl.DateTimeFormat(undefined, {
      timeStyle: 'short',
      timeZone: item.timezone,
    }).formatRange(new Date(item.start_datetime), new Date(item.end_datetime));
    return `${times} ${item.timezone.split('/').pop()?.replaceAll('_', ' ')} time`;
  } catch {
    return null; // a zone this browser does not know
  }
}

const localName = (item: CalendarReviewItem) => item.event?.title ?? 'your event';

function Summary({ item }: { item: CalendarReviewItem }) {
  const zoned = timesInItsZone(item);
  return (
    <>
      <span className="font-medium">{item.title || '(No title)'}</span>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-0.5 text-muted-foreground">
        <span className="flex items-center gap-1">
          <ClockIcon className="size-3.5 shrink-0" />
          {formatEventSpan(item.start_datetime, item.end_datetime, item.all_day)}
          {item.all_day && ' · All day'}
        </span>
        {zoned && <span className="text-xs">({zoned})</span>}
        {item.recurrence && (
          <span className="flex items-center gap-1">
            <RepeatIcon className="size-3.5 shrink-0" />
            {item.recurrence}
          </span>
        )}
      </div>
      {item.location && (
        <span className="flex min-w-0 items-center gap-1 text-muted-foreground">
          <MapPinIcon className="size-3.5 shrink-0" />
          <span className="truncate">{item.location}</span>
        </span>
      )}
      {item.description && (
        <p className="line-clamp-2 whitespace-pre-line text-muted-foreground">{item.description}</p>
      )}
      {item.read_only_reason && (
        <p className="flex items-start gap-1 text-xs text-amber-700 dark:text-amber-300">
          <LockIcon className="mt-0.5 size-3 shrink-0" />
          <span>Read-only in Relate: {item.read_only_reason}</span>
        </p>
      )}
    </>
  );
}

function Outcome({ item }: { item: CalendarReviewItem }) {
  if (item.kind === 'likely_duplicate')
    return (
      <p>
        Same title and start as <strong className="text-foreground">{localName(item)}</strong> in your
        calendar. Will be linked to it instead of added twice.
      </p>
    );
  if (item.kind === 'deleted_upstream')
    return (
      <p>
        Deleted in Google. Will delete <strong className="text-foreground">{localName(item)}</strong> from
        your calendar.
      </p>
    );
  return (
    <p>
      {item.read_only_reason
        ? 'Will be added to your calendar as a read-only copy.'
        : 'Will be added to your calendar.'}
    </p>
  );
}

/** 'Preview Google Calendar Events Sync' (spec section 2). */
export function CalendarReviewDialog({
  items,
  open,
  onOpenChange,
  refreshes,
}: {
  items: CalendarReviewItem[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The calendar's query keys, refetched once the changes are applied. */
  refreshes?: readonly QueryKey[];
}) {
  const apply = useApplyGoogleCalendar(refreshes);
  const dismissal = useDismissal<CalendarReviewItem>('calendar', open);
  return (
    <ReviewDialog
      title="Preview Google Calendar Events Sync"
      items={items}
      open={open}
      onOpenChange={onOpenChange}
      label={(item) => item.title || 'event'}
      summary={(item) => <Summary item={item} />}
      outcome={(item) => <Outcome item={item} />}
      localName={localName}
      fieldLabel={(field) => FIELD_LABELS[field] ?? field}
      formatValue={formatValue}
      applying={apply.isPending}
      dismissal={dismissal}
      onApply={(body) =>
        apply.mutate(body, {
          onSuccess: (result) => {
            toast.success('Google calendar applied', {
              description: appliedSummary(result, 'Added'),
            });
            onOpenChange(false);
          },
          onError: (error) => toast.error('Failed to sync Google calendar', { description: error.message }),
        })
      }
    />
  );
}
