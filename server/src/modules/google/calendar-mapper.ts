import { FIRST_STORED_YEAR, isStoredYear, isTimeZone, LAST_STORED_YEAR } from '@relate/contracts';
import rrulePackage from 'rrule';
import type { GoogleCalendarEvent } from '../../integrations/google/google.client';
import { rruleText, ruleZone, type Series, seriesRule } from '../../lib/recurrence';
import { fromFloating, toFloating } from '../../lib/time-zone';
import type { EventRow, EventValues } from '../events/events.service';
import { repeatOf } from '../events/ics';
import type { CalendarSyncedValues } from './google-calendar.repository';

const { RRule } = rrulePackage;

const DAY = 86_400_000;
const DEFAULT_ALERT_MINUTES = 15;
const MAX_ALERT_MINUTES = 40_320;

/** What the calendar listing says about the calendar itself, needed to read its events. */
export interface CalendarContext {
  timeZone?: string;
  defaultReminderMinutes?: number;
}

/** The fields of a Relate event that the calendar sync reads and writes. */
export type SyncedEventFields = Pick<
  EventValues,
  | 'title'
  | 'description'
  | 'startAt'
  | 'endAt'
  | 'allDay'
  | 'timezone'
  | 'location'
  | 'participants'
  | 'alertMinutes'
  | 'repeatPattern'
  | 'repeatInterval'
  | 'repeatDays'
  | 'repeatWeek'
  | 'repeatEndDate'
  | 'excludedStarts'
>;

export interface MappedGoogleEvent {
  values: Required<SyncedEventFields>;
  /** Every guest with an e-mail (not rooms, not the owner); the sync keeps those who are Relate users of the group. */
  attendees: { name: string; email: string }[];
  /** Why Relate can only mirror this event read-only (its RRULE has no Relate repeat), else null. */
  readOnlyReason: string | null;
  /** "Every week on Monday", null for single events. */
  recurrence: string | null;
  /** Google's recurrence lines as they came (kept for a read-only series). */
  recurrenceLines: string[];
  /**
   * Why Relate refuses the event: a date it sends is no date or lies outside the stored years (the one
   * rule of the API, CSV and .ics imports, `isStoredYear`); null when its dates can be kept. A refused
   * event is skipped by the sync and reported, never stored with a moved year.
   */
  dateError: string | null;
}

export const validZone = (zone: string | null | undefined): string | undefined =>
  zone && isTimeZone(zone) ? zone : undefined;

/** A `YYYY-MM-DD` date as UTC midnight; a year below 100 stays that year (Date.UTC would read 0099 as 1999). */
const dateOnly = (date: string) => {
  const [year, month, day] = date.split('-').map(Number);
  const midnight = new Date(Date.UTC(2000, month - 1, day));
  midnight.setUTCFullYear(year, month - 1, day);
  return midnight;
};
const isoDate = (date: Date) => date.toISOString().slice(0, 10);
const basic = (date: Date) =>
  date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** An event time (`dateTime` with offset, or an all-day `date`) as an instant; dates are UTC midnight (ADR 0006). */
export function instantOf(time: GoogleCalendarEvent['start'] | undefined): Date | undefined {
  if (time?.dateTime) return new Date(time.dateTime);
  if (time?.date) return dateOnly(time.date);
  return undefined;
}

/** A Google id for an occurrence of a series: `<seriesId>_<original start in UTC>` (a date for all-day series). */
export function instanceId(seriesGoogleId: string, originalStart: Date, allDay: boolean): string {
  return `${seriesGoogleId}_${allDay ? isoDate(originalStart).replace(/-/g, '') : basic(originalStart)}`;
}

/** EXDATE values (`20240610T090000` in TZID or the event's zone, `…Z` in UTC, or a DATE) as instants. */
function exdates(line: string, zone: string): Date[] {
  const [head, list = ''] = line.split(/:(.*)/s);
  const tzid = /;TZID=([^;:]+)/i.exec(head)?.[1];
  return list
    .split(',')
    .map((value) => value.trim())
    .flatMap((value) => {
      const match = /^(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})(\d{2})(Z)?)?$/.exec(value);
      if (!match) return [];
      const [, y, mo, d, h, mi, s, utc] = match;
      const floating = new Date(Date.UTC(+y, +mo - 1, +d, +(h ?? 0), +(mi ?? 0), +(s ?? 0)));
      if (h === undefined || utc) return [floating];
      return [fromFloating(floating, validZone(tzid) ?? zone)];
    });
}

