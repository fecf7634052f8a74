import type { AdminUserResponse, User, UsersResponse } from '@relate/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fetchJson } from '@/lib/api-client';

export const adminUsersQuery = () =>
  queryOptions({
    queryKey: ['admin', 'users'],
    queryFn: ({ signal }) => fetchJson<UsersResponse>('/admin/users', { signal }),
    select: (data): User[] => data.users,
  });

export const useAdminUsers = () => useQuery(adminUsersQuery());

type UserAction = 'approve' | 'reject' | 'delete';

const call = (action: UserAction, id: number) => {
  if (action === 'delete') return fetchJson<{ message: string }>(`/admin/users/${id}`, { method: 'DELETE' });
  return fetchJson<AdminUserResponse>(`/admin/users/${id}/${action}`, {
    method: 'POST',
    body: action === 'approve' ? { approved: true } : {},
  });
};

/** Approve, reject or delete a user; the list is reloaded after each action (spec section 4). */
export function useUserAction(action: UserAction) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(action, id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin', 'users'] }),
  });
}
