import type { GroupMember, PendingInvitation } from '@relate/contracts';
import type { AuthUser } from '../../lib/auth-user';
import { toIso } from '../../lib/time';
import type { GroupMemberRow } from './groups.repository';

export function toGroupMemberDto(row: GroupMemberRow): GroupMember {
  return {
    id: row.id,
    // The account behind an invitation is shown only once it has accepted: before that, the id would
    // tell the inviter whether the e-mail has an account.
    user_id: row.status === 'approved' ? row.memberId : null,
    full_name: row.name,
    email: row.email,
    status: row.status,
    added_at: toIso(row.addedAt)!,
  };
}

export function toPendingInvitationDto(invitation: GroupMemberRow, inviter: AuthUser): PendingInvitation {
  return {
    id: invitation.id,
    invitation_id: invitation.id,
    name: inviter.fullName?.trim() || inviter.email,
    email: inviter.email,
    invited_by: { id: inviter.id, email: inviter.email, full_name: inviter.fullName },
  };
}
