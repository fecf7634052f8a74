import type { CompaniesResponse, CompanySort, ConnectionStrength } from '@relate/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { fetchJson } from '@/lib/api-client';

/** Spec section 9: the companies table shows 10 rows a page. */
export const COMPANIES_PAGE_SIZE = 10;

export interface CompanyFilters {
  name: string;
  categories: string;
  connection_strength: ConnectionStrength | '';
  domains: string;
}

export const NO_COMPANY_FILTERS: CompanyFilters = {
  name: '',
  categories: '',
  connection_strength: '',
  domains: '',
};

export interface CompaniesParams {
  page: number;
  q: string;
  sort: CompanySort;
  order: 'asc' | 'desc';
  filters: CompanyFilters;
}

/** Every companies query starts with this key: mutations invalidate all of them at once. */
export const companiesKey = ['companies'] as const;

export const companiesQuery = (params: CompaniesParams) =>
  queryOptions({
    queryKey: [...companiesKey, 'list', params],
    queryFn: ({ signal }) =>
      fetchJson<CompaniesResponse>('/companies', {
        query: {
          page: params.page,
          page_size: COMPANIES_PAGE_SIZE,
          q: params.q,
          sort: params.sort,
          order: params.order,
          ...params.filters,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export const useCompanies = (params: CompaniesParams) => useQuery(companiesQuery(params));
