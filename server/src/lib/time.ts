/** ISO 8601 for the wire; null stays null. */
export function toIso(value: Date | string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

export type Clock = () => Date;
export const systemClock: Clock = () => new Date();

/** A clock that reads `start` now and runs on at the real clock's pace (CLOCK_START). */
export function clockFrom(start: Date, realNow: () => number = Date.now): Clock {
  const offset = start.getTime() - realNow();
  return () => new Date(realNow() + offset);
}
