import { format, isToday } from 'date-fns';
import { cn } from '@/lib/utils';
import type { CalendarItem } from './calendar-types';
import { EventChip, eventColours } from './event-chip';
import { itemsOn } from './month-view';

const HOUR_HEIGHT = 48;
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

/** Week and day views: events placed by time, all-day events on top. */
export function TimeGridView({ days, items, onSlotClick, onEventClick }: TimeGridViewProps) {
  const columns = `3.5rem repeat(${days.length}, minmax(0, 1fr))`;
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
      <div className="max-h-[65vh] overflow-y-auto">
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
              {itemsOn(day, items)
                .filter((item) => !item.allDay)
                .map((item) => {
                  const dayStart = new Date(day.getFullYear(), day.getMonth(), day.getDate());
                  const startMinutes = item.start < dayStart ? 0 : minutesFromMidnight(item.start);
                  const endsLater = item.end.getTime() - dayStart.getTime() >= 24 * 3_600_000;
                  const endMinutes = endsLater
                    ? 24 * 60
                    : Math.max(startMinutes + 20, minutesFromMidnight(item.end));
                  return (
                    <button
                      type="button"
                      key={item.key}
                      data-testid="calendar-event"
                      onClick={() => onEventClick(item)}
                      className="absolute inset-x-1 overflow-hidden rounded-md border-l-[3px] px-1.5 py-0.5 text-left text-xs font-medium shadow-xs"
                      style={{
                        ...eventColours(item.project),
                        top: (startMinutes / 60) * HOUR_HEIGHT,
                        height: ((endMinutes - startMinutes) / 60) * HOUR_HEIGHT - 2,
                      }}
                    >
                      <div className="truncate">{item.title}</div>
                      <div className="truncate opacity-75">
                        {format(item.start, 'HH:mm')}–{format(item.end, 'HH:mm')}
                      </div>
                    </button>
                  );
                })}
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}
