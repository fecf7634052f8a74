import type { Company, UpdateCompanyBody } from '@relate/contracts';
import { fetchJson } from '@/lib/api-client';
import { useCompaniesMutation } from './use-companies-mutation';

export const updateCompany = ({ id, body }: { id: number; body: UpdateCompanyBody }) =>
  fetchJson<Company>(`/companies/${id}`, { method: 'PUT', body });

export const useUpdateCompany = () => useCompaniesMutation(updateCompany);
