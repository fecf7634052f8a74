import type { Company, CreateCompanyBody } from '@relate/contracts';
import { fetchJson } from '@/lib/api-client';
import { useAppMutation } from '@/lib/query';
import { companyKeys } from './keys';

export const createCompany = (body: CreateCompanyBody) =>
  fetchJson<Company>('/companies', { method: 'POST', body });

export const useCreateCompany = () =>
  useAppMutation({ mutationFn: createCompany, invalidates: [companyKeys.all] });
