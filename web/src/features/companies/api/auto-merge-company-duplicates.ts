import type { CompanyAutoMergeResult } from '@relate/contracts';
import { fetchJson } from '@/lib/api-client';
import { useAppMutation } from '@/lib/query';
import { companyKeys } from './keys';

/** Keeps the first company of every identical group and deletes the rest, in one transaction. */
export const autoMergeCompanyDuplicates = () =>
  fetchJson<CompanyAutoMergeResult>('/companies/duplicates/auto-merge', { method: 'POST' });

export const useAutoMergeCompanyDuplicates = () =>
  useAppMutation({
    mutationFn: autoMergeCompanyDuplicates,
    invalidates: [companyKeys.all, companyKeys.contacts],
  });
