/** One field of a `changed` or `conflict` review item: its value as last agreed, in Relate, at Google. */
export interface FieldChange {
  synced: unknown;
  relate: unknown;
  google: unknown;
}

/** Changed in Relate and at Google since the last agreement, to different values: the user chooses. */
const clashes = (change: FieldChange) => change.relate !== change.synced && change.relate !== change.google;

/**
 * What the user keeps of Relate's in one conflict item: every clashing field (`true`), those named, or
 * none (`false`).
 */
export type KeptFields = boolean | ReadonlySet<string>;

/**
 * The fields of a `changed` or `conflict` item to take from Google: those Google changed since the last
 * agreement, except the clashing ones the user keeps Relate's value of. Fields only Relate changed are
 * never taken: they are Relate's edits, sent by the push. Contacts and the calendar decide conflicts
 * this way, field by field.
 */
export function fieldsToTake<F extends string>(
  changes: Record<string, FieldChange> | null,
  kept: KeptFields,
): F[] {
  return Object.entries(changes ?? {}).flatMap(([field, change]) => {
    const keptHere = kept === true || (kept !== false && kept.has(field));
    return change.google !== change.synced && !(keptHere && clashes(change)) ? [field as F] : [];
  });
}

/** A review item's changes as the API shows them, each saying whether it clashes. */
export function reviewChanges(changes: Record<string, FieldChange> | null) {
  return Object.entries(changes ?? {}).map(([field, change]) => ({
    field,
    relate: change.relate as string | null,
    google: change.google as string | null,
    clash: clashes(change),
  }));
}

/**
 * An apply's conflict choices: `keep_relate` keeps Relate's value of every clashing field of an item,
 * `keep_relate_fields` of the fields it names.
 */
export function conflictChoices(body: {
  keep_relate?: string[];
  keep_relate_fields?: Record<string, string[]>;
}) {
  const whole = new Set(body.keep_relate ?? []);
  const fields = body.keep_relate_fields ?? {};
  return {
    kept(reviewId: string): KeptFields {
      if (whole.has(reviewId)) return true;
      const named = Object.hasOwn(fields, reviewId) ? fields[reviewId] : [];
      return named.length > 0 ? new Set(named) : false;
    },
    /** Whether anything keeps Relate's values, which a push then sends to Google. */
    keepsAny: whole.size > 0 || Object.values(fields).some((named) => named.length > 0),
  };
}
