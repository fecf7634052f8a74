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
  /** Monthly on the nth weekday of the start (1-5, -1 the last), e.g. the second Tuesday; null: on its day of the month. */
  repeatWeek: number | null;
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
const BYDAY_NAMES = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'];

/** The nth weekday of a monthly series (its start's weekday on its wall clock), else undefined. */
function nthWeekday(series: Series, first: Date) {
  if (series.repeatPattern !== 'monthly' || !series.repeatWeek) return undefined;
  return { weekday: first.getUTCDay(), n: series.repeatWeek };
}

/** The zone a series repeats in: its own, or UTC for an all-day series (whose dates are UTC dates). */
export const ruleZone = (series: Pick<Series, 'allDay' | 'timezone'>) =>
  series.allDay ? 'UTC' : series.timezone;

const DAY_MS = 86_400_000;
/**
 * Occurrences one series may give one request: every day of the longest range the API takes (400
 * days) with room to spare. Only a series whose occurrences last longer than it repeats comes near
 * it (a daily event lasting years overlaps every window thousands of times): it shows the latest ones.
 */
export const MAX_SERIES_OCCURRENCES = 1_000;

/** The floating end of the series' last day, when it has an end date. */
function floatingUntil(series: Series, zone: string): Date | undefined {
  if (!series.repeatEndDate) return undefined;
  const end = toFloating(series.repeatEndDate, zone);
  end.setUTCHours(23, 59, 59, 999); // the end date's whole day counts
  return end;
}

/**
 * The rrule of a repeating series, in floating wall-clock time of its zone. With `near`, the rule
 * starts at the series' last period boundary at or before it instead of at the first occurrence:
 * the same occurrences from there on, without walking every period since DTSTART (a daily series
 * from the year 1 would otherwise take seconds to expand for this week).
 */
export function seriesRule(series: Series, near?: Date) {
  if (series.repeatPattern === 'none') return undefined;
  const zone = ruleZone(series);
  const first = toFloating(series.startAt, zone);
  const interval = Math.max(1, series.repeatInterval);
  const nth = nthWeekday(series, first);
  const options: Partial<ConstructorParameters<typeof RRule>[0]> = {
    freq: FREQUENCIES[series.repeatPattern],
    interval,
    dtstart: first,
    until: floatingUntil(series, zone),
    byweekday: nth
      ? [
          [RRule.MO, RRule.TU, RRule.WE, RRule.TH, RRule.FR, RRule.SA, RRule.SU][
            toRRuleWeekday(nth.weekday)
          ].nth(nth.n),
        ]
      : series.repeatPattern === 'weekly' && series.repeatDays.length > 0
        ? series.repeatDays.map(toRRuleWeekday)
        : undefined,
  };
  if (near && near > first) {
    Object.assign(options, alignedStart(series.repeatPattern, first, near, interval));
    // The nth weekday keeps its BYDAY, not the start's day of the month.
    if (nth) options.bymonthday = undefined;
  }
  return new RRule(options);
}

/** A later DTSTART on the same lattice of periods as `first` (and the BY* parts that keep its days). */
function alignedStart(
  pattern: Exclude<Series['repeatPattern'], 'none'>,
  first: Date,
  near: Date,
  interval: number,
): Partial<ConstructorParameters<typeof RRule>[0]> {
  if (pattern === 'daily' || pattern === 'weekly') {
    // Whole periods of days or weeks: floating time has no DST, so they are exact multiples.
    const period = (pattern === 'daily' ? 1 : 7) * interval * DAY_MS;
    const periods = Math.floor((near.getTime() - first.getTime()) / period);
    return { dtstart: new Date(first.getTime() + periods * period) };
  }
  const time = [first.getUTCHours(), first.getUTCMinutes(), first.getUTCSeconds()] as const;
  if (pattern === 'monthly') {
    const months =
      (near.getUTCFullYear() - first.getUTCFullYear()) * 12 + near.getUTCMonth() - first.getUTCMonth();
    const skipped = Math.max(0, Math.floor(months / interval) * interval);
    // Start on the 1st of that month and keep the series' day: months without it are skipped as before.
    return {
      dtstart: new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + skipped, 1, ...time)),
      bymonthday: [first.getUTCDate()],
    };
  }
  const years = near.getUTCFullYear() - first.getUTCFullYear();
  const skipped = Math.max(0, Math.floor(years / interval) * interval);
  const dtstart = new Date(Date.UTC(2000, 0, 1, ...time));
  dtstart.setUTCFullYear(first.getUTCFullYear() + skipped); // setUTCFullYear keeps years below 100
  return { dtstart, bymonth: [first.getUTCMonth() + 1], bymonthday: [first.getUTCDate()] };
}

