import type { DeletedCompanies } from '@relate/contracts';
import { fetchJson } from '@/lib/api-client';
import { useCompaniesMutation } from './use-companies-mutation';

/** Delete All Companies: one call, confirmed in the body. */
export const deleteAllCompanies = () =>
  fetchJson<DeletedCompanies>('/companies', { method: 'DELETE', body: { confirm: true } });

export const useDeleteAllCompanies = () => useCompaniesMutation(deleteAllCompanies);
