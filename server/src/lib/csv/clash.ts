import type { CombineMode } from './profiles/types';

/** One column's claim on the fields it writes. Columns of the same shared group may share a field. */
export interface ColumnClaim {
  header: string;
  fields: string[];
  /** Columns with the same group split one field between them by their own rule (Google's labelled phones). */
  group?: string;
}

export interface Clash {
  field: string;
  headers: string[];
}

/**
 * The fields that more than one column writes, in column order. A field whose columns all belong to
 * one group is no clash.
 */
export function findClashes(claims: ColumnClaim[]): Clash[] {
  const byField = new Map<string, ColumnClaim[]>();
  for (const claim of claims)
    for (const field of claim.fields) byField.set(field, [...(byField.get(field) ?? []), claim]);
  const clashes: Clash[] = [];
  for (const [field, columns] of byField) {
    if (columns.length < 2) continue;
    const groups = new Set(columns.map((column) => column.group));
    if (groups.size === 1 && columns[0].group !== undefined) continue;
    clashes.push({ field, headers: columns.map((column) => column.header) });
  }
  return clashes;
}

/** Several values for one field, combined as the person chose: joined with a space, one per line, or the first. */
export function combineValues(values: string[], mode: CombineMode): string {
  const present = values.filter(Boolean);
  if (mode === 'first') return present[0] ?? '';
  return present.join(mode === 'lines' ? '\n' : ' ');
}
