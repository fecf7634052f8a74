import type { GroupMember, ShareContactsResponse } from '@relate/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { Share2Icon } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { type PickableUser, UserPicker } from '@/components/user-picker';
import { fetchJson } from '@/lib/api-client';
import { formatCount } from '@/lib/format';
import { useAppMutation } from '@/lib/query';
import { toast } from '@/lib/toast';
import { peopleKeys } from '../api/keys';

export interface ShareContactsProps {
  contactIds: number[];
  onShared: () => void;
  /** The user's group members (the groups feature's query, passed in by the route). */
  members: UseQueryResult<GroupMember[]>;
}

/** The 'Share Contact(s)' dialog: copies the selected contacts to approved group members. */
export function ShareContactsDialog({
  open,
  onOpenChange: setOpen,
  contactIds,
  onShared,
  members,
}: ShareContactsProps & { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [userIds, setUserIds] = useState<number[]>([]);
  const [confirming, setConfirming] = useState(false);

  useEffect(() => {
    if (open && members.isError) toast.error(`Failed to load group members: ${members.error.message}`);
  }, [open, members.isError, members.error]);

  // Only approved members with an account can receive; a failed load shows an empty list (spec section 2).
  const users: PickableUser[] = useMemo(
    () =>
      (members.data ?? [])
        .filter((member) => member.status === 'approved' && member.user_id !== null)
        .map((member) => ({ id: member.user_id as number, name: member.full_name, email: member.email })),
    [members.data],
  );

  const share = useAppMutation({
    mutationFn: () =>
      fetchJson<ShareContactsResponse>('/people/share', {
        method: 'POST',
        body: { user_ids: userIds, contact_ids: contactIds },
      }),
    onSuccess: (response) => {
      toast.success('Contacts shared successfully', { description: response.message });
      setOpen(false);
      setUserIds([]);
      onShared();
    },
    invalidates: [peopleKeys.all],
    onError: (error) => toast.error('Share failed', { description: error.message }),
  });

  const submit = () => {
    if (userIds.length === 0) {
      toast.error('No users selected', {
        description: 'Please select at least one user to share contacts with',
      });
      return;
    }
    setConfirming(true);
  };

  return (
    <>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Share Contact(s)</DialogTitle>
            <DialogDescription>
              Copy {formatCount(contactIds.length, 'contact', 'contacts')} into the contact lists of members
              of your group.
            </DialogDescription>
          </DialogHeader>
          <UserPicker users={users} selected={userIds} onChange={setUserIds} />
          <DialogFooter>
            <Button variant="outline" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button onClick={submit} disabled={share.isPending}>
              <Share2Icon />
              Share
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Share contacts?"
        description={`Copy ${contactIds.length === 1 ? 'this contact' : `these ${formatCount(contactIds.length, 'contact', 'contacts')}`} to ${formatCount(
          userIds.length,
          'user',
          'users',
        )}? They get their own copies.`}
        confirmLabel="Share"
        onConfirm={() => {
          setConfirming(false);
          share.mutate();
        }}
      />
    </>
  );
}
