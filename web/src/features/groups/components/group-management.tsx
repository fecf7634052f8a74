import type { GroupMember, PendingInvitation } from '@relate/contracts';
import { CheckIcon, MailIcon, Trash2Icon, UserPlusIcon, UsersIcon, XIcon } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { toast } from 'sonner';
import { EmptyState } from '@/components/empty-state';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDate, initials } from '@/lib/format';
import {
  useAddGroupMember,
  useApproveInvitation,
  useDeclineInvitation,
  useGroupMembers,
  usePendingInvitations,
  useRemoveGroupMember,
} from '../api/groups-api';

function MemberStatus({ status }: { status: string }) {
  if (status === 'approved') return <Badge variant="success">Approved</Badge>;
  if (status === 'waiting_for_approval') return <Badge variant="warning">Waiting for approval</Badge>;
  return <Badge variant="secondary">Pending</Badge>;
}

function AddMemberCard() {
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const add = useAddGroupMember();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim()) return void toast.error('Please enter an email address');
    if (!name.trim()) return void toast.error('Please enter a name');
    add.mutate(
      { email: email.trim(), name: name.trim() },
      {
        onSuccess: (response) => {
          toast.success(response.message || 'Invitation sent');
          setEmail('');
          setName('');
        },
        onError: (error) => {
          if (error.message.includes('not available yet'))
            toast.info('Feature Coming Soon: Group management is being set up');
          else toast.error('Failed to add user to group', { description: error.message });
        },
      },
    );
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <UserPlusIcon className="size-4" /> Add User to Group
        </CardTitle>
        <CardDescription>
          Invite someone you work with by e-mail. Once they accept, you can share contacts with each other.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end" onSubmit={submit} noValidate>
          <div className="grid gap-2">
            <Label htmlFor="group-email">Email</Label>
            <Input
              id="group-email"
              type="email"
              placeholder="colleague@company.com"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
            />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="group-name">Name</Label>
            <Input
              id="group-name"
              placeholder="Their name"
              value={name}
              onChange={(event) => setName(event.target.value)}
            />
          </div>
          <Button type="submit" disabled={add.isPending}>
            <UserPlusIcon />
            Add User
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

function PendingInvitationsCard() {
  const invitations = usePendingInvitations();
  const approve = useApproveInvitation();
  const decline = useDeclineInvitation();
  const [approving, setApproving] = useState<PendingInvitation | null>(null);
  const [displayName, setDisplayName] = useState('');

  const list = invitations.data ?? [];
  if (!invitations.isPending && list.length === 0) return null;

  const confirmApprove = (event: FormEvent) => {
    event.preventDefault();
    if (!approving || !displayName.trim()) return; // nothing happens without a name (spec section 5)
    approve.mutate(
      { invitation_id: approving.invitation_id, display_name: displayName.trim() },
      {
        onSuccess: () => toast.success(`You joined ${approving.name}'s group`),
        onError: (error) => toast.error('Failed to approve invitation', { description: error.message }),
      },
    );
    setApproving(null);
  };

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
              <Button
                size="sm"
                onClick={() => {
                  setDisplayName(invitation.name);
                  setApproving(invitation);
                }}
              >
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
      <Dialog open={approving !== null} onOpenChange={(open) => !open && setApproving(null)}>
        <DialogContent className="max-w-sm">
          <form onSubmit={confirmApprove} className="grid gap-4">
            <DialogHeader>
              <DialogTitle>Accept invitation</DialogTitle>
              <DialogDescription>How should {approving?.email} appear in your group?</DialogDescription>
            </DialogHeader>
            <div className="grid gap-2">
              <Label htmlFor="display-name">Display name</Label>
              <Input
                id="display-name"
                autoFocus
                value={displayName}
                onChange={(event) => setDisplayName(event.target.value)}
              />
            </div>
            <DialogFooter>
              <Button variant="outline" onClick={() => setApproving(null)}>
                Cancel
              </Button>
              <Button type="submit" disabled={!displayName.trim()}>
                Accept
              </Button>
            </DialogFooter>
          </form>
        </DialogContent>
      </Dialog>
    </Card>
  );
}

function MembersCard() {
  const members = useGroupMembers();
  const remove = useRemoveGroupMember();
  const [toRemove, setToRemove] = useState<GroupMember | null>(null);

  useEffect(() => {
    if (members.isError) toast.error('Failed to load group users');
  }, [members.isError]);

  const list = members.data ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <UsersIcon className="size-4" /> Group Members
        </CardTitle>
        <CardDescription>
          {list.length === 1 ? '1 person' : `${list.length} people`} in your group.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-2">
        {members.isPending ? (
          <Skeleton className="h-14 w-full" />
        ) : list.length === 0 ? (
          <EmptyState
            icon={UsersIcon}
            title="No group members yet"
            description="Add a colleague above to start sharing contacts."
          />
        ) : (
          list.map((member) => (
            <div
              key={member.id}
              data-testid="group-member"
              className="flex items-center gap-3 rounded-lg border p-3"
            >
              <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary/10 text-sm font-semibold text-primary">
                {initials(member.full_name || member.email)}
              </span>
              <div className="grid min-w-0 flex-1 gap-0.5">
                <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
                  <span className="truncate font-medium">{member.full_name}</span>
                  <MemberStatus status={member.status} />
                </span>
                <span className="truncate text-sm text-muted-foreground">
                  {member.email} · added {formatDate(member.added_at)}
                </span>
              </div>
              <Button variant="ghost" size="icon" onClick={() => setToRemove(member)}>
                <Trash2Icon className="text-destructive" />
                <span className="sr-only">Remove {member.email}</span>
              </Button>
            </div>
          ))
        )}
      </CardContent>
      <ConfirmDialog
        open={toRemove !== null}
        onOpenChange={(open) => !open && setToRemove(null)}
        title="Remove from group"
        description={`Remove ${toRemove?.full_name ?? ''} (${toRemove?.email ?? ''}) from your group? You will no longer be able to share contacts with each other.`}
        confirmLabel="Remove"
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
    </Card>
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
