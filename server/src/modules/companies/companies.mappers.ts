import type {
  Company,
  CompanyChanges,
  CompanyDuplicatesResponse,
  NewCompany,
  SearchResult,
} from '@relate/contracts';
import { toIso } from '../../lib/time';
import type { CompanyRow, CompanySearchRow, CompanyValues } from './companies.repository';

export function toCompanyDto(row: CompanyRow): Company {
  return {
    id: row.id,
    record: row.record,
    tags: row.tags,
    categories: row.categories,
    linkedin_profile: row.linkedinProfile,
    last_interaction: toIso(row.lastInteraction),
    connection_strength: row.connectionStrength,
    twitter_follower_count: row.twitterFollowerCount,
    twitter: row.twitter,
    domains: row.domains,
    description: row.description,
    notion_id: row.notionId,
    created_at: toIso(row.createdAt)!,
    updated_at: toIso(row.updatedAt)!,
  };
}

const toDate = (iso: string | null | undefined) => (iso === null || iso === undefined ? iso : new Date(iso));

/** The columns of the fields present in a validated create or update body; absent fields stay untouched. */
export function toCompanyValues(body: CompanyChanges): Partial<CompanyValues> {
  const values: Partial<CompanyValues> = {
    record: body.record,
    tags: body.tags,
    categories: body.categories,
    linkedinProfile: body.linkedin_profile,
    lastInteraction: toDate(body.last_interaction),
    connectionStrength: body.connection_strength,
    twitterFollowerCount: body.twitter_follower_count,
    twitter: body.twitter,
    domains: body.domains,
    description: body.description,
    notionId: body.notion_id,
  };
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined));
}

export function toNewCompanyValues(body: NewCompany): CompanyValues {
  return { ...toCompanyValues(body), record: body.record };
}

/** Companies of the same name, grouped. */
export interface DuplicateGroup {
  key: string;
  identical: boolean;
  companies: CompanyRow[];
}

export function toCompanyDuplicatesDto(groups: DuplicateGroup[]): CompanyDuplicatesResponse {
  const autoMergeable = groups.filter((group) => group.identical).length;
  return {
    groups: groups.map((group) => ({
      key: group.key,
      record: group.companies[0]?.record ?? group.key,
      identical: group.identical,
      companies: group.companies.map(toCompanyDto),
    })),
    total_duplicates: groups.length,
    auto_mergeable: autoMergeable,
    manual_review: groups.length - autoMergeable,
  };
}

export function toCompanySearchResult(row: CompanySearchRow): SearchResult {
  const detail = [row.domains[0], row.categories].filter(Boolean).join(' · ');
  return {
    type: 'company',
    id: row.id,
    title: row.record,
    detail: detail || null,
    date: null,
    rank: row.rank,
  };
}
