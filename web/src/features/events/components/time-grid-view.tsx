import { format, isToday } from 'date-fns';
import { useEffect, useRef } from 'react';
import { cn } from '@/lib/utils';
import { overlapColumns } from '../calendar-grid';
import type { CalendarItem } from './calendar-types';
import { EventChip, eventColours } from './event-chip';
import { itemsOn } from './month-view';

const HOUR_HEIGHT = 48;
/** The hour at the top of the scrolled grid when it opens: the working day, not midnight. */
const FIRST_VISIBLE_HOUR = 7;
const hours = Array.from({ length: 24 }, (_, hour) => hour);

interface TimeGridViewProps {
  days: Date[];
  items: CalendarItem[];
  onSlotClick: (start: Date) => void;
  onEventClick: (item: CalendarItem) => void;
}

function minutesFromMidnight(date: Date) {
  return date.getHours() * 60 + date.getMinutes();
}

/** A timed event's place in one day's column, in minutes from that day's midnight. */
function placeInDay(item: CalendarItem, day: Date) {
  const dayStart = new Date(day.getFullYear(), day.getMonth(), day.getDate());
  const start = item.start < dayStart ? 0 : minutesFromMidnight(item.start);
  const endsLater = item.end.getTime() - dayStart.getTime() >= 24 * 3_600_000;
  const end = endsLater ? 24 * 60 : Math.max(start + 20, minutesFromMidnight(item.end));
  return { item, start, end };
}

/** Week and day views: events placed by time, all-day events on top. */
export function TimeGridView({ days, items, onSlotClick, onEventClick }: TimeGridViewProps) {
  const columns = `3.5rem repeat(${days.length}, minmax(0, 1fr))`;
  const scroller = useRef<HTMLDivElement>(null);
  useEffect(() => {
    scroller.current?.scrollTo({ top: FIRST_VISIBLE_HOUR * HOUR_HEIGHT });
  }, []);
  return (
    <div className="overflow-hidden rounded-xl border bg-card">
      <div className="grid border-b bg-muted/40" style={{ gridTemplateColumns: columns }}>
        <div />
        {days.map((day) => (
          <div key={day.toISOString()} className="py-2 text-center">
            <div className="text-xs text-muted-foreground">{format(day, 'EEE')}</div>
            <div
              className={cn(
                'mx-auto flex size-8 items-center justify-center rounded-full text-sm font-semibold',
                isToday(day) && 'bg-primary text-primary-foreground',
              )}
            >
              {format(day, 'd')}
            </div>
          </div>
        ))}
      </div>
      <div className="grid border-b" style={{ gridTemplateColumns: columns }}>
        <div className="px-1 py-1.5 text-right text-[10px] text-muted-foreground">all-day</div>
        {days.map((day) => (
          <div key={day.toISOString()} className="grid min-h-8 content-start gap-1 border-l p-1">
            {itemsOn(day, items)
              .filter((item) => item.allDay)
              .map((item) => (
                <EventChip key={item.key} item={item} onClick={onEventClick} />
              ))}
          </div>
        ))}
      </div>
      <div ref={scroller} className="max-h-[65vh] overflow-y-auto">
        <div className="relative grid" style={{ gridTemplateColumns: columns }}>
          <div>
            {hours.map((hour) => (
              <div
                key={hour}
                className="pr-1.5 text-right text-[10px] text-muted-foreground"
                style={{ height: HOUR_HEIGHT }}
              >
                {hour === 0 ? '' : format(new Date(2000, 0, 1, hour), 'HH:mm')}
              </div>
            ))}
          </div>
          {days.map((day) => (
            <div key={day.toISOString()} className="relative border-l">
              {hours.map((hour) => (
                <button
                  type="button"
                  key={hour}
                  aria-label={`${format(day, 'MMM d')} ${hour}:00`}
                  className="block w-full border-b border-dashed border-border/60 hover:bg-accent/40"
                  style={{ height: HOUR_HEIGHT }}
                  onClick={() =>
                    onSlotClick(new Date(day.getFullYear(), day.getMonth(), day.getDate(), hour))
                  }
                />
              ))}
              <DayEvents day={day} items={items} onEventClick={onEventClick} />
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}

/** One day's timed events, overlapping ones side by side. */
function DayEvents({
  day,
  items,
  onEventClick,
}: {
  day: Date;
  items: CalendarItem[];
  onEventClick: (item: CalendarItem) => void;
}) {
  const placed = itemsOn(day, items)
    .filter((item) => !item.allDay)
    .map((item) => placeInDay(item, day));
  const columns = overlapColumns(placed);
  return placed.map(({ item, start, end }, index) => {
    const { column, columns: width } = columns[index];
    return (
      <button
        type="button"
        key={item.key}
        data-testid="calendar-event"
        onClick={() => onEventClick(item)}
        className="absolute overflow-hidden rounded-md border-l-[3px] px-1.5 py-0.5 text-left text-xs font-medium shadow-xs"
        style={{
          ...eventColours(item.project),
          top: (start / 60) * HOUR_HEIGHT,
          height: ((end - start) / 60) * HOUR_HEIGHT - 2,
          left: `calc(${(column / width) * 100}% + 2px)`,
          width: `calc(${100 / width}% - 4px)`,
        }}
      >
        <div className="truncate">{item.title}</div>
        <div className="truncate opacity-75">
          {format(item.start, 'HH:mm')}–{format(item.end, 'HH:mm')}
        </div>
      </button>
    );
  });
}
