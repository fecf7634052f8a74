/** Dates as spreadsheets, CRMs and address books export them. */
const DATE_PATTERNS: Array<{ pattern: RegExp; order: 'ymd' | 'dmy' | 'mdy' }> = [
  { pattern: /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})/, order: 'ymd' },
  { pattern: /^(\d{1,2})\.(\d{1,2})\.(\d{4})/, order: 'dmy' },
  { pattern: /^(\d{1,2})\/(\d{1,2})\/(\d{4})/, order: 'mdy' },
];
const TIME =
  /^(?:[T\s]+(\d{1,2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3})\d*)?)?\s*(am|pm)?)?\s*(z|[+-]\d{2}:?\d{2})?$/i;

/**
 * A date as spreadsheets and CRMs export it: ISO (2024-05-01, 2024-05-01 10:00, ...T10:00:00+02:00),
 * 01.05.2024 (day first) or 05/01/2024 (month first, unless the first number cannot be a month),
 * with an optional time and am/pm. Without an offset the time is UTC. Undefined when not a real date.
 */
export function parseCsvDate(text: string): Date | undefined {
  for (const { pattern, order } of DATE_PATTERNS) {
    const date = pattern.exec(text);
    if (!date) continue;
    const time = TIME.exec(text.slice(date[0].length));
    if (!time) return undefined;
    const [a, b, c] = date.slice(1, 4).map(Number);
    let [year, month, day] = order === 'ymd' ? [a, b, c] : order === 'dmy' ? [c, b, a] : [c, a, b];
    if (order === 'mdy' && month > 12) [month, day] = [day, month];
    let hour = Number(time[1] ?? 0);
    const meridiem = time[5]?.toLowerCase();
    if (meridiem && (hour < 1 || hour > 12)) return undefined;
    if (meridiem) hour = (hour % 12) + (meridiem === 'pm' ? 12 : 0);
    const [minute, second, millis] = [time[2], time[3], time[4]?.padEnd(3, '0')].map((part) =>
      Number(part ?? 0),
    );
    const utc = Date.UTC(year, month - 1, day, hour, minute, second, millis);
    const check = new Date(utc);
    const valid =
      check.getUTCFullYear() === year &&
      check.getUTCMonth() === month - 1 &&
      check.getUTCDate() === day &&
      hour < 24 &&
      minute < 60 &&
      second < 60;
    if (!valid) return undefined;
    return new Date(utc - offsetMinutes(time[6]) * 60_000);
  }
  return undefined;
}

function offsetMinutes(offset: string | undefined): number {
  if (!offset || offset.toLowerCase() === 'z') return 0;
  const digits = offset.replace(':', '');
  const minutes = Number(digits.slice(1, 3)) * 60 + Number(digits.slice(3, 5));
  return digits[0] === '-' ? -minutes : minutes;
}
