import { format, isValid, parseISO } from 'date-fns';

export const REPEAT_PATTERNS = ['none', 'daily', 'weekly', 'monthly', 'yearly'] as const;
export type RepeatPattern = (typeof REPEAT_PATTERNS)[number];

export interface Participant {
  name: string;
  email: string;
}

/** The event dialog's values: inputs as strings, as the form edits them. */
export interface EventFormValues {
  title: string;
  description: string;
  start: string; // yyyy-MM-ddTHH:mm, or yyyy-MM-dd when all day
  end: string;
  all_day: boolean;
  location: string;
  event_type: 'meeting' | 'event';
  project: string;
  participants: Participant[];
  alert_minutes: string;
  repeat_pattern: RepeatPattern;
  repeat_interval: string;
  repeat_days: number[];
  repeat_end_date: string;
  notes: string;
  google_sync: boolean;
}

const LOCAL = "yyyy-MM-dd'T'HH:mm";

export function newEventValues(start: Date, end: Date): EventFormValues {
  return {
    title: '',
    description: '',
    start: format(start, LOCAL),
    end: format(end, LOCAL),
    all_day: false,
    location: '',
    event_type: 'meeting',
    project: '',
    participants: [],
    alert_minutes: '15',
    repeat_pattern: 'none',
    repeat_interval: '1',
    repeat_days: [start.getDay()],
    repeat_end_date: '',
    notes: '',
    google_sync: true,
  };
}

/** A non-numeric or zero alert falls back to 15 minutes (spec section 5). */
export function alertMinutes(value: string): number {
  const minutes = Number.parseInt(value, 10);
  return Number.isFinite(minutes) && minutes > 0 ? minutes : 15;
}

function toIso(value: string, allDay: boolean, endOfDay = false): string {
  if (allDay) {
    const day = parseISO(value.slice(0, 10));
    if (endOfDay) day.setHours(23, 59, 59, 0);
    return day.toISOString();
  }
  return new Date(value).toISOString();
}

export interface EventPayload {
  title: string;
  description: string | null;
  start_datetime: string;
  end_datetime: string;
  all_day: boolean;
  timezone: string;
  location: string | null;
  event_type: 'meeting' | 'event';
  project: string | null;
  participants: Participant[];
  alert_minutes: number;
  repeat_pattern: RepeatPattern;
  repeat_interval: number;
  repeat_days: number[];
  repeat_end_date: string | null;
  notes: string | null;
  google_sync: boolean;
}

export function toEventPayload(values: EventFormValues): EventPayload {
  const interval = Number.parseInt(values.repeat_interval, 10);
  return {
    title: values.title.trim(),
    description: values.description.trim() || null,
    start_datetime: toIso(values.start, values.all_day),
    end_datetime: toIso(values.end, values.all_day, true),
    all_day: values.all_day,
    timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    location: values.location.trim() || null,
    event_type: values.event_type,
    project: values.project.trim() || null,
    participants: values.participants
      .map((participant) => ({
        name: participant.name.trim(),
        email: participant.email.trim().toLowerCase(),
      }))
      .filter((participant) => participant.email),
    alert_minutes: alertMinutes(values.alert_minutes),
    repeat_pattern: values.repeat_pattern,
    repeat_interval: Number.isFinite(interval) && interval > 0 ? interval : 1,
    repeat_days: values.repeat_pattern === 'weekly' ? [...values.repeat_days].sort() : [],
    repeat_end_date:
      values.repeat_pattern !== 'none' && values.repeat_end_date
        ? toIso(values.repeat_end_date, true, true)
        : null,
    notes: values.notes.trim() || null,
    google_sync: values.google_sync,
  };
}

export function dateInput(iso: string | null | undefined, allDay: boolean): string {
  if (!iso) return '';
  const date = parseISO(iso);
  return isValid(date) ? format(date, allDay ? 'yyyy-MM-dd' : LOCAL) : '';
}
