import type { Company } from '@relate/contracts';
import { useQuery } from '@tanstack/react-query';
import { fetchJson } from '@/lib/api-client';
import { companyKeys } from './keys';

/** One company by id (a link to it, ?company=ID); nothing is fetched without an id. */
export const useCompany = (id: number | null) =>
  useQuery({
    queryKey: companyKeys.detail(id ?? 0),
    queryFn: ({ signal }) => fetchJson<Company>(`/companies/${id}`, { signal }),
    enabled: id !== null,
  });
