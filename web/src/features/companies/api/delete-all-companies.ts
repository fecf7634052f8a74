import type { DeletedCompanies } from '@relate/contracts';
import { fetchJson } from '@/lib/api-client';
import { useAppMutation } from '@/lib/query';
import { companyKeys } from './keys';

/** Delete All Companies: one call, confirmed in the body. */
export const deleteAllCompanies = () =>
  fetchJson<DeletedCompanies>('/companies', { method: 'DELETE', body: { confirm: true } });

export const useDeleteAllCompanies = () =>
  useAppMutation({ mutationFn: deleteAllCompanies, invalidates: [companyKeys.all, companyKeys.contacts] });