/**
 * The occurrences of a series that touch [from, to): each keeps the series' wall-clock start in its
 * time zone and its duration. Bounded by the range (the API caps it), never an open-ended loop.
 */
export function occurrencesBetween(series: Series, from: Date, to: Date): Occurrence[] {
  const duration = series.endAt.getTime() - series.startAt.getTime();
  if (series.repeatPattern === 'none') {
    const touches = series.startAt < to && (series.endAt > from || series.startAt >= from);
    return touches ? [{ start: series.startAt, end: series.endAt }] : [];
  }
  // Widen by the duration (an occurrence that began earlier may still be running) and a day for zone
  // offsets, but by no more periods than one series may give (the expansion costs what the window holds).
  const zone = ruleZone(series);
  const floatingTo = new Date(toFloating(to, zone).getTime() + DAY_MS);
  const floatingFrom = new Date(
    Math.max(
      toFloating(from, zone).getTime() - duration - DAY_MS,
      floatingTo.getTime() - MAX_SERIES_OCCURRENCES * shortestGap(series),
    ),
  );
  const rule = seriesRule(series, floatingFrom)!;
  return rule
    .between(floatingFrom, floatingTo, true)
    .map((floating) => {
      const start = fromFloating(floating, zone);
      return { start, end: new Date(start.getTime() + duration) };
    })
    .filter((occurrence) => occurrence.start < to && (occurrence.end > from || occurrence.start >= from));
}

/** The least time between two occurrences of a repeating series (at least that, for months and years). */
function shortestGap(series: Series): number {
  const interval = Math.max(1, series.repeatInterval);
  switch (series.repeatPattern) {
    case 'daily':
      return interval * DAY_MS;
    case 'weekly':
      return series.repeatDays.length > 1 ? DAY_MS : 7 * interval * DAY_MS;
    case 'monthly':
      return 28 * interval * DAY_MS;
    default:
      return 365 * interval * DAY_MS;
  }
}

