import type { SearchResponse } from '@relate/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { fetchJson } from '@/lib/api-client';
import { searchKeys } from './keys';

/** A text searched again within this time shows what it found before, without a request. */
const FRESH_MS = 30_000;

/** What the quick search finds for `q` (trimmed); nothing is asked for an empty text. */
export const useSearch = (q: string) =>
  useQuery({
    queryKey: searchKeys.results(q),
    queryFn: ({ signal }) => fetchJson<SearchResponse>('/search', { query: { q }, signal }),
    select: (response) => response.results,
    enabled: q.length > 0,
    staleTime: FRESH_MS,
    // While the next letters are searched, the results of the previous ones stay.
    placeholderData: keepPreviousData,
  });
