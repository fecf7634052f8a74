import {
  type CompanyCsvField,
  type CompanyCsvTarget,
  type ConnectionStrength,
  CreateCompanyBodySchema,
  MAX_TWITTER_FOLLOWER_COUNT,
  type NewCompany,
} from '@relate/contracts';

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

/** The field a header stands for, 'ignore', or null when unrecognised. A repeated header ('Tags (2)') counts as its first. */
export function recogniseHeader(header: string): CompanyCsvTarget | null {
  const name = normaliseHeader(header);
  return RECOGNISED_HEADERS[name] ?? RECOGNISED_HEADERS[name.replace(/ \(\d+\)$/, '')] ?? null;
}

/** Where each column goes: the custom mapping (headers matched case-insensitively) first, then the recognised headers. */
export function resolveColumns(
  headers: string[],
  customMapping?: Record<string, CompanyCsvTarget | null> | null,
): CompanyCsvTarget[] {
  const custom = new Map(
    Object.entries(customMapping ?? {}).map(([header, target]) => [
      normaliseHeader(header),
      target ?? 'ignore',
    ]),
  );
  return headers.map((header) => custom.get(normaliseHeader(header)) ?? recogniseHeader(header) ?? 'ignore');
}

const DATE_PATTERNS: Array<{ pattern: RegExp; order: 'ymd' | 'dmy' | 'mdy' }> = [
  { pattern: /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})/, order: 'ymd' },
  { pattern: /^(\d{1,2})\.(\d{1,2})\.(\d{4})/, order: 'dmy' },
  { pattern: /^(\d{1,2})\/(\d{1,2})\/(\d{4})/, order: 'mdy' },
];
const TIME =
  /^(?:[T\s]+(\d{1,2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3})\d*)?)?\s*(am|pm)?)?\s*(z|[+-]\d{2}:?\d{2})?$/i;

/**
 * A date as spreadsheets and CRMs export it: ISO (2024-05-01, 2024-05-01 10:00, ...T10:00:00+02:00),
 * 01.05.2024 (day first) or 05/01/2024 (month first, unless the first number cannot be a month),
 * with an optional time and am/pm. Without an offset the time is UTC. Undefined when not a real date.
 */
export function parseCsvDate(text: string): Date | undefined {
  for (const { pattern, order } of DATE_PATTERNS) {
    const date = pattern.exec(text);
    if (!date) continue;
    const time = TIME.exec(text.slice(date[0].length));
    if (!time) return undefined;
    const [a, b, c] = date.slice(1, 4).map(Number);
    let [year, month, day] = order === 'ymd' ? [a, b, c] : order === 'dmy' ? [c, b, a] : [c, a, b];
    if (order === 'mdy' && month > 12) [month, day] = [day, month];
    let hour = Number(time[1] ?? 0);
    const meridiem = time[5]?.toLowerCase();
    if (meridiem && (hour < 1 || hour > 12)) return undefined;
    if (meridiem) hour = (hour % 12) + (meridiem === 'pm' ? 12 : 0);
    const [minute, second, millis] = [time[2], time[3], time[4]?.padEnd(3, '0')].map((part) =>
      Number(part ?? 0),
    );
    const utc = Date.UTC(year, month - 1, day, hour, minute, second, millis);
    const check = new Date(utc);
    const valid =
      check.getUTCFullYear() === year &&
      check.getUTCMonth() === month - 1 &&
      check.getUTCDate() === day &&
      hour < 24 &&
      minute < 60 &&
      second < 60;
    if (!valid) return undefined;
    return new Date(utc - offsetMinutes(time[6]) * 60_000);
  }
  return undefined;
}

function offsetMinutes(offset: string | undefined): number {
  if (!offset || offset.toLowerCase() === 'z') return 0;
  const digits = offset.replace(':', '');
  const minutes = Number(digits.slice(1, 3)) * 60 + Number(digits.slice(3, 5));
  return digits[0] === '-' ? -minutes : minutes;
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
export function parseCompanyRow(columns: CompanyCsvTarget[], values: string[]): ParsedCompanyRow {
  const cells = new Map<CompanyCsvField, string>();
  columns.forEach((target, index) => {
    const value = values[index];
    if (target === 'ignore' || !value) return;
    const previous = cells.get(target);
    if (previous === undefined) cells.set(target, value);
    else if (LIST_FIELDS.has(target)) cells.set(target, `${previous},${value}`);
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
    const level = STRENGTH_LEVELS[strength.trim().toLowerCase()];
    if (!level) return { error: `Connection strength '${strength}' must be weak, medium or strong` };
    raw.connection_strength = level;
  }
  const followers = cells.get('twitter_follower_count');
  if (followers !== undefined) raw.twitter_follower_count = parseFollowerCount(followers);

  const parsed = CreateCompanyBodySchema.safeParse(raw);
  return parsed.success ? { company: parsed.data } : { error: parsed.error.issues[0].message };
}
