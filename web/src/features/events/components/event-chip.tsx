import { format } from 'date-fns';
import type { CSSProperties } from 'react';
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

/** A bar's part of a multi-day event that began in an earlier week row, goes on in a later one, or both. */
export type Continues = 'before' | 'after' | 'both';

export function EventChip({
  item,
  onClick,
  className,
  style,
  continues,
}: {
  item: CalendarItem;
  onClick: (item: CalendarItem) => void;
  className?: string;
  /** Where a bar sits in its week's grid. */
  style?: CSSProperties;
  continues?: Continues;
}) {
  return (
    <button
      type="button"
      data-testid="calendar-event"
      data-continues={continues}
      onClick={(event) => {
        event.stopPropagation();
        onClick(item);
      }}
      onContextMenu={(event) => event.stopPropagation()}
      style={{ ...eventColours(item.project), ...style }}
      className={cn(
        'flex w-full min-w-0 items-center gap-1 truncate rounded border-l-[3px] px-1 py-0.5 sm:px-1.5 text-left text-xs font-medium hover:brightness-95',
        (continues === 'before' || continues === 'both') && 'rounded-l-none border-l-0',
        (continues === 'after' || continues === 'both') && 'rounded-r-none',
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

/** How a bar's part in a week continues, for its chip. */
export function continuesOf(bar: {
  continuesBefore: boolean;
  continuesAfter: boolean;
}): Continues | undefined {
  if (bar.continuesBefore && bar.continuesAfter) return 'both';
  if (bar.continuesBefore) return 'before';
  return bar.continuesAfter ? 'after' : undefined;
}
