import { format, isSameDay, isToday } from 'date-fns';
import { formatNumber } from '@/lib/format';
import { cn } from '@/lib/utils';
import {
  inMonth,
  isMultiDay,
  MONTH_CELL_EVENTS,
  monthGrid,
  type WeekStart,
  weekdayLabels,
  weekLayout,
} from '../calendar-grid';
import type { CalendarItem } from './calendar-types';
import { BarChip, EventChip } from './event-chip';

interface MonthViewProps {
  focus: Date;
  weekStart: WeekStart;
  items: CalendarItem[];
  onDayClick: (day: Date, items: CalendarItem[]) => void;
  onDayContextMenu: (day: Date) => void;
  onEventClick: (item: CalendarItem) => void;
}

/** Items that touch a day (multi-day events appear on each of their days). */
export function itemsOn(day: Date, items: CalendarItem[]): CalendarItem[] {
  const start = new Date(day.getFullYear(), day.getMonth(), day.getDate());
  const end = new Date(start.getFullYear(), start.getMonth(), start.getDate() + 1);
  return items
    .filter((item) => item.start < end && (item.end > start || isSameDay(item.start, start)))
    .sort((a, b) => Number(b.allDay) - Number(a.allDay) || a.start.getTime() - b.start.getTime());
}

/** A day's own events: all but the multi-day all-day ones, which are bars across the week row. */
export const singleDayItemsOn = (day: Date, items: CalendarItem[]) =>
  itemsOn(day, items).filter((item) => !isMultiDay(item));

/**
 * Where the bars start below a cell's top: its padding (6px), the day number (24px) and the gap (4px),
 * so that they line up with the lanes each cell leaves free for them.
 */
const BARS_TOP = 'top-[34px]';

export function MonthView({
  focus,
  weekStart,
  items,
  onDayClick,
  onDayContextMenu,
  onEventClick,
}: MonthViewProps) {
  const days = monthGrid(focus, weekStart);
  const weeks = Array.from({ length: days.length / 7 }, (_, week) => days.slice(week * 7, week * 7 + 7));
  const multiDay = items.filter(isMultiDay);
  return (
    <div className="overflow-hidden rounded-xl border bg-card">
      <div className="grid grid-cols-7 border-b bg-muted/40 text-center text-xs font-medium text-muted-foreground">
        {weekdayLabels(weekStart).map((label) => (
          <div key={label} className="py-2">
            {label}
          </div>
        ))}
      </div>
      <div data-testid="month-grid">
        {weeks.map((week) => {
          const layout = weekLayout(week, multiDay, (day) => singleDayItemsOn(day, items), MONTH_CELL_EVENTS);
          return (
            <div key={week[0].toISOString()} className="relative grid grid-cols-7">
              {week.map((day, index) => (
                // The day is a button of its own under the cell's content, not a wrapper around the event
                // buttons: a button holding buttons is announced as one control and its events cannot be reached.
                <div
                  key={day.toISOString()}
                  data-testid="calendar-day"
                  data-date={format(day, 'yyyy-MM-dd')}
                  className={cn(
                    'relative flex min-h-24 flex-col gap-1 border-r border-b p-1.5 sm:min-h-28 [&:nth-child(7n)]:border-r-0',
                    !inMonth(day, focus) && 'bg-muted/30 text-muted-foreground',
                  )}
                >
                  <button
                    type="button"
                    aria-label={format(day, 'EEEE, MMMM d')}
                    onClick={() => onDayClick(day, itemsOn(day, items))}
                    onContextMenu={(event) => {
                      event.preventDefault();
                      onDayContextMenu(day);
                    }}
                    className="absolute inset-0 transition-colors outline-none hover:bg-accent/40 focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset"
                  />
                  <span
                    aria-hidden="true"
                    className={cn(
                      'pointer-events-none relative flex size-6 items-center justify-center rounded-full text-xs font-medium',
                      isToday(day) && 'bg-primary text-primary-foreground',
                    )}
                  >
                    {format(day, 'd')}
                  </span>
                  {layout.days[index].lanes.map((item, lane) =>
                    item ? (
                      <EventChip key={item.key} item={item} onClick={onEventClick} className="relative h-5" />
                    ) : (
                      // A lane a bar of the week crosses here, or one kept free so that the bars line up.
                      // biome-ignore lint/suspicious/noArrayIndexKey: lanes are positions
                      <div key={lane} aria-hidden="true" className="h-5 shrink-0" />
                    ),
                  )}
                  {layout.days[index].more > 0 && (
                    <span className="pointer-events-none relative px-1 text-xs font-medium text-muted-foreground">
                      +{formatNumber(layout.days[index].more)} more
                    </span>
                  )}
                </div>
              ))}
              {layout.bars.length > 0 && (
                <div
                  className={cn(
                    'pointer-events-none absolute inset-x-0 grid auto-rows-[1.25rem] grid-cols-7 gap-y-1',
                    BARS_TOP,
                  )}
                >
                  {layout.bars.map((bar) => (
                    <BarChip
                      key={`${bar.item.key}:${bar.column}`}
                      bar={bar}
                      onClick={onEventClick}
                      firstColumn={1}
                      inset={{ start: 'ml-1.5', end: 'mr-1.5' }}
                      className="pointer-events-auto h-5"
                    />
                  ))}
                </div>
              )}
            </div>
          );
        })}
      </div>
    </div>
  );
}
