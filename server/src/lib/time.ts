/** ISO 8601 for the wire; null stays null. */
export function toIso(value: Date | string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

export type Clock = () => Date;
export const systemClock: Clock = () => new Date();
