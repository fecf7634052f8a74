import { format, isToday } from 'date-fns';
import { useEffect, useRef } from 'react';
import { GoogleMark } from '@/components/google-mark';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';
import { cn } from '@/lib/utils';
import { isMultiDay, overlapColumns, weekLayout } from '../calendar-grid';
import type { CalendarItem } from './calendar-types';
import { BarChip, EventChip, eventColours, SYNCED_WITH_GOOGLE } from './event-chip';
import { itemsOn, singleDayItemsOn } from './month-view';

/** One pixel a minute: a 15-minute event is one line of text high. */
const HOUR_HEIGHT = 60;
/** The least height of an event, so that the shortest still shows its time and title. */
const MIN_EVENT_HEIGHT = 18;
/** Events shorter than this show time and title on one line. */
const ONE_LINE_MINUTES = 45;
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
  const end = endsLater ? 24 * 60 : Math.max(start + 15, minutesFromMidnight(item.end));
  return { item, start, end };
}

/** Week and day views: events placed by time, all-day events on top. */
export function TimeGridView({ days, items, onSlotClick, onEventClick }: TimeGridViewProps) {
  const columns = `3.5rem repeat(${days.length}, minmax(0, 1fr))`;
  const scroller = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (scroller.current) scroller.current.scrollTop = FIRST_VISIBLE_HOUR * HOUR_HEIGHT;
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
      <AllDayRow days={days} items={items} columns={columns} onEventClick={onEventClick} />
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

/**
 * The all-day events above the hours: one that lasts several days is one bar across them, the others
 * in the lanes their day has free.
 */
function AllDayRow({
  days,
  items,
  columns,
  onEventClick,
}: {
  days: Date[];
  items: CalendarItem[];
  columns: string;
  onEventClick: (item: CalendarItem) => void;
}) {
  const layout = weekLayout(days, items.filter(isMultiDay), (day) =>
    singleDayItemsOn(day, items).filter((item) => item.allDay),
  );
  const lanes = Math.max(1, layout.days[0]?.lanes.length ?? 0);
  return (
    <div
      className="grid border-b py-0.5"
      style={{ gridTemplateColumns: columns, gridTemplateRows: `repeat(${lanes}, auto)` }}
    >
      <div
        className="px-1 py-1 text-right text-[10px] text-muted-foreground"
        style={{ gridRow: '1 / -1', gridColumn: 1 }}
      >
        all-day
      </div>
      {days.map((day, index) => (
        <div
          key={day.toISOString()}
          className="-my-0.5 min-h-8 border-l"
          style={{ gridRow: '1 / -1', gridColumn: index + 2 }}
        />
      ))}
      {layout.bars.map((bar) => (
        <BarChip
          key={`${bar.item.key}:${bar.column}`}
          bar={bar}
          onClick={onEventClick}
          firstColumn={2}
          inset={{ start: 'ml-1', end: 'mr-1' }}
          className="my-0.5"
        />
      ))}
      {layout.days.flatMap(({ lanes: dayLanes }, index) =>
        dayLanes.map(
          (item, lane) =>
            item && (
              <EventChip
                key={item.key}
                item={item}
                onClick={onEventClick}
                style={{ gridColumn: index + 2, gridRow: lane + 1 }}
                className="mx-1 my-0.5 w-auto"
              />
            ),
        ),
      )}
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
    const time = `${format(item.start, 'HH:mm')}–${format(item.end, 'HH:mm')}`;
    const oneLine = end - start < ONE_LINE_MINUTES;
    const mark = item.googleLinked && (
      <GoogleMark label={SYNCED_WITH_GOOGLE} className="ml-auto size-3 opacity-70" />
    );
    return (
      <Tooltip key={item.key}>
        <TooltipTrigger asChild>
          <button
            type="button"
            data-testid="calendar-event"
            onClick={() => onEventClick(item)}
            className={cn(
              'absolute overflow-hidden rounded-md border-l-[3px] text-left font-medium shadow-xs hover:brightness-95',
              oneLine ? 'flex items-center gap-1 px-1 text-[11px] leading-none' : 'px-1.5 py-0.5 text-xs',
            )}
            style={{
              ...eventColours(item.project),
              top: (start / 60) * HOUR_HEIGHT,
              height: Math.max(MIN_EVENT_HEIGHT, ((end - start) / 60) * HOUR_HEIGHT - 2),
              left: `calc(${(column / width) * 100}% + 2px)`,
              width: `calc(${100 / width}% - 4px)`,
            }}
          >
            {oneLine ? (
              <>
                <span className="shrink-0 tabular-nums opacity-75">{format(item.start, 'HH:mm')}</span>
                <span className="truncate">{item.title}</span>
                {mark}
              </>
            ) : (
              <>
                <div className="flex items-center gap-1">
                  <span className="truncate">{item.title}</span>
                  {mark}
                </div>
                <div className="truncate tabular-nums opacity-75">{time}</div>
              </>
            )}
          </button>
        </TooltipTrigger>
        <TooltipContent side="right" className="grid max-w-64 gap-0.5">
          <span className="font-semibold">{item.title}</span>
          <span className="tabular-nums">{time}</span>
          {item.location && <span>{item.location}</span>}
          {item.project && <span className="opacity-75">{item.project}</span>}
        </TooltipContent>
      </Tooltip>
    );
  });
}
