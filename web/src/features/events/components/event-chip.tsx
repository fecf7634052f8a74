import { format } from 'date-fns';
import { CircleCheckIcon, CircleIcon } from 'lucide-react';
import type { CSSProperties } from 'react';
import { GoogleMark } from '@/components/google-mark';
import { cn } from '@/lib/utils';
import { projectHue, type WeekBar } from '../calendar-grid';
import type { CalendarItem } from './calendar-types';

export function eventColours(project: string | null) {
  const hue = projectHue(project);
  return {
    backgroundColor: `hsl(${hue} 85% 55% / 0.16)`,
    borderColor: `hsl(${hue} 70% 50%)`,
    color: `light-dark(hsl(${hue} 60% 28%), hsl(${hue} 80% 80%))`,
  };
}

/** Tasks stand apart from events: no project colour, a dashed outline. */
export const TASK_CHIP = 'border border-l border-dashed border-muted-foreground/50 bg-card text-foreground';

/** An event's project colours; a task has its own look (TASK_CHIP). */
export const itemColours = (item: CalendarItem) => (item.task ? {} : eventColours(item.project));

/** The Google mark's name in every view. */
export const SYNCED_WITH_GOOGLE = 'Synced with Google';

/** What a chip says on hover: the title with its times, or that it is a task and when it is due. */
function chipTitle(item: CalendarItem): string {
  if (item.task) return `Task: ${item.title} · due ${format(item.task.due, 'HH:mm')}`;
  return `${item.title}${item.allDay ? '' : ` · ${format(item.start, 'HH:mm')}–${format(item.end, 'HH:mm')}`}`;
}

/** A task's mark beside its title, in every view: a circle, ticked once the task is done. */
export function TaskMark({ done }: { done: boolean }) {
  const Icon = done ? CircleCheckIcon : CircleIcon;
  return <Icon role="img" aria-label={done ? 'Task, done' : 'Task'} className="size-3 shrink-0" />;
}

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
      style={{ ...itemColours(item), ...style }}
      className={cn(
        'flex w-full min-w-0 items-center gap-1 truncate rounded border-l-[3px] px-1 py-0.5 sm:px-1.5 text-left text-xs font-medium hover:brightness-95',
        item.task && TASK_CHIP,
        (continues === 'before' || continues === 'both') && 'rounded-l-none border-l-0',
        (continues === 'after' || continues === 'both') && 'rounded-r-none',
        className,
      )}
      title={chipTitle(item)}
    >
      {item.task && <TaskMark done={item.task.done} />}
      {!item.allDay && (
        // On a phone the month cells are too narrow for both: the title wins.
        <span className="hidden shrink-0 tabular-nums opacity-75 sm:inline">
          {format(item.start, 'HH:mm')}
        </span>
      )}
      <span className={cn('truncate', item.task?.done && 'line-through opacity-70')}>{item.title}</span>
      {item.googleLinked && (
        // Like the time, the mark gives way to the title in a phone's month cell.
        <GoogleMark label={SYNCED_WITH_GOOGLE} className="ml-auto hidden size-3 opacity-70 sm:block" />
      )}
    </button>
  );
}

/** How a bar's part in a week continues, for its chip. */
function continuesOf(bar: { continuesBefore: boolean; continuesAfter: boolean }): Continues | undefined {
  if (bar.continuesBefore && bar.continuesAfter) return 'both';
  if (bar.continuesBefore) return 'before';
  return bar.continuesAfter ? 'after' : undefined;
}

/**
 * A multi-day event's bar in a week's grid, whose first day is grid column `firstColumn`; a part that
 * goes on into the next or previous week runs to the edge (`inset` is the margin of the ends it has).
 */
export function BarChip({
  bar,
  onClick,
  firstColumn,
  inset,
  className,
}: {
  bar: WeekBar<CalendarItem>;
  onClick: (item: CalendarItem) => void;
  firstColumn: number;
  inset: { start: string; end: string };
  className?: string;
}) {
  return (
    <EventChip
      item={bar.item}
      onClick={onClick}
      continues={continuesOf(bar)}
      style={{ gridColumn: `${bar.column + firstColumn} / span ${bar.span}`, gridRow: bar.lane + 1 }}
      className={cn(
        'w-auto',
        className,
        bar.continuesBefore ? 'ml-0' : inset.start,
        bar.continuesAfter ? 'mr-0' : inset.end,
      )}
    />
  );
}
