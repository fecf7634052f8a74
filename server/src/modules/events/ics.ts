import {
  type EventImportResult,
  FIRST_STORED_YEAR,
  isStoredYear,
  isTimeZone,
  LAST_STORED_YEAR,
  MAX_REPEAT_INTERVAL,
  ParticipantSchema,
} from '@relate/contracts';
import ical, { ICalAlarmType } from 'ical-generator';
import type { CalendarResponse, VEvent } from 'node-ical';
import rrulePackage from 'rrule';
import { rruleText, ruleZone } from '../../lib/recurrence';
import { toFloating } from '../../lib/time-zone';
import type { EventRow, EventValues } from './events.repository';
import { vtimezone, zonedDateTime } from './vtimezone';

const { RRule } = rrulePackage;
const DAY = 86_400_000;
const MAX_PARTICIPANTS = 200;
const MAX_ALERT_MINUTES = 40_320;
/** Events one .ics file may hold (a larger calendar is refused before it is parsed). */
export const MAX_ICS_EVENTS = 5_000;
/** Occurrences a COUNT= repeat may have: its last date is found by walking them. */
const MAX_RULE_COUNT = 10_000;
const YEARS = `${FIRST_STORED_YEAR}-${LAST_STORED_YEAR}`;

/** Our placeholder for an all-day override's RECURRENCE-ID (a DATE, RFC 5545 3.8.4.4), replaced on output. */
const ALL_DAY_RECURRENCE = 'X-RELATE-RECURRENCE-DATE';

/**
 * The calendar as RFC 5545 text: UTC times, except a timed series' local times with TZID and a
 * VTIMEZONE (all-day events as DATE values of their UTC dates), RRULE for series, participants as ATTENDEE, the alert as a VALARM; what iCalendar has no property for
 * (the zone, type, project, notes, Google sync) travels in X-RELATE-* properties.
 */
/** The host that names the UIDs Relate writes for events without one of their own. */
export const hostOf = (publicUrl: string) => new URL(publicUrl).host || 'relate';
/** The UID Relate's export writes for an event without one of its own. */
export const exportedUid = (id: number, host: string) => `relate-event-${id}@${host}`;

export function toIcs(rows: EventRow[], publicUrl: string): string {
  const calendar = ical({
    name: 'Relate',
    prodId: { company: 'Relate', product: 'Relate', language: 'EN' },
    // One VTIMEZONE per zone that an event's DTSTART names (ical-generator asks for each).
    timezone: { name: null, generator: (zone) => vtimezone(zone) },
  });
  const host = hostOf(publicUrl);
  const byId = new Map(rows.map((row) => [row.id, row]));
  const uidOf = (row: EventRow) => row.icalUid ?? exportedUid(row.id, host);
  for (const row of rows) {
    // An occurrence changed on its own is its series' UID with the RECURRENCE-ID it replaces.
    const series = row.seriesId !== null && row.originalStart ? byId.get(row.seriesId) : undefined;
    const rule = rruleText(row);
    const x: [string, string][] = [
      ['X-RELATE-TZID', row.timezone],
      ['X-RELATE-EVENT-TYPE', row.eventType],
      ['X-RELATE-GOOGLE-SYNC', row.googleSync ? 'TRUE' : 'FALSE'],
    ];
    if (row.project) x.push(['X-RELATE-PROJECT', row.project]);
    if (row.notes) x.push(['X-RELATE-NOTES', row.notes]);
    if (series && row.originalStart && row.allDay)
      x.push([ALL_DAY_RECURRENCE, row.originalStart.toISOString().slice(0, 10).replace(/-/g, '')]);
    // A timed series repeats on its zone's wall clock (its BYDAY are that zone's weekdays), so its
    // DTSTART/DTEND name the zone; single events and all-day events need no zone. An override is
    // written in its series' zone, so that its RECURRENCE-ID reads like the series' DTSTART.
    const zone = series?.timezone ?? row.timezone;
    const zoned = (Boolean(rule) || Boolean(series)) && !row.allDay && zone !== 'UTC';
    const when = (date: Date) => (zoned ? zonedDateTime(date, zone) : date);
    calendar.createEvent({
      id: uidOf(series ?? row),
      // ical-generator writes RECURRENCE-ID as a date-time; an all-day one goes through ALL_DAY_RECURRENCE.
      recurrenceId: series && row.originalStart && !row.allDay ? when(row.originalStart) : null,
      start: when(row.startAt),
      // An all-day DTEND is exclusive: the UTC midnight after the last day (stored as 23:59:59 UTC).
      end: row.allDay
        ? new Date(
            Date.UTC(row.endAt.getUTCFullYear(), row.endAt.getUTCMonth(), row.endAt.getUTCDate()) + DAY,
          )
        : when(row.endAt),
      timezone: zoned ? zone : null,
      allDay: row.allDay,
      summary: row.title,
      description: row.description ?? undefined,
      location: row.location ?? undefined,
      repeating: rule ? withExclusions(rule, row) : null,
      attendees: row.participants.map((participant) => ({
        email: participant.email,
        name: participant.name || undefined,
      })),
      alarms: [{ type: ICalAlarmType.display, triggerBefore: row.alertMinutes * 60, description: row.title }],
      x,
    });
  }
  return calendar.toString().replaceAll(`\r\n${ALL_DAY_RECURRENCE}:`, '\r\nRECURRENCE-ID;VALUE=DATE:');
}

