import type {
  AccountHistoryEntry,
  AccountHistoryResponse,
  AdminUserResponse,
  SystemInfo,
  User,
  UsersResponse,
} from '@relate/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchJson } from '@/lib/api-client';
import { useAppMutation } from '@/lib/query';
import { adminKeys } from './keys';

export const adminUsersQuery = () =>
  queryOptions({
    queryKey: adminKeys.users(),
    queryFn: ({ signal }) => fetchJson<UsersResponse>('/admin/users', { signal }),
    select: (data): User[] => data.users,
  });

export const useAdminUsers = () => useQuery(adminUsersQuery());

/** An account's history (GET /admin/users/:id/history), while `id` is set. */
export const useAccountHistory = (id: number | undefined) =>
  useQuery({
    queryKey: adminKeys.history(id ?? 0),
    queryFn: ({ signal }) => fetchJson<AccountHistoryResponse>(`/admin/users/${id}/history`, { signal }),
    select: (data): AccountHistoryEntry[] => data.entries,
    enabled: id !== undefined,
  });

/** Settings → System (administrators): the installation's version, database and last backup. */
export const useSystemInfo = () =>
  useQuery({
    queryKey: adminKeys.system(),
    queryFn: ({ signal }) => fetchJson<SystemInfo>('/admin/system', { signal }),
    staleTime: 0,
  });

type UserAction = 'approve' | 'reject' | 'delete';

const call = (action: UserAction, id: number) => {
  if (action === 'delete') return fetchJson<{ message: string }>(`/admin/users/${id}`, { method: 'DELETE' });
  return fetchJson<AdminUserResponse>(`/admin/users/${id}/${action}`, {
    method: 'POST',
    body: action === 'approve' ? { approved: true } : {},
  });
};

/** Approve, reject or delete a user; the list is reloaded after each action (spec section 4). */
export const useUserAction = (action: UserAction) =>
  useAppMutation({ mutationFn: (id: number) => call(action, id), invalidates: [adminKeys.all] });
