import { fieldBag } from '../../field-bag';
/**
 * How a known export (Google Contacts, Outlook, HubSpot, ...) is meant: which of its columns fills which
 * field, which are left out and why. Targets are the mapping values the import endpoints take:
 * a field key, 'skip' / 'ignore', or, for contacts, 'full_name', 'phone_by_label' and 'custom_<name>'.
 */
export type CombineMode = 'join' | 'lines' | 'first';

export interface ImportProfile {
  id: string;
  /** What the dialog says it recognised, e.g. 'Google Contacts'. */
  name: string;
  /** Headers (compared normalised) that must all be present for the file to be this export. */
  signature: string[];
  /** Header (normalised) → target. Headers not listed start as skipped. */
  columns: Record<string, string>;
  /** Header (normalised) → why it is left out, shown beside the column. */
  reasons?: Record<string, string>;
  /** Where the profile deliberately puts several columns on one field, how they combine. */
  combine?: Record<string, CombineMode>;
  /** Headers not listed become custom fields of their own name (Relate's own export). */
  customRest?: boolean;
  /**
   * Columns of an associated record (a contact's company) from the header `from` on: they start as
   * skipped with `reason`, except `columns` (header, without the ' (2)' a repeated header gets → target).
   */
  associated?: { from: string; reason: string; columns: Record<string, string> };
}

export interface SuggestedMapping {
  profile: { id: string; name: string } | null;
  /** Header → target; every header is present. */
  mapping: Record<string, string>;
  /** Header → why it starts as skipped (only for some). */
  reasons: Record<string, string>;
  combine: Record<string, CombineMode>;
}

/**
 * A header compared loosely: lower case, without accents, with '-', '_', '.', ':' and '/' read as
 * spaces, and runs of spaces collapsed. 'E-mail 1 - Value' → 'e mail 1 value'.
 */
export function normaliseHeader(header: string): string {
  return header
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[-_.:/]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The profile whose signature the headers hold, the most specific (longest signature) first. */
export function recogniseProfile<P extends ImportProfile>(headers: string[], profiles: P[]): P | undefined {
  const present = new Set(headers.map(normaliseHeader));
  return [...profiles]
    .sort((a, b) => b.signature.length - a.signature.length)
    .find((profile) => profile.signature.every((header) => present.has(normaliseHeader(header))));
}

/** Normalises the keys of a profile's tables once, so profiles can be written with the headers as exported. */
export function defineProfile(profile: ImportProfile): ImportProfile {
  const keyed = <T>(table: Record<string, T> | undefined) =>
    Object.assign(
      fieldBag<T>(),
      Object.fromEntries(Object.entries(table ?? {}).map(([key, value]) => [normaliseHeader(key), value])),
    );
  const associated = profile.associated && {
    ...profile.associated,
    from: normaliseHeader(profile.associated.from),
    columns: keyed(profile.associated.columns),
  };
  return {
    ...profile,
    columns: keyed(profile.columns),
    reasons: keyed(profile.reasons),
    ...(associated && { associated }),
  };
}
