import {
  addDays,
  differenceInCalendarDays,
  endOfMonth,
  isSameMonth,
  startOfDay,
  startOfMonth,
  startOfWeek,
} from 'date-fns';

export type WeekStart = 'sunday' | 'monday';

const weekStartsOn = (weekStart: WeekStart) => (weekStart === 'monday' ? 1 : 0);

/**
 * The days of a month view: from the week start on or before the 1st, whole weeks until the last day
 * of the month is shown — 5 weeks, or 6 when the month needs them (never hiding its last days, unlike
 * the spec's fixed 35 cells; see docs/decisions/0005-month-grid.md).
 */
export function monthGrid(focus: Date, weekStart: WeekStart): Date[] {
  const first = startOfWeek(startOfMonth(focus), { weekStartsOn: weekStartsOn(weekStart) });
  const last = endOfMonth(focus);
  const weeks = Math.max(5, Math.ceil((differenceInCalendarDays(last, first) + 1) / 7));
  return Array.from({ length: weeks * 7 }, (_, index) => addDays(first, index));
}

export function weekDays(focus: Date, weekStart: WeekStart): Date[] {
  const first = startOfWeek(focus, { weekStartsOn: weekStartsOn(weekStart) });
  return Array.from({ length: 7 }, (_, index) => addDays(first, index));
}

/** Weekday names in the order the grid shows them. */
export function weekdayLabels(weekStart: WeekStart): string[] {
  const names = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
  return weekStart === 'monday' ? [...names.slice(1), names[0]] : names;
}

/** The most events a month cell shows before '+N more' (spec sections 2 and 9). */
export const MONTH_CELL_EVENTS = 2;

/** What the week layout places: an event's span in local time (all-day ones from 00:00 to 23:59:59). */
export interface Spanned {
  start: Date;
  end: Date;
  allDay: boolean;
}

/** A multi-day all-day event's part in one week: columns from `column`, in one lane (row) of the week. */
export interface WeekBar<T> {
  item: T;
  column: number;
  span: number;
  lane: number;
  /** It began before this week / goes on after it (drawn without the rounded end). */
  continuesBefore: boolean;
  continuesAfter: boolean;
}

export interface WeekLayout<T> {
  bars: WeekBar<T>[];
  /** Per day: its single-day events by lane (null where a bar or nothing is), and how many did not fit. */
  days: { lanes: (T | null)[]; more: number }[];
}

/** True for an all-day event over more than one day: drawn as one bar across its days. */
export const isMultiDay = (item: Spanned) =>
  item.allDay && differenceInCalendarDays(item.end, item.start) > 0;

/**
 * Lanes for one week row, as Google Calendar lays them out: multi-day all-day events first, each a bar
 * in the first lane free on all its days (earlier first, longer first), then each day's own events
 * (`itemsOf(day)`, in their order) in the first lanes that day has free. Only `maxLanes` lanes are
 * drawn; what falls below them counts as '+N more' on each day it covers.
 */
export function weekLayout<T extends Spanned>(
  week: Date[],
  multiDay: T[],
  itemsOf: (day: Date) => T[],
  maxLanes = Number.POSITIVE_INFINITY,
): WeekLayout<T> {
  const column = (date: Date) => differenceInCalendarDays(date, week[0]);
  const last = week.length - 1;
  const taken: boolean[][] = [];
  const free = (lane: number, from: number, to: number) => {
    for (let day = from; day <= to; day++) if (taken[lane]?.[day]) return false;
    return true;
  };
  const place = (from: number, to: number) => {
    let lane = 0;
    while (!free(lane, from, to)) lane++;
    taken[lane] ??= [];
    for (let day = from; day <= to; day++) taken[lane][day] = true;
    return lane;
  };
  const more = week.map(() => 0);
  const bars: WeekBar<T>[] = [];
  const inWeek = multiDay
    .filter((item) => column(item.start) <= last && column(item.end) >= 0)
    .sort((a, b) => a.start.getTime() - b.start.getTime() || b.end.getTime() - a.end.getTime());
  for (const item of inWeek) {
    const from = Math.max(column(item.start), 0);
    const to = Math.min(column(item.end), last);
    const lane = place(from, to);
    if (lane >= maxLanes) for (let day = from; day <= to; day++) more[day]++;
    else
      bars.push({
        item,
        column: from,
        span: to - from + 1,
        lane,
        continuesBefore: column(item.start) < 0,
        continuesAfter: column(item.end) > last,
      });
  }
  const placed = week.map((day, index) => {
    const lanes: (T | null)[] = [];
    for (const item of itemsOf(day)) {
      const lane = place(index, index);
      if (lane >= maxLanes) more[index]++;
      else lanes[lane] = item;
    }
    return lanes;
  });
  // Every day of the week row has as many lanes, so that the bars line up over them.
  const drawn = Math.min(taken.length, maxLanes);
  const days = placed.map((lanes, index) => ({
    lanes: Array.from({ length: drawn }, (_, lane) => lanes[lane] ?? null),
    more: more[index],
  }));
  return { bars, days };
}

export function inMonth(day: Date, focus: Date) {
  return isSameMonth(day, focus);
}

/** A project's colour hue (0-359) from a hash of its name (spec section 2). */
export function projectHue(project: string | null | undefined): number {
  if (!project) return 230;
  let hash = 0;
  for (const char of project) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) | 0;
  return Math.abs(hash) % 360;
}

/** The 09:00-10:00 slot a new event gets on the clicked day (spec section 9). */
export function defaultSlot(day: Date): { start: Date; end: Date } {
  const start = startOfDay(day);
  start.setHours(9);
  const end = new Date(start);
  end.setHours(10);
  return { start, end };
}

export interface Span {
  start: number;
  end: number;
}

/**
 * Side-by-side columns for one day's timed events: events that overlap (directly or through others)
 * share the width of their cluster; each takes the first column free at its start.
 * Answers, per span in the given order, its column and the number of columns of its cluster.
 */
export function overlapColumns(spans: Span[]): { column: number; columns: number }[] {
  const order = spans
    .map((span, index) => ({ ...span, index }))
    .sort((a, b) => a.start - b.start || b.end - a.end);
  const placed = new Array<{ column: number; columns: number }>(spans.length);
  let cluster: { index: number; column: number }[] = [];
  let columnEnds: number[] = [];
  let clusterEnd = Number.NEGATIVE_INFINITY;
  const closeCluster = () => {
    for (const { index, column } of cluster) placed[index] = { column, columns: columnEnds.length };
    cluster = [];
    columnEnds = [];
  };
  for (const span of order) {
    if (span.start >= clusterEnd) {
      closeCluster();
      clusterEnd = span.end;
    } else clusterEnd = Math.max(clusterEnd, span.end);
    let column = columnEnds.findIndex((end) => end <= span.start);
    if (column === -1) column = columnEnds.push(span.end) - 1;
    else columnEnds[column] = span.end;
    cluster.push({ index: span.index, column });
  }
  closeCluster();
  return placed;
}