/**
 * The RRULE with an EXDATE line for the deleted occurrences, written as the DTSTART is (a DATE for
 * an all-day series, the zone's wall clock for a zoned one, else UTC).
 */
function withExclusions(rule: string, row: EventRow): string {
  if (row.excludedStarts.length === 0) return rule;
  const compact = (date: Date) =>
    date
      .toISOString()
      .replace(/[-:]/g, '')
      .replace(/\.\d{3}Z$/, '');
  const zoned = !row.allDay && row.timezone !== 'UTC';
  const values = row.excludedStarts.map((start) =>
    row.allDay
      ? compact(start).slice(0, 8)
      : zoned
        ? compact(toFloating(start, row.timezone))
        : `${compact(start)}Z`,
  );
  const property = row.allDay ? 'EXDATE;VALUE=DATE' : zoned ? `EXDATE;TZID=${row.timezone}` : 'EXDATE';
  // ical-generator writes a multi-line rule as it is.
  return `RRULE:${rule}\r\n${property}:${values.join(',')}`;
}

const COMPONENT = /BEGIN:(VTIMEZONE|VEVENT)\r\n[\s\S]*?END:\1\r\n/g;

/**
 * One calendar from calendars written a page of events at a time (`toIcs` of each page): the first
 * one's header, every page's events, each VTIMEZONE once, one END:VCALENDAR.
 */
export async function* joinCalendars(pages: AsyncIterable<Promise<string> | string>): AsyncGenerator<string> {
  const zones = new Set<string>();
  let started = false;
  for await (const page of pages) {
    const first = page.search(/BEGIN:(VTIMEZONE|VEVENT)\r\n/);
    if (!started) {
      yield first < 0 ? page.slice(0, page.lastIndexOf('END:VCALENDAR')) : page.slice(0, first);
      started = true;
    }
    let out = '';
    for (const [component, kind] of page.matchAll(COMPONENT)) {
      if (kind === 'VTIMEZONE') {
        const zone = /TZID:([^\r]*)/.exec(component)?.[1] ?? component;
        if (zones.has(zone)) continue;
        zones.add(zone);
      }
      out += component;
    }
    if (out) yield out;
  }
  if (!started) {
    const empty = toIcs([], 'http://relate');
    yield empty.slice(0, empty.lastIndexOf('END:VCALENDAR'));
  }
  yield 'END:VCALENDAR\r\n';
}

const PATTERNS: Record<number, EventValues['repeatPattern']> = {
  [RRule.DAILY]: 'daily',
  [RRule.WEEKLY]: 'weekly',
  [RRule.MONTHLY]: 'monthly',
  [RRule.YEARLY]: 'yearly',
};

type IcsDate = Date & { tz?: string; dateOnly?: boolean };
type IcsEvent = VEvent & { [key: string]: unknown };

const text = (value: unknown): string | null => {
  if (value === undefined || value === null) return null;
  if (typeof value === 'string') return value.trim() || null;
  if (typeof value === 'object' && 'val' in (value as object)) return text((value as { val: unknown }).val);
  return String(value).trim() || null;
};

