import { isYearlessBirthday } from '@relate/contracts';

/**
 * Every date, time and number the app shows is formatted here, in the browser's locale (Intl), so that
 * a translation only has to touch strings.
 */
const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const timeFormat = new Intl.DateTimeFormat(undefined, { timeStyle: 'short' });
const monthDayFormat = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric' });
const dayFormat = new Intl.DateTimeFormat(undefined, {
  weekday: 'long',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
});
const weekdayFormat = new Intl.DateTimeFormat(undefined, { weekday: 'long' });
const utcDateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' });
const numberFormat = new Intl.NumberFormat(undefined);
const pluralRules = new Intl.PluralRules(undefined);
const compactFormat = new Intl.NumberFormat(undefined, { notation: 'compact', maximumFractionDigits: 1 });

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * A date-only value ('2026-01-05') is a calendar day in local time (`new Date` would read it as UTC
 * midnight, the day before west of Greenwich); a timestamp is shown in local time. Written out rather
 * than date-fns' parseISO, which would otherwise be the only date-fns on /contacts' first load.
 */
function parse(value: string | null | undefined): Date | null {
  if (!value) return null;
  const day = DATE_ONLY.exec(value);
  let date: Date;
  if (day) {
    date = new Date(2000, Number(day[2]) - 1, Number(day[3]));
    date.setFullYear(Number(day[1])); // years below 100 (a year-less birthday's 0004) stay as written
    if (date.getMonth() !== Number(day[2]) - 1) return null; // 2026-02-30
  } else date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A day, in the locale's medium style; a birthday kept without its year (year 0004) as month and day: 'Dec 10'. */
export function formatDate(value: string | null | undefined): string {
  const date = parse(value);
  if (!date) return '';
  return value && isYearlessBirthday(value) ? monthDayFormat.format(date) : dateFormat.format(date);
}

export function formatDateTime(value: string | null | undefined): string {
  const date = parse(value);
  return date ? dateTimeFormat.format(date) : '';
}

/** A day with its weekday: 'Tuesday, Dec 1, 2026'. */
export function formatDay(date: Date): string {
  return dayFormat.format(date);
}

/** A day's weekday: 'Tuesday'. */
export function formatWeekday(date: Date): string {
  return weekdayFormat.format(date);
}

export function formatTime(value: string | null | undefined): string {
  const date = parse(value);
  return date ? timeFormat.format(date) : '';
}

/**
 * An event's span in the locale: a timed one in local time ('Dec 3, 2026, 9:00 – 10:00 AM'), an all-day
 * one as its dates ('Dec 24 – 26, 2026'), which are UTC dates in every zone (docs/decisions/0006). An
 * all-day end may be inclusive (23:59:59 of the last day) or exclusive (midnight after it, as Google
 * and iCalendar write it).
 */
export function formatEventSpan(start: string, end: string, allDay: boolean): string {
  const from = parse(start);
  let to = parse(end) ?? from;
  if (!from || !to) return '';
  if (!allDay) return dateTimeFormat.formatRange(from, to < from ? from : to);
  const midnight = to.getUTCHours() === 0 && to.getUTCMinutes() === 0 && to.getUTCSeconds() === 0;
  if (midnight && to > from) to = new Date(to.getTime() - 86_400_000);
  return utcDateFormat.formatRange(from, to < from ? from : to);
}

/** A number with the locale's separators: 12,500. */
export function formatNumber(value: number): string {
  return numberFormat.format(value);
}

/**
 * A count with its noun in the form the locale's plural rules pick: '1 contact', '12,500 contacts'.
 * `one` and `other` may carry more words: formatCount(n, 'row was', 'rows were').
 */
export function formatCount(count: number, one: string, other: string): string {
  return `${numberFormat.format(count)} ${pluralWord(count, one, other)}`;
}

/** The noun alone, for a count shown apart from it (a total written '1,000+'). */
export function pluralWord(count: number, one: string, other: string): string {
  return pluralRules.select(count) === 'one' ? one : other;
}

/** A short number for tight spaces: 15.2K. */
export function formatCompactNumber(value: number): string {
  return compactFormat.format(value);
}

/** The spec's notification ages: 'Just now', then hours under a day, then days. */
export function formatAge(value: string, now = new Date()): string {
  const hours = Math.floor((now.getTime() - new Date(value).getTime()) / 3_600_000);
  if (hours < 1) return 'Just now';
  if (hours < 24) return `${hours}h ago`;
  const days = Math.floor(hours / 24);
  return `${days}d ago`;
}

export function initials(nameOrEmail: string | null | undefined): string {
  return (nameOrEmail?.trim()?.[0] ?? '?').toUpperCase();
}
