import type { DeletedCompanies, ResolveCompanyDuplicatesBody } from '@relate/contracts';
import { fetchJson } from '@/lib/api-client';
import { useAppMutation } from '@/lib/query';
import { companyKeys } from './keys';

/** Keep This (keep_id set) or Delete All Records (keep_id null) for one duplicate group. */
export const resolveCompanyDuplicates = (body: ResolveCompanyDuplicatesBody) =>
  fetchJson<DeletedCompanies>('/companies/duplicates/resolve', { method: 'POST', body });

export const useResolveCompanyDuplicates = () =>
  useAppMutation({
    mutationFn: resolveCompanyDuplicates,
    invalidates: [companyKeys.all, companyKeys.contacts],
  });