const list = (value: unknown): unknown[] =>
  value === undefined || value === null ? [] : Array.isArray(value) ? value : [value];

/** node-ical gives a DATE as local midnight of the server; an all-day event is dated by UTC midnight. */
const utcDate = (date: Date) => new Date(Date.UTC(date.getFullYear(), date.getMonth(), date.getDate()));

/** ATTENDEE lines (`CN=…:mailto:…`) as participants; invalid addresses are dropped. */
function participantsOf(event: IcsEvent): EventValues['participants'] {
  const seen = new Set<string>();
  const participants: EventValues['participants'] = [];
  for (const attendee of list(event.attendee)) {
    const address = text(attendee)?.replace(/^mailto:/i, '');
    const cn = (attendee as { params?: { CN?: unknown } })?.params?.CN;
    const parsed = ParticipantSchema.safeParse({
      name: text(cn)?.replace(/^"(.*)"$/, '$1') ?? '',
      email: address,
    });
    if (!parsed.success || seen.has(parsed.data.email)) continue;
    seen.add(parsed.data.email);
    participants.push(parsed.data);
  }
  return participants.slice(0, MAX_PARTICIPANTS);
}

/** Minutes before the start of the first VALARM that fires before it (TRIGGER:-PT15M), else 15. */
function alertOf(event: IcsEvent): number {
  for (const alarm of list(event.alarms)) {
    const trigger = text((alarm as { trigger?: unknown })?.trigger);
    const match = trigger?.match(/^-P(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?)?$/);
    if (!match) continue;
    const [weeks, days, hours, minutes, seconds] = match.slice(1).map((part) => Number(part ?? 0));
    const total = Math.round(((weeks * 7 + days) * 24 + hours) * 60 + minutes + seconds / 60);
    if (total > 0) return Math.min(total, MAX_ALERT_MINUTES);
  }
  return 15;
}

const RULE_PARTS_WE_CANNOT_REPRESENT = {
  bysetpos: 'BYSETPOS',
  byyearday: 'BYYEARDAY',
  byweekno: 'BYWEEKNO',
  byhour: 'BYHOUR',
  byminute: 'BYMINUTE',
  bysecond: 'BYSECOND',
  byeaster: 'BYEASTER',
} as const;

type RuleOptions = ReturnType<typeof RRule.parseString>;

/**
 * Our repeat (pattern, interval, weekdays, end date) from an RRULE, or why it cannot be represented:
 * a rule is imported only when the series would give exactly the original's dates.
 */
