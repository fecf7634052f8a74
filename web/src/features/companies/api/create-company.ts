import type { Company, CreateCompanyBody } from '@relate/contracts';
import { fetchJson } from '@/lib/api-client';
import { useCompaniesMutation } from './use-companies-mutation';

export const createCompany = (body: CreateCompanyBody) =>
  fetchJson<Company>('/companies', { method: 'POST', body });

export const useCreateCompany = () => useCompaniesMutation(createCompany);
