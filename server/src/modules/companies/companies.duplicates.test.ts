import { describe, expect, it } from 'vitest';
import { groupNamesakes } from './companies.duplicates';
import type { CompanyRow } from './companies.repository';

let nextId = 1;
const company = (key: string, values: Partial<CompanyRow> = {}): CompanyRow & { key: string } => ({
  key,
  id: nextId++,
  userId: 1,
  record: key,
  tags: ['client'],
  categories: 'Software',
  linkedinProfile: null,
  lastInteraction: null,
  connectionStrength: 'strong',
  twitterFollowerCount: 0,
  twitter: null,
  domains: ['acme.com'],
  description: null,
  notionId: null,
  createdAt: new Date('2026-01-01T00:00:00Z'),
  updatedAt: new Date('2026-01-01T00:00:00Z'),
  ...values,
});

describe('groupNamesakes', () => {
  it('makes one group of each run of a name, in the order given, without the key on the companies', () => {
    const rows = [company('acme'), company('acme'), company('globex'), company('globex'), company('globex')];
    const groups = groupNamesakes(rows);
    expect(groups.map((group) => [group.key, group.companies.map((each) => each.id)])).toEqual([
      ['acme', [rows[0].id, rows[1].id]],
      ['globex', [rows[2].id, rows[3].id, rows[4].id]],
    ]);
    expect(groups[0].companies[0]).not.toHaveProperty('key');
  });

  it('calls a group identical when only what a merge may drop differs (ids, dates, followers, spelling)', () => {
    const [group] = groupNamesakes([
      company('acme', { record: 'Acme', twitterFollowerCount: 10, lastInteraction: new Date('2026-06-17') }),
      company('acme', { record: 'ACME', updatedAt: new Date('2026-06-18') }),
    ]);
    expect(group.identical).toBe(true);
  });

  it('sends a group to review when a compared field differs, arrays compared in order', () => {
    const differing: Partial<CompanyRow>[] = [
      { tags: ['vip'] },
      { domains: ['acme.com', 'acme.io'] },
      { categories: null },
      { linkedinProfile: 'https://linkedin.com/company/acme' },
      { connectionStrength: 'weak' },
      { twitter: '@acme' },
      { description: 'Rockets' },
      { notionId: 'n1' },
    ];
    for (const values of differing)
      expect(groupNamesakes([company('acme'), company('acme', values)])[0].identical).toBe(false);
    const reordered = groupNamesakes([
      company('acme', { tags: ['a', 'b'] }),
      company('acme', { tags: ['b', 'a'] }),
    ]);
    expect(reordered[0].identical).toBe(false);
  });
});
