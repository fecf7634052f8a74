import { type CalendarEvent, type CreateEventBody, CreateEventBodySchema } from '@relate/contracts';
import { addDays, differenceInCalendarDays, format, isValid, parseISO, startOfWeek } from 'date-fns';
import { z } from 'zod';

type RepeatPattern = CalendarEvent['repeat_pattern'];

/**
 * The event dialog's values: inputs as strings, as the form edits them, under the contract's field names
 * so that the contract's errors land on the fields that caused them.
 */
export interface EventFormValues {
  title: string;
  description: string;
  start_datetime: string; // yyyy-MM-ddTHH:mm, or yyyy-MM-dd when all day
  end_datetime: string;
  all_day: boolean;
  location: string;
  event_type: CalendarEvent['event_type'];
  project: string;
  participants: { name: string; email: string }[];
  alert_minutes: string;
  repeat_pattern: RepeatPattern;
  repeat_interval: string;
  repeat_days: number[];
  /** A monthly repeat's week: the start's nth weekday (1-5) or -1 the last; null on its day of the month. */
  repeat_week: number | null;
  repeat_end_date: string;
  notes: string;
  google_sync: boolean;
  /** The IANA zone the event is planned in: the browser's for a new event, the event's own when editing. */
  timezone: string;
}

const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

const LOCAL = "yyyy-MM-dd'T'HH:mm";

export function newEventValues(start: Date, end: Date): EventFormValues {
  return {
    title: '',
    description: '',
    start_datetime: format(start, LOCAL),
    end_datetime: format(end, LOCAL),
    all_day: false,
    location: '',
    event_type: 'meeting',
    project: '',
    participants: [],
    alert_minutes: '15',
    repeat_pattern: 'none',
    repeat_interval: '1',
    repeat_days: [start.getDay()],
    repeat_week: null,
    repeat_end_date: '',
    notes: '',
    // Ticked by the form once it knows a Google account with calendar access is connected.
    google_sync: false,
    timezone: browserZone(),
  };
}

/**
 * The form's values for an existing event. An occurrence of a series is edited at its own times; on
 * saving, the user says whether the change is for it, it and the following ones, or all (the series
 * then moves by as much).
 */
export function eventFormValues(event: CalendarEvent): EventFormValues {
  return {
    title: event.title,
    description: event.description ?? '',
    start_datetime: dateInput(event.start_datetime, event.all_day),
    end_datetime: dateInput(event.end_datetime, event.all_day),
    all_day: event.all_day,
    location: event.location ?? '',
    event_type: event.event_type,
    project: event.project ?? '',
    participants: event.participants,
    alert_minutes: String(event.alert_minutes),
    repeat_pattern: event.repeat_pattern,
    repeat_interval: String(event.repeat_interval),
    repeat_days: event.repeat_days,
    repeat_week: event.repeat_week ?? null,
    repeat_end_date: dateInput(event.repeat_end_date, event.all_day, 'date'),
    notes: event.notes ?? '',
    google_sync: event.google_sync,
    timezone: event.timezone,
  };
}

/** A non-numeric or zero alert falls back to 15 minutes (spec section 5). */
export function alertMinutes(value: string): number {
  const minutes = Number.parseInt(value, 10);
  return Number.isFinite(minutes) && minutes > 0 ? minutes : 15;
}

/**
 * All-day events are dated in UTC (docs/decisions/0006): they start at UTC midnight of their first
 * date and end at 23:59:59 UTC of their last, so every zone shows them on the same dates.
 */
function allDayIso(value: string, endOfDay = false): string {
  return `${value.slice(0, 10)}T${endOfDay ? '23:59:59' : '00:00:00'}.000Z`;
}

/** An instant for an input's value; a cleared or partial input stays as it is, for the contract to reject. */
function toIso(value: string, allDay: boolean, endOfDay = false): string {
  if (!value) return value;
  if (allDay) return allDayIso(value, endOfDay);
  const date = new Date(value);
  return isValid(date) ? date.toISOString() : value;
}

/** A timed series' last day ends at local midnight; an all-day series' at UTC midnight. */
function repeatEndIso(value: string, allDay: boolean): string {
  if (allDay) return allDayIso(value, true);
  const day = parseISO(value.slice(0, 10));
  day.setHours(23, 59, 59, 0);
  return day.toISOString();
}

/** Where the views draw an event: an all-day one on its UTC dates, as local days; a timed one as is. */
export function calendarSpan(event: Pick<CalendarEvent, 'start_datetime' | 'end_datetime' | 'all_day'>): {
  start: Date;
  end: Date;
} {
  const start = new Date(event.start_datetime);
  const end = new Date(event.end_datetime);
  if (!event.all_day) return { start, end };
  return {
    start: new Date(start.getUTCFullYear(), start.getUTCMonth(), start.getUTCDate()),
    end: new Date(end.getUTCFullYear(), end.getUTCMonth(), end.getUTCDate(), 23, 59, 59),
  };
}

