import type { Trashed } from '@relate/contracts';
import { fetchJson } from '@/lib/api-client';
import { useAppMutation } from '@/lib/query';
import { companyKeys } from './keys';

export const deleteCompany = (id: number) => fetchJson<Trashed>(`/companies/${id}`, { method: 'DELETE' });

export const useDeleteCompany = () =>
  useAppMutation({ mutationFn: deleteCompany, invalidates: [companyKeys.all, companyKeys.contacts] });