/** RFC 5545 RRULE text of a series (for ICS export). */
export function rruleText(series: Series): string | undefined {
  const rule = seriesRule(series);
  if (!rule) return undefined;
  const parts = [
    `FREQ=${series.repeatPattern.toUpperCase()}`,
    `INTERVAL=${Math.max(1, series.repeatInterval)}`,
  ];
  const nth = nthWeekday(series, rule.options.dtstart);
  if (nth) parts.push(`BYDAY=${nth.n}${BYDAY_NAMES[nth.weekday]}`);
  else if (series.repeatPattern === 'weekly' && series.repeatDays.length > 0)
    parts.push(`BYDAY=${series.repeatDays.map((day) => BYDAY_NAMES[day]).join(',')}`);
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

/** Whether `start` is exactly the start of one of the series' occurrences (exclusions aside). */
export function isOccurrence(series: Series, start: Date): boolean {
  if (series.repeatPattern === 'none') return series.startAt.getTime() === start.getTime();
  return occurrencesBetween(series, start, new Date(start.getTime() + 1)).some(
    (occurrence) => occurrence.start.getTime() === start.getTime(),
  );
}

/** How far `to` is from `from` on the series' wall clock (so a shift keeps 09:00 at 09:00 across DST). */
export function wallClockShift(series: Pick<Series, 'allDay' | 'timezone'>, from: Date, to: Date): number {
  const zone = ruleZone(series);
  return toFloating(to, zone).getTime() - toFloating(from, zone).getTime();
}

/** `instant` moved by `shift` milliseconds of the series' wall clock. */
export function shiftWallClock(
  series: Pick<Series, 'allDay' | 'timezone'>,
  instant: Date,
  shift: number,
): Date {
  if (shift === 0) return instant;
  const zone = ruleZone(series);
  return fromFloating(new Date(toFloating(instant, zone).getTime() + shift), zone);
}

/**
 * A repeat end date that ends a series just before the occurrence starting at `start`: the last
 * moment of the day before it on the series' wall clock (the end date's whole day counts).
 */
export function endBefore(series: Pick<Series, 'allDay' | 'timezone'>, start: Date): Date {
  const zone = ruleZone(series);
  const day = toFloating(start, zone);
  day.setUTCHours(0, 0, 0, 0);
  return fromFloating(new Date(day.getTime() - 1000), zone);
}

/**
 * A weekly series' weekdays after its start moved from `from` to `to`: each moves by as many days as
 * the start did on the wall clock, so "every Monday" moved to a Tuesday becomes "every Tuesday".
 */
export function shiftedWeekdays(
  series: Pick<Series, 'allDay' | 'timezone' | 'repeatDays'>,
  from: Date,
  to: Date,
): number[] {
  const zone = ruleZone(series);
  const day = (instant: Date) => {
    const floating = toFloating(instant, zone);
    return Date.UTC(floating.getUTCFullYear(), floating.getUTCMonth(), floating.getUTCDate()) / DAY_MS;
  };
  const days = (((day(to) - day(from)) % 7) + 7) % 7;
  return [...new Set(series.repeatDays.map((weekday) => (weekday + days) % 7))].sort();
}

/** Where a start falls in its month on the series' wall clock: its nth weekday (1-5), and whether it is the last. */
export function weekOfStart(series: Pick<Series, 'allDay' | 'timezone'>, start: Date) {
  const day = toFloating(start, ruleZone(series));
  const nextWeek = new Date(day.getTime() + 7 * DAY_MS);
  return {
    nth: Math.ceil(day.getUTCDate() / 7),
    last: nextWeek.getUTCMonth() !== day.getUTCMonth(),
    weekday: day.getUTCDay(),
  };
}

/** Whether a monthly series starting at `start` is an occurrence of "the `week`th weekday" (-1 the last). */
export function weekFitsStart(series: Pick<Series, 'allDay' | 'timezone'>, week: number, start: Date) {
  const { nth, last } = weekOfStart(series, start);
  return week === -1 ? last : week === nth;
}

/**
 * The week of a monthly series whose start moved to `start`: "the last" stays the last when the start
 * still is; otherwise the start's nth weekday ("the second Tuesday" moved to the 16th is "the third
 * Wednesday"), as the web form's choice follows the start date.
 */
export function followedWeek(series: Pick<Series, 'allDay' | 'timezone'>, week: number, start: Date) {
  const { nth, last } = weekOfStart(series, start);
  return (week === -1 || nth === 5) && last ? -1 : nth;
}

/**
 * The start of a monthly series on the `week`th weekday (-1 the last) of `like`'s weekday, at `like`'s
 * wall-clock time, in the month `first` is in: where a series starts after one of its occurrences moved
 * to `like` for all of them. Null when that month has no such day (a fifth weekday).
 */
export function nthWeekdayStart(
  series: Pick<Series, 'allDay' | 'timezone'>,
  first: Date,
  like: Date,
  week: number,
): Date | null {
  const zone = ruleZone(series);
  const month = toFloating(first, zone);
  const wall = toFloating(like, zone);
  const [year, index, weekday] = [month.getUTCFullYear(), month.getUTCMonth(), wall.getUTCDay()];
  const length = new Date(Date.UTC(year, index + 1, 0)).getUTCDate();
  const firstWeekday = new Date(Date.UTC(year, index, 1)).getUTCDay();
  const lastWeekday = new Date(Date.UTC(year, index, length)).getUTCDay();
  const date =
    week === -1
      ? length - ((lastWeekday - weekday + 7) % 7)
      : 1 + ((weekday - firstWeekday + 7) % 7) + 7 * (week - 1);
  if (date > length) return null;
  const day = new Date(
    Date.UTC(year, index, date, wall.getUTCHours(), wall.getUTCMinutes(), wall.getUTCSeconds()),
  );
  return fromFloating(day, zone);
}
