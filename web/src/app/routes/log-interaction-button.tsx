import { useQueryClient } from '@tanstack/react-query';
import { MessageSquarePlusIcon } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button } from '@/components/ui/button';
import { peopleKeys } from '@/features/contacts/api/keys';
import { invalidateKeys } from '@/lib/query';

const LogInteractionDialog = lazy(async () => ({
  default: (await import('@/features/timeline/components/log-interaction-dialog')).LogInteractionDialog,
}));

/**
 * A follow-up's "Log interaction" (a reminder, a Reach out row): the timeline feature's dialog; what it
 * logs moves the contact's last contact and next follow-up, so the people caches refresh.
 */
export function LogInteractionButton({ contactId }: { contactId: number }) {
  const [open, setOpen] = useState(false);
  const queryClient = useQueryClient();
  return (
    <>
      <Button size="sm" variant="outline" onClick={() => setOpen(true)} aria-label="Log interaction">
        <MessageSquarePlusIcon />
        <span className="sm:hidden">Log</span>
        <span className="hidden sm:inline">Log interaction</span>
      </Button>
      {open && (
        <Suspense fallback={null}>
          <LogInteractionDialog
            subject={{ type: 'contact', id: contactId }}
            open={open}
            onOpenChange={setOpen}
            onLogged={() => void invalidateKeys(queryClient, [peopleKeys.all])}
          />
        </Suspense>
      )}
    </>
  );
}
