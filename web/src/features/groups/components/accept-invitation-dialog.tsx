import { zodResolver } from '@hookform/resolvers/zod';
import { ApproveInvitationBodySchema, type PendingInvitation } from '@relate/contracts';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { TextField } from '@/components/form-fields';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Form } from '@/components/ui/form';
import { toast } from '@/lib/toast';
import { useApproveInvitation } from '../api/groups-api';

/** Accepting an invitation asks how the inviter should appear; nothing happens without a name (spec section 5). */
export function AcceptInvitationDialog({
  invitation,
  onClose,
}: {
  invitation: PendingInvitation | null;
  onClose: () => void;
}) {
  const approve = useApproveInvitation();
  const form = useForm({
    resolver: zodResolver(ApproveInvitationBodySchema),
    defaultValues: { invitation_id: 0, display_name: '' },
  });
  const displayName = form.watch('display_name');

  useEffect(() => {
    if (invitation) form.reset({ invitation_id: invitation.invitation_id, display_name: invitation.name });
  }, [invitation, form]);

  const submit = form.handleSubmit((body) => {
    const inviter = invitation?.name;
    approve.mutate(body, {
      onSuccess: () => toast.success(`You joined ${inviter}'s group`),
      onError: (error) => toast.error('Failed to approve invitation', { description: error.message }),
    });
    onClose();
  });

  return (
    <Dialog open={invitation !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-sm">
        <Form {...form}>
          <form onSubmit={submit} className="grid gap-4" noValidate>
            <DialogHeader>
              <DialogTitle>Accept invitation</DialogTitle>
              <DialogDescription>How should {invitation?.email} appear in your group?</DialogDescription>
            </DialogHeader>
            <TextField control={form.control} name="display_name" label="Display name" autoFocus />
            <DialogFooter>
              <Button variant="outline" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" disabled={!displayName.trim()}>
                Accept
              </Button>
            </DialogFooter>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
