import { format, isSameDay, isToday } from 'date-fns';
import { formatNumber } from '@/lib/format';
import { cn } from '@/lib/utils';
import { cellEvents, inMonth, monthGrid, type WeekStart, weekdayLabels } from '../calendar-grid';
import type { CalendarItem } from './calendar-types';
import { EventChip } from './event-chip';

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

export function MonthView({
  focus,
  weekStart,
  items,
  onDayClick,
  onDayContextMenu,
  onEventClick,
}: MonthViewProps) {
  const days = monthGrid(focus, weekStart);
  return (
    <div className="overflow-hidden rounded-xl border bg-card">
      <div className="grid grid-cols-7 border-b bg-muted/40 text-center text-xs font-medium text-muted-foreground">
        {weekdayLabels(weekStart).map((label) => (
          <div key={label} className="py-2">
            {label}
          </div>
        ))}
      </div>
      <div className="grid grid-cols-7" data-testid="month-grid">
        {days.map((day) => {
          const dayItems = itemsOn(day, items);
          const { shown, more } = cellEvents(dayItems);
          return (
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
                onClick={() => onDayClick(day, dayItems)}
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
              {shown.map((item) => (
                <EventChip key={item.key} item={item} onClick={onEventClick} className="relative" />
              ))}
              {more > 0 && (
                <span className="pointer-events-none relative px-1 text-xs font-medium text-muted-foreground">
                  +{formatNumber(more)} more
                </span>
              )}
            </div>
          );
        })}
      </div>
    </div>
  );
}