/** The request body for the form's values (every participant row is sent: an empty one is an error to fix). */
export function toEventPayload(values: EventFormValues): CreateEventBody {
  const interval = Number.parseInt(values.repeat_interval, 10);
  return {
    title: values.title.trim(),
    description: values.description.trim() || null,
    start_datetime: toIso(values.start_datetime, values.all_day),
    end_datetime: toIso(values.end_datetime, values.all_day, true),
    all_day: values.all_day,
    timezone: values.timezone || browserZone(),
    location: values.location.trim() || null,
    event_type: values.event_type,
    project: values.project.trim() || null,
    participants: values.participants.map((participant) => ({
      name: participant.name.trim(),
      email: participant.email.trim().toLowerCase(),
    })),
    alert_minutes: alertMinutes(values.alert_minutes),
    repeat_pattern: values.repeat_pattern,
    repeat_interval: Number.isFinite(interval) && interval > 0 ? interval : 1,
    repeat_days: values.repeat_pattern === 'weekly' ? [...values.repeat_days].sort() : [],
    repeat_week: values.repeat_pattern === 'monthly' ? values.repeat_week : null,
    repeat_end_date:
      values.repeat_pattern !== 'none' && values.repeat_end_date
        ? repeatEndIso(values.repeat_end_date, values.all_day)
        : null,
    notes: values.notes.trim() || null,
    google_sync: values.google_sync,
  };
}

/** An input's value for an instant: an all-day event's by its UTC date, anything else in local time. */
export function dateInput(
  iso: string | null | undefined,
  allDay: boolean,
  kind: 'date' | 'datetime' = allDay ? 'date' : 'datetime',
): string {
  if (!iso) return '';
  const date = parseISO(iso);
  if (!isValid(date)) return '';
  if (allDay) return date.toISOString().slice(0, 10);
  return format(date, kind === 'date' ? 'yyyy-MM-dd' : LOCAL);
}

/** The day of a Start input's value (date or date-time), or null while it is not a date. */
export function startDay(value: string): Date | null {
  const day = parseISO(value.slice(0, 10));
  return isValid(day) ? day : null;
}

/**
 * A weekly repeat's weekdays after the start moved from one day to another: each moves by as many days
 * as the start did ("every Friday" started on a Monday is "every Monday"), as the server does for a
 * saved series and Google Calendar does until the user picks the days.
 */
export function shiftedWeekdays(days: number[], from: Date, to: Date): number[] {
  const by = (((to.getDay() - from.getDay()) % 7) + 7) % 7;
  return [...new Set(days.map((day) => (day + by) % 7))].sort();
}

/** Where a day falls in its month: its nth weekday (1-5), and whether it is the month's last one. */
export function weekOfMonth(day: Date): { nth: number; last: boolean } {
  return { nth: Math.ceil(day.getDate() / 7), last: addDays(day, 7).getMonth() !== day.getMonth() };
}

/**
 * A monthly repeat's week after the start moved to `start` (as Google Calendar's choice follows the
 * date): on its day of the month stays so; "the last" stays the last while the start is in its month's
 * last week; otherwise the start's nth weekday, and its last one rather than a fifth (which most months
 * lack), as the server does for a saved series.
 */
export function followedWeek(week: number | null, start: Date): number | null {
  if (week === null) return null;
  const { nth, last } = weekOfMonth(start);
  return (week === -1 || nth === 5) && last ? -1 : nth;
}

/**
 * When a weekly series' start is not one of its weekdays, the start is no occurrence: the first one is
 * the first chosen weekday after it in a week of the series (weeks run Monday to Sunday, every
 * `interval` weeks from the start's, as in iCalendar). Null when the start itself is an occurrence.
 */
export function firstOccurrenceAfterStart(start: Date, days: number[], interval: number): Date | null {
  if (days.length === 0 || days.includes(start.getDay())) return null;
  const firstWeek = startOfWeek(start, { weekStartsOn: 1 });
  for (let offset = 1; offset <= 7 * (interval + 1); offset++) {
    const day = addDays(start, offset);
    const week = differenceInCalendarDays(startOfWeek(day, { weekStartsOn: 1 }), firstWeek) / 7;
    if (days.includes(day.getDay()) && week % interval === 0) return day;
  }
  return null;
}

/** The form's resolver schema: its values become the request body, which the contract then checks. */
export const EventFormSchema = z
  .custom<EventFormValues>()
  .transform(toEventPayload)
  .pipe(CreateEventBodySchema);

/** The start that names an occurrence of a repeating event (its original start if it was changed), else null. */
export function occurrenceStart(event: CalendarEvent): string | null {
  if (event.series_id !== null) return event.original_start;
  return event.repeat_pattern === 'none' ? null : event.start_datetime;
}

/** A changed occurrence cannot repeat on its own: its body leaves the series' repeat alone. */
export function withoutRepeat(body: CreateEventBody): CreateEventBody {
  const { repeat_pattern, repeat_interval, repeat_days, repeat_week, repeat_end_date, ...rest } = body;
  return rest;
}
