import type { GroupMember, PendingInvitation } from '@relate/contracts';
import { CheckIcon, MailIcon, SendIcon, Trash2Icon, UsersIcon, XIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { EmptyState } from '@/components/empty-state';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { formatCount, formatDate, initials } from '@/lib/format';
import { toast } from '@/lib/toast';
import {
  useDeclineInvitation,
  useGroupMembers,
  usePendingInvitations,
  useRemoveGroupMember,
} from '../api/groups-api';
import { AcceptInvitationDialog } from './accept-invitation-dialog';
import { AddMemberCard } from './add-member-card';

/** The spec's labels: Approved, and Pending for anyone who has not accepted (yet). */
function MemberStatus({ status }: { status: GroupMember['status'] }) {
  if (status === 'approved') return <Badge variant="success">Approved</Badge>;
  // The spec shows every other status as Pending; the tooltip says when it was declined.
  if (status === 'declined')
    return (
      <Badge variant="secondary" title="They declined the invitation; you can invite them again">
        Pending
      </Badge>
    );
  return (
    <Badge variant="warning" title="Invitation sent; waiting for them to accept">
      Pending
    </Badge>
  );
}

function PendingInvitationsCard() {
  const invitations = usePendingInvitations();
  const decline = useDeclineInvitation();
  const [approving, setApproving] = useState<PendingInvitation | null>(null);

  const list = invitations.data ?? [];
  if (!invitations.isPending && list.length === 0) return null;

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <MailIcon className="size-4" /> Pending Invitations
        </CardTitle>
        <CardDescription>People who invited you to their group.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {invitations.isPending && <Skeleton className="h-14 w-full" />}
        {list.map((invitation) => (
          <div
            key={invitation.id}
            data-testid="pending-invitation"
            className="flex flex-col gap-3 rounded-lg border p-3 sm:flex-row sm:items-center sm:justify-between"
          >
            <div className="grid min-w-0">
              <span className="font-medium">{invitation.name}</span>
              <span className="truncate text-sm text-muted-foreground">{invitation.email}</span>
            </div>
            <div className="flex gap-2">
              <Button size="sm" onClick={() => setApproving(invitation)}>
                <CheckIcon />
                Approve
              </Button>
              <Button
                size="sm"
                variant="outline"
                disabled={decline.isPending}
                onClick={() =>
                  decline.mutate(invitation.invitation_id, {
                    onSuccess: () => toast.success('Invitation declined'),
                    onError: (error) =>
                      toast.error('Failed to decline invitation', { description: error.message }),
                  })
                }
              >
                <XIcon />
                Decline
              </Button>
            </div>
          </div>
        ))}
      </CardContent>
      <AcceptInvitationDialog invitation={approving} onClose={() => setApproving(null)} />
    </Card>
  );
}

function MemberRow({ member, onRemove }: { member: GroupMember; onRemove: (member: GroupMember) => void }) {
  return (
    <div data-testid="group-member" className="flex items-center gap-3 rounded-lg border p-3">
      <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary/10 text-sm font-semibold text-primary">
        {initials(member.full_name || member.email)}
      </span>
      <div className="grid min-w-0 flex-1 gap-0.5">
        <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <span className="truncate font-medium">{member.full_name}</span>
          <MemberStatus status={member.status} />
        </span>
        <span className="truncate text-sm text-muted-foreground">
          {member.email} · {member.status === 'approved' ? 'added' : 'invited'} {formatDate(member.added_at)}
        </span>
      </div>
      <Button variant="ghost" size="icon" onClick={() => onRemove(member)}>
        <Trash2Icon className="text-destructive" />
        <span className="sr-only">
          {member.status === 'approved' ? 'Remove' : 'Withdraw the invitation to'} {member.email}
        </span>
      </Button>
    </div>
  );
}

/**
 * The caller's group: those who accepted are the people in it; invitations they have not answered (or
 * declined) are listed apart, as sent invitations, since they are not in the group yet.
 */
function MembersCard() {
  const members = useGroupMembers();
  const remove = useRemoveGroupMember();
  const [toRemove, setToRemove] = useState<GroupMember | null>(null);

  useEffect(() => {
    if (members.isError) toast.error('Failed to load group users');
  }, [members.isError]);

  const all = members.data ?? [];
  const list = all.filter((member) => member.status === 'approved');
  const sent = all.filter((member) => member.status !== 'approved');
  return (
    <>
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <UsersIcon className="size-4" /> Group Members
          </CardTitle>
          <CardDescription>{formatCount(list.length, 'person', 'people')} in your group.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-2">
          {members.isPending ? (
            <Skeleton className="h-14 w-full" />
          ) : list.length === 0 ? (
            <EmptyState
              icon={UsersIcon}
              title="No group members yet"
              description={
                sent.length > 0
                  ? 'People join once they accept your invitation.'
                  : 'Add a colleague above to start sharing contacts.'
              }
            />
          ) : (
            list.map((member) => <MemberRow key={member.id} member={member} onRemove={setToRemove} />)
          )}
        </CardContent>
      </Card>
      {sent.length > 0 && (
        <Card>
          <CardHeader>
            <CardTitle className="flex items-center gap-2">
              <SendIcon className="size-4" /> Invitations You Sent
            </CardTitle>
            <CardDescription>
              Not in your group yet: they join once they accept. Until then you cannot share contacts with
              them.
            </CardDescription>
          </CardHeader>
          <CardContent className="grid gap-2" data-testid="sent-invitations">
            {sent.map((member) => (
              <MemberRow key={member.id} member={member} onRemove={setToRemove} />
            ))}
          </CardContent>
        </Card>
      )}
      <ConfirmDialog
        open={toRemove !== null}
        onOpenChange={(open) => !open && setToRemove(null)}
        title={toRemove?.status === 'approved' ? 'Remove from group' : 'Withdraw invitation'}
        description={
          toRemove?.status === 'approved'
            ? `Remove ${toRemove?.full_name ?? ''} (${toRemove?.email ?? ''}) from your group? You will no longer be able to share contacts with each other, and each of you leaves the other's projects and events: the tasks they own in your projects pass to you.`
            : `Withdraw the invitation to ${toRemove?.full_name ?? ''} (${toRemove?.email ?? ''})?`
        }
        confirmLabel={toRemove?.status === 'approved' ? 'Remove' : 'Withdraw'}
        destructive
        onConfirm={() => {
          if (toRemove)
            remove.mutate(toRemove.id, {
              onSuccess: () => toast.success('User removed from group'),
              onError: (error) => toast.error('Failed to remove user', { description: error.message }),
            });
          setToRemove(null);
        }}
      />
    </>
  );
}

/** Settings → Group Management (spec section 2, Settings 5). */
export function GroupManagement() {
  return (
    <div className="grid gap-6">
      <AddMemberCard />
      <PendingInvitationsCard />
      <MembersCard />
    </div>
  );
}