const YEARS = `${FIRST_STORED_YEAR}-${LAST_STORED_YEAR}`;
/** A year as written ('0099', '10000'), for the message. */
const shownYear = (year: number) => `${year < 0 ? '-' : ''}${String(Math.abs(year)).padStart(4, '0')}`;

/** Why a date or date-time Google sent cannot be kept (no date, or its written year outside the range). */
function yearProblem(
  label: string,
  text: string | null | undefined,
  instant: Date | undefined,
): string | null {
  if (!text) return null;
  const written = /^([+-]?\d{4,6})-\d{2}-\d{2}/.exec(text.trim())?.[1];
  if (written === undefined || !instant || Number.isNaN(instant.getTime())) return `${label} is not a date`;
  const year = Number(written);
  return isStoredYear(year) ? null : `${label} is in the year ${shownYear(year)}, outside the years ${YEARS}`;
}

/** Date properties of recurrence lines (RFC 5545 YYYYMMDD, read as written) and what the error calls them. */
const RECURRENCE_DATES: Record<string, string> = {
  EXDATE: 'A deleted occurrence (EXDATE)',
  RDATE: 'An added occurrence (RDATE)',
};

/**
 * The first date of a Google event that Relate cannot store, as the error to report: start, end, the
 * original start of a changed occurrence, a repeat rule's UNTIL and the EXDATE/RDATE lines.
 */
