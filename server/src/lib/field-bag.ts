/**
 * Tables keyed by what users send (CSV headers, field names) must not answer for keys every object
 * inherits (`constructor`, `toString`, `__proto__`): build them with `fieldBag()`, which has no
 * prototype, and look up constant tables with `ownValue`.
 */
export const fieldBag = <T>(): Record<string, T> => Object.create(null);

/** `table[key]` when the table itself holds `key`; never an inherited property. */
export const ownValue = <T>(
  table: Readonly<Record<string, T>> | null | undefined,
  key: string,
): T | undefined => (table && Object.hasOwn(table, key) ? table[key] : undefined);
