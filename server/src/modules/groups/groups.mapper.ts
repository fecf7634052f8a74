import type { GroupMember, PendingInvitation } from '@relate/contracts';
import { toIso } from '../../lib/time';
import type { GroupMemberRow } from './groups.repository';
import type { InvitationWithInviter } from './groups.service';

export function toGroupMember(row: GroupMemberRow): GroupMember {
  return {
    id: row.id,
    user_id: row.memberId,
    full_name: row.name,
    email: row.email,
    status: row.status,
    added_at: toIso(row.addedAt)!,
  };
}

export function toPendingInvitation({ invitation, inviter }: InvitationWithInviter): PendingInvitation {
  return {
    id: invitation.id,
    invitation_id: invitation.id,
    name: inviter.fullName?.trim() || inviter.email,
    email: inviter.email,
    invited_by: { id: inviter.id, email: inviter.email, full_name: inviter.fullName },
  };
}
