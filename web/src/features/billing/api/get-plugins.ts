import type { PluginsResponse } from '@relate/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchJson } from '@/lib/api-client';
import { planKeys } from './keys';

export const pluginsQuery = () =>
  queryOptions({
    queryKey: planKeys.plugins(),
    queryFn: ({ signal }) => fetchJson<PluginsResponse>('/plugins', { signal }),
    select: (data) => data.plugins,
    staleTime: 60 * 60_000,
  });

export const usePlugins = () => useQuery(pluginsQuery());
