import { Share2Icon } from 'lucide-react';
import { Suspense, startTransition, useState } from 'react';
import { Button } from '@/components/ui/button';
import { lazyWithPreload, preloadOn, useOpenedOnce } from '@/lib/lazy-with-preload';
import type { ShareContactsProps } from './share-contacts-dialog';

// The dialog (member picker, share call, confirmation) is downloaded when the button is pointed at,
// focused or pressed; opening waits for it in a transition (see contacts-page.tsx).
const ShareContactsDialog = lazyWithPreload(
  async () => (await import('./share-contacts-dialog')).ShareContactsDialog,
);

/** Share, and the 'Share Contact(s)' dialog: copies the selected contacts to approved group members. */
export function ShareContactsButton(props: ShareContactsProps) {
  const [open, setOpen] = useState(false);
  const mounted = useOpenedOnce(open);
  const none = props.contactIds.length === 0;
  return (
    <>
      <Button
        variant="outline"
        onClick={() => startTransition(() => setOpen(true))}
        {...preloadOn(ShareContactsDialog.preload)}
        disabled={none}
        title={none ? 'Select contacts in the table to share them' : undefined}
      >
        <Share2Icon />
        Share
      </Button>
      <Suspense fallback={null}>
        {mounted && <ShareContactsDialog open={open} onOpenChange={setOpen} {...props} />}
      </Suspense>
    </>
  );
}
