import type { EventImportResult } from '@relate/contracts';
import ical, { ICalEventRepeatingFreq } from 'ical-generator';
import nodeIcal from 'node-ical';
import rrulePackage from 'rrule';
import type { EventRow, EventValues } from './events.repository';
import { rruleText } from './recurrence';

const { RRule } = rrulePackage;

/** The calendar as RFC 5545 text: UTC times, RRULE for series, the zone kept in X-RELATE-TZID. */
export function toIcs(rows: EventRow[], publicUrl: string): string {
  const calendar = ical({ name: 'Relate', prodId: { company: 'Relate', product: 'Relate', language: 'EN' } });
  const host = new URL(publicUrl).host || 'relate';
  for (const row of rows) {
    const rule = rruleText(row);
    calendar.createEvent({
      id: row.icalUid ?? `relate-event-${row.id}@${host}`,
      start: row.startAt,
      // An all-day DTEND is exclusive: the day after the last day.
      end: row.allDay
        ? new Date(Date.UTC(row.endAt.getUTCFullYear(), row.endAt.getUTCMonth(), row.endAt.getUTCDate() + 1))
        : row.endAt,
      allDay: row.allDay,
      summary: row.title,
      description: row.description ?? undefined,
      location: row.location ?? undefined,
      repeating: rule ?? null,
      x: [
        ['X-RELATE-TZID', row.timezone],
        ['X-RELATE-EVENT-TYPE', row.eventType],
        ...(row.project ? ([['X-RELATE-PROJECT', row.project]] as [string, string][]) : []),
      ],
    });
  }
  void ICalEventRepeatingFreq; // the enum is part of the API we rely on for `repeating`
  return calendar.toString();
}

const PATTERNS: Record<number, EventValues['repeatPattern']> = {
  [RRule.DAILY]: 'daily',
  [RRule.WEEKLY]: 'weekly',
  [RRule.MONTHLY]: 'monthly',
  [RRule.YEARLY]: 'yearly',
};

type IcsEvent = nodeIcal.VEvent & { [key: string]: unknown };

const text = (value: unknown): string | null => {
  if (value === undefined || value === null) return null;
  if (typeof value === 'string') return value.trim() || null;
  if (typeof value === 'object' && 'val' in (value as object)) return text((value as { val: unknown }).val);
  return String(value).trim() || null;
};

/** One VEVENT as event columns, or why it cannot be imported. */
function toValues(event: IcsEvent): { values: EventValues } | { error: string } {
  const start = event.start as (Date & { tz?: string; dateOnly?: boolean }) | undefined;
  if (!start || Number.isNaN(start.getTime())) return { error: 'The event has no valid start (DTSTART)' };
  const allDay = Boolean(start.dateOnly) || event.datetype === 'date';
  let end = event.end as Date | undefined;
  if (!end || Number.isNaN(end.getTime()))
    end = new Date(start.getTime() + (allDay ? 86_400_000 : 3_600_000));
  if (end < start) return { error: 'The event ends before it starts' };
  // node-ical keeps X- properties without their "X-" prefix.
  const custom = (name: string) => text(event[name.replace(/^X-/, '')] ?? event[name]);
  const zone = custom('X-RELATE-TZID') ?? validZone(start.tz) ?? 'UTC';
  const values: EventValues = {
    title: text(event.summary) ?? '(No title)',
    description: text(event.description),
    startAt: start,
    // All-day events end at the last moment of their last day, as the app stores them.
    endAt: allDay ? new Date(end.getTime() - 1000) : end,
    allDay,
    timezone: zone,
    location: text(event.location),
    eventType: custom('X-RELATE-EVENT-TYPE') === 'event' ? 'event' : 'meeting',
    project: custom('X-RELATE-PROJECT'),
    participants: [],
    alertMinutes: 15,
    repeatPattern: 'none',
    repeatInterval: 1,
    repeatDays: [],
    repeatEndDate: null,
    notes: null,
    googleSync: true,
    icalUid: text(event.uid),
  };
  const rule = event.rrule;
  if (rule) {
    const line = rule
      .toString()
      .split('\n')
      .find((part) => part.startsWith('RRULE:'));
    const options = RRule.parseString(line ?? rule.toString());
    const pattern = options.freq === undefined ? undefined : PATTERNS[options.freq];
    if (!pattern) return { error: 'Only daily, weekly, monthly and yearly repeats can be imported' };
    values.repeatPattern = pattern;
    values.repeatInterval = options.interval ?? 1;
    const weekdays = ([] as unknown[]).concat(options.byweekday ?? []);
    values.repeatDays = weekdays.map(
      (day) => ((typeof day === 'number' ? day : (day as { weekday: number }).weekday) + 1) % 7,
    );
    if (options.until) values.repeatEndDate = options.until;
    else if (options.count) {
      const last = rule.all((_, index) => index < (options.count ?? 0)).at(-1);
      if (last) values.repeatEndDate = last;
    }
    if (pattern === 'weekly' && values.repeatDays.length === 0) values.repeatDays = [start.getUTCDay()];
  }
  return { values };
}

function validZone(zone: string | undefined): string | undefined {
  if (!zone) return undefined;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone;
  } catch {
    return undefined;
  }
}

/** Reads every VEVENT of an .ics file; a bad one is skipped and reported, the rest imported. */
export function parseIcs(content: string): { rows: EventValues[]; result: EventImportResult } {
  let parsed: nodeIcal.CalendarResponse;
  try {
    parsed = nodeIcal.sync.parseICS(content);
  } catch (error) {
    return {
      rows: [],
      result: {
        imported: 0,
        skipped: 0,
        errors: [{ uid: null, error: `Invalid calendar file: ${(error as Error).message}` }],
      },
    };
  }
  const rows: EventValues[] = [];
  const result: EventImportResult = { imported: 0, skipped: 0, errors: [] };
  for (const component of Object.values(parsed)) {
    if (component?.type !== 'VEVENT') continue;
    const event = component as IcsEvent;
    // A changed single occurrence (RECURRENCE-ID) belongs to its series, which is imported whole.
    if (event.recurrenceid) continue;
    const outcome = toValues(event);
    if ('error' in outcome) {
      result.skipped++;
      result.errors.push({ uid: text(event.uid), error: outcome.error });
    } else rows.push(outcome.values);
  }
  result.imported = rows.length;
  return { rows, result };
}
