import { companyNameKey, LEGAL_SUFFIXES } from '@relate/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';

/**
 * The key company names match by (contracts/src/company-names.ts) and its SQL twin company_name_key
 * (migration 0038): imports and the migration link in the database, the form and single contacts in
 * TypeScript, so the two must agree on every name.
 */
const SAME: [string, string][] = [
  ['Acme', 'ACME'],
  ['Acme', 'acme inc.'],
  ['Acme', 'Acme, Inc.'],
  ['Acme', 'Acme Ltd'],
  ['Acme', 'Acme Limited'],
  ['Acme', 'Acme LLC'],
  ['Acme', 'ACME GmbH'],
  ['Acme', 'Acme AG'],
  ['Acme', 'Acme S.A.'],
  ['Acme', 'Acme SA'],
  ['Acme', 'Acme plc'],
  ['Acme', 'Acme Corp.'],
  ['Acme', 'Acme GmbH & Co. KG'],
  ['Acme', '  Acme  '],
  ['Acme Robotics', 'acme-robotics'],
  ['Acme Robotics', 'Acme   Robotics, Inc'],
  ['Acme Robotics', 'Acme / Robotics'],
  ['Acme Robotics', 'Acme (Robotics)'],
  ['Acme Robotics', 'Acme\u00a0Robotics'],
  ['Acme Robotics', 'Acme – Robotics'],
  ['Société Générale', 'societe generale S.A.'],
  ['Müller GmbH', 'MULLER'],
  ['Ørsted', 'orsted'],
  ["McDonald's", 'McDonalds Corporation'],
  ['McDonald’s', 'mcdonalds'],
  ['Johnson & Johnson', 'Johnson Johnson'],
  ['A.G. Barr', 'AG Barr plc'],
];

const DIFFERENT: [string, string][] = [
  ['Acme', 'Acme Robotics'],
  ['Acme', 'Acmecorp'],
  ['Acme', 'Acne'],
  ['Incubator', 'Inc'],
  ['Globex', 'Globex Group'],
  ['株式会社トヨタ', 'トヨタ'],
  ['Coca Cola', 'Coca'],
];

const EDGES = [
  '',
  '   ',
  '---',
  '...',
  'AG',
  'Ltd.',
  'Inc Ltd',
  'Corp Corp',
  'Co-op',
  'Acme Ltd Robotics',
  'Ltd Acme',
  "it's",
  'a\tb\nc\rd',
  '!"#$%&()*+,-/:;<=>?@[\\]^_`{|}~',
  '“Quoted” «Name» · Bullet • … ® © ™ ‚low‹ ›',
  'ÀÁÂÃÄÅÇÈÉÊËÌÍÎÏÑÒÓÔÕÖØÙÚÛÜÝ àáâãäåçèéêëìíîïñòóôõöøùúûüýÿ',
  'ẞtraße İstanbul Ωmega',
  '株式会社トヨタ',
  'Acme 🚀 Rockets',
  ...LEGAL_SUFFIXES.map((suffix) => `Acme ${suffix.toUpperCase()}.`),
];

describe('companyNameKey', () => {
  it('matches names that differ in case, accents, punctuation and a legal form at the end', () => {
    for (const [a, b] of SAME) expect(companyNameKey(b), `${a} ~ ${b}`).toBe(companyNameKey(a));
  });

  it('keeps names apart that differ in a word, a letter, or a legal form that is not at the end', () => {
    for (const [a, b] of DIFFERENT) expect(companyNameKey(b), `${a} ≁ ${b}`).not.toBe(companyNameKey(a));
    expect(companyNameKey('Acme Ltd Robotics')).toBe('acme ltd robotics');
  });

  it('gives nothing to match by for a name of punctuation only, and keeps a name that is only a legal form', () => {
    expect(companyNameKey('')).toBe('');
    expect(companyNameKey(' -- ')).toBe('');
    expect(companyNameKey('AG')).toBe('ag');
    expect(companyNameKey('Inc. Ltd')).toBe('inc');
    expect(companyNameKey('Acme GmbH & Co. KG')).toBe('acme');
  });
});

describe('company_name_key (SQL) equals companyNameKey', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('on every name of these tests', async () => {
    const names = [...new Set([...SAME.flat(), ...DIFFERENT.flat(), ...EDGES])];
    const result = await t.database.db.execute(
      sql`select name, company_name_key(name) as key from unnest(${sql.param(names)}::text[]) as name`,
    );
    const rows = (result as unknown as { rows: { name: string; key: string | null }[] }).rows;
    expect(rows).toHaveLength(names.length);
    for (const row of rows) expect(row.key ?? '', JSON.stringify(row.name)).toBe(companyNameKey(row.name));
  });
});
