import type { Company, CompanySuggestionsResponse } from '@relate/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { fetchJson } from '@/lib/api-client';
import { peopleKeys } from './keys';

/** The companies a typed organization may mean (the contact form's organization field). */
export const useCompanySuggestions = (text: string) =>
  useQuery({
    queryKey: peopleKeys.companySuggestions(text),
    queryFn: ({ signal }) =>
      fetchJson<CompanySuggestionsResponse>('/companies/suggestions', { query: { q: text }, signal }),
    enabled: text.trim().length > 0,
    placeholderData: keepPreviousData,
  });

/** The name of the company the list is filtered by (?company_id=). */
export const useCompanyName = (id: number) =>
  useQuery({
    queryKey: peopleKeys.company(id),
    queryFn: ({ signal }) => fetchJson<Company>(`/companies/${id}`, { signal }),
    select: (company) => company.record,
  });
