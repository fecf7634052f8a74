import { CloudUploadIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { toast } from '@/lib/toast';
import { useAddToGoogle, useGoogleStatus } from '../api/google-api';

/** "Also add to Google" on a contact: shown only while a Google account is connected. */
export function AddToGoogleButton({ contactId }: { contactId: number }) {
  const status = useGoogleStatus();
  const add = useAddToGoogle();
  if (!status.data?.has_google_account) return null;
  return (
    <Button
      variant="outline"
      disabled={add.isPending}
      onClick={() =>
        add.mutate(contactId, {
          onSuccess: () => toast.success('Added to Google Contacts'),
          onError: (error) =>
            toast.error('Failed to add the contact to Google', { description: error.message }),
        })
      }
    >
      <CloudUploadIcon />
      {add.isPending ? 'Adding...' : 'Also add to Google'}
    </Button>
  );
}
