import type { PeopleResponse } from '@relate/contracts';
import { useQuery } from '@tanstack/react-query';
import { fetchJson } from '@/lib/api-client';
import { companyKeys } from './keys';

/** How many of a company's people its page lists (the rest are one link away, in the contacts list). */
export const COMPANY_PEOPLE_SHOWN = 50;

/** The people linked to a company (GET /api/people?company_id=), by last name. */
export const useCompanyPeople = (id: number) =>
  useQuery({
    queryKey: companyKeys.people(id),
    queryFn: ({ signal }) =>
      fetchJson<PeopleResponse>('/people', {
        query: { company_id: id, page_size: COMPANY_PEOPLE_SHOWN, sort: 'last_name', order: 'asc' },
        signal,
      }),
  });
