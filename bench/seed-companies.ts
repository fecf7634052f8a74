import type { App } from '../server/src/app';
import type { CompanyValues } from '../server/src/modules/companies/companies.repository';
import type { TestUser } from '../server/test/test-app';
import { SEARCH_TERMS } from './seed-contacts';

/** A comma-separated list written over several lines. */
const list = (text: string) => text.trim().split(/,\s*/);

const PREFIXES = list(`
  Acme, Globex, Initech, Umbrella, Stark, Wayne, Hooli, Vandelay, Soylent, Tyrell, Cyberdyne, Wonka,
  Gringotts, Oscorp, Massive, Nakatomi, Pied Piper, Aperture, Black Mesa, Monarch`);
const SUFFIXES = list(`
  Labs, Systems, Holdings, Partners, Analytics, Robotics, Media, Capital, Foods, Logistics, Health,
  Energy, Software, Studios, Consulting, Ventures, Networks, Bank, Group, GmbH`);
const CATEGORIES = list(`
  SaaS, Fintech, Healthcare, Retail, Manufacturing, Media, Logistics, Energy, Education, Consulting,
  Real Estate, Biotech`);
const TAGS = list('customer, prospect, partner, investor, vendor, priority, churned, enterprise, smb, eu');
const STRENGTHS = ['weak', 'medium', 'strong', null] as const;
const WORDS = `builds platform for teams data cloud secure global payments supply chain customers across
  Europe and North America with a focus on growth`.split(/\s+/);

/** A small deterministic PRNG (mulberry32), so every run seeds the same data. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * `count` realistic companies, the same for the same seed. About `duplicateRate` of them repeat an
 * earlier name (half of those as identical copies), so the duplicates scan has work to do; SEARCH_TERMS
 * are written into the descriptions of their share of the rows.
 */
export function* fakeCompanies(
  count: number,
  { duplicateRate = 0.05, seed = 42 } = {},
): Generator<CompanyValues> {
  const next = random(seed);
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)];
  const made: CompanyValues[] = [];

  const fresh = (index: number): CompanyValues => {
    const name = `${pick(PREFIXES)} ${pick(SUFFIXES)} ${index}`;
    const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
    return {
      record: name,
      tags: [...new Set([pick(TAGS), pick(TAGS)])],
      categories: next() < 0.9 ? pick(CATEGORIES) : null,
      linkedinProfile: next() < 0.7 ? `https://www.linkedin.com/company/${slug}` : null,
      lastInteraction:
        next() < 0.8 ? new Date(Date.UTC(2020, 0, 1) + Math.floor(next() * 5 * 365 * 86_400_000)) : null,
      connectionStrength: pick(STRENGTHS),
      twitterFollowerCount: Math.floor(next() ** 3 * 2_000_000),
      twitter: next() < 0.6 ? `@${slug.slice(0, 15)}` : null,
      domains: next() < 0.3 ? [`${slug}.com`, `${slug}.io`, `${slug}.eu`] : [`${slug}.com`],
      description: Array.from({ length: 8 + Math.floor(next() * 20) }, () => pick(WORDS)).join(' '),
      notionId: next() < 0.2 ? `notion-${index}` : null,
    };
  };

  for (let index = 0; index < count; index++) {
    const original = made.length > 0 && next() < duplicateRate ? pick(made) : undefined;
    const company = original
      ? { ...(next() < 0.5 ? original : fresh(index)), record: original.record.toUpperCase() }
      : fresh(index);
    if (!original && made.length < 5000) made.push(company);
    const words = SEARCH_TERMS.filter((term) => term.every(index)).map((term) => term.word);
    yield words.length > 0
      ? { ...company, description: `${company.description} ${words.join(' ')}` }
      : company;
  }
}

const quote = (value: string | number | null | undefined) =>
  value === null || value === undefined || value === '' ? '' : `"${String(value).replaceAll('"', '""')}"`;

/** The companies of `fakeCompanies` as a CSV file whose headers the import recognises. */
export function companiesCsv(count: number, options: { duplicateRate?: number; seed?: number } = {}): string {
  const lines = [
    'Record,Tags,Categories,LinkedIn Profile,Last Interaction,Connection Strength,Twitter Follower Count,Twitter,Domains,Description,Notion ID',
  ];
  for (const c of fakeCompanies(count, options))
    lines.push(
      [
        c.record,
        c.tags?.join(', '),
        c.categories,
        c.linkedinProfile,
        c.lastInteraction instanceof Date ? c.lastInteraction.toISOString() : c.lastInteraction,
        c.connectionStrength,
        c.twitterFollowerCount,
        c.twitter,
        c.domains?.join(', '),
        c.description,
        c.notionId,
      ]
        .map(quote)
        .join(','),
    );
  return `${lines.join('\n')}\n`;
}

/** Through the product's own endpoint, as a user imports a file. */
export async function importCompanies(app: App, user: TestUser, rows: number, seed: number) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/company-csv-processor',
    payload: { csvData: companiesCsv(rows, { seed }) },
    headers: user.headers,
  });
  if (response.json().imported !== rows) throw new Error(`import: ${response.body.slice(0, 300)}`);
}