export function repeatOf(
  options: RuleOptions,
  wallStart: Date,
):
  | { pattern: EventValues['repeatPattern']; interval: number; days: number[]; week: number | null }
  | { error: string } {
  const unsupported = Object.entries(RULE_PARTS_WE_CANNOT_REPRESENT)
    .filter(([key]) => {
      const value = options[key as keyof RuleOptions];
      return value !== undefined && value !== null && list(value).length > 0;
    })
    .map(([, name]) => name);
  let pattern = options.freq === undefined ? undefined : PATTERNS[options.freq];
  if (!pattern) return { error: 'Only daily, weekly, monthly and yearly repeats can be imported' };
  if (unsupported.length > 0)
    return { error: `The repeat rule uses ${unsupported.join(', ')}, which Relate cannot represent` };
  const interval = options.interval ?? 1;
  if (!(Number.isInteger(interval) && interval >= 1 && interval <= MAX_REPEAT_INTERVAL))
    return { error: `The repeat rule's INTERVAL (${interval}) must be between 1 and ${MAX_REPEAT_INTERVAL}` };
  // Its last date is found by walking the occurrences.
  if (options.count && options.count > MAX_RULE_COUNT)
    return {
      error: `The repeat rule has ${options.count} occurrences (COUNT); Relate imports at most ${MAX_RULE_COUNT.toLocaleString('en-US')}`,
    };
  const weekdays = list(options.byweekday).map((day) =>
    typeof day === 'number' ? { weekday: day, n: undefined } : (day as { weekday: number; n?: number }),
  );
  if (weekdays.some((day) => day.n)) {
    // "The second Tuesday": monthly on the nth weekday of its start, which must be that day.
    const [{ weekday, n }] = weekdays;
    const week = n ?? 0;
    if (
      pattern !== 'monthly' ||
      weekdays.length !== 1 ||
      (options.bymonthday !== undefined &&
        options.bymonthday !== null &&
        list(options.bymonthday).length > 0) ||
      (weekday + 1) % 7 !== wallStart.getUTCDay() ||
      weekOfMonth(wallStart, week) !== week
    )
      return {
        error:
          "The repeat rule uses an ordinal weekday (such as BYDAY=2TU) other than monthly on its start's weekday, which Relate cannot represent",
      };
    return { pattern, interval, days: [], week };
  }
  let days = weekdays.map((day) => (day.weekday + 1) % 7);
  if (days.length > 0 && pattern === 'daily' && interval === 1) pattern = 'weekly'; // "every weekday"
  if (days.length > 0 && pattern !== 'weekly')
    return { error: `The repeat rule uses BYDAY on a ${pattern} repeat, which Relate cannot represent` };
  const monthDays = list(options.bymonthday) as number[];
  if (
    monthDays.length > 0 &&
    !(
      pattern !== 'daily' &&
      pattern !== 'weekly' &&
      monthDays.length === 1 &&
      monthDays[0] === wallStart.getUTCDate()
    )
  )
    return {
      error: 'The repeat rule uses BYMONTHDAY other than the start date, which Relate cannot represent',
    };
  const months = list(options.bymonth) as number[];
  if (
    months.length > 0 &&
    !(pattern === 'yearly' && months.length === 1 && months[0] === wallStart.getUTCMonth() + 1)
  )
    return {
      error: 'The repeat rule uses BYMONTH other than the start month, which Relate cannot represent',
    };
  if (pattern === 'weekly' && days.length === 0) days = [wallStart.getUTCDay()];
  // rrule counts weeks from Monday (as we store them); another week start changes which weeks an
  // "every 2 weeks on several days" rule hits.
  const weekStart =
    options.wkst === undefined || options.wkst === null
      ? 0
      : Number(
          typeof options.wkst === 'number' ? options.wkst : (options.wkst as { weekday: number }).weekday,
        );
  if (pattern === 'weekly' && interval > 1 && days.length > 1 && weekStart !== 0)
    return {
      error:
        'The repeat rule counts weeks from a day other than Monday (WKST), which Relate cannot represent',
    };
  return { pattern, interval, days: [...new Set(days)].sort(), week: null };
}

/** Which weekday of its month a day is: 1-5 counted from the start, or -1 when `week` is -1 and it is the last. */
function weekOfMonth(day: Date, week: number): number {
  if (week === -1) {
    const next = new Date(day.getTime() + 7 * DAY);
    return next.getUTCMonth() === day.getUTCMonth() ? 0 : -1;
  }
  return Math.ceil(day.getUTCDate() / 7);
}

/** A VEVENT's columns; a series' with its changed occurrences (their `seriesId` is set on insert). */
export interface ImportedEvent {
  values: EventValues;
  overrides: EventValues[];
  warning?: string;
}

