import rrulePackage from 'rrule';
import { fromFloating, toFloating } from './time-zone';

const { RRule } = rrulePackage;

export interface Series {
  startAt: Date;
  endAt: Date;
  timezone: string;
  /** All-day events are dated in UTC: they start at UTC midnight of their first day (see ADR 0006). */
  allDay: boolean;
  repeatPattern: 'none' | 'daily' | 'weekly' | 'monthly' | 'yearly';
  repeatInterval: number;
  /** 0 = Sunday … 6 = Saturday. */
  repeatDays: number[];
  repeatEndDate: Date | null;
}

export interface Occurrence {
  start: Date;
  end: Date;
}

const FREQUENCIES = {
  daily: RRule.DAILY,
  weekly: RRule.WEEKLY,
  monthly: RRule.MONTHLY,
  yearly: RRule.YEARLY,
} as const;

/** rrule numbers weekdays Monday = 0; ours Sunday = 0. */
const toRRuleWeekday = (day: number) => (day + 6) % 7;

/** The zone a series repeats in: its own, or UTC for an all-day series (whose dates are UTC dates). */
export const ruleZone = (series: Pick<Series, 'allDay' | 'timezone'>) =>
  series.allDay ? 'UTC' : series.timezone;

/** The rrule of a repeating series, in floating wall-clock time of its zone. */
export function seriesRule(series: Series) {
  if (series.repeatPattern === 'none') return undefined;
  const zone = ruleZone(series);
  const dtstart = toFloating(series.startAt, zone);
  const until = series.repeatEndDate
    ? (() => {
        const end = toFloating(series.repeatEndDate, zone);
        end.setUTCHours(23, 59, 59, 999); // the end date's whole day counts
        return end;
      })()
    : undefined;
  return new RRule({
    freq: FREQUENCIES[series.repeatPattern],
    interval: Math.max(1, series.repeatInterval),
    dtstart,
    until,
    byweekday:
      series.repeatPattern === 'weekly' && series.repeatDays.length > 0
        ? series.repeatDays.map(toRRuleWeekday)
        : undefined,
  });
}

/**
 * The occurrences of a series that touch [from, to): each keeps the series' wall-clock start in its
 * time zone and its duration. Bounded by the range (the API caps it), never an open-ended loop.
 */
export function occurrencesBetween(series: Series, from: Date, to: Date): Occurrence[] {
  const duration = series.endAt.getTime() - series.startAt.getTime();
  const rule = seriesRule(series);
  if (!rule) {
    const touches = series.startAt < to && (series.endAt > from || series.startAt >= from);
    return touches ? [{ start: series.startAt, end: series.endAt }] : [];
  }
  // Widen by the duration (an occurrence that began earlier may still be running) and a day for zone offsets.
  const day = 86_400_000;
  const zone = ruleZone(series);
  const floatingFrom = new Date(toFloating(from, zone).getTime() - duration - day);
  const floatingTo = new Date(toFloating(to, zone).getTime() + day);
  return rule
    .between(floatingFrom, floatingTo, true)
    .map((floating) => {
      const start = fromFloating(floating, zone);
      return { start, end: new Date(start.getTime() + duration) };
    })
    .filter((occurrence) => occurrence.start < to && (occurrence.end > from || occurrence.start >= from));
}

/** RFC 5545 RRULE text of a series (for ICS export). */
export function rruleText(series: Series): string | undefined {
  const rule = seriesRule(series);
  if (!rule) return undefined;
  const parts = [
    `FREQ=${series.repeatPattern.toUpperCase()}`,
    `INTERVAL=${Math.max(1, series.repeatInterval)}`,
  ];
  if (series.repeatPattern === 'weekly' && series.repeatDays.length > 0)
    parts.push(
      `BYDAY=${series.repeatDays.map((day) => ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'][day]).join(',')}`,
    );
  if (series.repeatEndDate && series.allDay) {
    // An all-day DTSTART is a DATE, so UNTIL is one too (RFC 5545 3.3.10).
    parts.push(`UNTIL=${(rule.options.until as Date).toISOString().slice(0, 10).replace(/-/g, '')}`);
  } else if (series.repeatEndDate) {
    const until = fromFloating(rule.options.until as Date, series.timezone);
    parts.push(
      `UNTIL=${until
        .toISOString()
        .replace(/[-:]/g, '')
        .replace(/\.\d{3}/, '')}`,
    );
  }
  return parts.join(';');
}
