export const SKIP = 'skip';
export const FULL_NAME = 'full_name';

/**
 * The spec's auto-guess for a CSV column (section 5 "Contact CSV mapping": first/name → first_name,
 * email/e-mail → email, phone/tel → phone, company/org → organization), checked so that 'Company Name'
 * is an organization and 'Last Name' a last name rather than both becoming first names.
 */
export function guessField(column: string): string {
  const name = column.toLowerCase();
  if (name.includes('email') || name.includes('e-mail')) return 'email';
  if (name.includes('phone') || name.includes('tel')) return 'phone';
  if (name.includes('company') || name.includes('org')) return 'organization';
  if (name.includes('last') || name.includes('surname')) return 'last_name';
  if (name.includes('full')) return FULL_NAME;
  if (name.includes('first') || name.includes('name')) return 'first_name';
  return SKIP;
}

export function guessMapping(columns: string[]): Record<string, string> {
  return Object.fromEntries(columns.map((column) => [column, guessField(column)]));
}

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