/** One VEVENT as event columns, or why it cannot be imported; warnings name what is imported only in part. */
function toValues(event: IcsEvent): ImportedEvent | { error: string } {
  const rawStart = event.start as IcsDate | undefined;
  if (!isDate(rawStart)) return { error: 'The event has no valid start (DTSTART)' };
  if (!inYearRange(rawStart)) return { error: `The event's start (DTSTART) is outside the years ${YEARS}` };
  const allDay = Boolean(rawStart.dateOnly) || event.datetype === 'date';
  let rawEnd = event.end as IcsDate | undefined;
  if (isDate(rawEnd) && !inYearRange(rawEnd))
    return { error: `The event's end (DTEND) is outside the years ${YEARS}` };
  if (!isDate(rawEnd)) rawEnd = allDay ? undefined : new Date(rawStart.getTime() + 3_600_000);
  // An all-day DTEND is exclusive; stored, the event ends at 23:59:59 UTC of its last date.
  const start = allDay ? utcDate(rawStart) : rawStart;
  const end = allDay
    ? new Date(Math.max(start.getTime() + DAY, rawEnd ? utcDate(rawEnd).getTime() : 0) - 1000)
    : (rawEnd as Date);
  if (end < start) return { error: 'The event ends before it starts' };
  // node-ical keeps X- properties without their "X-" prefix.
  const custom = (name: string) => text(event[name.replace(/^X-/, '')] ?? event[name]);
  const zone = validZone(custom('X-RELATE-TZID')) ?? validZone(rawStart.tz) ?? 'UTC';
  const title = text(event.summary) ?? '(No title)';
  const values: EventValues = {
    title,
    description: text(event.description),
    startAt: start,
    endAt: end,
    allDay,
    timezone: zone,
    location: text(event.location),
    eventType: custom('X-RELATE-EVENT-TYPE') === 'event' ? 'event' : 'meeting',
    project: custom('X-RELATE-PROJECT'),
    participants: participantsOf(event),
    alertMinutes: alertOf(event),
    repeatPattern: 'none',
    repeatInterval: 1,
    repeatDays: [],
    repeatEndDate: null,
    notes: custom('X-RELATE-NOTES'),
    googleSync: custom('X-RELATE-GOOGLE-SYNC')?.toUpperCase() !== 'FALSE',
    icalUid: text(event.uid),
  };
  const rule = event.rrule;
  let warning: string | undefined;
  const overrides: EventValues[] = [];
  if (rule) {
    const line = rule
      .toString()
      .split('\n')
      .find((part) => part.startsWith('RRULE:'));
    const options = RRule.parseString(line ?? rule.toString());
    if (options.until && !inYearRange(options.until))
      return { error: `The repeat rule ends (UNTIL) outside the years ${YEARS}` };
    const repeat = repeatOf(options, toFloating(start, ruleZone({ allDay, timezone: zone })));
    if ('error' in repeat) return repeat;
    values.repeatPattern = repeat.pattern;
    values.repeatInterval = repeat.interval;
    values.repeatDays = repeat.days;
    values.repeatWeek = repeat.week;
    if (options.until) values.repeatEndDate = options.until;
    else if (options.count) {
      const last = rule.all((_, index) => index < (options.count ?? 0)).at(-1);
      if (last) values.repeatEndDate = allDay ? utcDate(last) : last;
    }
    // EXDATE and cancelled RECURRENCE-IDs are deleted occurrences; other RECURRENCE-IDs are
    // occurrences changed on their own, stored as override rows of the series (docs/decisions/0024).
    const originalStart = (date: Date) => (allDay ? utcDate(date) : date);
    const excluded = new Map<number, Date>();
    for (const date of Object.values(event.exdate ?? {}))
      if (date instanceof Date && !Number.isNaN(date.getTime()))
        excluded.set(originalStart(date).getTime(), originalStart(date));
    const changed = new Map<number, EventValues>();
    let dropped = 0;
    for (const recurrence of Object.values(event.recurrences ?? {}) as IcsEvent[]) {
      const id = recurrence.recurrenceid as IcsDate | undefined;
      if (!id || Number.isNaN(id.getTime())) continue;
      const original = originalStart(id);
      if (text(recurrence.status)?.toUpperCase() === 'CANCELLED') {
        excluded.set(original.getTime(), original);
        continue;
      }
      const outcome = toValues(recurrence);
      if ('error' in outcome) {
        dropped++;
        continue;
      }
      changed.set(original.getTime(), { ...outcome.values, icalUid: null, originalStart: original });
    }
    values.excludedStarts = [...excluded.values()].sort((a, b) => a.getTime() - b.getTime());
    overrides.push(...changed.values());
    if (dropped > 0)
      warning = `"${title}": ${dropped} changed occurrence${dropped === 1 ? '' : 's'} (RECURRENCE-ID) could not be read and ${dropped === 1 ? 'was' : 'were'} not imported`;
  }
  const withNul = nulProperty(values);
  if (withNul) return { error: `The event's ${withNul} contains a NUL character` };
  return { values, overrides, warning };
}

const isDate = (value: unknown): value is IcsDate => value instanceof Date && !Number.isNaN(value.getTime());
const inYearRange = (date: Date) => isStoredYear(date.getUTCFullYear());

