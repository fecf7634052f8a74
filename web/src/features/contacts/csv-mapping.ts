import type { CsvCombineMode } from '@relate/contracts';
import { CUSTOM_PREFIX, columnLabel } from './fields';

export const SKIP = 'skip';
export const FULL_NAME = 'full_name';
/** Google's "Phone 1 - Value": a mobile when its label says so, else a phone number. */
export const PHONE_BY_LABEL = 'phone_by_label';

/** The fields a mapping target writes: as the server counts them for its clash rule. */
export function targetFields(target: string): string[] {
  if (target === SKIP) return [];
  if (target === PHONE_BY_LABEL) return ['phone', 'mobile'];
  if (target.startsWith(CUSTOM_PREFIX))
    return [`${CUSTOM_PREFIX}${target.slice(CUSTOM_PREFIX.length).trim().toLowerCase()}`];
  return [target];
}

export interface Clash {
  field: string;
  headers: string[];
  /** Labelled phone columns clash with a plain phone or mobile column: only choosing another field solves it. */
  needsOtherField: boolean;
}

/** Fields that more than one column goes to, in column order; labelled phone columns may share theirs. */
export function findClashes(columns: string[], mapping: Record<string, string>): Clash[] {
  const byField = new Map<string, string[]>();
  for (const header of columns)
    for (const field of targetFields(mapping[header] ?? SKIP))
      byField.set(field, [...(byField.get(field) ?? []), header]);
  const clashes: Clash[] = [];
  for (const [field, headers] of byField) {
    if (headers.length < 2) continue;
    const labelled = headers.filter((header) => mapping[header] === PHONE_BY_LABEL);
    if (labelled.length === headers.length) continue;
    clashes.push({ field, headers, needsOtherField: labelled.length > 0 });
  }
  return clashes;
}

/** Clashes the person has not settled with "Join with a space" or "Keep first" (or the profile's own way). */
export const unresolved = (clashes: Clash[], combine: Record<string, CsvCombineMode>) =>
  clashes.filter((clash) => clash.needsOtherField || !combine[clash.field]);

/** What a field key is called on screen: 'job_title' → 'Job Title', custom fields by their name. */
export function targetLabel(field: string, customFieldNames: string[] = []): string {
  if (field === FULL_NAME) return 'Full Name';
  if (field === PHONE_BY_LABEL) return 'Phone or Mobile (by its label)';
  if (field.startsWith(CUSTOM_PREFIX)) {
    const name = field.slice(CUSTOM_PREFIX.length);
    return customFieldNames.find((known) => known.toLowerCase() === name.toLowerCase()) ?? name;
  }
  return columnLabel(field);
}

export const COMBINE_LABELS: Record<CsvCombineMode, string> = {
  join: 'Joined with a space',
  lines: 'Joined, one per line',
  first: 'First value kept',
};

/** Up to `max` distinct, non-empty sample values of a column from the get-columns preview rows. */
export function sampleValues(preview: Record<string, string>[], column: string, max = 3): string[] {
  const samples: string[] = [];
  for (const row of preview) {
    const value = row[column]?.replace(/\s+/g, ' ').trim();
    if (!value || samples.includes(value)) continue;
    samples.push(value.length > 40 ? `${value.slice(0, 39)}…` : value);
    if (samples.length === max) break;
  }
  return samples;
}
