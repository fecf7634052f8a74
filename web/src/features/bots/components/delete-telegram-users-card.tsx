import { TriangleAlertIcon } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toast } from '@/lib/toast';
import { useDeleteAllTelegramUsers } from '../api/bots-api';
import { reason } from './bot-parts';

/** Administrators only: unlinks every user's Telegram account. */
export function DeleteTelegramUsersCard() {
  const [confirming, setConfirming] = useState(false);
  const deleteAll = useDeleteAllTelegramUsers();
  return (
    <Card className="border-destructive/40">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-destructive">
          <TriangleAlertIcon className="size-4" /> Administrator
        </CardTitle>
        <CardDescription>
          Unlink every user’s Telegram account. They can link again afterwards.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Button variant="destructive" disabled={deleteAll.isPending} onClick={() => setConfirming(true)}>
          Delete All Telegram Users
        </Button>
      </CardContent>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Delete all Telegram users?"
        description="Every Telegram account is unlinked from its Relate user. This cannot be undone."
        confirmLabel="Delete all"
        destructive
        onConfirm={() =>
          deleteAll.mutate(undefined, {
            onSuccess: () => toast.success('All Telegram users deleted successfully!'),
            onError: (error) =>
              toast.error('Failed to delete all Telegram users', { description: reason(error) }),
          })
        }
      />
    </Card>
  );
}
