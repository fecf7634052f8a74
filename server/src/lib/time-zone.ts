/**
 * Wall-clock arithmetic in an IANA time zone with Intl only. A "floating" Date holds a wall-clock time
 * in its UTC fields (what rrule works in); these convert between it and a real instant.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string) {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, format);
  }
  return format;
}

/** The wall-clock time of `instant` in `timeZone`, as a floating Date. */
export function toFloating(instant: Date, timeZone: string): Date {
  const parts = Object.fromEntries(
    formatter(timeZone)
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  return new Date(
    Date.UTC(
      +parts.year,
      +parts.month - 1,
      +parts.day,
      +parts.hour,
      +parts.minute,
      +parts.second,
      instant.getUTCMilliseconds(),
    ),
  );
}

/** The instant at which `timeZone`'s clocks show the floating wall-clock time (the later one in a gap). */
export function fromFloating(floating: Date, timeZone: string): Date {
  let guess = floating.getTime();
  for (let step = 0; step < 3; step++) {
    const offset = toFloating(new Date(guess), timeZone).getTime() - guess;
    const next = floating.getTime() - offset;
    if (next === guess) break;
    guess = next;
  }
  return new Date(guess);
}

const DAY = 86_400_000;
const utcMidnight = (date: Date) => Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());

/**
 * The stored bounds of an all-day event (ADR 0006): it starts at UTC midnight of its first date and
 * ends at 23:59:59 UTC of its last date, whatever zone it was planned in. An end at exactly UTC
 * midnight after the start is read as exclusive (iCalendar style): the day before is the last day.
 */
export function allDayBounds(start: Date, end: Date): { startAt: Date; endAt: Date } {
  const first = utcMidnight(start);
  let last = utcMidnight(end);
  if (end.getTime() === last && last > first) last -= DAY;
  return { startAt: new Date(first), endAt: new Date(Math.max(first, last) + DAY - 1000) };
}
