import type { Message } from '@relate/contracts';
import { fetchJson } from '@/lib/api-client';
import { useCompaniesMutation } from './use-companies-mutation';

export const deleteCompany = (id: number) => fetchJson<Message>(`/companies/${id}`, { method: 'DELETE' });

export const useDeleteCompany = () => useCompaniesMutation(deleteCompany);
