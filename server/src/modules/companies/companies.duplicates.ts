import type { DuplicateGroup } from './companies.mappers';
import type { CompanyRow } from './companies.repository';

/** What two companies of a name group must share to be identical (missing values equal each other). */
const COMPARED = [
  'categories',
  'linkedinProfile',
  'connectionStrength',
  'twitter',
  'description',
  'notionId',
  'tags',
  'domains',
] as const satisfies readonly (keyof CompanyRow)[];

const compared = (company: CompanyRow) => JSON.stringify(COMPARED.map((field) => company[field] ?? null));

/**
 * Companies sharing a name (`namesakes`, ordered by name key, then id) as groups, each identical when its
 * companies agree on every compared field: an identical group can be merged without losing anything.
 */
export function groupNamesakes(rows: (CompanyRow & { key: string })[]): DuplicateGroup[] {
  const groups: DuplicateGroup[] = [];
  for (const { key, ...company } of rows) {
    const last = groups.at(-1);
    if (last?.key === key) last.companies.push(company);
    else groups.push({ key, identical: true, companies: [company] });
  }
  for (const group of groups) {
    const [first, ...others] = group.companies.map(compared);
    group.identical = others.every((other) => other === first);
  }
  return groups;
}
