import { format } from 'date-fns';
import { GoogleMark } from '@/components/google-mark';
import { cn } from '@/lib/utils';
import { projectHue } from '../calendar-grid';
import type { CalendarItem } from './calendar-types';

export function eventColours(project: string | null) {
  const hue = projectHue(project);
  return {
    backgroundColor: `hsl(${hue} 85% 55% / 0.16)`,
    borderColor: `hsl(${hue} 70% 50%)`,
    color: `light-dark(hsl(${hue} 60% 28%), hsl(${hue} 80% 80%))`,
  };
}

/** The Google mark's name in every view. */
export const SYNCED_WITH_GOOGLE = 'Synced with Google';

export function EventChip({
  item,
  onClick,
  className,
}: {
  item: CalendarItem;
  onClick: (item: CalendarItem) => void;
  className?: string;
}) {
  return (
    <button
      type="button"
      data-testid="calendar-event"
      onClick={(event) => {
        event.stopPropagation();
        onClick(item);
      }}
      onContextMenu={(event) => event.stopPropagation()}
      style={eventColours(item.project)}
      className={cn(
        'flex w-full min-w-0 items-center gap-1 truncate rounded border-l-[3px] px-1 py-0.5 sm:px-1.5 text-left text-xs font-medium hover:brightness-95',
        className,
      )}
      title={`${item.title}${item.allDay ? '' : ` · ${format(item.start, 'HH:mm')}–${format(item.end, 'HH:mm')}`}`}
    >
      {!item.allDay && (
        // On a phone the month cells are too narrow for both: the title wins.
        <span className="hidden shrink-0 tabular-nums opacity-75 sm:inline">
          {format(item.start, 'HH:mm')}
        </span>
      )}
      <span className="truncate">{item.title}</span>
      {item.googleLinked && (
        // Like the time, the mark gives way to the title in a phone's month cell.
        <GoogleMark label={SYNCED_WITH_GOOGLE} className="ml-auto hidden size-3 opacity-70 sm:block" />
      )}
    </button>
  );
}
