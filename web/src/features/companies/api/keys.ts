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
};
