/** One field of a `changed` or `conflict` review item: its value as last agreed, in Relate, at Google. */
export interface FieldChange {
  synced: unknown;
  relate: unknown;
  google: unknown;
}

/**
 * The fields of a `changed` or `conflict` item to take from Google: those Google changed since the last
 * agreement, except (keeping Relate's version) the ones Relate changed to something else too. Fields
 * only Relate changed are never taken: they are Relate's edits, sent by the push. Contacts and the
 * calendar decide conflicts this way, field by field.
 */
export function fieldsToTake<F extends string>(
  changes: Record<string, FieldChange> | null,
  keepRelate: boolean,
): F[] {
  return Object.entries(changes ?? {}).flatMap(([field, change]) => {
    const googleChanged = change.google !== change.synced;
    const clashes = change.relate !== change.synced && change.relate !== change.google;
    return googleChanged && !(keepRelate && clashes) ? [field as F] : [];
  });
}