/** The iCalendar property of the first imported text holding NUL (which PostgreSQL text cannot store). */
function nulProperty(values: EventValues): string | undefined {
  const properties: [string, unknown][] = [
    ['SUMMARY', values.title],
    ['DESCRIPTION', values.description],
    ['LOCATION', values.location],
    ['UID', values.icalUid],
    ['X-RELATE-PROJECT', values.project],
    ['X-RELATE-NOTES', values.notes],
    ...(values.participants ?? []).flatMap((participant): [string, unknown][] => [
      ['ATTENDEE', participant.name],
      ['ATTENDEE', participant.email],
    ]),
  ];
  return properties.find(([, value]) => typeof value === 'string' && value.includes('\u0000'))?.[0];
}

const validZone = (zone: string | null | undefined): string | undefined =>
  zone && isTimeZone(zone) ? zone : undefined;

/** A VEVENT as written in the file: where it begins, its UID, and a date written outside the stored years. */
interface SourceEvent {
  line: number;
  uid: string | null;
  text: string;
  outOfRange?: string;
}

/** Date properties and what the error calls them; their years are read as written (RFC 5545 YYYYMMDD). */
const DATE_PROPERTIES: Record<string, string> = {
  DTSTART: "The event's start (DTSTART)",
  DTEND: "The event's end (DTEND)",
  DUE: "The event's end (DUE)",
  'RECURRENCE-ID': 'A changed occurrence (RECURRENCE-ID)',
  EXDATE: 'A deleted occurrence (EXDATE)',
  RDATE: 'An added occurrence (RDATE)',
};

/**
 * The VEVENTs and VTIMEZONEs of a calendar text, read line by line before any parser: each event's first
 * line (for the import's report) and the first date written with a year outside 1000-9999 (parsers
 * read 0099 as 1999 and 0000 as 1900).
 */
function sourceComponents(content: string): { events: SourceEvent[]; timezones: string[] } {
  const events: SourceEvent[] = [];
  const timezones: string[] = [];
  const physical = content.split(/\r?\n/);
  let event: SourceEvent | undefined;
  let inZone = false;
  let lines: string[] = [];
  for (let index = 0; index < physical.length; index++) {
    const first = index;
    let text = physical[index];
    // A line that begins with a space or tab continues this one (folding, RFC 5545 3.1).
    while (/^[ \t]/.test(physical[index + 1] ?? '')) {
      index++;
      text += physical[index].slice(1);
    }
    if (/^BEGIN:VEVENT\s*$/i.test(text)) {
      event = { line: first + 1, uid: null, text: '' };
      lines = [];
    } else if (!event && /^BEGIN:VTIMEZONE\s*$/i.test(text)) {
      inZone = true;
      lines = [];
    }
    if (event || inZone) lines.push(...physical.slice(first, index + 1));
    if (inZone) {
      if (/^END:VTIMEZONE\s*$/i.test(text)) {
        timezones.push(lines.join('\r\n'));
        inZone = false;
      }
      continue;
    }
    if (!event) continue;
    if (/^END:VEVENT\s*$/i.test(text)) {
      event.text = lines.join('\r\n');
      events.push(event);
      event = undefined;
      continue;
    }
    const [, name = '', value = ''] = /^([A-Za-z-]+)(?:;[^:]*)?:(.*)$/.exec(text) ?? [];
    const property = name.toUpperCase();
    if (property === 'UID') event.uid = value.trim() || null;
    if (event.outOfRange) continue;
    const years =
      property === 'RRULE'
        ? [/UNTIL=(\d{4})/i.exec(value)?.[1]].filter((year) => year !== undefined)
        : DATE_PROPERTIES[property]
          ? value.split(',').flatMap((date) => /^\s*(\d{4})\d{4}/.exec(date)?.[1] ?? [])
          : [];
    const year = years.find((written) => !isStoredYear(Number(written)));
    if (year !== undefined)
      event.outOfRange = `${property === 'RRULE' ? "The repeat rule's end (UNTIL)" : DATE_PROPERTIES[property]} is in the year ${year}, outside the years ${YEARS}`;
  }
  return { events, timezones };
}

