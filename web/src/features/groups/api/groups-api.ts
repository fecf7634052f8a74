import type {
  AddGroupMemberBody,
  AddGroupMemberResponse,
  ApproveInvitationBody,
  GroupMember,
  GroupMembersResponse,
  PendingInvitation,
  PendingInvitationsResponse,
} from '@relate/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchJson } from '@/lib/api-client';
import { useAppMutation } from '@/lib/query';
import { groupKeys } from './keys';

export const groupMembersQuery = () =>
  queryOptions({
    queryKey: groupKeys.members(),
    queryFn: ({ signal }) => fetchJson<GroupMembersResponse>('/user-group', { signal }),
    select: (response): GroupMember[] => response.data,
  });

export const pendingInvitationsQuery = () =>
  queryOptions({
    queryKey: groupKeys.pendingInvitations(),
    queryFn: ({ signal }) =>
      fetchJson<PendingInvitationsResponse>('/user-group/pending-invitations', { signal }),
    select: (response): PendingInvitation[] => response.data,
  });

export const useGroupMembers = () => useQuery(groupMembersQuery());
export const usePendingInvitations = () => useQuery(pendingInvitationsQuery());

const useGroupMutation = <TVariables, TResult>(mutationFn: (variables: TVariables) => Promise<TResult>) =>
  useAppMutation({ mutationFn, invalidates: [groupKeys.all] });

export const useAddGroupMember = () =>
  useGroupMutation((body: AddGroupMemberBody) =>
    fetchJson<AddGroupMemberResponse>('/user-group', { method: 'POST', body }),
  );

export const useRemoveGroupMember = () =>
  useGroupMutation((id: number) => fetchJson(`/user-group/${id}`, { method: 'DELETE' }));

export const useApproveInvitation = () =>
  useGroupMutation((body: ApproveInvitationBody) =>
    fetchJson('/user-group/approve-invitation', { method: 'POST', body }),
  );

export const useDeclineInvitation = () =>
  useGroupMutation((invitationId: number) =>
    fetchJson('/user-group/decline-invitation', { method: 'POST', body: { invitation_id: invitationId } }),
  );
