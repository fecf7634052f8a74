/** Items a CPU-bound loop handles between two `giveWay`s: about 10 ms of a sync's mapping each. */
export const ITEMS_BETWEEN_TURNS = 250;

/**
 * Lets the event loop answer what waits (other users' requests, `/api/health`) before a long loop goes
 * on. An `await` of work that never leaves the process (a mapper, a resolved promise) does not: only a
 * macrotask does. Call it every ITEMS_BETWEEN_TURNS items of a loop over thousands (a first Google sync
 * maps 10,000 contacts and 2,000 events, 100–300 ms in one piece otherwise).
 */
export function giveWay(index: number): Promise<void> | undefined {
  if (index === 0 || index % ITEMS_BETWEEN_TURNS !== 0) return undefined;
  return new Promise((resolve) => setImmediate(resolve));
}

/** `items.map(map)` that gives way every ITEMS_BETWEEN_TURNS items (building a 10,000-item answer). */
export async function mapGivingWay<T, R>(items: readonly T[], map: (item: T) => R): Promise<R[]> {
  const mapped: R[] = [];
  for (const [index, item] of items.entries()) {
    await giveWay(index);
    mapped.push(map(item));
  }
  return mapped;
}