/**
 * The file's events as the parser reads them. When the parser refuses the whole file (one event's
 * rule it cannot build), each event is read on its own (with its changed occurrences and the file's
 * time zones), so that only the bad one is lost.
 */
function parseEvents(
  parseICS: (text: string) => CalendarResponse,
  content: string,
  source: ReturnType<typeof sourceComponents>,
): { events: IcsEvent[]; failed: { uid: string | null; error: string }[] } {
  const vevents = (parsed: CalendarResponse) =>
    Object.values(parsed).filter((component) => component?.type === 'VEVENT') as IcsEvent[];
  try {
    return { events: vevents(parseICS(content)), failed: [] };
  } catch (error) {
    if (source.events.length === 0) throw error;
  }
  const groups = new Map<string, SourceEvent[]>();
  source.events.forEach((event, index) => {
    const key = event.uid ?? `#${index}`;
    groups.set(key, [...(groups.get(key) ?? []), event]);
  });
  const events: IcsEvent[] = [];
  const failed: { uid: string | null; error: string }[] = [];
  for (const group of groups.values()) {
    const calendar = [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      ...source.timezones,
      ...group.map((e) => e.text),
      'END:VCALENDAR',
      '',
    ];
    try {
      events.push(...vevents(parseICS(calendar.join('\r\n'))));
    } catch (error) {
      failed.push({ uid: group[0].uid, error: `The event could not be read: ${(error as Error).message}` });
    }
  }
  return { events, failed };
}

/**
 * Reads every VEVENT of an .ics file; a bad one is skipped and reported with its line, the rest imported.
 * Only the worker threads run it (events.tasks.ts): node-ical is loaded there, at the first file.
 */
export async function parseIcs(
  content: string,
): Promise<{ rows: ImportedEvent[]; result: EventImportResult }> {
  const { default: nodeIcal } = await import('node-ical');
  const source = sourceComponents(content);
  let parsed: ReturnType<typeof parseEvents>;
  try {
    parsed = parseEvents((text) => nodeIcal.sync.parseICS(text), content, source);
  } catch (error) {
    return {
      rows: [],
      result: {
        imported: 0,
        updated: 0,
        skipped: 0,
        errors: [{ uid: null, line: null, error: `Invalid calendar file: ${(error as Error).message}` }],
        warnings: [],
      },
    };
  }
  // Each parsed event's first block in the file: by UID, else the next block without one.
  const byUid = new Map<string, SourceEvent[]>();
  for (const event of source.events)
    if (event.uid) byUid.set(event.uid, [...(byUid.get(event.uid) ?? []), event]);
  const withoutUid = source.events.filter((event) => !event.uid);
  const blocksOf = (uid: string | null) => (uid ? (byUid.get(uid) ?? []) : withoutUid.splice(0, 1));

  const rows: ImportedEvent[] = [];
  const result: EventImportResult = { imported: 0, updated: 0, skipped: 0, errors: [], warnings: [] };
  const skip = (uid: string | null, line: number | null, error: string) => {
    result.skipped++;
    result.errors.push({ uid, line, error });
  };
  for (const { uid, error } of parsed.failed) skip(uid, blocksOf(uid)[0]?.line ?? null, error);
  for (const event of parsed.events) {
    const uid = text(event.uid);
    const blocks = blocksOf(uid);
    const line = blocks[0]?.line ?? null;
    const outOfRange = blocks.find((block) => block.outOfRange)?.outOfRange;
    // node-ical files a changed occurrence (RECURRENCE-ID) under its series; one left on its own has
    // no series in the file.
    let outcome: ReturnType<typeof toValues>;
    try {
      outcome = outOfRange
        ? { error: outOfRange }
        : event.recurrenceid
          ? { error: 'A changed occurrence (RECURRENCE-ID) whose series is not in the file' }
          : toValues(event);
    } catch (error) {
      // One event the parser gave an unexpected shape (a date that is text, ...): that event only.
      outcome = { error: `The event could not be read: ${(error as Error).message}` };
    }
    if ('error' in outcome) {
      skip(uid, line, outcome.error);
      continue;
    }
    rows.push(outcome);
    if (outcome.warning) result.warnings.push({ uid, warning: outcome.warning });
  }
  result.errors.sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
  result.imported = rows.length;
  return { rows, result };
}
