import type { Database } from '../../db/client';
import type { EventRow, EventsRepository } from './events.repository';
import { exportedUid, type ImportedEvent } from './ics';

/** Events written in one statement: an override needs its series' id, so a series goes with its overrides. */
const INSERT_BATCH = 100;

/**
 * Writes an .ics import's events in the caller's transaction. An event Relate already holds — the same
 * UID, or the UID Relate's export gave it — is updated in place with its changed occurrences, so
 * importing an export again (or a newer copy of the same calendar) changes events instead of
 * duplicating them; the others are inserted. Answers how many of each.
 */
export async function writeIcsImport(
  repository: EventsRepository,
  userId: number,
  rows: ImportedEvent[],
  host: string,
  tx: Database,
): Promise<{ inserted: number; updated: number }> {
  const existing = await existingByUid(repository, userId, rows, host, tx);
  const fresh = rows.filter((row) => !existing.has(row));
  for (let start = 0; start < fresh.length; start += INSERT_BATCH)
    await insertBatch(repository, userId, fresh.slice(start, start + INSERT_BATCH), tx);
  for (const [row, current] of existing) await replace(repository, userId, current, row, tx);
  return { inserted: fresh.length, updated: existing.size };
}

async function existingByUid(
  repository: EventsRepository,
  userId: number,
  rows: ImportedEvent[],
  host: string,
  tx: Database,
): Promise<Map<ImportedEvent, EventRow>> {
  const uids = rows.flatMap((row) => (row.values.icalUid ? [row.values.icalUid] : []));
  const suffix = `@${host}`;
  const ids = uids.flatMap((uid) => {
    const id = uid.endsWith(suffix) ? /^relate-event-(\d+)$/.exec(uid.slice(0, -suffix.length))?.[1] : null;
    return id && Number.isSafeInteger(Number(id)) ? [Number(id)] : [];
  });
  const found = await repository.byImportUids(userId, uids, ids, tx);
  const byUid = new Map(found.map((event) => [event.icalUid ?? exportedUid(event.id, host), event]));
  const matched = new Map<ImportedEvent, EventRow>();
  for (const row of rows) {
    const event = row.values.icalUid ? byUid.get(row.values.icalUid) : undefined;
    if (event) matched.set(row, event);
  }
  return matched;
}

async function insertBatch(
  repository: EventsRepository,
  userId: number,
  batch: ImportedEvent[],
  tx: Database,
) {
  const ids = await repository.insertMany(
    userId,
    batch.map((row) => row.values),
    tx,
  );
  const overrides = batch.flatMap(({ overrides }, index) =>
    overrides.map((override) => ({ ...override, seriesId: ids[index] })),
  );
  if (overrides.length > 0) await repository.insertMany(userId, overrides, tx);
}

/** The file's version of an event Relate holds: its values, and its changed occurrences by original start. */
async function replace(
  repository: EventsRepository,
  userId: number,
  current: EventRow,
  imported: ImportedEvent,
  tx: Database,
) {
  // The UID stays as Relate keeps it (none, for an event whose UID only the export wrote).
  await repository.update(userId, current.id, { ...imported.values, icalUid: current.icalUid }, tx);
  const overrides = new Map(
    (await repository.overrides(userId, current.id, {}, tx)).map((row) => [
      row.originalStart!.getTime(),
      row,
    ]),
  );
  const added = [];
  for (const override of imported.overrides) {
    const key = override.originalStart!.getTime();
    const row = overrides.get(key);
    overrides.delete(key);
    if (row) await repository.update(userId, row.id, override, tx);
    else added.push({ ...override, seriesId: current.id });
  }
  if (added.length > 0) await repository.insertMany(userId, added, tx);
  // An occurrence the file keeps as the series has (or an excluded one) is no override any more.
  await repository.deleteMany(
    userId,
    [...overrides.values()].map((row) => row.id),
    tx,
  );
}
