import { format, isToday } from 'date-fns';
import { MapPinIcon, PlusIcon } from 'lucide-react';
import { GoogleMark } from '@/components/google-mark';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import type { CalendarItem } from './calendar-types';
import { itemColours, SYNCED_WITH_GOOGLE, TASK_CHIP, TaskMark } from './event-chip';
import { itemsOn } from './month-view';

interface AgendaViewProps {
  days: Date[];
  items: CalendarItem[];
  onAddOn: (day: Date) => void;
  onEventClick: (item: CalendarItem) => void;
}

/** The week on a phone: each day with its events as a list, where a time grid would be too narrow to read. */
export function AgendaView({ days, items, onAddOn, onEventClick }: AgendaViewProps) {
  return (
    <ol className="divide-y overflow-hidden rounded-xl border bg-card" data-testid="agenda">
      {days.map((day) => {
        const dayItems = itemsOn(day, items);
        const label = format(day, 'EEEE, MMMM d');
        return (
          <li key={day.toISOString()} className="grid gap-2 px-3 py-3" data-testid="agenda-day">
            <div className="flex items-center gap-2">
              <span
                className={cn(
                  'flex size-8 shrink-0 items-center justify-center rounded-full text-sm font-semibold',
                  isToday(day) ? 'bg-primary text-primary-foreground' : 'bg-muted',
                )}
              >
                {format(day, 'd')}
              </span>
              <h2 className="flex-1 text-sm font-medium">{format(day, 'EEEE')}</h2>
              <Button variant="ghost" size="icon" className="size-8" onClick={() => onAddOn(day)}>
                <PlusIcon />
                <span className="sr-only">Add event on {label}</span>
              </Button>
            </div>
            {dayItems.length === 0 ? (
              <p className="pl-10 text-xs text-muted-foreground">No events</p>
            ) : (
              <ul className="grid gap-1.5 pl-10">
                {dayItems.map((item) => (
                  <li key={item.key}>
                    <button
                      type="button"
                      data-testid="calendar-event"
                      onClick={() => onEventClick(item)}
                      style={itemColours(item)}
                      className={cn(
                        'grid w-full gap-0.5 rounded-md border-l-[3px] px-2.5 py-1.5 text-left text-sm hover:brightness-95',
                        item.task && TASK_CHIP,
                      )}
                    >
                      <span className="text-xs tabular-nums opacity-80">
                        {item.task
                          ? `Task due ${format(item.task.due, 'HH:mm')}`
                          : item.allDay
                            ? 'All day'
                            : `${format(item.start, 'HH:mm')}–${format(item.end, 'HH:mm')}`}
                      </span>
                      <span className="flex items-center gap-1.5 font-medium">
                        {item.task && <TaskMark done={item.task.done} />}
                        <span className={cn(item.task?.done && 'line-through opacity-70')}>{item.title}</span>
                        {item.googleLinked && (
                          <GoogleMark label={SYNCED_WITH_GOOGLE} className="opacity-70" />
                        )}
                      </span>
                      {item.location && (
                        <span className="flex items-center gap-1 text-xs opacity-80">
                          <MapPinIcon className="size-3 shrink-0" />
                          <span className="truncate">{item.location}</span>
                        </span>
                      )}
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </li>
        );
      })}
    </ol>
  );
}
