import type { CompaniesResponse } from '@relate/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { fetchJson } from '@/lib/api-client';
import { type CompaniesParams, companyKeys } from './keys';

/** Spec section 9: the companies table shows 10 rows a page. */
export const COMPANIES_PAGE_SIZE = 10;

export const companiesQuery = (params: CompaniesParams) =>
  queryOptions({
    queryKey: companyKeys.list(params),
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
