import type { CompanyDuplicatesResponse } from '@relate/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchJson } from '@/lib/api-client';
import { companyKeys } from './keys';

export const companyDuplicatesQuery = () =>
  queryOptions({
    queryKey: companyKeys.duplicates(),
    queryFn: ({ signal }) => fetchJson<CompanyDuplicatesResponse>('/companies/duplicates', { signal }),
    staleTime: 0,
  });

/** Scans only while the duplicate-removal view is open. */
export const useCompanyDuplicates = (enabled: boolean) => useQuery({ ...companyDuplicatesQuery(), enabled });
