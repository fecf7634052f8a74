import type {
  AddGroupMemberBody,
  AddGroupMemberResponse,
  GroupMember,
  GroupMembersResponse,
  PendingInvitation,
  PendingInvitationsResponse,
} from '@relate/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fetchJson } from '@/lib/api-client';

export const groupMembersQuery = () =>
  queryOptions({
    queryKey: ['groups', 'members'],
    queryFn: ({ signal }) => fetchJson<GroupMembersResponse>('/user-group', { signal }),
    select: (response): GroupMember[] => response.data,
  });

export const pendingInvitationsQuery = () =>
  queryOptions({
    queryKey: ['groups', 'pending-invitations'],
    queryFn: ({ signal }) =>
      fetchJson<PendingInvitationsResponse>('/user-group/pending-invitations', { signal }),
    select: (response): PendingInvitation[] => response.data,
  });

export const useGroupMembers = () => useQuery(groupMembersQuery());
export const usePendingInvitations = () => useQuery(pendingInvitationsQuery());

function useGroupMutation<TVariables, TResult>(mutationFn: (variables: TVariables) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['groups'] }),
  });
}

export const useAddGroupMember = () =>
  useGroupMutation((body: AddGroupMemberBody) =>
    fetchJson<AddGroupMemberResponse>('/user-group', { method: 'POST', body }),
  );

export const useRemoveGroupMember = () =>
  useGroupMutation((id: number) => fetchJson(`/user-group/${id}`, { method: 'DELETE' }));

export const useApproveInvitation = () =>
  useGroupMutation((body: { invitation_id: number; display_name: string }) =>
    fetchJson('/user-group/approve-invitation', { method: 'POST', body }),
  );

export const useDeclineInvitation = () =>
  useGroupMutation((invitationId: number) =>
    fetchJson('/user-group/decline-invitation', { method: 'POST', body: { invitation_id: invitationId } }),
  );
