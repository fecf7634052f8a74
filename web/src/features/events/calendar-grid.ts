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

/** At most `max` events in a cell, then '+N more'. */
export function cellEvents<T>(events: T[], max = 2): { shown: T[]; more: number } {
  return { shown: events.slice(0, max), more: Math.max(0, events.length - max) };
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
