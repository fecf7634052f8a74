import type { Company, UpdateCompanyBody } from '@relate/contracts';
import { fetchJson } from '@/lib/api-client';
import { useAppMutation } from '@/lib/query';
import { companyKeys } from './keys';

export const updateCompany = ({ id, body }: { id: number; body: UpdateCompanyBody }) =>
  fetchJson<Company>(`/companies/${id}`, { method: 'PUT', body });

export const useUpdateCompany = () =>
  useAppMutation({ mutationFn: updateCompany, invalidates: [companyKeys.all, companyKeys.contacts] });