function dateErrorOf(
  event: GoogleCalendarEvent,
  allDay: boolean,
  start: Date | undefined,
  end: Date | undefined,
) {
  const startText = event.start?.dateTime ?? event.start?.date;
  // An all-day end is exclusive: the last day kept is the one before (9999-12-31 ends on '10000-01-01').
  const endText =
    allDay && end && !Number.isNaN(end.getTime())
      ? isoDate(new Date(end.getTime() - DAY))
      : (event.end?.dateTime ?? event.end?.date);
  const problem =
    yearProblem("The event's start", startText, start) ??
    yearProblem("The event's end", endText, end) ??
    yearProblem(
      "The occurrence's original start",
      event.originalStartTime?.dateTime ?? event.originalStartTime?.date,
      instantOf(event.originalStartTime ?? undefined),
    );
  if (problem) return problem;
  for (const line of event.recurrence ?? []) {
    const [head, list = ''] = line.split(/:(.*)/s);
    const property = head.split(';')[0].toUpperCase();
    const years =
      property === 'RRULE'
        ? [/UNTIL=([+-]?\d{4})\d{4}/i.exec(list)?.[1]].filter((year) => year !== undefined)
        : RECURRENCE_DATES[property]
          ? list.split(',').flatMap((date) => /^\s*(\d{4})\d{4}/.exec(date)?.[1] ?? [])
          : [];
    const year = years.find((written) => !isStoredYear(Number(written)));
    if (year !== undefined)
      return `${property === 'RRULE' ? "The repeat rule's end (UNTIL)" : RECURRENCE_DATES[property]} is in the year ${year}, outside the years ${YEARS}`;
  }
  return null;
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The alert: the earliest popup reminder, the calendar's default, else Relate's 15 minutes. */
function alertOf(event: GoogleCalendarEvent, context: CalendarContext): number {
  const minutes = event.reminders?.useDefault
    ? context.defaultReminderMinutes
    : (event.reminders?.overrides ?? [])
        .filter((reminder) => reminder.method !== 'email')
        .map((reminder) => reminder.minutes ?? 0)
        .sort((a, b) => b - a)[0];
  return minutes && minutes > 0 ? Math.min(minutes, MAX_ALERT_MINUTES) : DEFAULT_ALERT_MINUTES;
}

/**
 * A Google event as Relate event fields. Timed events keep their instants and `timeZone`; all-day
 * events (`date`, end exclusive) follow Relate's rule: UTC midnight of the first date to 23:59:59 UTC of
 * the last. A series' RRULE becomes the repeat fields when Relate's repeat gives exactly its dates (the
 * same test as .ics import), its EXDATEs become excluded starts; any other rule leaves a single event
 * (its first occurrence) with the reason why it is read-only.
 */
export function fromGoogleEvent(event: GoogleCalendarEvent, context: CalendarContext): MappedGoogleEvent {
  const allDay = Boolean(event.start?.date && !event.start?.dateTime);
  const timezone = validZone(event.start?.timeZone) ?? validZone(context.timeZone) ?? 'UTC';
  const given = { start: instantOf(event.start), end: instantOf(event.end) };
  const dateError = dateErrorOf(event, allDay, given.start, given.end);
  const start = given.start ?? new Date(0);
  let end = given.end ?? new Date(start.getTime() + (allDay ? DAY : 3_600_000));
  if (allDay) end = new Date(Math.max(start.getTime() + DAY, end.getTime()) - 1000);
  if (end < start) end = start;
  const values: Required<SyncedEventFields> = {
    title: event.summary?.trim() || '(No title)',
    description: event.description?.trim() || null,
    startAt: start,
    endAt: end,
    allDay,
    timezone,
    location: event.location?.trim() || null,
    participants: [],
    alertMinutes: alertOf(event, context),
    repeatPattern: 'none',
    repeatInterval: 1,
    repeatDays: [],
    repeatWeek: null,
    repeatEndDate: null,
    excludedStarts: [],
  };
  const seen = new Set<string>();
  const attendees = (event.attendees ?? [])
    .filter((attendee) => attendee.email && !attendee.resource && !attendee.self)
    .map((attendee) => ({ name: attendee.displayName?.trim() ?? '', email: attendee.email!.toLowerCase() }))
    .filter((attendee) => !seen.has(attendee.email) && seen.add(attendee.email));
  const lines = event.recurrence ?? [];
  const result: MappedGoogleEvent = {
    values,
    attendees,
    readOnlyReason: null,
    recurrence: null,
    recurrenceLines: lines,
    dateError,
  };
  if (lines.length === 0 || dateError) return result;
  const rules = lines.filter((line) => /^RRULE:/i.test(line));
  const other = lines.filter((line) => !/^(RRULE|EXDATE)[;:]/i.test(line));
  try {
    if (rules.length > 0) result.recurrence = capitalise(RRule.fromString(rules[0]).toText());
  } catch {
    result.recurrence = rules[0];
  }
  if (rules.length !== 1 || other.length > 0) {
    result.readOnlyReason =
      rules.length === 0
        ? 'The series repeats on a list of dates (RDATE), which Relate cannot represent'
        : rules.length > 1
          ? 'The series has more than one repeat rule, which Relate cannot represent'
          : `The series uses ${other.map((line) => line.split(/[;:]/)[0]).join(', ')}, which Relate cannot represent`;
    return result;
  }
  let options: ReturnType<typeof RRule.parseString>;
  try {
    options = RRule.parseString(rules[0].replace(/^RRULE:/i, ''));
  } catch {
    result.readOnlyReason = 'The repeat rule could not be read';
    return result;
  }
  const zone = ruleZone({ allDay, timezone });
  const repeat = repeatOf(options, toFloating(start, zone));
  if ('error' in repeat) {
    result.readOnlyReason = repeat.error;
    return result;
  }
  values.repeatPattern = repeat.pattern ?? 'none';
  values.repeatInterval = repeat.interval;
  values.repeatDays = repeat.days;
  values.repeatWeek = repeat.week;
  if (options.until) values.repeatEndDate = allDay ? dateOnly(isoDate(options.until)) : options.until;
  else if (options.count) {
    const last = seriesRule(values as Series)!
      .all((_, index) => index < (options.count ?? 0))
      .at(-1);
    if (last) values.repeatEndDate = fromFloating(last, zone);
  }
  if (values.repeatEndDate && !isStoredYear(values.repeatEndDate.getUTCFullYear()))
    result.dateError = `The repeat rule's end is in the year ${shownYear(values.repeatEndDate.getUTCFullYear())}, outside the years ${YEARS}`;
  values.excludedStarts = lines
    .filter((line) => /^EXDATE[;:]/i.test(line))
    .flatMap((line) => exdates(line, timezone))
    .sort((a, b) => a.getTime() - b.getTime());
  return result;
}

/** RRULE and EXDATE lines of a Relate series (EXDATE in the series' zone, or dates for all-day). */
export function recurrenceOf(values: SyncedEventFields): string[] {
  const series = values as Series;
  const rule = rruleText(series);
  if (!rule) return [];
  const lines = [`RRULE:${rule}`];
  const excluded = [...(values.excludedStarts ?? [])].sort((a, b) => a.getTime() - b.getTime());
  if (excluded.length > 0) {
    lines.push(
      values.allDay
        ? `EXDATE;VALUE=DATE:${excluded.map((start) => isoDate(start).replace(/-/g, '')).join(',')}`
        : `EXDATE;TZID=${values.timezone}:${excluded
            .map((start) => basic(toFloating(start, values.timezone ?? 'UTC')).replace(/Z$/, ''))
            .join(',')}`,
    );
  }
  return lines;
}

/**
 * The synced fields as comparable strings: what both sides agreed on is stored in this form, so a
 * field changed on one side is found by comparing it with the other two.
 */
export function syncedOf(values: SyncedEventFields, recurrenceLines?: string[]): CalendarSyncedValues {
  const allDay = Boolean(values.allDay);
  return {
    title: values.title,
    start: allDay ? isoDate(values.startAt) : values.startAt.toISOString(),
    end: allDay ? isoDate(values.endAt) : values.endAt.toISOString(),
    all_day: String(allDay),
    timezone: allDay ? null : (values.timezone ?? 'UTC'),
    location: values.location ?? null,
    description: values.description ?? null,
    recurrence: (recurrenceLines ?? recurrenceOf(values)).join('\n') || null,
    alert_minutes: String(values.alertMinutes ?? DEFAULT_ALERT_MINUTES),
    participants:
      (values.participants ?? [])
        .map((participant) => participant.email.toLowerCase())
        .sort()
        .join(', ') || null,
  };
}

export const SYNCED_EVENT_FIELDS = [
  'title',
  'start',
  'end',
  'all_day',
  'timezone',
  'location',
  'description',
  'recurrence',
  'alert_minutes',
  'participants',
] as const;

function timesOf(values: SyncedEventFields): Pick<GoogleCalendarEvent, 'start' | 'end'> {
  if (values.allDay) {
    const last = new Date(
      Date.UTC(values.endAt.getUTCFullYear(), values.endAt.getUTCMonth(), values.endAt.getUTCDate()),
    );
    return {
      start: { date: isoDate(values.startAt), dateTime: null, timeZone: null },
      end: {
        date: isoDate(new Date(Math.max(last.getTime(), values.startAt.getTime()) + DAY)),
        dateTime: null,
        timeZone: null,
      },
    };
  }
  const timeZone = values.timezone ?? 'UTC';
  return {
    start: { dateTime: values.startAt.toISOString(), timeZone, date: null },
    end: { dateTime: values.endAt.toISOString(), timeZone, date: null },
  };
}

/**
 * The Google fields of a Relate event, only those in `fields` (all by default). Guests Relate does not
 * know (outside the group, rooms) are kept: `previousAttendees` are Google's, and only the participants
 * added or removed in Relate change.
 */
export function toGoogleEvent(
  row: SyncedEventFields & Pick<EventRow, 'seriesId'>,
  options: {
    fields?: readonly string[];
    previousAttendees?: { email: string; displayName?: string | null }[];
    previousParticipants?: string[];
  } = {},
): GoogleCalendarEvent {
  const wanted = new Set(options.fields ?? SYNCED_EVENT_FIELDS);
  const body: GoogleCalendarEvent = {};
  if (wanted.has('title')) body.summary = row.title;
  if (wanted.has('description')) body.description = row.description ?? '';
  if (wanted.has('location')) body.location = row.location ?? '';
  if (['start', 'end', 'all_day', 'timezone'].some((field) => wanted.has(field)))
    Object.assign(body, timesOf(row));
  // An occurrence of a series has no rule of its own; a series' rule is in its zone's wall clock.
  if (wanted.has('recurrence') && !row.seriesId) {
    body.recurrence = recurrenceOf(row);
    if (body.recurrence.length > 0) Object.assign(body, timesOf(row));
  }
  if (wanted.has('alert_minutes'))
    body.reminders = { useDefault: false, overrides: [{ method: 'popup', minutes: row.alertMinutes ?? 15 }] };
  if (wanted.has('participants')) {
    const now = new Set((row.participants ?? []).map((participant) => participant.email.toLowerCase()));
    const before = new Set(options.previousParticipants ?? []);
    const kept = (options.previousAttendees ?? []).filter(
      (attendee) => !before.has(attendee.email.toLowerCase()) || now.has(attendee.email.toLowerCase()),
    );
    const keptEmails = new Set(kept.map((attendee) => attendee.email.toLowerCase()));
    body.attendees = [
      ...kept,
      ...(row.participants ?? [])
        .filter((participant) => !keptEmails.has(participant.email.toLowerCase()))
        .map((participant) => ({
          email: participant.email,
          ...(participant.name && { displayName: participant.name }),
        })),
    ];
  }
  return body;
}
