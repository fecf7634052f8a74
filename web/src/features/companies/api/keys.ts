import type { CompanySort } from '@relate/contracts';

export interface CompaniesParams {
  page: number;
  q: string;
  sort: CompanySort;
  order: 'asc' | 'desc';
  /** Column filters by name (name, categories, connection_strength, domains); empty ones are not sent. */
  filters: Record<string, string>;
}

/** Every companies query key (see `@/lib/query`). */
export const companyKeys = {
  all: ['companies'] as const,
  list: (params: CompaniesParams) => [...companyKeys.all, 'list', params] as const,
  detail: (id: number) => [...companyKeys.all, 'detail', id] as const,
  duplicates: () => [...companyKeys.all, 'duplicates'] as const,
  /** A company's people: under the contacts' key, so that saving a contact refreshes them. */
  people: (id: number) => [...companyKeys.contacts, 'by-company', id] as const,
  /**
   * Every contacts query (the contacts feature's key): a company's new name, a merge or a delete
   * changes its people's organization and link.
   */
  contacts: ['people'] as const,
};
