import type { CalendarEvent, CalendarSettings } from '@relate/contracts';
import { addDays, addMonths, addWeeks, endOfDay, format, startOfDay } from 'date-fns';
import { ChevronLeftIcon, ChevronRightIcon, PlusIcon } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { toast } from '@/lib/toast';
import { NEW_PARAM, useUrlAction } from '@/lib/url-action';
import { NARROW_SCREEN, useMediaQuery } from '@/lib/use-media-query';
import { useEvents } from '../api/events-api';
import { defaultSlot, monthGrid, weekDays } from '../calendar-grid';
import { calendarSpan } from '../event-form';
import { AgendaView } from './agenda-view';
import type { CalendarItem, CalendarTask, ParticipantSuggestion } from './calendar-types';
import { EventChip } from './event-chip';
import { EventDialog, type EventDialogState } from './event-dialog';
import { MonthView } from './month-view';
import { TimeGridView } from './time-grid-view';

type View = 'monthly' | 'weekly' | 'daily';

function toItem(event: CalendarEvent): CalendarItem {
  return {
    key: `${event.id}:${event.start_datetime}`,
    eventId: event.id,
    title: event.title,
    // All-day events sit on their UTC dates in every zone (docs/decisions/0006).
    ...calendarSpan(event),
    allDay: event.all_day,
    project: event.project,
    location: event.location,
    googleLinked: event.google_linked,
  };
}

/** A task on its due day, in the all-day lanes (its due time is in its label). */
function taskItem(task: CalendarTask): CalendarItem {
  const { due } = task;
  return {
    key: `task:${task.id}`,
    title: task.title,
    start: startOfDay(due),
    end: endOfDay(due),
    allDay: true,
    project: task.project,
    location: null,
    task: { id: task.id, due, done: task.done },
  };
}

interface EventsPageProps {
  /** The saved default view and week start; undefined while they load. */
  settings: CalendarSettings | undefined;
  participantSuggestions: ParticipantSuggestion[];
  /** The user's tasks due in the shown days (the route reads them for the range it is told). */
  tasks?: CalendarTask[];
  onRangeChange?: (from: Date, to: Date) => void;
  onTaskClick?: (taskId: number) => void;
}

/** The owner edits an event, unless it is a Google series only Google Calendar can change. */
const editable = (event: CalendarEvent) => event.is_owner && !event.read_only_reason;

