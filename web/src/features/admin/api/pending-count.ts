import type { UsersResponse } from '@relate/contracts';
import { useQuery } from '@tanstack/react-query';
import { fetchJson } from '@/lib/api-client';
import { adminKeys } from './keys';

// Apart from admin-api: the header on every page needs only this one query.
/** How many accounts wait for approval: the badge on the admin button (administrators only). */
export const usePendingUserCount = (enabled: boolean) =>
  useQuery({
    queryKey: adminKeys.pending(),
    queryFn: ({ signal }) => fetchJson<UsersResponse>('/admin/pending-users', { signal }),
    select: (data) => data.users.length,
    enabled,
  });
