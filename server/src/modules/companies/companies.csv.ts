import {
  type CompanyCsvField,
  type CompanyCsvTarget,
  type ConnectionStrength,
  CreateCompanyBodySchema,
  MAX_TWITTER_FOLLOWER_COUNT,
  type NewCompany,
} from '@relate/contracts';
import { findClashes } from '../../lib/csv/clash';
import { parseCsvDate } from '../../lib/csv/dates';
import { COMPANY_PROFILES, normaliseHeader as profileHeader, recogniseProfile } from '../../lib/csv/profiles';
import { fieldError } from '../../lib/errors';
import { fieldBag, ownValue } from '../../lib/field-bag';

/** For a field two columns fill: join the values or keep the first. */
export type CompanyCombine = Partial<Record<CompanyCsvField, 'join' | 'first'>>;

/**
 * The company CSV headers of spec section 5, compared lower-cased with '_' read as a space.
 * Record id, id and created at are recognised but not imported: ids and timestamps are ours.
 */
const RECOGNISED_HEADERS: Record<string, CompanyCsvTarget> = {
  'record id': 'ignore',
  id: 'ignore',
  'created at': 'ignore',
  record: 'record',
  'company name': 'record',
  name: 'record',
  tags: 'tags',
  tag: 'tags',
  categories: 'categories',
  category: 'categories',
  linkedin: 'linkedin_profile',
  'linkedin profile': 'linkedin_profile',
  'last interaction': 'last_interaction',
  'connection strength': 'connection_strength',
  'twitter follower count': 'twitter_follower_count',
  twitter: 'twitter',
  domains: 'domains',
  domain: 'domains',
  description: 'description',
  desc: 'description',
  'notion id': 'notion_id',
  notion: 'notion_id',
};

const LIST_FIELDS = new Set<CompanyCsvField>(['tags', 'domains']);

const normaliseHeader = (header: string) =>
  header.trim().toLowerCase().replaceAll('_', ' ').replace(/\s+/g, ' ');

export interface CompanyColumns {
  profile: { id: string; name: string } | null;
  /** Header → field, 'ignore', or null when nothing recognises it. */
  recognised: Record<string, CompanyCsvTarget | null>;
  reasons: Record<string, string>;
}

/** How the columns read on their own: as a recognised export means them, else by the spec's header names. */
export function recogniseColumns(headers: string[]): CompanyColumns {
  const profile = recogniseProfile(headers, COMPANY_PROFILES);
  const recognised = fieldBag<CompanyCsvTarget | null>();
  const reasons = fieldBag<string>();
  for (const header of headers) {
    if (!profile) {
      recognised[header] = recogniseHeader(header);
      continue;
    }
    const key = profileHeader(header);
    recognised[header] = (profile.columns[key] as CompanyCsvTarget | undefined) ?? 'ignore';
    if (!profile.columns[key])
      reasons[header] = profile.reasons?.[key] ?? `Not a field ${profile.name} fills in Relate`;
  }
  return { profile: profile ? { id: profile.id, name: profile.name } : null, recognised, reasons };
}

/** The fields more than one column fills. */
export function companyClashes(headers: string[], columns: CompanyCsvTarget[]) {
  return findClashes(
    headers.map((header, index) => ({
      header,
      fields: columns[index] === 'ignore' ? [] : [columns[index]],
    })),
  ) as { field: CompanyCsvField; headers: string[] }[];
}

/** The field a header stands for, 'ignore', or null when unrecognised. A repeated header ('Tags (2)') counts as its first. */
export function recogniseHeader(header: string): CompanyCsvTarget | null {
  const name = normaliseHeader(header);
  return (
    ownValue(RECOGNISED_HEADERS, name) ?? ownValue(RECOGNISED_HEADERS, name.replace(/ \(\d+\)$/, '')) ?? null
  );
}

/**
 * Where each column goes: the custom mapping (headers matched case-insensitively) first, then the
 * recognised columns. Two columns on one field need `combine` to say how (400 naming the field).
 */
export function resolveColumns(
  headers: string[],
  customMapping?: Record<string, CompanyCsvTarget | null> | null,
  combine?: CompanyCombine | null,
): CompanyCsvTarget[] {
  const custom = new Map(
    Object.entries(customMapping ?? {}).map(([header, target]) => [
      normaliseHeader(header),
      target ?? 'ignore',
    ]),
  );
  const { recognised } = recogniseColumns(headers);
  const columns = headers.map(
    (header) => custom.get(normaliseHeader(header)) ?? recognised[header] ?? 'ignore',
  );
  for (const clash of companyClashes(headers, columns))
    if (!combine?.[clash.field])
      throw fieldError(
        `combine.${clash.field}`,
        `${clash.headers.map((header) => `"${header}"`).join(' and ')} both go to ${clash.field}: choose one column, or join them or keep the first value`,
      );
  return columns;
}

/** Follower counts as people type them: '12,345', '1 200', '12.3K', '2M'. Anything else is 0. */
export function parseFollowerCount(text: string): number {
  const match = /^(\d+(?:\.\d+)?)\s*([km])?$/i.exec(text.replace(/[\s,'’_]/g, ''));
  if (!match) return 0;
  const multiplier = { k: 1_000, m: 1_000_000 }[match[2]?.toLowerCase() ?? ''] ?? 1;
  return Math.min(Math.floor(Number(match[1]) * multiplier), MAX_TWITTER_FOLLOWER_COUNT);
}

/** CRM exports (Attio among them) grade strength on five levels; ours has three. */
const STRENGTH_LEVELS: Record<string, ConnectionStrength> = {
  'very weak': 'weak',
  weak: 'weak',
  medium: 'medium',
  good: 'medium',
  strong: 'strong',
  'very strong': 'strong',
};

export type ParsedCompanyRow = { company: NewCompany } | { error: string };

/**
 * One CSV row → a company, with the spec's leniencies: tags and domains split on commas, a non-numeric
 * follower count is 0, an empty date or strength is null. Then the same validation as the API.
 */
export function parseCompanyRow(
  columns: CompanyCsvTarget[],
  values: string[],
  combine?: CompanyCombine | null,
): ParsedCompanyRow {
  const cells = new Map<CompanyCsvField, string>();
  columns.forEach((target, index) => {
    const value = values[index];
    if (target === 'ignore' || !value) return;
    const previous = cells.get(target);
    if (previous === undefined) cells.set(target, value);
    else if (combine?.[target] === 'join')
      cells.set(target, `${previous}${LIST_FIELDS.has(target) ? ',' : ' '}${value}`);
  });

  const raw: Record<string, unknown> = Object.fromEntries(cells);
  const lastInteraction = cells.get('last_interaction');
  if (lastInteraction) {
    const date = parseCsvDate(lastInteraction);
    if (!date) return { error: `Last interaction '${lastInteraction}' is not a date` };
    raw.last_interaction = date.toISOString();
  }
  const strength = cells.get('connection_strength');
  if (strength) {
    const level = ownValue(STRENGTH_LEVELS, strength.trim().toLowerCase());
    if (!level) return { error: `Connection strength '${strength}' must be weak, medium or strong` };
    raw.connection_strength = level;
  }
  const followers = cells.get('twitter_follower_count');
  if (followers !== undefined) raw.twitter_follower_count = parseFollowerCount(followers);

  const parsed = CreateCompanyBodySchema.safeParse(raw);
  return parsed.success ? { company: parsed.data } : { error: parsed.error.issues[0].message };
}
