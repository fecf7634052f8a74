import type { ICalTemporalPlainDateTimeStub, ICalTemporalZonedDateTimeStub } from 'ical-generator';
import { toFloating } from '../../lib/time-zone';

const MINUTE = 60_000;
const DAY = 86_400_000;
const WEEKDAYS = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'];

const pad = (value: number, length = 2) => String(value).padStart(length, '0');
/** A floating Date (wall clock in its UTC fields) as an iCalendar local DATE-TIME. */
const localText = (floating: Date) =>
  `${pad(floating.getUTCFullYear(), 4)}${pad(floating.getUTCMonth() + 1)}${pad(floating.getUTCDate())}T${pad(
    floating.getUTCHours(),
  )}${pad(floating.getUTCMinutes())}${pad(floating.getUTCSeconds())}`;

/**
 * An instant as ical-generator's Temporal.ZonedDateTime stub (its documented
 * `ICalTemporalZonedDateTimeStub`), so an event is written as `DTSTART;TZID=zone:local time`
 * without a date library: the wall clock comes from Intl.
 */
export function zonedDateTime(instant: Date, timeZone: string): ICalTemporalZonedDateTimeStub {
  const wall = toFloating(instant, timeZone);
  const fields = {
    year: wall.getUTCFullYear(),
    month: wall.getUTCMonth() + 1,
    day: wall.getUTCDate(),
    hour: wall.getUTCHours(),
    minute: wall.getUTCMinutes(),
    second: wall.getUTCSeconds(),
  };
  const text = `${wall.toISOString().slice(0, 19)}[${timeZone}]`;
  const zoned: ICalTemporalZonedDateTimeStub = {
    ...fields,
    timeZoneId: timeZone,
    toInstant: () => ({
      epochMilliseconds: instant.getTime(),
      toJSON: () => instant.toISOString(),
      toString: () => instant.toISOString(),
      toZonedDateTimeISO: (zone: string) => zonedDateTime(instant, zone),
    }),
    toJSON: () => text,
    toString: () => text,
    toPlainDateTime: (): ICalTemporalPlainDateTimeStub => ({
      ...fields,
      toJSON: () => text.slice(0, 19),
      toString: () => text.slice(0, 19),
      toPlainDate: () => ({
        year: fields.year,
        month: fields.month,
        day: fields.day,
        toJSON: () => text.slice(0, 10),
        toString: () => text.slice(0, 10),
      }),
      toZonedDateTime: (zone: string) => zonedDateTime(instant, zone),
    }),
    withTimeZone: (zone: string) => (zone === timeZone ? zoned : zonedDateTime(instant, zone)),
  };
  return zoned;
}

const offsetMinutes = (instant: number, timeZone: string) =>
  Math.round((toFloating(new Date(instant), timeZone).getTime() - instant) / MINUTE);

const offsetText = (minutes: number) =>
  `${minutes < 0 ? '-' : '+'}${pad(Math.floor(Math.abs(minutes) / 60))}${pad(Math.abs(minutes) % 60)}`;

/** The zone's abbreviation (EST, CEST), left out when Intl only knows "GMT+2". */
function zoneName(instant: number, timeZone: string): string | undefined {
  const name = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'short' })
    .formatToParts(new Date(instant))
    .find((part) => part.type === 'timeZoneName')?.value;
  return name && !/^(GMT|UTC)[+-]/.test(name) ? name : undefined;
}

interface Transition {
  at: number;
  from: number;
  to: number;
}

/** The offset changes of a zone in one year, to the minute (a day's scan, then a binary search). */
function transitions(timeZone: string, year: number): Transition[] {
  const found: Transition[] = [];
  const end = Date.UTC(year + 1, 0, 1);
  for (let day = Date.UTC(year, 0, 1); day < end; day += DAY) {
    const from = offsetMinutes(day, timeZone);
    const to = offsetMinutes(day + DAY, timeZone);
    if (from === to) continue;
    let low = day;
    let high = day + DAY;
    while (high - low > MINUTE) {
      const middle = low + Math.floor((high - low) / 2 / MINUTE) * MINUTE;
      if (offsetMinutes(middle, timeZone) === from) low = middle;
      else high = middle;
    }
    found.push({ at: high, from, to });
  }
  return found;
}

/** The date in `year` of the nth (or last, n = -1) `weekday` of `month` (1-12). */
function nthWeekday(year: number, month: number, weekday: number, n: number): number {
  if (n > 0) {
    const first = new Date(Date.UTC(year, month - 1, 1)).getUTCDay();
    return 1 + ((weekday - first + 7) % 7) + (n - 1) * 7;
  }
  const lastDate = new Date(Date.UTC(year, month, 0));
  return lastDate.getUTCDate() - ((lastDate.getUTCDay() - weekday + 7) % 7);
}

/**
 * A VTIMEZONE for an IANA zone with the rules it follows this year, computed with Intl: a STANDARD and
 * a DAYLIGHT part repeating yearly on the nth (or last) weekday of their month, or one STANDARD part
 * for a zone without daylight saving time. Other apps mostly know the zone by its TZID; this is what
 * RFC 5545 asks to ship with it.
 */
export function vtimezone(timeZone: string, year = new Date().getUTCFullYear()): string {
  const changes = transitions(timeZone, year);
  const lines = ['BEGIN:VTIMEZONE', `TZID:${timeZone}`, `X-LIC-LOCATION:${timeZone}`];
  if (changes.length !== 2) {
    const offset = offsetMinutes(Date.UTC(year, 6, 1), timeZone);
    const name = zoneName(Date.UTC(year, 6, 1), timeZone);
    lines.push(
      'BEGIN:STANDARD',
      `TZOFFSETFROM:${offsetText(offset)}`,
      `TZOFFSETTO:${offsetText(offset)}`,
      ...(name ? [`TZNAME:${name}`] : []),
      'DTSTART:19700101T000000',
      'END:STANDARD',
    );
  } else {
    for (const change of changes) {
      const kind = change.to > change.from ? 'DAYLIGHT' : 'STANDARD';
      // DTSTART is the wall-clock time of the change on the clock before it.
      const wall = new Date(change.at + change.from * MINUTE);
      const month = wall.getUTCMonth() + 1;
      const date = wall.getUTCDate();
      const weekday = wall.getUTCDay();
      const daysInMonth = new Date(Date.UTC(wall.getUTCFullYear(), month, 0)).getUTCDate();
      const n = date + 7 > daysInMonth ? -1 : Math.ceil(date / 7);
      const first = new Date(Date.UTC(1970, month - 1, nthWeekday(1970, month, weekday, n)));
      first.setUTCHours(wall.getUTCHours(), wall.getUTCMinutes(), wall.getUTCSeconds());
      const name = zoneName(change.at, timeZone);
      lines.push(
        `BEGIN:${kind}`,
        `TZOFFSETFROM:${offsetText(change.from)}`,
        `TZOFFSETTO:${offsetText(change.to)}`,
        ...(name ? [`TZNAME:${name}`] : []),
        `DTSTART:${localText(first)}`,
        `RRULE:FREQ=YEARLY;BYMONTH=${month};BYDAY=${n}${WEEKDAYS[weekday]}`,
        `END:${kind}`,
      );
    }
  }
  lines.push('END:VTIMEZONE');
  return lines.join('\r\n');
}