export function EventsPage({
  settings,
  participantSuggestions,
  tasks = [],
  onRangeChange,
  onTaskClick,
}: EventsPageProps) {
  const narrow = useMediaQuery(NARROW_SCREEN);
  const weekStart = settings?.startWeekday ?? 'sunday';
  const [view, setView] = useState<View | null>(null);
  const [focus, setFocus] = useState(() => new Date());
  const [dialog, setDialog] = useState<EventDialogState | null>(null);
  const [dayList, setDayList] = useState<{ day: Date; items: CalendarItem[] } | null>(null);
  const [searchParams] = useSearchParams();
  const activeView: View = view ?? settings?.defaultView ?? 'monthly';

  const days = useMemo(() => {
    if (activeView === 'monthly') return monthGrid(focus, weekStart);
    if (activeView === 'weekly') return weekDays(focus, weekStart);
    return [startOfDay(focus)];
  }, [activeView, focus, weekStart]);
  const from = startOfDay(days[0]);
  const to = endOfDay(days[days.length - 1]);
  const events = useEvents(from, to);
  const byId = useMemo(() => new Map((events.data ?? []).map((event) => [event.id, event])), [events.data]);
  const items = useMemo(
    () => [...(events.data ?? []).map(toItem), ...tasks.map(taskItem)],
    [events.data, tasks],
  );
  const [fromTime, toTime] = [from.getTime(), to.getTime()];
  useEffect(() => onRangeChange?.(new Date(fromTime), new Date(toTime)), [fromTime, toTime, onRangeChange]);

  useEffect(() => {
    if (events.isError) toast.error('Failed to fetch events');
  }, [events.isError]);

  // A notification's link (?event=ID) opens that event; the command palette's also says when it is
  // (&on=ISO date-time), so that the calendar turns to it. "New event" (?new=1) opens the dialog.
  const linkedOn = searchParams.get('on');
  useEffect(() => {
    const on = linkedOn ? new Date(linkedOn) : null;
    if (on && !Number.isNaN(on.getTime())) setFocus(on);
  }, [linkedOn]);
  useUrlAction(NEW_PARAM, () => setDialog({ mode: 'add', ...defaultSlot(new Date()) }));
  const linked = Number(searchParams.get('event')) || null;
  useEffect(() => {
    const event = linked ? byId.get(linked) : undefined;
    if (event) setDialog({ mode: editable(event) ? 'edit' : 'view', event });
  }, [linked, byId]);

  const step = (direction: 1 | -1) =>
    setFocus((current) =>
      activeView === 'monthly'
        ? addMonths(current, direction)
        : activeView === 'weekly'
          ? addWeeks(current, direction)
          : addDays(current, direction),
    );

  const changeView = (next: View) => {
    setView(next);
    setFocus(new Date()); // changing the view resets the focus to today (spec section 2)
  };

  const addOn = (day: Date) => setDialog({ mode: 'add', ...defaultSlot(day) });
  const openItem = (item: CalendarItem) => {
    if (item.task) {
      setDayList(null);
      onTaskClick?.(item.task.id);
      return;
    }
    const event = item.eventId === undefined ? undefined : byId.get(item.eventId);
    if (!event) return;
    const occurrence =
      (events.data ?? []).find((candidate) => `${candidate.id}:${candidate.start_datetime}` === item.key) ??
      event;
    setDayList(null);
    setDialog({ mode: editable(event) ? 'edit' : 'view', event: occurrence });
  };

  const heading =
    activeView === 'monthly'
      ? format(focus, 'MMMM yyyy')
      : activeView === 'weekly'
        ? `${format(days[0], 'MMM d')} – ${format(days[6], 'MMM d, yyyy')}`
        : format(focus, 'EEEE, MMMM d, yyyy');

  return (
    <div className="grid gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex items-center gap-2">
          <Button variant="outline" size="icon" onClick={() => step(-1)} aria-label="Previous">
            <ChevronLeftIcon />
          </Button>
          <Button variant="outline" size="icon" onClick={() => step(1)} aria-label="Next">
            <ChevronRightIcon />
          </Button>
          <Button variant="ghost" size="sm" onClick={() => setFocus(new Date())}>
            Today
          </Button>
          <h1 className="ml-1 text-lg font-semibold tracking-tight sm:text-xl" data-testid="calendar-heading">
            {heading}
          </h1>
        </div>
        <div className="flex items-center gap-2">
          <Select value={activeView} onValueChange={(value) => changeView(value as View)}>
            <SelectTrigger className="w-32" aria-label="Calendar view">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value="daily">Daily</SelectItem>
              <SelectItem value="weekly">Weekly</SelectItem>
              <SelectItem value="monthly">Monthly</SelectItem>
            </SelectContent>
          </Select>
          <Button onClick={() => addOn(focus)}>
            <PlusIcon />
            Add Event
          </Button>
        </div>
      </div>

      {events.isPending ? (
        <p className="py-16 text-center text-sm text-muted-foreground">Loading events...</p>
      ) : activeView === 'monthly' ? (
        <MonthView
          focus={focus}
          weekStart={weekStart}
          items={items}
          onDayClick={(day, dayItems) =>
            dayItems.length === 0 ? addOn(day) : setDayList({ day, items: dayItems })
          }
          onDayContextMenu={addOn}
          onEventClick={openItem}
        />
      ) : activeView === 'weekly' && narrow ? (
        <AgendaView days={days} items={items} onAddOn={addOn} onEventClick={openItem} />
      ) : (
        <TimeGridView
          days={days}
          items={items}
          onSlotClick={(start) =>
            setDialog({ mode: 'add', start, end: new Date(start.getTime() + 3_600_000) })
          }
          onEventClick={openItem}
        />
      )}

      <Dialog open={dayList !== null} onOpenChange={(open) => !open && setDayList(null)}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Events for {dayList ? format(dayList.day, 'EEEE, MMMM d, yyyy') : ''}</DialogTitle>
            <DialogDescription>Open an event, or add another on this day.</DialogDescription>
          </DialogHeader>
          <div className="grid gap-1.5">
            {dayList?.items.map((item) => (
              <EventChip key={item.key} item={item} onClick={openItem} className="py-1.5 text-sm" />
            ))}
          </div>
          <DialogFooter>
            <Button
              onClick={() => {
                const day = dayList?.day;
                setDayList(null);
                if (day) addOn(day);
              }}
            >
              <PlusIcon />
              Add Event
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
      <EventDialog
        state={dialog}
        participantSuggestions={participantSuggestions}
        onClose={() => setDialog(null)}
      />
    </div>
  );
}
